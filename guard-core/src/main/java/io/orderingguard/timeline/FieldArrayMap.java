package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.Serializable;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of a small {@link PayloadNode}, read-only and in their order: names and values side by side
 * in one array. A payload holds one to a handful of fields (a signature, a channel, a role tag), and a
 * rule reads one of them on every entry of a long conversation, mostly from memory the check has not
 * touched yet: a scan of one short array reaches the value in two reads, where a hash map's table, node
 * and the read-only wrapper around it take four.
 *
 * <p>Immutable and thread-safe. Changing it throws {@link UnsupportedOperationException}.
 */
final class FieldArrayMap extends AbstractMap<String, JsonNode> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The most fields kept this way; a larger payload keeps a hash map. */
    static final int MAX_FIELDS = 8;

    // name 0, value 0, name 1, value 1, …; never changed after construction
    private final Object[] pairs;

    private FieldArrayMap(Object[] pairs) {
        this.pairs = pairs;
    }

    /**
     * Returns a map of one field.
     *
     * @param name the name, not {@code null}
     * @param value the value, not {@code null}
     * @return the read-only map
     */
    static FieldArrayMap of(String name, JsonNode value) {
        return new FieldArrayMap(new Object[] {name, value});
    }

    /**
     * Returns the fields of a map, in its iteration order.
     *
     * @param fields at most {@link #MAX_FIELDS} fields with non-null names and values
     * @return the read-only map
     */
    static FieldArrayMap copyOf(Map<String, JsonNode> fields) {
        Object[] pairs = new Object[fields.size() * 2];
        int i = 0;
        for (Map.Entry<String, JsonNode> field : fields.entrySet()) {
            pairs[i++] = field.getKey();
            pairs[i++] = field.getValue();
        }
        return new FieldArrayMap(pairs);
    }

    /**
     * Returns the fields as one array of alternating names and values, for the owner's own lookups.
     * Callers never change it.
     *
     * @return the array
     */
    Object[] pairs() {
        return pairs;
    }

    /**
     * Finds a field's value in an array of alternating names and values.
     *
     * @param pairs the array
     * @param name the field name
     * @return the value, or {@code null} when no field has that name
     */
    static JsonNode find(Object[] pairs, Object name) {
        // paths the rules read with are interned, as are the names Jackson reads, so identity usually decides
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i] == name) {
                return (JsonNode) pairs[i + 1];
            }
        }
        if (!(name instanceof String)) {
            return null;
        }
        int hash = name.hashCode();
        for (int i = 0; i < pairs.length; i += 2) {
            String key = (String) pairs[i];
            if (key.hashCode() == hash && key.equals(name)) {
                return (JsonNode) pairs[i + 1];
            }
        }
        return null;
    }

    @Override
    public JsonNode get(Object key) {
        return find(pairs, key);
    }

    @Override
    public boolean containsKey(Object key) {
        return find(pairs, key) != null;
    }

    @Override
    public int size() {
        return pairs.length / 2;
    }

    @Override
    public boolean isEmpty() {
        return pairs.length == 0;
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, JsonNode>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < pairs.length;
                    }

                    @Override
                    public Map.Entry<String, JsonNode> next() {
                        if (next >= pairs.length) {
                            throw new NoSuchElementException();
                        }
                        Map.Entry<String, JsonNode> field = Map.entry((String) pairs[next], (JsonNode) pairs[next + 1]);
                        next += 2;
                        return field;
                    }
                };
            }

            @Override
            public int size() {
                return pairs.length / 2;
            }
        };
    }
}
