package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.json.InputNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The streaming read of a Gemini {@code generateContent} body for a check: the entries {@link GeminiCodec}
 * reads from the tree, read from the parser's tokens (see {@link Tokens}). Only {@code contents} is read
 * token by token; the other top-level fields (system instruction, tools, generation and tool
 * configuration) are read into a tree of their own, which the codec's tree read takes as it takes a whole
 * body. A part keeps its fields in wire order (its kind is its first field that is not metadata), with a
 * function call's arguments as JSON text and a function response as a small tree, which the codec's
 * tree read of a response takes. Answers {@code null} for what it does not take. Not thread-safe; one
 * per read.
 */
final class GeminiStream {

    private static final String TEXT = "text";
    /** The {@code tools} of recent bodies, with the tools declared in them. */
    private static final FieldCache<StreamParts.Declared> TOOLS = new FieldCache<>(16);

    private final WireParse p = WireParse.forCheck();
    private final GeminiCodec.Pairing pairing = new GeminiCodec.Pairing();
    private final List<Part> parts = new ArrayList<>();

    private GeminiStream() {}

    /** Reads a body; {@code null} when the tree read must take it. */
    static Dispatch read(Tokens t, WireContext ctx) throws IOException {
        return new GeminiStream().body(t, ctx);
    }

    private Dispatch body(Tokens t, WireContext ctx) throws IOException {
        StreamParts.Rest rest = t.aroundField("contents", true, tokens -> tokens.list(this::readContent), "tools", TOOLS,
                GeminiStream::tools);
        return rest == null ? null : StreamParts.fromRest(rest.tree(), root -> {
            WireParse system = WireParse.forCheck();
            GeminiCodec.readSystem(system, root);
            return StreamParts.dispatch(ctx, GeminiCodec.SURFACE, root.optNonBlankText("model"),
                    StreamParts.withSystem(system.entries, p.entries), rest.tools(root, GeminiStream::tools), null,
                    StreamParts.withoutUnknown(root, GeminiCodec::options));
        });
    }

    private static List<DeclaredTool> tools(InputNode root) {
        return StreamParts.withoutUnknown(root, GeminiCodec::tools);
    }

    private boolean readContent(Tokens t, int i) throws IOException {
        if (!t.isObject()) {
            return false;
        }
        Object role = null;
        int count = -1;
        for (String name = t.field(); name != null; name = t.field()) {
            if (name.equals("role")) {
                if (role != null) {
                    return false;
                }
                role = t.value();
            } else if (name.equals("parts")) {
                if (count >= 0) {
                    return false;
                }
                count = t.objects(parts, Part::new);
                if (count < 0) {
                    return false;
                }
            } else {
                t.skip();
            }
        }
        if (!(role == null || "user".equals(role) || "model".equals(role))) {
            return false;
        }
        Role r = "model".equals(role) ? Role.ASSISTANT : Role.USER;
        String wire = Blocks.wire(i);
        String step = r == Role.ASSISTANT ? wire : null;
        for (int j = 0; j < count; j++) {
            if (!emit(parts.get(j), r, i, step, j)) {
                return false;
            }
        }
        return true;
    }

    /** Adds the entry of one part, as {@code readPart} of the tree read does; {@code false} when it cannot. */
    private boolean emit(Part part, Role role, int i, String step, int j) {
        String wire = Blocks.wire(i);
        String id = Blocks.blockId(i, j);
        Object signature = part.known(Part.SIGNATURE, Part.SIGNATURE_PROTO);
        Object thoughtValue = part.known(Part.THOUGHT);
        if (!StreamParts.isOptString(signature) || !StreamParts.isOptBoolean(thoughtValue)) {
            return false;
        }
        ObjectNode payload = signature == null ? null : Payloads.of(GeminiCodec.SIGNATURE, (String) signature);
        String tag = signature == null ? null : GeminiCodec.tagOf((String) signature);
        boolean thought = Boolean.TRUE.equals(thoughtValue);
        Object call = part.known(Part.CALL, Part.CALL_PROTO);
        Object response = part.known(Part.RESPONSE, Part.RESPONSE_PROTO);
        Object text = part.known(Part.TEXT_SLOT);
        if (call != null) {
            if (!(call instanceof Call fc) || !StreamParts.isOptNonBlank(fc.id()) || !StreamParts.isNonBlank(fc.name())
                    || fc.args() != null && !(fc.args() instanceof Input)) {
                return false;
            }
            ToolCall toolCall = Input.call(fc.id() != null ? (String) fc.id() : id, (String) fc.name(), fc.args(),
                    payload, tag, step, wire, false);
            p.addEntry(toolCall, null, null);
            pairing.open(toolCall, p.entries.size() - 1);
        } else if (response != null) {
            if (!(response instanceof Response fr) || !StreamParts.isOptNonBlank(fr.id()) || !StreamParts.isNonBlank(fr.name())
                    || fr.result() != null && !(fr.result() instanceof ToolResult)) {
                return false;
            }
            GeminiCodec.answer(p, pairing, (String) fr.id(), (String) fr.name(),
                    fr.result() == null ? ToolResult.of("") : (ToolResult) fr.result(), null, id, wire, j, null);
        } else if (text != null || thought || signature != null && part.dataKind() == null) {
            if (text != null && !(text instanceof String)) {
                return false;
            }
            String content = text != null ? (String) text : "";
            Entry entry = thought || text == null
                    ? new Thought(id, content, payload, tag != null ? tag : GeminiCodec.SIGNATURE_TAG, step, wire)
                    : new Message(id, role, content, payload, tag, step, wire);
            p.addEntry(entry, null, null);
        } else {
            String kind = part.dataKind();
            if (kind == null || !GeminiCodec.SURFACE.knowsType(kind)) {
                return false;
            }
            p.addEntry(new Message(id, role, Blocks.placeholder(kind), payload, tag, step, wire), null, null);
        }
        return true;
    }

    /**
     * One part as read from its tokens: its field names in wire order and their kept values (a function
     * call as a {@link Call}, a function response as a tree). Holders are reused from part to part.
     */
    private static final class Part implements Tokens.Value {
        private static final int TEXT_SLOT = 0;
        private static final int THOUGHT = 1;
        private static final int SIGNATURE = 2;
        private static final int SIGNATURE_PROTO = 3;
        private static final int CALL = 4;
        private static final int CALL_PROTO = 5;
        private static final int RESPONSE = 6;
        private static final int RESPONSE_PROTO = 7;
        private static final int KNOWN = 8;
        private static final String[] CALL_FIELDS = {"id", "name", "args"};
        private static final String[] RESPONSE_FIELDS = {"id", "name", "response"};

        private String[] names = new String[4];
        private Object[] values = new Object[4];
        private int size;

        /** The known fields, by slot ({@link #slot}); {@code null} when absent. */
        private final Object[] known = new Object[KNOWN];

        @Override
        public boolean read(Tokens t) throws IOException {
            size = 0;
            Arrays.fill(known, null);
            for (String name = t.field(); name != null; name = t.field()) {
                int k = slot(name);
                if (k >= 0 ? known[k] != null : get(name) != null) {
                    return false;
                }
                Object value;
                if ((k == CALL || k == CALL_PROTO) && t.isObject()) {
                    value = readCall(t);
                    if (value == null) {
                        return false;
                    }
                } else if ((k == RESPONSE || k == RESPONSE_PROTO) && t.isObject()) {
                    value = readResponse(t);
                    if (value == null) {
                        return false;
                    }
                } else {
                    value = t.value();
                }
                if (k >= 0) {
                    known[k] = value;
                }
                if (size == names.length) {
                    names = Arrays.copyOf(names, size * 2);
                    values = Arrays.copyOf(values, size * 2);
                }
                names[size] = name;
                values[size] = value;
                size++;
            }
            return true;
        }

        private static int slot(String name) {
            return switch (name) {
                case TEXT -> TEXT_SLOT;
                case "thought" -> THOUGHT;
                case GeminiCodec.SIGNATURE -> SIGNATURE;
                case "thought_signature" -> SIGNATURE_PROTO;
                case "functionCall" -> CALL;
                case "function_call" -> CALL_PROTO;
                case "functionResponse" -> RESPONSE;
                case "function_response" -> RESPONSE_PROTO;
                default -> -1;
            };
        }

        /** The value of a known field given by its JSON and proto slots, as the tree read picks between them. */
        Object known(int json, int proto) {
            return known[json] == null && known[proto] != null ? known[proto] : known[json];
        }

        /** The value of a known field. */
        Object known(int slot) {
            return known[slot];
        }

        /** The value of a field, or {@code null} when the part has none. */
        Object get(String name) {
            for (int i = 0; i < size; i++) {
                if (names[i].equals(name)) {
                    return values[i];
                }
            }
            return null;
        }

        /** The data field of the part, as {@code GeminiCodec.dataKind} finds it; {@code null} when none. */
        String dataKind() {
            for (String[] kind : GeminiCodec.DATA) {
                if (get(kind[0]) != null) {
                    return kind[0];
                }
                if (get(kind[1]) != null) {
                    return kind[1];
                }
            }
            for (int i = 0; i < size; i++) {
                if (!GeminiCodec.PART_METADATA.contains(names[i])) {
                    return names[i];
                }
            }
            return null;
        }

        /** Reads a function response: id, name and the result of its {@code response} object. */
        private static Response readResponse(Tokens t) throws IOException {
            Object[] response = t.fields(RESPONSE_FIELDS, (tokens, k) -> k == 2 && tokens.isObject()
                    ? responseResult(tokens) : tokens.value());
            return response == null ? null : new Response(response[0], response[1], response[2]);
        }

        /**
         * Reads a {@code response} object into its result as {@link GeminiCodec#result} makes it: one string
         * field is read as it is, anything else as the tree the tree read builds.
         */
        private static ToolResult responseResult(Tokens t) throws IOException {
            String first = t.field();
            if (first == null) {
                return GeminiCodec.result(Blocks.NODES.objectNode());
            }
            ObjectNode response = Blocks.NODES.objectNode();
            String text = t.string();
            if (text != null) {
                String next = t.field();
                if (next == null) {
                    return GeminiCodec.result(first, text);
                }
                response.put(first, text);
                response.set(next, t.tree());
            } else {
                response.set(first, t.tree());
            }
            for (String name = t.field(); name != null; name = t.field()) {
                response.set(name, t.tree());
            }
            return GeminiCodec.result(response);
        }

        private static Call readCall(Tokens t) throws IOException {
            Object[] call = t.fields(CALL_FIELDS, (tokens, k) -> k == 2 && tokens.isObject()
                    ? new Input(tokens.arguments()) : tokens.value());
            return call == null ? null : new Call(call[0], call[1], call[2]);
        }
    }

    /** A function response as read: id, name and its result ({@link ToolResult}, or what else it was). */
    private record Response(Object id, Object name, Object result) {}

    /** A function call as read: id, name and its arguments ({@link Input}, or what else they were). */
    private record Call(Object id, Object name, Object args) {}
}
