package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
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
 * The streaming read of an OpenAI Chat Completions body for a check: the entries {@link OpenAiChatCodec}
 * reads from the tree, read from the parser's tokens (see {@link Tokens}). A message's fields may come in
 * any order: its content parts and tool calls are held until the message ends, and what the tree read
 * does not look at for the message's role (the tool calls of a user message) is never refused. Answers
 * {@code null} for what it does not take. Not thread-safe; one per read.
 */
final class OpenAiChatStream {

    private static final String TYPE = "type";
    private static final String TEXT = "text";
    private static final String NAME = "name";

    private static final String[] ROOT = {"model", "messages", "tools", "reasoning_effort", "thinking",
        "tool_choice", "parallel_tool_calls", "max_completion_tokens", "max_tokens", "stream"};
    private static final int MODEL = 0;
    private static final int MESSAGES = 1;
    private static final int TOOLS = 2;
    private static final int EFFORT = 3;
    private static final int THINKING = 4;
    private static final int TOOL_CHOICE = 5;
    private static final int PARALLEL = 6;
    private static final int MAX_COMPLETION = 7;
    private static final int MAX_TOKENS = 8;
    private static final int STREAM = 9;

    private static final String[] MESSAGE = {"role", "content", "tool_calls", "reasoning_content", "tool_call_id"};
    private static final int ROLE = 0;
    private static final int CONTENT = 1;
    private static final int CALLS = 2;
    private static final int REASONING = 3;
    private static final int CALL_ID = 4;

    private static final String[] CALL = {"id", TYPE, "function", "custom"};
    private static final int CALL_FUNCTION = 2;
    private static final int CALL_CUSTOM = 3;
    private static final String[] DEFINITION = {NAME, "parameters"};
    private static final String[] TOOL = {TYPE, "function", "custom"};
    private static final String[] PART = {TYPE, TEXT};
    /** A part's text: a text part's own, a placeholder for any other part. */
    private static final Tokens.PartText PART_TEXT = (type, part) -> !OpenAiChatCodec.SURFACE.otherTypes().contains(type)
            ? null : !TEXT.equals(type) ? Blocks.placeholder(type) : part[1] instanceof String text ? text : null;
    private static final Tokens.Field TOOL_FIELD = (tokens, k) -> k > 0 && tokens.isObject() ? definition(tokens)
            : tokens.value();
    private static final String[] CHOICE = {TYPE, "allowed_tools", "function", "custom"};

    /** A value read that the tree read refuses (for the fields it looks at). */
    private static final Object BAD = Tokens.OTHER;

    /** The {@code tools} of recent bodies, read into declared tools. */
    private static final FieldCache<List<DeclaredTool>> TOOLS_READ = new FieldCache<>(16);

    private final WireParse p = WireParse.forCheck();
    private List<DeclaredTool> tools = List.of();
    private final Object[] message = new Object[MESSAGE.length];
    /** The texts of the current message's content parts, when its content is an array. */
    private final List<String> parts = new ArrayList<>();
    /** The current message's tool calls, when its {@code tool_calls} is an array of readable calls. */
    private final List<ToolCall> calls = new ArrayList<>();
    /** The number of elements of the current message's {@code tool_calls} array. */
    private int callCount;
    /** The wire message id of the current message. */
    private String wire;
    private final Tokens.Field messageField = this::messageField;

    private OpenAiChatStream() {}

    /** Reads a body; {@code null} when the tree read must take it. */
    static Dispatch read(Tokens t, WireContext ctx) throws IOException {
        return new OpenAiChatStream().body(t, ctx);
    }

    private Dispatch body(Tokens t, WireContext ctx) throws IOException {
        Object[] root = t.root(ROOT, this::readRootField, MESSAGES, MODEL);
        RequestOptions options = root == null ? null : options(root);
        if (options == null) {
            return null;
        }
        return StreamParts.dispatch(ctx, OpenAiChatCodec.SURFACE, (String) root[MODEL], p.entries, tools, null, options);
    }

    /** Reads one top-level field; {@code null} when the tree read must take the body. */
    private Object readRootField(Tokens t, int k) throws IOException {
        switch (k) {
            case MESSAGES:
                return t.list(this::readMessage) ? Boolean.TRUE : null;
            case TOOLS:
                tools = t.isArray() ? t.cached(TOOLS_READ, OpenAiChatStream::readTools) : null;
                return tools == null ? null : Boolean.TRUE;
            case THINKING:
                return t.isObject() ? t.fields(TYPE) : t.value();
            case TOOL_CHOICE:
                return t.isObject() ? readChoiceObject(t) : t.value();
            default:
                return t.value();
        }
    }

    /** Reads the declared tools; {@code null} when the tree read must take the body. */
    private static List<DeclaredTool> readTools(Tokens t) throws IOException {
        List<DeclaredTool> tools = new ArrayList<>();
        Object[] tool = new Object[TOOL.length];
        return t.list((tokens, i) -> readTool(tokens, tool, tools)) ? List.copyOf(tools) : null;
    }

    private static boolean readTool(Tokens t, Object[] tool, List<DeclaredTool> tools) throws IOException {
        if (!t.isObject() || !t.named(TOOL, tool, TOOL_FIELD) || !StreamParts.isOptString(tool[0])) {
            return false;
        }
        Object definition = "custom".equals(tool[0]) ? tool[2] : tool[1];
        if (!(definition instanceof Object[] fields) || !StreamParts.isNonBlank(fields[0])
                || fields[1] != null && !(fields[1] instanceof ObjectNode)) {
            return false;
        }
        tools.add(new DeclaredTool((String) fields[0], (ObjectNode) fields[1]));
        return true;
    }

    /** Reads a tool's definition: its name and its parameters (a tree, or a marker when not an object). */
    private static Object[] definition(Tokens t) throws IOException {
        return t.fields(DEFINITION, (tokens, k) -> k == 1 && tokens.isObject() ? tokens.tree() : tokens.value());
    }

    /** Reads a {@code tool_choice} object: type, {@code allowed_tools.mode}, {@code function.name}, {@code custom.name}. */
    private static Object readChoiceObject(Tokens t) throws IOException {
        Object[] fields = t.fields(CHOICE, (tokens, k) -> k == 0 || !tokens.isObject() ? tokens.value()
                : tokens.fields(k == 1 ? "mode" : NAME));
        return fields == null ? null : new Choice(fields);
    }

    private boolean readMessage(Tokens t, int i) throws IOException {
        if (!t.isObject()) {
            return false;
        }
        parts.clear();
        calls.clear();
        callCount = 0;
        wire = Blocks.wire(i);
        if (!t.named(MESSAGE, message, messageField)) {
            return false;
        }
        Object role = message[ROLE];
        if (!(role instanceof String)) {
            return false;
        }
        switch ((String) role) {
            case "system", "developer":
                return content(Role.SYSTEM, wire, null);
            case "user":
                return content(Role.USER, wire, null);
            case "tool": {
                Object content = message[CONTENT];
                if (!StreamParts.isNonBlank(message[CALL_ID]) || !(content instanceof String || content == Tokens.ARRAY)) {
                    return false;
                }
                String text = content instanceof String s ? s : Blocks.join(parts);
                ToolResult result = new ToolResult(text, false, wire);
                p.addResult(new ToolCall((String) message[CALL_ID], "", null, result, false, null, null, null, wire,
                        false), null, 0, null);
                return true;
            }
            case "assistant":
                return assistant(wire);
            default:
                return false;
        }
    }

    private boolean assistant(String wire) {
        Object callsValue = message[CALLS];
        boolean hasCalls = callsValue == Tokens.ARRAY && callCount > 0;
        Object reasoning = message[REASONING];
        boolean thought = reasoning != null && reasoning != Tokens.NULL;
        if (thought) {
            if (!(reasoning instanceof String text)) {
                return false;
            }
            p.addEntry(new Thought(wire + ".r", text, null, OpenAiChatCodec.REASONING_TAG, wire, wire), null, null);
        }
        Object content = message[CONTENT];
        boolean empty = content == null || content == Tokens.NULL || content instanceof String s && s.isEmpty();
        if (!empty || !hasCalls && !thought) {
            if (content == null || content == Tokens.NULL) {
                p.addEntry(new Message(wire, Role.ASSISTANT, "", null, null, wire, wire), null, null);
            } else if (!content(Role.ASSISTANT, wire, wire)) {
                return false;
            }
        }
        if (callsValue != null && callsValue != Tokens.NULL) {
            if (callsValue != Tokens.ARRAY) {
                return false;
            }
            for (ToolCall call : calls) {
                p.addEntry(call, null, null);
            }
        }
        return true;
    }

    /** Adds the entries of the current message's content, as {@code readContent} of the tree read does. */
    private boolean content(Role role, String wire, String step) {
        Object content = message[CONTENT];
        if (content instanceof String text) {
            p.addEntry(new Message(wire, role, text, null, null, step, wire), null, null);
            return true;
        }
        if (content != Tokens.ARRAY) {
            return false;
        }
        for (int j = 0; j < parts.size(); j++) {
            p.addEntry(new Message(Blocks.blockId(Assembler.index(wire), j), role, parts.get(j), null, null, step, wire),
                    null, null);
        }
        return true;
    }

    /** Reads one field of the current message. */
    private Object messageField(Tokens t, int k) throws IOException {
        if (k == CONTENT && t.isArray()) {
            return readParts(t) ? Tokens.ARRAY : BAD;
        }
        return k == CALLS && t.isArray() ? readCalls(t, wire) : t.value();
    }

    /** Reads content parts into {@link #parts}; {@code false} when one is not readable. */
    private boolean readParts(Tokens t) throws IOException {
        return t.partTexts(PART, PART_TEXT, parts);
    }

    /**
     * Reads tool calls into {@link #calls} and counts the elements (what the tree read counts for
     * {@code hasCalls}); answers {@link Tokens#ARRAY}, or {@link #BAD} when one is not readable.
     */
    private Object readCalls(Tokens t, String wire) throws IOException {
        boolean readable = true;
        int count = 0;
        while (t.element()) {
            count++;
            if (!t.isObject()) {
                t.skip();
                readable = false;
                continue;
            }
            ToolCall call = readCall(t, wire);
            if (call == null) {
                readable = false;
            } else {
                calls.add(call);
            }
        }
        callCount = count;
        return readable ? Tokens.ARRAY : BAD;
    }

    private static ToolCall readCall(Tokens t, String wire) throws IOException {
        Object[] fields = t.fields(CALL, (tokens, k) -> k >= CALL_FUNCTION && tokens.isObject()
                ? tokens.fields(NAME, k == CALL_FUNCTION ? "arguments" : "input") : tokens.value());
        if (fields == null) {
            return null;
        }
        Object id = fields[0];
        Object type = fields[1];
        if (!StreamParts.isNonBlank(id) || !(type == null || "function".equals(type) || "custom".equals(type))) {
            return null;
        }
        boolean isCustom = "custom".equals(type);
        if (!(fields[isCustom ? CALL_CUSTOM : CALL_FUNCTION] instanceof Object[] definition) || !StreamParts.isNonBlank(definition[0])
                || !StreamParts.isOptString(definition[1])) {
            return null;
        }
        String arguments = (String) definition[1];
        boolean object = !isCustom && arguments != null && Blocks.isJsonObject(arguments);
        ObjectNode payload = arguments == null || object ? null : Payloads.of("arguments", arguments);
        if (object) {
            return ToolCall.ofArgumentText((String) id, (String) definition[0], arguments, null, null, null, wire, wire);
        }
        return new ToolCall((String) id, (String) definition[0], null, null, true, payload, null, wire, wire, false);
    }

    private static RequestOptions options(Object[] root) {
        RequestOptions options = RequestOptions.unknown();
        if (!StreamParts.isOptNonBlank(root[EFFORT])) {
            return null;
        }
        String effort = (String) root[EFFORT];
        if (effort != null) {
            options = options.withReasoning("none".equals(effort) ? Reasoning.disabled() : Reasoning.effort(effort));
        } else if (root[THINKING] != null) {
            if (!(root[THINKING] instanceof Object[] thinking)
                    || !("enabled".equals(thinking[0]) || "disabled".equals(thinking[0]))) {
                return null;
            }
            options = options.withReasoning("enabled".equals(thinking[0]) ? Reasoning.enabled() : Reasoning.disabled());
        }
        if (root[TOOL_CHOICE] != null) {
            ToolChoice choice = toolChoice(root[TOOL_CHOICE]);
            if (choice == null) {
                return null;
            }
            options = options.withToolChoice(choice);
        }
        if (root[PARALLEL] != null) {
            if (!(root[PARALLEL] instanceof Boolean parallel)) {
                return null;
            }
            options = options.withParallelToolCalls(parallel);
        }
        if (!StreamParts.isOptPositive(root[MAX_COMPLETION])
                || root[MAX_COMPLETION] == null && !StreamParts.isOptPositive(root[MAX_TOKENS])) {
            return null;
        }
        options = options.withMaxTokens((Integer) (root[MAX_COMPLETION] != null ? root[MAX_COMPLETION] : root[MAX_TOKENS]));
        if (root[STREAM] != null) {
            if (!(root[STREAM] instanceof Boolean stream)) {
                return null;
            }
            options = options.withStream(stream);
        }
        return options;
    }

    private static ToolChoice toolChoice(Object value) {
        if (value instanceof String mode) {
            return switch (mode) {
                case "auto" -> ToolChoice.auto();
                case "none" -> ToolChoice.none();
                case "required", "any" -> ToolChoice.required();
                default -> null;
            };
        }
        if (!(value instanceof Choice choice)) {
            return null;
        }
        Object[] fields = choice.fields();
        Object type = fields[0];
        if ("allowed_tools".equals(type)) {
            if (!(fields[1] instanceof Object[] allowed)) {
                return null;
            }
            return "auto".equals(allowed[0]) ? ToolChoice.auto() : "required".equals(allowed[0]) ? ToolChoice.required()
                    : null;
        }
        if (!("function".equals(type) || "custom".equals(type))) {
            return null;
        }
        Object named = "function".equals(type) ? fields[2] : fields[3];
        if (!(named instanceof Object[] name) || !StreamParts.isNonBlank(name[0])) {
            return null;
        }
        return ToolChoice.tool((String) name[0]);
    }

    /** The fields of a {@code tool_choice} object. */
    private record Choice(Object[] fields) {}
}
