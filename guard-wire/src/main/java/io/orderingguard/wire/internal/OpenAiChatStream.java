package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
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

    /** A value read that the tree read refuses (for the fields it looks at). */
    private static final Object BAD = Tokens.OTHER;

    private final WireParse p = WireParse.forCheck();
    private final List<DeclaredTool> tools = new ArrayList<>();
    private final Object[] message = new Object[MESSAGE.length];
    /** The texts of the current message's content parts, when its content is an array. */
    private final List<String> parts = new ArrayList<>();
    /** The current message's tool calls, when its {@code tool_calls} is an array of readable calls. */
    private final List<ToolCall> calls = new ArrayList<>();
    /** The number of elements of the current message's {@code tool_calls} array. */
    private int callCount;

    private OpenAiChatStream() {}

    /** Reads a body; {@code null} when the tree read must take it. */
    static Dispatch read(Tokens t, WireContext ctx) throws IOException {
        return new OpenAiChatStream().body(t, ctx);
    }

    private Dispatch body(Tokens t, WireContext ctx) throws IOException {
        Object[] root = new Object[ROOT.length];
        for (String name = t.field(); name != null; name = t.field()) {
            int k = Tokens.indexOf(ROOT, name);
            if (k < 0) {
                t.skip();
                continue;
            }
            if (root[k] != null) {
                return null;
            }
            root[k] = readRootField(t, k);
            if (root[k] == null) {
                return null;
            }
        }
        if (root[MESSAGES] == null || !Tokens.isOptNonBlank(root[MODEL])) {
            return null;
        }
        RequestOptions options = options(root);
        if (options == null) {
            return null;
        }
        return new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : "openai",
                ctx.model() != null ? ctx.model() : (String) root[MODEL], Surface.DISPATCH,
                Timeline.of(p.entries, tools), null, options);
    }

    /** Reads one top-level field; {@code null} when the tree read must take the body. */
    private Object readRootField(Tokens t, int k) throws IOException {
        switch (k) {
            case MESSAGES:
                if (!t.isArray()) {
                    return null;
                }
                for (int i = 0; t.element(); i++) {
                    if (!readMessage(t, i)) {
                        return null;
                    }
                }
                return Boolean.TRUE;
            case TOOLS:
                return readTools(t) ? Boolean.TRUE : null;
            case THINKING:
                return t.isObject() ? t.fields(TYPE) : t.value();
            case TOOL_CHOICE:
                return t.isObject() ? readChoiceObject(t) : t.value();
            default:
                return t.value();
        }
    }

    private boolean readTools(Tokens t) throws IOException {
        if (!t.isArray()) {
            return false;
        }
        while (t.element()) {
            if (!t.isObject()) {
                return false;
            }
            Object type = null;
            Object function = null;
            Object custom = null;
            for (String field = t.field(); field != null; field = t.field()) {
                if (field.equals(TYPE)) {
                    if (type != null) {
                        return false;
                    }
                    type = t.value();
                } else if (field.equals("function") || field.equals("custom")) {
                    Object definition = t.isObject() ? definition(t) : t.value();
                    boolean isFunction = field.equals("function");
                    if (definition == null || (isFunction ? function : custom) != null) {
                        return false;
                    }
                    if (isFunction) {
                        function = definition;
                    } else {
                        custom = definition;
                    }
                } else {
                    t.skip();
                }
            }
            if (!Tokens.isOptString(type)) {
                return false;
            }
            Object definition = "custom".equals(type) ? custom : function;
            if (!(definition instanceof Object[] fields) || !Tokens.isNonBlank(fields[0])
                    || fields[1] != null && !(fields[1] instanceof ObjectNode)) {
                return false;
            }
            tools.add(new DeclaredTool((String) fields[0], (ObjectNode) fields[1]));
        }
        return true;
    }

    /** Reads a tool's definition: its name and its parameters (a tree, or a marker when not an object). */
    private static Object[] definition(Tokens t) throws IOException {
        Object[] fields = new Object[2];
        boolean repeated = false;
        for (String field = t.field(); field != null; field = t.field()) {
            if (field.equals(NAME)) {
                repeated |= fields[0] != null;
                fields[0] = t.value();
            } else if (field.equals("parameters")) {
                repeated |= fields[1] != null;
                fields[1] = t.isObject() ? t.tree() : t.value();
            } else {
                t.skip();
            }
        }
        return repeated ? null : fields;
    }

    /** Reads a {@code tool_choice} object: type, {@code allowed_tools.mode}, {@code function.name}, {@code custom.name}. */
    private static Object readChoiceObject(Tokens t) throws IOException {
        Object[] fields = new Object[4];
        boolean repeated = false;
        for (String field = t.field(); field != null; field = t.field()) {
            int k = switch (field) {
                case TYPE -> 0;
                case "allowed_tools" -> 1;
                case "function" -> 2;
                case "custom" -> 3;
                default -> -1;
            };
            if (k < 0) {
                t.skip();
                continue;
            }
            repeated |= fields[k] != null;
            if (k == 0 || !t.isObject()) {
                fields[k] = t.value();
            } else {
                Object[] inner = t.fields(k == 1 ? "mode" : NAME);
                repeated |= inner == null;
                fields[k] = inner;
            }
        }
        return repeated ? null : new Choice(fields);
    }

    private boolean readMessage(Tokens t, int i) throws IOException {
        if (!t.isObject()) {
            return false;
        }
        Arrays.fill(message, null);
        parts.clear();
        calls.clear();
        callCount = 0;
        String wire = Blocks.wire(i);
        for (String name = t.field(); name != null; name = t.field()) {
            int k = Tokens.indexOf(MESSAGE, name);
            if (k < 0) {
                t.skip();
                continue;
            }
            if (message[k] != null) {
                return false;
            }
            if (k == CONTENT && t.isArray()) {
                message[k] = readParts(t) ? Tokens.ARRAY : BAD;
            } else if (k == CALLS && t.isArray()) {
                message[k] = readCalls(t, wire);
            } else {
                message[k] = t.value();
            }
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
                if (!Tokens.isNonBlank(message[CALL_ID]) || !(content instanceof String || content == Tokens.ARRAY)) {
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

    /** Reads content parts into {@link #parts}; {@code false} when one is not readable. */
    private boolean readParts(Tokens t) throws IOException {
        boolean readable = true;
        while (t.element()) {
            if (!t.isObject()) {
                t.skip();
                readable = false;
                continue;
            }
            Object[] part = t.fields(TYPE, TEXT);
            if (part == null || !Tokens.isString(part[0]) || TEXT.equals(part[0]) && !Tokens.isString(part[1])) {
                readable = false;
                continue;
            }
            parts.add(TEXT.equals(part[0]) ? (String) part[1] : Blocks.placeholder((String) part[0]));
        }
        return readable;
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
        Object id = null;
        Object type = null;
        Object function = null;
        Object custom = null;
        boolean repeated = false;
        for (String field = t.field(); field != null; field = t.field()) {
            switch (field) {
                case "id" -> {
                    repeated |= id != null;
                    id = t.value();
                }
                case TYPE -> {
                    repeated |= type != null;
                    type = t.value();
                }
                case "function" -> {
                    repeated |= function != null;
                    function = t.isObject() ? t.fields(NAME, "arguments") : t.value();
                    repeated |= function == null;
                }
                case "custom" -> {
                    repeated |= custom != null;
                    custom = t.isObject() ? t.fields(NAME, "input") : t.value();
                    repeated |= custom == null;
                }
                default -> t.skip();
            }
        }
        if (repeated || !Tokens.isNonBlank(id) || !(type == null || "function".equals(type) || "custom".equals(type))) {
            return null;
        }
        boolean isCustom = "custom".equals(type);
        if (!((isCustom ? custom : function) instanceof Object[] definition) || !Tokens.isNonBlank(definition[0])
                || !Tokens.isOptString(definition[1])) {
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
        if (!Tokens.isOptNonBlank(root[EFFORT])) {
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
        if (!Tokens.isOptPositive(root[MAX_COMPLETION])
                || root[MAX_COMPLETION] == null && !Tokens.isOptPositive(root[MAX_TOKENS])) {
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
                case "required" -> ToolChoice.required();
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
        if (!(named instanceof Object[] name) || !Tokens.isNonBlank(name[0])) {
            return null;
        }
        return ToolChoice.tool((String) name[0]);
    }

    /** The fields of a {@code tool_choice} object. */
    private record Choice(Object[] fields) {}
}
