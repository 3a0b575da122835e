package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * An entry's own copy of its payload, which remembers the fingerprints computed from it. Entries never
 * expose or change this copy (their accessors return deep copies), so a remembered fingerprint stays
 * valid for the life of the entry; preservation rules and stash snapshots fingerprint the same payloads
 * on every dispatch of a conversation.
 *
 * <p>Thread-safe: the whole-payload fingerprint is published by a volatile flag written after it, the
 * first field fingerprint by its path written after it (by the one thread that claimed the slot), and
 * further field fingerprints by an immutable list behind a volatile field; threads racing to compute one
 * compute the same value.
 */
final class PayloadNode extends ObjectNode {

    private static final long serialVersionUID = 1L;
    private static final int MAX_PATHS = 8;

    // a payload of a single field (a signature, a channel: the usual case) answers lookups from these
    // two fields instead of the map, whose table and entry are more memory to reach per entry checked
    private transient String onlyKey;
    private transient JsonNode onlyValue;
    private transient long whole;
    private transient volatile boolean wholeKnown;
    // the first field path asked for (the one preservation rules and snapshots use) is kept inline too:
    // the thread that claims the slot writes the value, then publishes the path
    private transient long firstValue;
    private transient volatile String firstPath;
    private transient volatile int firstClaimed;
    private transient volatile Field fields;

    private static final AtomicIntegerFieldUpdater<PayloadNode> CLAIM =
            AtomicIntegerFieldUpdater.newUpdater(PayloadNode.class, "firstClaimed");

    PayloadNode() {
        super(JsonNodeFactory.instance);
    }

    /** Called once the copy is complete; the node is never changed afterwards. */
    void seal() {
        if (size() == 1) {
            Map.Entry<String, JsonNode> only = properties().iterator().next();
            onlyKey = only.getKey();
            onlyValue = only.getValue();
        }
    }

    @Override
    public JsonNode get(String propertyName) {
        String key = onlyKey;
        if (key != null) {
            return key == propertyName || key.equals(propertyName) ? onlyValue : null;
        }
        return super.get(propertyName);
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
        String first = firstPath;
        if (first != null && (first == dotPath || first.equals(dotPath))) {
            return firstValue;
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
        if (first == null && CLAIM.compareAndSet(this, 0, 1)) {
            firstValue = value;
            firstPath = dotPath;
        } else if (count < MAX_PATHS) {
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
