package io.orderingguard.timeline;

import io.orderingguard.support.Require;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable, ordered list of {@link Entry entries} in wire order, plus the tools declared in the
 * request.
 *
 * <p>Ids are not required to be unique: duplicate tool-call ids are a defect that a rule reports
 * and a repair fixes, so a timeline must be able to hold them.
 *
 * <p>Thread-safe: immutable.
 */
public final class Timeline {

    private static final Timeline EMPTY = new Timeline(List.of(), List.of());

    private final List<Entry> entries;
    private final List<DeclaredTool> tools;

    private Timeline(List<Entry> entries, List<DeclaredTool> tools) {
        this.entries = entries;
        this.tools = tools;
    }

    /**
     * Returns a builder that collects entries into the timeline's own array, for adapters that encode a
     * request entry by entry on every call: {@link Builder#build} hands that array to the timeline
     * instead of copying a list, as {@link #of(List, List)} must.
     *
     * <pre>{@code
     * Timeline.Builder builder = Timeline.builder(messages.size());
     * builder.add(Entry.user("m1", "Find X"));
     * Timeline timeline = builder.build(tools);
     * }</pre>
     *
     * @param expectedEntries how many entries are expected (the builder grows past it when needed)
     * @return the builder
     * @throws IllegalArgumentException when {@code expectedEntries} is negative
     */
    public static Builder builder(int expectedEntries) {
        if (expectedEntries < 0) {
            throw new IllegalArgumentException("expectedEntries must be >= 0, but was " + expectedEntries);
        }
        return new Builder(expectedEntries);
    }

    /**
     * Creates a timeline.
     *
     * @param entries the entries in wire order
     * @param tools the declared tools
     * @return the timeline
     * @throws NullPointerException naming the position of a {@code null} element
     */
    public static Timeline of(List<? extends Entry> entries, List<DeclaredTool> tools) {
        Require.nonNull(entries, "entries");
        Require.nonNull(tools, "tools");
        for (int i = 0; i < tools.size(); i++) {
            Require.nonNullAt(tools.get(i), "tools", i);
        }
        // List.copyOf keeps a list that is already unmodifiable (no copy, no walk) and checks a copy for
        // nulls itself; only when it finds one is the list walked again, to name the position
        List<Entry> copy;
        try {
            copy = List.copyOf(entries);
        } catch (NullPointerException e) {
            for (int i = 0; i < entries.size(); i++) {
                Require.nonNullAt(entries.get(i), "entries", i);
            }
            throw e;
        }
        return new Timeline(copy, List.copyOf(tools));
    }

    /**
     * Creates a timeline without declared tools.
     *
     * @param entries the entries in wire order
     * @return the timeline
     */
    public static Timeline of(List<? extends Entry> entries) {
        return of(entries, List.of());
    }

    /**
     * Creates a timeline without declared tools.
     *
     * @param entries the entries in wire order
     * @return the timeline
     */
    public static Timeline of(Entry... entries) {
        return of(Arrays.asList(entries), List.of());
    }

    /**
     * Returns the empty timeline.
     *
     * @return a timeline with no entries and no tools
     */
    public static Timeline empty() {
        return EMPTY;
    }

    /**
     * Returns the entries.
     *
     * @return an unmodifiable list in wire order
     */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * Returns the declared tools.
     *
     * @return an unmodifiable list
     */
    public List<DeclaredTool> tools() {
        return tools;
    }

    /**
     * Returns the number of entries.
     *
     * @return the size
     */
    public int size() {
        return entries.size();
    }

    /**
     * Returns whether there are no entries.
     *
     * @return {@code true} when empty
     */
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /**
     * Returns the entry at an index.
     *
     * @param index the position
     * @return the entry
     */
    public Entry get(int index) {
        return entries.get(index);
    }

    /**
     * Returns the position of the first entry with an id.
     *
     * @param id the id
     * @return the index, or {@code -1}
     */
    public int indexOf(String id) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Returns a timeline with other entries and the same tools.
     *
     * @param newEntries the entries
     * @return the new timeline
     */
    public Timeline withEntries(List<? extends Entry> newEntries) {
        return of(newEntries, tools);
    }

    /**
     * Returns a timeline with other declared tools.
     *
     * @param newTools the tools
     * @return the new timeline
     */
    public Timeline withTools(List<DeclaredTool> newTools) {
        return of(entries, newTools);
    }

    /**
     * Returns a timeline with one more entry at the end.
     *
     * @param entry the entry
     * @return the new timeline
     */
    public Timeline append(Entry entry) {
        Require.nonNull(entry, "entry");
        int n = entries.size();
        Entry[] copy = entries.toArray(new Entry[n + 1]);
        copy[n] = entry;
        return new Timeline(new EntryList(copy, n + 1), tools);
    }

    @Override
    public boolean equals(Object o) {
        return o == this
                || (o instanceof Timeline other && entries.equals(other.entries) && tools.equals(other.tools));
    }

    @Override
    public int hashCode() {
        return Objects.hash(entries, tools);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Timeline[");
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(e.kind().wireName()).append(':').append(e.id());
            if (e instanceof Message m) {
                sb.append('(').append(m.role().wireName()).append(')');
            }
        }
        return sb.append(']').toString();
    }

    /**
     * Collects the entries of one timeline, in order; made by {@link #builder(int)}. Once
     * {@link #build} has handed its entries to a timeline, it accepts nothing more.
     *
     * <p>Not thread-safe: one instance per timeline being built.
     */
    public static final class Builder {

        private Entry[] entries;
        private int size;
        private boolean built;

        private Builder(int expectedEntries) {
            entries = new Entry[expectedEntries];
        }

        /**
         * Adds an entry at the end.
         *
         * @param entry the entry
         * @return this builder
         * @throws NullPointerException when {@code entry} is {@code null}
         * @throws IllegalStateException when the timeline was already built
         */
        public Builder add(Entry entry) {
            Require.nonNull(entry, "entry");
            if (built) {
                throw new IllegalStateException("the timeline was already built: a builder builds one timeline");
            }
            if (size == entries.length) {
                entries = Arrays.copyOf(entries, Math.max(8, size + (size >> 1)));
            }
            entries[size++] = entry;
            return this;
        }

        /**
         * Returns how many entries were added.
         *
         * @return the count
         */
        public int size() {
            return size;
        }

        /**
         * Returns an entry added before.
         *
         * @param index the position, from 0
         * @return the entry
         * @throws IndexOutOfBoundsException when {@code index} is not below {@link #size()}
         */
        public Entry get(int index) {
            return entries[Objects.checkIndex(index, size)];
        }

        /**
         * Builds the timeline of the entries added, handing them over without copying.
         *
         * @param tools the declared tools
         * @return the timeline
         * @throws NullPointerException naming the position of a {@code null} tool
         * @throws IllegalStateException when the timeline was already built
         */
        public Timeline build(List<DeclaredTool> tools) {
            Require.nonNull(tools, "tools");
            for (int i = 0; i < tools.size(); i++) {
                Require.nonNullAt(tools.get(i), "tools", i);
            }
            if (built) {
                throw new IllegalStateException("the timeline was already built: a builder builds one timeline");
            }
            built = true;
            return new Timeline(size == 0 ? List.of() : new EntryList(entries, size), List.copyOf(tools));
        }
    }

    /** The entries a {@link Builder} collected: an unmodifiable list over its array, which nothing else holds. */
    private static final class EntryList extends AbstractList<Entry> implements RandomAccess {

        private final Entry[] entries;
        private final int size;

        EntryList(Entry[] entries, int size) {
            this.entries = entries;
            this.size = size;
        }

        @Override
        public Entry get(int index) {
            return entries[Objects.checkIndex(index, size)];
        }

        @Override
        public int size() {
            return size;
        }
    }
}
