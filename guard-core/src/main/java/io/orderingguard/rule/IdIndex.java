package io.orderingguard.rule;

import io.orderingguard.timeline.Kind;
import java.util.List;
import java.util.function.IntFunction;

/**
 * An open-addressing index from ids to positions, allocation-light (two int arrays), that also
 * chains positions sharing an id. Used by the rules that look entries up by id.
 *
 * <p>Not thread-safe; built and used within one check.
 */
final class IdIndex {

    /** 2^32 divided by the golden ratio: multiplying by it spreads hash codes that differ in their low bits. */
    private static final int FIBONACCI = 0x9E3779B9;

    private final int[] table;
    private final int[] nextSame;
    private final int mask;
    private final int shift;
    private final IntFunction<String> idAt;

    private IdIndex(int[] table, int[] nextSame, IntFunction<String> idAt) {
        this.table = table;
        this.nextSame = nextSame;
        this.mask = table.length - 1;
        this.shift = Integer.numberOfLeadingZeros(mask);
        this.idAt = idAt;
    }

    /**
     * The first slot of an id. Ids and steps such as {@code step_1}, {@code step_2}… have consecutive hash
     * codes, which the low bits alone would put in consecutive slots, one long run to probe; the top bits
     * of the product with the golden ratio scatter them.
     */
    private int slot(int hash) {
        return (hash * FIBONACCI) >>> shift;
    }

    /** Whether the id at a position is {@code id}; the cached hash codes differ for almost every other id. */
    private boolean holds(int position, String id, int hash) {
        String held = idAt.apply(position);
        return held == id || held.hashCode() == hash && held.equals(id);
    }

    /**
     * Indexes the positions {@code 0..size-1}.
     *
     * @param size the number of positions
     * @param idAt the id at a position
     * @return the index
     */
    static IdIndex build(int size, IntFunction<String> idAt) {
        return build(size, size, idAt, null, null);
    }

    /**
     * Indexes the positions {@code 0..size-1} of a timeline that hold entries of one kind, or all of
     * them when {@code structure} is {@code null}.
     *
     * @param size the number of positions
     * @param count how many of them hold the kind (sizes the table)
     * @param idAt the id at a position
     * @param structure the timeline's structure, which knows each position's kind, or {@code null}
     * @param kind the kind to index, or {@code null}
     * @return the index
     */
    static IdIndex build(int size, int count, IntFunction<String> idAt, TimelineStructure structure, Kind kind) {
        // a table of two to four slots per indexed id keeps probe runs short
        int capacity = Integer.highestOneBit(Math.max(4, count * 2 - 1)) << 1;
        int[] table = new int[capacity];
        int[] nextSame = new int[size];
        IdIndex index = new IdIndex(table, nextSame, idAt);
        // positions are stored +1 so that 0 means empty; inserted from the last, each position goes to the
        // front of its id's chain, so that a chain runs in position order and the table holds its first
        // position, and an id shared by many positions costs no walk along its chain
        for (int i = size - 1; i >= 0; i--) {
            nextSame[i] = -1;
            if (structure != null && structure.kind(i) != kind) {
                continue;
            }
            String id = idAt.apply(i);
            int hash = id.hashCode();
            int slot = index.slot(hash);
            while (true) {
                int held = table[slot];
                if (held == 0) {
                    table[slot] = i + 1;
                    break;
                }
                if (index.holds(held - 1, id, hash)) {
                    nextSame[i] = held - 1;
                    table[slot] = i + 1;
                    break;
                }
                slot = (slot + 1) & index.mask;
            }
        }
        return index;
    }

    /**
     * Indexes a list of ids.
     *
     * @param ids the ids
     * @return the index
     */
    static IdIndex of(List<String> ids) {
        return build(ids.size(), ids::get);
    }

    /**
     * Returns the first position holding an id.
     *
     * @param id the id
     * @return the position, or {@code -1}
     */
    int first(String id) {
        int hash = id.hashCode();
        int slot = slot(hash);
        while (true) {
            int held = table[slot];
            if (held == 0) {
                return -1;
            }
            if (holds(held - 1, id, hash)) {
                return held - 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /**
     * Returns the next position with the same id as {@code position}.
     *
     * @param position a position returned by {@link #first} or by this method
     * @return the next position, or {@code -1}
     */
    int next(int position) {
        return nextSame[position];
    }
}
