package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The node factory of the trees request bodies are read into (by {@code WireGuard} and by {@link OneRead}, element by element): exact decimals (a body
 * written back keeps the spelling of its numbers) and objects whose fields live in one small array
 * instead of a {@link LinkedHashMap}. A request body is mostly small objects (a content block has two
 * to four fields), for which a hash map with a table and one entry object per field is most of what
 * parsing allocates; the guard reads each body once and lets most of them pass, so the tree is the
 * largest cost of a passing request. Objects of more than {@value CompactMap#LIMIT} fields move to a
 * {@link LinkedHashMap}. Field order is kept, as in Jackson's own objects; copies
 * ({@link JsonNode#deepCopy()}) are ordinary Jackson objects.
 *
 * <p>Thread-safe: stateless (the maps it creates are not, like Jackson's).
 */
public final class CompactNodeFactory extends JsonNodeFactory {

    private static final long serialVersionUID = 1L;

    /** The factory. */
    public static final CompactNodeFactory INSTANCE = new CompactNodeFactory();

    private CompactNodeFactory() {
        super(true);
    }

    @Override
    public ObjectNode objectNode() {
        return new ObjectNode(this, new CompactMap());
    }

    /**
     * The fields of one object, in insertion order: keys and values side by side in one array, found
     * by a linear search (keys are Jackson's canonical field names, so most comparisons are identity).
     * Not thread-safe.
     */
    static final class CompactMap extends AbstractMap<String, JsonNode> {

        /** The most fields kept in the array; one more moves them to a hash map. */
        static final int LIMIT = 8;

        private Object[] slots = new Object[4];
        private int size;
        private Map<String, JsonNode> large;

        private int indexOf(Object key) {
            // field names are interned by the parser, as are the constants codecs look them up by
            for (int i = 0; i < size; i++) {
                if (slots[2 * i] == key) {
                    return i;
                }
            }
            for (int i = 0; i < size; i++) {
                if (slots[2 * i].equals(key)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public JsonNode get(Object key) {
            if (large != null) {
                return large.get(key);
            }
            int i = indexOf(key);
            return i < 0 ? null : (JsonNode) slots[2 * i + 1];
        }

        @Override
        public boolean containsKey(Object key) {
            return large != null ? large.containsKey(key) : indexOf(key) >= 0;
        }

        @Override
        public JsonNode put(String key, JsonNode value) {
            if (large != null) {
                return large.put(key, value);
            }
            int i = indexOf(key);
            if (i >= 0) {
                JsonNode old = (JsonNode) slots[2 * i + 1];
                slots[2 * i + 1] = value;
                return old;
            }
            if (size == LIMIT) {
                large = new LinkedHashMap<>();
                for (int k = 0; k < size; k++) {
                    large.put((String) slots[2 * k], (JsonNode) slots[2 * k + 1]);
                }
                slots = null;
                size = 0;
                return large.put(key, value);
            }
            if (2 * size == slots.length) {
                Object[] grown = new Object[slots.length * 2];
                System.arraycopy(slots, 0, grown, 0, slots.length);
                slots = grown;
            }
            slots[2 * size] = key;
            slots[2 * size + 1] = value;
            size++;
            return null;
        }

        @Override
        public JsonNode remove(Object key) {
            if (large != null) {
                return large.remove(key);
            }
            int i = indexOf(key);
            if (i < 0) {
                return null;
            }
            JsonNode old = (JsonNode) slots[2 * i + 1];
            removeAt(i);
            return old;
        }

        private void removeAt(int i) {
            System.arraycopy(slots, 2 * i + 2, slots, 2 * i, 2 * (size - i - 1));
            size--;
            slots[2 * size] = null;
            slots[2 * size + 1] = null;
        }

        @Override
        public int size() {
            return large != null ? large.size() : size;
        }

        @Override
        public void clear() {
            if (large != null) {
                large.clear();
                return;
            }
            for (int i = 0; i < 2 * size; i++) {
                slots[i] = null;
            }
            size = 0;
        }

        @Override
        public Set<Entry<String, JsonNode>> entrySet() {
            if (large != null) {
                return large.entrySet();
            }
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, JsonNode>> iterator() {
                    return new Fields();
                }

                @Override
                public int size() {
                    return CompactMap.this.size();
                }
            };
        }

        /** Iterates the array; removes through the map; entries write their value back. */
        private final class Fields implements Iterator<Entry<String, JsonNode>> {
            private int next;
            private int last = -1;

            @Override
            public boolean hasNext() {
                return large == null ? next < size : false;
            }

            @Override
            public Entry<String, JsonNode> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException("no more fields");
                }
                last = next++;
                int at = last;
                return new SimpleEntry<>((String) slots[2 * at], (JsonNode) slots[2 * at + 1]) {
                    private static final long serialVersionUID = 1L;

                    @Override
                    public JsonNode setValue(JsonNode value) {
                        slots[2 * at + 1] = value;
                        return super.setValue(value);
                    }
                };
            }

            @Override
            public void remove() {
                if (last < 0) {
                    throw new IllegalStateException("next() was not called, or remove() was already called");
                }
                removeAt(last);
                next = last;
                last = -1;
            }
        }
    }
}
