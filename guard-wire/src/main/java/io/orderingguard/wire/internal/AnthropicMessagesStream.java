package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The streaming read of an Anthropic Messages body for a check: the entries {@link AnthropicMessagesCodec}
 * reads from the tree, read from the parser's tokens (see {@link Tokens}). Fields may come in any order
 * (SDKs write {@code content} before {@code role}, and {@code system} after {@code messages}): a message's
 * blocks are held in reusable holders until the message ends. Answers {@code null} for what it does not
 * take. Not thread-safe; one per read.
 */
final class AnthropicMessagesStream {

    private static final String SYSTEM = "system";
    private static final String CONTENT = "content";
    private static final String TYPE = "type";
    private static final String TEXT = "text";

    private static final String[] ROOT = {"model", SYSTEM, "messages", "tools", "thinking", "tool_choice",
        "max_tokens", "stream", "output_config"};
    private static final int MODEL = 0;
    private static final int SYSTEM_FIELD = 1;
    private static final int MESSAGES = 2;
    private static final int TOOLS = 3;
    private static final int THINKING = 4;
    private static final int TOOL_CHOICE = 5;
    private static final int MAX_TOKENS = 6;
    private static final int STREAM = 7;
    private static final int OUTPUT_CONFIG = 8;

    /** A declared tool's fields: its name, and its schema (an object, else the tree read must take the body). */
    private static final String[] TOOL = {"name", "input_schema"};
    private static final Tokens.Field TOOL_FIELD = (tokens, k) -> k == 0 ? tokens.value()
            : tokens.isObject() ? tokens.tree() : null;

    /** The {@code tools} of recent bodies, read into declared tools. */
    private static final FieldCache<List<DeclaredTool>> TOOLS_READ = new FieldCache<>(16);

    private final WireParse p = WireParse.forCheck();

    private final List<Entry> system = new ArrayList<>();
    private final List<Block> blocks = new ArrayList<>();
    private List<DeclaredTool> tools = List.of();

    private AnthropicMessagesStream() {}

    /** Reads a body; {@code null} when the tree read must take it. */
    static Dispatch read(Tokens t, WireContext ctx) throws IOException {
        return new AnthropicMessagesStream().body(t, ctx);
    }

    private Dispatch body(Tokens t, WireContext ctx) throws IOException {
        Object[] root = t.root(ROOT, this::readRootField, MESSAGES, MODEL);
        RequestOptions options = root == null ? null : options(root);
        if (options == null) {
            return null;
        }
        return StreamParts.dispatch(ctx, AnthropicMessagesCodec.SURFACE, (String) root[MODEL],
                StreamParts.withSystem(system, p.entries), tools, null, options);
    }

    /** Reads one top-level field; {@code null} when the tree read must take the body. */
    private Object readRootField(Tokens t, int k) throws IOException {
        switch (k) {
            case SYSTEM_FIELD:
                return readSystem(t) ? Boolean.TRUE : null;
            case MESSAGES:
                return t.list(this::readMessage) ? Boolean.TRUE : null;
            case TOOLS:
                tools = t.isArray() ? t.cached(TOOLS_READ, AnthropicMessagesStream::readTools) : null;
                return tools == null ? null : Boolean.TRUE;
            case THINKING:
                return t.isObject() ? t.fields(TYPE, "budget_tokens") : t.value();
            case TOOL_CHOICE:
                return t.isObject() ? t.fields(TYPE, "name", "disable_parallel_tool_use") : t.value();
            case OUTPUT_CONFIG:
                return t.isObject() ? t.fields("effort") : t.value();
            default:
                return t.value();
        }
    }

    private boolean readSystem(Tokens t) throws IOException {
        String text = t.string();
        if (text != null) {
            system.add(new Message(SYSTEM, Role.SYSTEM, text, null, null, null, SYSTEM));
            return true;
        }
        if (!t.isArray()) {
            return false;
        }
        for (int j = 0; t.element(); j++) {
            if (!t.isObject()) {
                return false;
            }
            Object[] block = t.fields(TYPE, TEXT);
            if (block == null || !StreamParts.isString(block[0])) {
                return false;
            }
            String type = (String) block[0];
            if (TEXT.equals(type) && !StreamParts.isString(block[1]) || !AnthropicMessagesCodec.SURFACE.knowsType(type)) {
                return false;
            }
            String content = TEXT.equals(type) ? (String) block[1] : Blocks.placeholder(type);
            system.add(new Message(SYSTEM + ".c" + j, Role.SYSTEM, content, null, null, null, SYSTEM));
        }
        return true;
    }

    /** Reads the declared tools; {@code null} when the tree read must take the body. */
    private static List<DeclaredTool> readTools(Tokens t) throws IOException {
        List<DeclaredTool> tools = new ArrayList<>();
        Object[] tool = new Object[TOOL.length];
        return t.list((tokens, i) -> readTool(tokens, tool, tools)) ? List.copyOf(tools) : null;
    }

    private static boolean readTool(Tokens t, Object[] tool, List<DeclaredTool> tools) throws IOException {
        if (!t.isObject() || !t.named(TOOL, tool, TOOL_FIELD) || !StreamParts.isNonBlank(tool[0])) {
            return false;
        }
        tools.add(new DeclaredTool((String) tool[0], (ObjectNode) tool[1]));
        return true;
    }

    private boolean readMessage(Tokens t, int i) throws IOException {
        if (!t.isObject()) {
            return false;
        }
        Object role = null;
        String text = null;
        int count = -1;
        boolean content = false;
        for (String name = t.field(); name != null; name = t.field()) {
            if (name.equals("role")) {
                if (role != null) {
                    return false;
                }
                role = t.value();
            } else if (name.equals(CONTENT)) {
                if (content) {
                    return false;
                }
                content = true;
                text = t.string();
                if (text == null) {
                    count = t.objects(blocks, Block::new);
                    if (count < 0) {
                        return false;
                    }
                }
            } else {
                t.skip();
            }
        }
        if (!content || !("user".equals(role) || "assistant".equals(role))) {
            return false;
        }
        Role r = "user".equals(role) ? Role.USER : Role.ASSISTANT;
        String wire = Blocks.wire(i);
        String step = r == Role.ASSISTANT ? wire : null;
        if (text != null) {
            p.addEntry(new Message(wire, r, text, null, null, step, wire), null, null);
            return true;
        }
        for (int j = 0; j < count; j++) {
            if (!blocks.get(j).emit(p, r, i, step, j)) {
                return false;
            }
        }
        return true;
    }

    private static RequestOptions options(Object[] root) {
        RequestOptions options = RequestOptions.unknown();
        if (root[THINKING] != null) {
            if (!(root[THINKING] instanceof Object[] thinking) || !StreamParts.isString(thinking[0])) {
                return null;
            }
            Reasoning reasoning;
            switch ((String) thinking[0]) {
                case "enabled":
                    if (!StreamParts.isOptPositive(thinking[1])) {
                        return null;
                    }
                    reasoning = thinking[1] == null ? Reasoning.enabled() : Reasoning.enabled((Integer) thinking[1]);
                    break;
                case "disabled":
                    reasoning = Reasoning.disabled();
                    break;
                case "adaptive":
                    reasoning = Reasoning.adaptive();
                    if (root[OUTPUT_CONFIG] != null) {
                        if (!(root[OUTPUT_CONFIG] instanceof Object[] config) || !StreamParts.isOptNonBlank(config[0])) {
                            return null;
                        }
                        reasoning = reasoning.withEffort((String) config[0]);
                    }
                    break;
                default:
                    return null;
            }
            options = options.withReasoning(reasoning);
        }
        if (root[TOOL_CHOICE] != null) {
            if (!(root[TOOL_CHOICE] instanceof Object[] choice) || !StreamParts.isString(choice[0])) {
                return null;
            }
            ToolChoice toolChoice;
            switch ((String) choice[0]) {
                case "auto" -> toolChoice = ToolChoice.auto();
                case "any" -> toolChoice = ToolChoice.required();
                case "none" -> toolChoice = ToolChoice.none();
                case "tool" -> {
                    if (!StreamParts.isNonBlank(choice[1])) {
                        return null;
                    }
                    toolChoice = ToolChoice.tool((String) choice[1]);
                }
                default -> {
                    return null;
                }
            }
            options = options.withToolChoice(toolChoice);
            if (choice[2] != null) {
                if (!(choice[2] instanceof Boolean disable)) {
                    return null;
                }
                options = options.withParallelToolCalls(!disable);
            }
        }
        if (!StreamParts.isOptPositive(root[MAX_TOKENS]) || !StreamParts.isOptBoolean(root[STREAM])) {
            return null;
        }
        options = options.withMaxTokens((Integer) root[MAX_TOKENS]);
        if (root[STREAM] != null) {
            options = options.withStream((Boolean) root[STREAM]);
        }
        return options;
    }

    /**
     * One content block as read from its tokens, kept until its message ends (the role decides its
     * entry). Holders are reused from message to message.
     */
    private static final class Block implements Tokens.Value {
        private static final String[] NAMES = {TYPE, TEXT, "thinking", "signature", "data", "id", "name",
            "tool_use_id", "is_error", "input", CONTENT};
        private static final int INPUT = 9;
        private static final int BLOCK_CONTENT = 10;
        private static final Tokens.Field FIELD = Block::field;

        private final Object[] values = new Object[NAMES.length];

        @Override
        public boolean read(Tokens t) throws IOException {
            return t.named(NAMES, values, FIELD);
        }

        private static Object field(Tokens t, int k) throws IOException {
            if (k == INPUT && t.isObject()) {
                return new Input(t.arguments());
            }
            return k == BLOCK_CONTENT && (t.isArray() || t.isObject()) ? t.tree() : t.value();
        }

        boolean emit(WireParse p, Role role, int i, String step, int j) {
            if (!StreamParts.isString(values[0])) {
                return false;
            }
            String type = (String) values[0];
            if (!AnthropicMessagesCodec.SURFACE.knowsType(type)) {
                // the tree read reports what the vocabulary does not describe
                return false;
            }
            String wire = Blocks.wire(i);
            String id = Blocks.blockId(i, j);
            switch (type) {
                case TEXT:
                    if (!StreamParts.isString(values[1])) {
                        return false;
                    }
                    p.addEntry(new Message(id, role, (String) values[1], null, null, step, wire), null, null);
                    return true;
                case "thinking": {
                    if (!StreamParts.isOptString(values[3]) || !StreamParts.isString(values[2])) {
                        return false;
                    }
                    ObjectNode payload = values[3] == null ? null : Payloads.of("signature", (String) values[3]);
                    p.addEntry(new Thought(id, (String) values[2], payload, AnthropicMessagesCodec.THINKING_TAG, step,
                            wire), null, null);
                    return true;
                }
                case "redacted_thinking":
                    if (!StreamParts.isString(values[4])) {
                        return false;
                    }
                    p.addEntry(new Thought(id, "", Payloads.of("data", (String) values[4]),
                            AnthropicMessagesCodec.THINKING_TAG, step, wire), null, null);
                    return true;
                case "tool_use":
                case "server_tool_use":
                case "mcp_tool_use": {
                    Object input = values[INPUT];
                    if (!StreamParts.isNonBlank(values[5]) || !StreamParts.isNonBlank(values[6])
                            || input != null && !(input instanceof Input)) {
                        return false;
                    }
                    p.addEntry(Input.call((String) values[5], (String) values[6], input, null, null, step, wire,
                            !"tool_use".equals(type)), null, null);
                    return true;
                }
                case "tool_result": {
                    String content = resultText(false);
                    if (content == null || !StreamParts.isOptBoolean(values[8]) || !StreamParts.isNonBlank(values[7])) {
                        return false;
                    }
                    ToolResult result = new ToolResult(content, Boolean.TRUE.equals(values[8]), wire);
                    p.addResult(orphan((String) values[7], result, wire), null, j, null);
                    return true;
                }
                default:
                    if (type.endsWith("_tool_result")) {
                        String content = resultText(true);
                        if (content == null || !StreamParts.isOptBoolean(values[8]) || !StreamParts.isNonBlank(values[7])) {
                            return false;
                        }
                        String callId = (String) values[7];
                        ToolCall holder = orphan(callId, new ToolResult(content, Boolean.TRUE.equals(values[8]), wire),
                                wire);
                        if (!p.addProviderResult(callId, holder, null, j, null)) {
                            p.addOrphan(holder, null, j, null);
                        }
                    } else {
                        p.addEntry(new Message(id, role, Blocks.placeholder(type), null, null, step, wire), null, null);
                    }
                    return true;
            }
        }

        /**
         * The text of a result's {@code content} as the tree read makes it: {@code ""} when absent, a
         * string as it is, parts joined ({@code tool_result}), {@code "null"} for a JSON null of a provider
         * result; {@code null} for what only the tree read renders (a provider result's array or object).
         */
        private String resultText(boolean provider) {
            Object content = values[BLOCK_CONTENT];
            if (content == null) {
                return "";
            }
            if (content instanceof String s) {
                return s;
            }
            if (provider) {
                // the tree read writes the JSON of what is not a string
                return content == Tokens.NULL ? "null" : content instanceof JsonNode node ? node.toString() : null;
            }
            return content instanceof JsonNode node && node.isArray() ? joined(node) : null;
        }

        /** Joins the parts of a content array as {@link Blocks#text} does; {@code null} when one is not readable. */
        private static String joined(JsonNode parts) {
            List<String> pieces = new ArrayList<>(parts.size());
            for (JsonNode part : parts) {
                JsonNode type = part.isObject() ? part.get(TYPE) : null;
                if (type == null || !type.isTextual()) {
                    return null;
                }
                if (TEXT.equals(type.textValue())) {
                    JsonNode text = part.get(TEXT);
                    if (text == null || !text.isTextual()) {
                        return null;
                    }
                    pieces.add(text.textValue());
                } else {
                    pieces.add(Blocks.placeholder(type.textValue()));
                }
            }
            return Blocks.join(pieces);
        }

        private static ToolCall orphan(String callId, ToolResult result, String wire) {
            return new ToolCall(callId, "", null, result, false, null, null, null, wire, false);
        }
    }


}
