package io.orderingguard.support;

import java.util.HashMap;
import java.util.Map;

/**
 * Makes the ids one request derives unique, as an adapter's encoder needs them: the first occurrence of
 * an id is kept, the n-th is named {@code id#n}. Counts by the id as given (an id that happens to look
 * like {@code x#2} is counted on its own). The ids seen are kept in an open-addressing table sized from
 * the expected count, with no allocation per id (a {@code HashMap} would make a node per id); only ids
 * seen more than once are counted in a map.
 *
 * <pre>{@code
 * UniqueIds ids = UniqueIds.expecting(3);
 * ids.unique("a");  // "a"
 * ids.unique("b");  // "b"
 * ids.unique("a");  // "a#2"
 * }</pre>
 *
 * <p>Supporting API for Ordering Guard's own modules (see the package documentation).
 *
 * <p>Not thread-safe: one instance per encoding.
 */
public final class UniqueIds {

    private String[] seen;
    private int size;
    /** The occurrences of the ids seen more than once; {@code null} until one is. */
    private Map<String, Integer> repeats;

    private UniqueIds(int expected) {
        seen = new String[capacityFor(expected)];
    }

    private UniqueIds(UniqueIds from) {
        seen = from.seen.clone();
        size = from.size;
        repeats = from.repeats == null ? null : new HashMap<>(from.repeats);
    }

    /**
     * Creates an empty set of ids.
     *
     * @param expected how many ids are expected (the table grows past it when needed)
     * @return the set
     * @throws IllegalArgumentException when {@code expected} is negative
     */
    public static UniqueIds expecting(int expected) {
        if (expected < 0) {
            throw new IllegalArgumentException("expected must be >= 0, but was " + expected);
        }
        return new UniqueIds(Math.min(expected, 1 << 28));
    }

    /**
     * Returns the id when it has not been seen before, else {@code id#n} for its n-th occurrence.
     *
     * @param id the id
     * @return the id, or a numbered variant of it
     * @throws NullPointerException when {@code id} is {@code null}
     */
    public String unique(String id) {
        Require.nonNull(id, "id");
        int mask = seen.length - 1;
        int slot = slot(id, mask);
        while (true) {
            String other = seen[slot];
            if (other == null) {
                seen[slot] = id;
                if (++size * 4 > seen.length * 3) {
                    grow();
                }
                return id;
            }
            if (other.equals(id)) {
                if (repeats == null) {
                    repeats = new HashMap<>();
                }
                return id + "#" + repeats.merge(id, 2, (n, one) -> n + 1);
            }
            slot = (slot + 1) & mask;
        }
    }

    /**
     * Returns an independent copy: the ids seen so far and their counts, so that an encoder can carry on
     * from a state an earlier encoding reached (numbering the next repeats as this set would) while this
     * set stays as it is. Only reads this set: a set no one changes any more may be copied by several
     * threads at once.
     *
     * @return the copy
     */
    public UniqueIds copy() {
        return new UniqueIds(this);
    }

    /**
     * Returns how many different ids have been seen.
     *
     * @return the count
     */
    public int size() {
        return size;
    }

    /** A power of two that holds {@code expected} ids at a load of at most three quarters. */
    private static int capacityFor(int expected) {
        int needed = Math.max(8, expected + expected / 3 + 1);
        return Integer.highestOneBit(needed - 1) << 1;
    }

    private void grow() {
        String[] old = seen;
        seen = new String[old.length * 2];
        int mask = seen.length - 1;
        for (String id : old) {
            if (id != null) {
                int slot = slot(id, mask);
                while (seen[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                seen[slot] = id;
            }
        }
    }

    private static int slot(String id, int mask) {
        int h = id.hashCode() * 0x9E3779B1;
        return (h ^ (h >>> 16)) & mask;
    }

    @Override
    public String toString() {
        return "UniqueIds[" + size + " id(s)]";
    }
}
