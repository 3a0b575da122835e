package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.ToolCall;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * The arguments object of a tool call in a body read for a check, kept as its JSON text until something
 * reads it: the ordering rules rarely read arguments, and building their tree (then the call's copy of
 * it) was much of a check. The text is taken only when its tree and the text's own parse read alike: no
 * float (the tree read keeps exact decimals, {@link ToolCall#withArgumentText} reads doubles), no
 * replacement character (malformed UTF-8 is left to the tree, which refuses it), and not as long as a
 * string the text's parser would refuse. Any read of the node builds the tree from the same bytes, so a
 * reader that looks at it sees what the tree read gives.
 *
 * <p>Not thread-safe, like the tree it stands in.
 */
final class LazyArgs extends ObjectNode {

    private static final long serialVersionUID = 1L;

    private final transient Fields fields;

    private LazyArgs(Fields fields) {
        super(CompactNodeFactory.INSTANCE, fields);
        this.fields = fields;
    }

    /** The arguments object that spans {@code start} to {@code end} (exclusive) of a body. */
    static LazyArgs of(byte[] body, int start, int end, String text) {
        return new LazyArgs(new Fields(body, start, end, text));
    }

    /**
     * Returns a requested call without a result, with these arguments: their text when they are kept as
     * text and nothing has read them, else the object.
     */
    static ToolCall call(String id, String tool, ObjectNode args, ObjectNode payload, String replayCompatibility,
            String step, String wire, boolean providerExecuted) {
        String text = text(args);
        if (text == null) {
            return new ToolCall(id, tool, args, null, true, payload, replayCompatibility, step, wire, providerExecuted);
        }
        return providerExecuted
                ? new ToolCall(id, tool, null, null, true, payload, replayCompatibility, step, wire, true)
                        .withArgumentText(text)
                : ToolCall.ofArgumentText(id, tool, text, null, payload, replayCompatibility, step, wire);
    }

    private static String text(ObjectNode args) {
        return args instanceof LazyArgs lazy && lazy.fields.read == null ? lazy.fields.text : null;
    }

    /** The fields, read from the bytes when first asked for. */
    private static final class Fields extends AbstractMap<String, JsonNode> {
        private final byte[] body;
        private final int start;
        private final int end;
        private final String text;
        private Map<String, JsonNode> read;

        Fields(byte[] body, int start, int end, String text) {
            this.body = body;
            this.start = start;
            this.end = end;
            this.text = text;
        }

        private Map<String, JsonNode> fields() {
            if (read == null) {
                Map<String, JsonNode> tree = new CompactNodeFactory.CompactMap();
                OneRead.tree(body, start, end).properties().forEach(field -> tree.put(field.getKey(), field.getValue()));
                read = tree;
            }
            return read;
        }

        @Override
        public JsonNode get(Object key) {
            return fields().get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return fields().containsKey(key);
        }

        @Override
        public JsonNode put(String key, JsonNode value) {
            return fields().put(key, value);
        }

        @Override
        public JsonNode remove(Object key) {
            return fields().remove(key);
        }

        @Override
        public int size() {
            return fields().size();
        }

        @Override
        public void clear() {
            fields().clear();
        }

        @Override
        public Set<Entry<String, JsonNode>> entrySet() {
            return fields().entrySet();
        }
    }
}
