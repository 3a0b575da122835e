package io.orderingguard.policy;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * An immutable list of call indices held as an {@code int[]} (or as the range {@code 0..n-1} with no
 * array at all), so that the indices a rule spans cost four bytes each instead of a boxed
 * {@code Integer} and a reference in two copies. Boxes only on {@link #get}. Equal to any list of the
 * same integers, as {@link List#equals} requires.
 *
 * <p>Thread-safe: immutable.
 */
final class IndexList extends AbstractList<Integer> implements RandomAccess {

    private static final IndexList EMPTY = new IndexList(new int[0], 0);

    /** The indices, or {@code null} for the range {@code 0..size-1}. */
    private final int[] values;
    private final int size;

    private IndexList(int[] values, int size) {
        this.values = values;
        this.size = size;
    }

    /**
     * Returns {@code 0, 1, …, n-1}.
     *
     * @param n the length
     * @return the range
     */
    static IndexList range(int n) {
        return n == 0 ? EMPTY : new IndexList(null, n);
    }

    /**
     * Returns the indices of a list, checked to be non-null and non-negative; an index list is returned
     * as it is.
     *
     * @param indices the indices
     * @param field the name used in error messages
     * @return the immutable list
     * @throws NullPointerException when an index is {@code null}
     * @throws IllegalArgumentException when an index is negative
     */
    static IndexList copyOf(List<Integer> indices, String field) {
        if (indices instanceof IndexList own) {
            return own;
        }
        int n = indices.size();
        if (n == 0) {
            return EMPTY;
        }
        int[] copy = new int[n];
        int k = 0;
        for (Integer index : indices) {
            if (index == null) {
                throw new NullPointerException(field + " must not contain null");
            }
            if (index < 0) {
                throw new IllegalArgumentException(field + " indices must be >= 0, but one was " + index);
            }
            copy[k++] = index;
        }
        return new IndexList(copy, n);
    }

    @Override
    public Integer get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " out of bounds for length " + size);
        }
        return values == null ? index : values[index];
    }

    /**
     * Returns the index at a position without boxing.
     *
     * @param position the position in this list
     * @return the index
     */
    int at(int position) {
        return values == null ? position : values[position];
    }

    @Override
    public int size() {
        return size;
    }

    /** Collects indices in increasing order without boxing them. Not thread-safe. */
    static final class Builder {
        private int[] values = new int[8];
        private int size;

        void add(int index) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = index;
        }

        /** Adds every index of a list. */
        void addAll(IndexList indices) {
            for (int i = 0; i < indices.size; i++) {
                add(indices.values == null ? i : indices.values[i]);
            }
        }

        int size() {
            return size;
        }

        int get(int position) {
            return values[position];
        }

        boolean isEmpty() {
            return size == 0;
        }

        IndexList build() {
            return size == 0 ? EMPTY : new IndexList(values, size);
        }

        /** Builds the indices added, sorted, each once. */
        IndexList buildSortedUnique() {
            if (size == 0) {
                return EMPTY;
            }
            Arrays.sort(values, 0, size);
            int unique = 1;
            for (int i = 1; i < size; i++) {
                if (values[i] != values[unique - 1]) {
                    values[unique++] = values[i];
                }
            }
            return new IndexList(values, unique);
        }
    }
}
