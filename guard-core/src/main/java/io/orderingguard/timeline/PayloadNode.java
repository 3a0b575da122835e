package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An entry's own copy of its payload, which remembers the fingerprints computed from it. Entries never
 * expose or change this copy (their accessors return deep copies), so a remembered fingerprint stays
 * valid for the life of the entry; preservation rules and stash snapshots fingerprint the same payloads
 * on every dispatch of a conversation.
 *
 * <p>Thread-safe: the whole-payload fingerprint is published by a volatile flag written after it, and
 * field fingerprints by an immutable list behind a volatile field; threads racing to compute one compute
 * the same value.
 */
final class PayloadNode extends ObjectNode {

    private static final long serialVersionUID = 1L;
    private static final int MAX_PATHS = 8;

    private transient long whole;
    private transient volatile boolean wholeKnown;
    private transient volatile Field fields;

    PayloadNode() {
        super(JsonNodeFactory.instance);
    }

    /**
     * Returns the fingerprint of the payload, or of the value at a dot path, computing it once.
     *
     * @param dotPath the path, or {@code null} for the whole payload
     * @return the fingerprint
     */
    long fingerprint(String dotPath) {
        if (dotPath == null) {
            if (wholeKnown) {
                return whole;
            }
            long value = Payloads.fingerprint(this);
            whole = value;
            wholeKnown = true;
            return value;
        }
        Field head = fields;
        int count = 0;
        for (Field f = head; f != null; f = f.next) {
            if (f.path == dotPath || f.path.equals(dotPath)) {
                return f.value;
            }
            count++;
        }
        long value = Payloads.fingerprint(Payloads.read(this, dotPath));
        if (count < MAX_PATHS) {
            fields = new Field(dotPath, value, head);
        }
        return value;
    }

    /** One remembered field fingerprint; immutable. */
    private static final class Field {
        final String path;
        final long value;
        final Field next;

        Field(String path, long value, Field next) {
            this.path = path;
            this.value = value;
            this.next = next;
        }
    }
}
