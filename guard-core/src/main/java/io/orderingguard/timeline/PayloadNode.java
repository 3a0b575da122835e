package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * An entry's own copy of its payload, which remembers the fingerprints computed from it. Its fields are
 * read-only (setting or removing one throws {@link UnsupportedOperationException}) and entries never
 * expose it (their accessors return deep copies), so a remembered fingerprint stays valid for the life of
 * the entry, and entries share one node instead of copying it; preservation rules and stash snapshots
 * fingerprint the same payloads on every dispatch of a conversation. A payload of up to
 * {@value FieldArrayMap#MAX_FIELDS} fields (a signature, a channel, a role tag: the usual case) keeps them in
 * one array of names and values ({@link FieldArrayMap}), with no hash table, and looks a field up there.
 *
 * <p>Thread-safe: the whole-payload fingerprint is published by a volatile flag written after it, the
 * first field fingerprint by its path written after it (by the one thread that claimed the slot), and
 * further field fingerprints by an immutable list behind a volatile field; threads racing to compute one
 * compute the same value.
 */
final class PayloadNode extends ObjectNode {

    private static final long serialVersionUID = 1L;
    private static final int MAX_PATHS = 8;

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

    // the fields of a small payload (the array behind its FieldArrayMap), or null for a hash map
    private final transient Object[] pairs;

    private PayloadNode(Map<String, JsonNode> properties) {
        super(JsonNodeFactory.instance, properties);
        this.pairs = properties instanceof FieldArrayMap small ? small.pairs() : null;
    }

    /**
     * Returns a payload of one field.
     *
     * @param name the field name
     * @param value the value, already normalised ({@link Payloads#copy})
     * @return the node
     */
    static PayloadNode of(String name, JsonNode value) {
        return new PayloadNode(FieldArrayMap.of(name, value));
    }

    /**
     * Returns a payload of the given fields, in their order.
     *
     * @param properties the fields, already normalised; kept (wrapped read-only), so never changed afterwards
     * @return the node
     */
    static PayloadNode of(LinkedHashMap<String, JsonNode> properties) {
        if (properties.isEmpty()) {
            return new PayloadNode(Map.of());
        }
        return new PayloadNode(properties.size() <= FieldArrayMap.MAX_FIELDS ? FieldArrayMap.copyOf(properties)
                : Collections.unmodifiableMap(properties));
    }

    @Override
    public JsonNode get(String propertyName) {
        Object[] small = pairs;
        return small == null ? super.get(propertyName) : FieldArrayMap.find(small, propertyName);
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
