package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The streaming read of a Bedrock Converse body for a check: the entries {@link BedrockConverseCodec}
 * reads from the tree, read from the parser's tokens (see {@link Tokens}). Only {@code messages} is read
 * token by token; the other top-level fields (system blocks, tool and inference configuration: a few
 * small objects) are read into a tree of their own, which the codec's tree read takes as it takes a
 * whole body, so options, tools and system blocks are read by the very same code. A block is read by
 * its first field, as the tree read does. Answers {@code null} for what it does not take. Not
 * thread-safe; one per read.
 */
final class BedrockConverseStream {

    private static final String TEXT = "text";
    /** The {@code toolConfig} of recent bodies, with the tools declared in it. */
    private static final FieldCache<StreamParts.Declared> TOOLS = new FieldCache<>(16);
    private static final String[] REASONING = {"redactedContent", "reasoningText"};
    private static final String[] TOOL_USE = {"type", "toolUseId", "name", "input"};
    private static final String[] TOOL_RESULT = {"toolUseId", "status", "content"};

    private final WireParse p = WireParse.forCheck();

    private BedrockConverseStream() {}

    /** Reads a body; {@code null} when the tree read must take it. */
    static Dispatch read(Tokens t, WireContext ctx) throws IOException {
        return new BedrockConverseStream().body(t, ctx);
    }

    private Dispatch body(Tokens t, WireContext ctx) throws IOException {
        StreamParts.Rest rest = t.aroundField("messages", true, tokens -> tokens.list(this::readMessage), "toolConfig",
                TOOLS, BedrockConverseCodec::tools);
        return rest == null ? null : StreamParts.fromRest(rest.tree(), root -> {
            WireParse system = WireParse.forCheck();
            BedrockConverseCodec.readSystem(system, root);
            if (!system.unknown.isEmpty()) {
                return null; // the tree read reports the system blocks it does not know
            }
            return StreamParts.dispatch(ctx, BedrockConverseCodec.SURFACE, root.optNonBlankText("modelId"),
                    StreamParts.withSystem(system.entries, p.entries), rest.tools(root, BedrockConverseCodec::tools), null,
                    StreamParts.withoutUnknown(root, BedrockConverseCodec::options));
        });
    }

    private boolean readMessage(Tokens t, int i) throws IOException {
        if (!t.isObject()) {
            return false;
        }
        // the role decides the entries, and may come after the content: the blocks wait in a list
        Object role = null;
        List<Block> blocks = null;
        for (String name = t.field(); name != null; name = t.field()) {
            if (name.equals("role")) {
                if (role != null) {
                    return false;
                }
                role = t.value();
            } else if (name.equals("content")) {
                if (blocks != null || !t.isArray()) {
                    return false;
                }
                blocks = new ArrayList<>();
                while (t.element()) {
                    Block block = t.isObject() ? readBlock(t) : null;
                    if (block == null) {
                        return false;
                    }
                    blocks.add(block);
                }
            } else {
                t.skip();
            }
        }
        if (blocks == null || !("user".equals(role) || "assistant".equals(role))) {
            return false;
        }
        Role r = "user".equals(role) ? Role.USER : Role.ASSISTANT;
        String wire = Blocks.wire(i);
        String step = r == Role.ASSISTANT ? wire : null;
        for (int j = 0; j < blocks.size(); j++) {
            if (!blocks.get(j).emit(p, r, i, step, j)) {
                return false;
            }
        }
        return true;
    }

    /** Reads a block by its first field (the union member it sets); {@code null} when it is not readable. */
    private static Block readBlock(Tokens t) throws IOException {
        String kind = t.field();
        if (kind == null) {
            return null;
        }
        Object value;
        switch (kind) {
            case "reasoningContent" -> value = t.isObject() ? readReasoning(t) : t.value();
            case "toolUse" -> value = t.isObject() ? readToolUse(t) : t.value();
            case "toolResult" -> value = t.isObject() ? readToolResult(t) : t.value();
            default -> value = t.value();
        }
        boolean repeated = value == null;
        for (String name = t.field(); name != null; name = t.field()) {
            repeated |= name.equals(kind);
            t.skip();
        }
        return repeated ? null : new Block(kind, value);
    }

    /** Reads a {@code reasoningContent}: its redacted content, and its reasoning text's text and signature. */
    private static Object[] readReasoning(Tokens t) throws IOException {
        return t.fields(REASONING, (tokens, k) -> k == 1 && tokens.isObject() ? tokens.fields(TEXT, "signature")
                : tokens.value());
    }

    /** Reads a {@code toolUse}: type, id, name and the text of its input object. */
    private static Object[] readToolUse(Tokens t) throws IOException {
        return t.fields(TOOL_USE, (tokens, k) -> k == 3 && tokens.isObject() ? new Input(tokens.arguments())
                : tokens.value());
    }

    /** Reads a {@code toolResult}: id, status and the text of its content (or a marker when not readable). */
    private static Object[] readToolResult(Tokens t) throws IOException {
        return t.fields(TOOL_RESULT, (tokens, k) -> k == 2 && tokens.isArray() ? resultText(tokens) : tokens.value());
    }

    /** Joins a result's content items as the tree read does, or answers {@link Tokens#OTHER}. */
    private static Object resultText(Tokens t) throws IOException {
        List<String> pieces = new ArrayList<>(1);
        boolean readable = true;
        while (t.element()) {
            String kind = t.isObject() ? t.field() : null;
            if (kind == null) {
                t.skip();
                readable = false;
                continue;
            }
            if (kind.equals(TEXT)) {
                String text = t.string();
                readable &= text != null;
                pieces.add(text);
                t.skip();
            } else if (kind.equals("json")) {
                pieces.add(t.tree().toString());
            } else {
                pieces.add(Blocks.placeholder(kind));
                t.skip();
            }
            for (String name = t.field(); name != null; name = t.field()) {
                readable &= !name.equals(kind);
                t.skip();
            }
        }
        return readable ? new Text(Blocks.join(pieces)) : Tokens.OTHER;
    }

    /** One block: the member it sets and that member's value as read. */
    private record Block(String kind, Object value) {

        boolean emit(WireParse p, Role role, int i, String step, int j) {
            String wire = Blocks.wire(i);
            String id = Blocks.blockId(i, j);
            switch (kind) {
                case TEXT:
                    if (!(value instanceof String text)) {
                        return false;
                    }
                    p.addEntry(new Message(id, role, text, null, null, step, wire), null, null);
                    return true;
                case "reasoningContent": {
                    if (!(value instanceof Object[] reasoning)) {
                        return false;
                    }
                    Thought thought;
                    if (reasoning[0] != null) {
                        if (!(reasoning[0] instanceof String data)) {
                            return false;
                        }
                        thought = new Thought(id, "", Payloads.of("data", data), BedrockConverseCodec.REASONING_TAG,
                                step, wire);
                    } else {
                        if (!(reasoning[1] instanceof Object[] text) || !StreamParts.isString(text[0])
                                || !StreamParts.isOptString(text[1])) {
                            return false;
                        }
                        thought = new Thought(id, (String) text[0], text[1] == null ? null
                                : Payloads.of("signature", (String) text[1]), BedrockConverseCodec.REASONING_TAG, step,
                                wire);
                    }
                    p.addEntry(thought, null, null);
                    return true;
                }
                case "toolUse": {
                    if (!(value instanceof Object[] use) || !StreamParts.isOptString(use[0]) || !StreamParts.isNonBlank(use[1])
                            || !StreamParts.isNonBlank(use[2]) || use[3] != null && !(use[3] instanceof Input)) {
                        return false;
                    }
                    p.addEntry(Input.call((String) use[1], (String) use[2], use[3], null, null, step, wire,
                            "server_tool_use".equals(use[0])), null, null);
                    return true;
                }
                case "toolResult": {
                    if (!(value instanceof Object[] result) || !StreamParts.isNonBlank(result[0])
                            || !(result[1] == null || "success".equals(result[1]) || "error".equals(result[1]))
                            || !(result[2] == null || result[2] instanceof Text)) {
                        return false;
                    }
                    String callId = (String) result[0];
                    String text = result[2] == null ? "" : ((Text) result[2]).text();
                    ToolCall holder = new ToolCall(callId, "", null, new ToolResult(text, "error".equals(result[1]), wire),
                            false, null, null, null, wire, false);
                    if (!p.addProviderResult(callId, holder, null, j, null)) {
                        p.addResult(holder, null, j, null);
                    }
                    return true;
                }
                case "cachePoint":
                    return true;
                default:
                    if (!BedrockConverseCodec.SURFACE.knowsType(kind)) {
                        return false; // the tree read reports what the vocabulary does not describe
                    }
                    p.addEntry(new Message(id, role, Blocks.placeholder(kind), null, null, step, wire), null, null);
                    return true;
            }
        }
    }

    /** The joined text of a tool result's content. */
    private record Text(String text) {}
}
