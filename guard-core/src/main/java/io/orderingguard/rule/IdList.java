package io.orderingguard.rule;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The ids one finding names, as a rule collects them: filled once through a {@link Builder}, then kept by
 * the {@link Finding} as they are. A finding on a long conversation can name hundreds of entries (every
 * stale thought, every call with the wrong role tag), and collecting them into a growing list that the
 * finding then copies again costs a check more than reading the entries did.
 *
 * <p>Immutable and thread-safe once built; it never holds {@code null}.
 */
final class IdList extends AbstractList<String> implements RandomAccess {

    private final String[] ids;
    private final int size;

    private IdList(String[] ids, int size) {
        this.ids = ids;
        this.size = size;
    }

    @Override
    public String get(int index) {
        return ids[Objects.checkIndex(index, size)];
    }

    @Override
    public int size() {
        return size;
    }

    /**
     * Starts a list.
     *
     * @param expected how many ids the rule expects to add (the exact count when it has one)
     * @return the builder
     */
    static Builder builder(int expected) {
        return new Builder(expected);
    }

    /** Collects ids in order; used by one rule for one finding, then discarded. Not thread-safe. */
    static final class Builder {

        private String[] ids;
        private int size;

        private Builder(int expected) {
            ids = new String[Math.max(1, expected)];
        }

        /**
         * Adds an id.
         *
         * @param id the id, not {@code null}
         * @return this builder
         */
        Builder add(String id) {
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size * 2);
            }
            ids[size++] = Objects.requireNonNull(id, "id");
            return this;
        }

        /**
         * Returns how many ids were added.
         *
         * @return the count
         */
        int size() {
            return size;
        }

        /**
         * Returns an id added earlier.
         *
         * @param index its position
         * @return the id
         */
        String get(int index) {
            return ids[Objects.checkIndex(index, size)];
        }

        /**
         * Returns the ids added, in order; the builder must not be used afterwards.
         *
         * @return the immutable list
         */
        List<String> build() {
            // a list that came out at under three quarters of its array is trimmed: findings may be kept
            String[] kept = size * 4 < ids.length * 3 ? Arrays.copyOf(ids, size) : ids;
            ids = null;
            return new IdList(kept, size);
        }
    }
}
