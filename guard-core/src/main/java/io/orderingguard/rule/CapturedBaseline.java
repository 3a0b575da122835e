package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The baseline a dispatch leaves once it is sent: for each entry (fillers excluded, see
 * {@link Baseline#isFiller(Entry)}) its id, its kind, the canonical fingerprint of its payload and of each
 * payload field the preservation rules compare, plus the provider and model. No message text, no
 * arguments, no payload content.
 *
 * <p>The guard captures a tracked dispatch in one walk over its entries, before its rules run: the
 * preservation rules then align the previous baseline with this one and compare their fingerprints array
 * by array, without reading the entries again, and the same capture becomes the stash's next
 * {@link io.orderingguard.spi.Snapshot} when the dispatch is sent.
 *
 * <p>A conversation mostly grows: the next dispatch sends what the last one sent and a few entries more.
 * Captured {@linkplain #of(Dispatch, List, CapturedBaseline) against the previous capture}, a dispatch whose
 * entries start with exactly the previous ones (same ids, kinds and fingerprints, read from the entries and
 * compared on the way) shares the previous capture's arrays and only writes the entries it adds, into
 * room the arrays keep at their end; anything else (an entry dropped, moved or changed) is captured afresh
 * from the first difference on. So a tracked dispatch that only appended allocates for what it appended,
 * not for the whole conversation.
 *
 * <pre>{@code
 * CapturedBaseline now = CapturedBaseline.of(dispatch, List.of("signature"), previous);
 * RuleContext context = RuleContext.of(dispatch, previous, now);
 * }</pre>
 *
 * <p>Thread-safe: immutable. A capture's positions never change; captures of one conversation may share
 * arrays, each reading only the positions it captured, and a position is written once, by the capture
 * that claimed it, before that capture is published. Backed by arrays, so that the capture of a 10,000-entry
 * dispatch is a handful of objects.
 */
final class CapturedBaseline implements Baseline {

    private static final Kind[] KINDS = Kind.values();
    private static final byte MESSAGE = (byte) Kind.MESSAGE.ordinal();
    private static final byte TOOL_CALL = (byte) Kind.TOOL_CALL.ordinal();
    private static final byte THOUGHT = (byte) Kind.THOUGHT.ordinal();

    private final String provider;
    private final String model;
    private final Storage storage;
    private final int size;
    private final List<String> fieldPaths;
    // capture position -> timeline position; null when no filler was skipped (the positions are the same)
    private final int[] positions;
    // the storage's arrays, read from here: one object fewer between a baseline and its entries' rows
    private final String[] ids;
    private final byte[] kinds;
    private final long[] payloads;
    private final long[] fields;
    private final String[] paths;

    /**
     * The arrays behind one or more captures of a conversation: position {@code i} of each capture that
     * reaches it holds the same entry. Positions below {@link #filled} are written and never change; a
     * capture that extends another claims the positions from the other's size to its own
     * ({@link #claimed}) before writing them, so two captures never write the same position.
     */
    private static final class Storage {
        private static final VarHandle CLAIMED;

        static {
            try {
                CLAIMED = MethodHandles.lookup().findVarHandle(Storage.class, "claimed", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final String[] ids;
        final byte[] kinds;
        final long[] payloads;
        final long[] fields;
        final int width;
        // the field paths of the rows, as the array the walks index (shared: read, never written)
        final String[] paths;
        // a field updated through a handle, not an AtomicInteger: one object fewer to read on every tracked
        // dispatch
        private volatile int claimed;
        volatile int filled;

        Storage(int capacity, String[] paths) {
            this.ids = new String[capacity];
            this.kinds = new byte[capacity];
            this.payloads = new long[capacity];
            this.width = paths.length;
            this.fields = new long[capacity * width];
            this.paths = paths;
        }

        int capacity() {
            return ids.length;
        }

        /** Room for a conversation to grow by an eighth (and at least 16 entries) before copying. */
        static int capacityFor(int size) {
            return size + (size >>> 3) + 16;
        }

        /** Claims positions {@code [from, to)} for one capture, if no capture claimed beyond {@code from}. */
        boolean claim(int from, int to) {
            return CLAIMED.compareAndSet(this, from, to);
        }

        /** Marks the first {@code size} positions written, by the one thread that filled them. */
        void publish(int size) {
            claimed = size;
            filled = size;
        }

        /** A new storage holding the first {@code count} positions of this one, with room for {@code size}. */
        Storage copy(int count, int size) {
            Storage copy = new Storage(capacityFor(size), paths);
            System.arraycopy(ids, 0, copy.ids, 0, count);
            System.arraycopy(kinds, 0, copy.kinds, 0, count);
            System.arraycopy(payloads, 0, copy.payloads, 0, count);
            System.arraycopy(fields, 0, copy.fields, 0, count * width);
            return copy;
        }
    }

    private CapturedBaseline(String provider, String model, Storage storage, int size, List<String> fieldPaths,
            int[] positions) {
        this.provider = provider;
        this.model = model;
        this.storage = storage;
        this.size = size;
        this.fieldPaths = fieldPaths;
        this.positions = positions;
        this.ids = storage.ids;
        this.kinds = storage.kinds;
        this.payloads = storage.payloads;
        this.fields = storage.fields;
        this.paths = storage.paths;
    }

    /**
     * Captures a dispatch in one walk over its entries.
     *
     * @param dispatch the dispatch
     * @param fieldPaths the payload field paths whose fingerprints preservation rules compare
     * @return the capture
     */
    public static CapturedBaseline of(Dispatch dispatch, List<String> fieldPaths) {
        return of(dispatch, fieldPaths, null);
    }

    /**
     * Captures a dispatch in one walk over its entries, sharing the arrays of the previous capture of the
     * conversation when the dispatch starts with exactly the entries that one captured (the same ids and
     * kinds in the same order, with the same fingerprints): then only the entries after them are written.
     * The result is equal to {@link #of(Dispatch, List)}; only the memory it takes differs.
     *
     * @param dispatch the dispatch
     * @param fieldPaths the payload field paths whose fingerprints preservation rules compare
     * @param previous the capture of the last dispatch sent in the conversation, or {@code null}
     * @return the capture
     */
    public static CapturedBaseline of(Dispatch dispatch, List<String> fieldPaths, CapturedBaseline previous) {
        return new Walk(Require.nonNull(dispatch, "dispatch"), Require.nonNull(fieldPaths, "fieldPaths"), previous)
                .finish();
    }

    /**
     * A capture against the previous one made in steps: {@link #range} compares the entries of consecutive
     * ranges from the first on with what the previous capture holds (so that a check going over a long
     * timeline block by block compares each block while its entries are in cache), {@link #finish} compares
     * what no range covered and makes the capture {@link #of(Dispatch, List, CapturedBaseline)} makes.
     *
     * <p>Not thread-safe: one per capture.
     */
    static final class Walk {
        private final Dispatch dispatch;
        private final List<String> paths;
        private final List<Entry> entries;
        /** The capture compared with, or {@code null} when there is none to share (the capture starts afresh). */
        private final CapturedBaseline previous;
        /** The positions {@code [0, compared)} hold what the previous capture holds. */
        private int compared;
        /** The first position that differs, or -1. */
        private int differsAt = -1;

        Walk(Dispatch dispatch, List<String> fieldPaths, CapturedBaseline previous) {
            this.dispatch = dispatch;
            this.paths = List.copyOf(fieldPaths);
            this.entries = dispatch.timeline().entries();
            int n = entries.size();
            boolean comparable = previous != null && previous.positions == null && previous.size <= n
                    && previous.fieldPaths.equals(paths);
            this.previous = comparable ? previous : null;
        }

        /** Compares the entries before {@code to} not compared yet (the walk is meant to be given consecutive ranges). */
        void range(int to) {
            CapturedBaseline p = previous;
            if (p == null || differsAt >= 0) {
                return;
            }
            int end = Math.min(to, p.size);
            for (int i = compared; i < end; i++) {
                if (!sameEntry(entries.get(i), p.ids, p.kinds, p.payloads, p.fields, i, p.paths)) {
                    differsAt = i;
                    return;
                }
            }
            compared = Math.max(compared, end);
        }

        /** Compares the rest and makes the capture. */
        CapturedBaseline finish() {
            CapturedBaseline p = previous;
            if (p == null) {
                return capture(dispatch, paths, paths.toArray(new String[0]), null, 0);
            }
            range(p.size);
            Storage prior = p.storage;
            String[] pathArray = p.paths;
            if (differsAt >= 0) {
                return capture(dispatch, paths, pathArray, prior, differsAt);
            }
            int k = p.size;
            int n = entries.size();
            if (n == k) {
                return new CapturedBaseline(dispatch.provider(), dispatch.model(), prior, n, paths, null);
            }
            for (int i = k; i < n; i++) {
                if (Baseline.isFiller(entries.get(i))) {
                    // positions would differ from the timeline's: the rare case keeps its own arrays
                    return capture(dispatch, paths, pathArray, prior, k);
                }
            }
            if (n <= prior.capacity()) {
                if (prior.claim(k, n)) {
                    // the positions are this capture's alone now: written in place, no array in between
                    for (int i = k; i < n; i++) {
                        write(entries.get(i), prior, i, pathArray);
                    }
                    prior.filled = n;
                    return new CapturedBaseline(dispatch.provider(), dispatch.model(), prior, n, paths, null);
                }
                // another capture extended the previous one already (a retry, a racing dispatch): the same
                // entries may be there
                if (prior.filled >= n && sameEntries(entries, k, n, prior, pathArray)) {
                    return new CapturedBaseline(dispatch.provider(), dispatch.model(), prior, n, paths, null);
                }
            }
            Storage grown = prior.copy(k, n);
            for (int i = k; i < n; i++) {
                write(entries.get(i), grown, i, pathArray);
            }
            grown.publish(n);
            return new CapturedBaseline(dispatch.provider(), dispatch.model(), grown, n, paths, null);
        }
    }

    /**
     * Captures from position {@code from} on into new arrays, the positions before it copied from
     * {@code known} (compared with the entries already, so not read again).
     */
    private static CapturedBaseline capture(Dispatch dispatch, List<String> paths, String[] pathArray, Storage known,
            int from) {
        List<Entry> entries = dispatch.timeline().entries();
        int n = entries.size();
        Storage s = known == null ? new Storage(Storage.capacityFor(n), pathArray) : known.copy(from, n);
        int[] positions = null;
        int j = from;
        for (int i = from; i < n; i++) {
            Entry e = entries.get(i);
            if (Baseline.isFiller(e)) {
                if (positions == null) {
                    positions = identity(n, j);
                }
                continue;
            }
            if (positions != null) {
                positions[j] = i;
            }
            write(e, s, j, pathArray);
            j++;
        }
        s.publish(j);
        return new CapturedBaseline(dispatch.provider(), dispatch.model(), s, j, paths, positions);
    }

    /** Writes one entry's id, kind and fingerprints at a position. */
    private static void write(Entry e, Storage s, int at, String[] pathArray) {
        // resolved per record type: the interface calls on a mixed list cost more than the work here
        boolean hasPayload;
        if (e instanceof Message m) {
            hasPayload = m.hasPayload();
            s.ids[at] = m.id();
            s.kinds[at] = MESSAGE;
        } else if (e instanceof ToolCall c) {
            hasPayload = c.hasPayload();
            s.ids[at] = c.id();
            s.kinds[at] = TOOL_CALL;
        } else {
            Thought t = (Thought) e;
            hasPayload = t.hasPayload();
            s.ids[at] = t.id();
            s.kinds[at] = THOUGHT;
        }
        int width = pathArray.length;
        int row = at * width;
        if (hasPayload) {
            s.payloads[at] = e.payloadFingerprint(null);
            for (int p = 0; p < width; p++) {
                s.fields[row + p] = e.payloadFingerprint(pathArray[p]);
            }
        } else {
            s.payloads[at] = Payloads.ABSENT;
            for (int p = 0; p < width; p++) {
                s.fields[row + p] = Payloads.ABSENT;
            }
        }
    }

    /** Whether an entry is what a storage holds at a position: not a filler, same id, kind and fingerprints. */
    private static boolean sameEntry(Entry e, Storage s, int at, String[] pathArray) {
        return sameEntry(e, s.ids, s.kinds, s.payloads, s.fields, at, pathArray);
    }

    private static boolean sameEntry(Entry e, String[] sIds, byte[] sKinds, long[] sPayloads, long[] sFields, int at,
            String[] pathArray) {
        boolean hasPayload;
        String id;
        byte kind;
        if (e instanceof Message m) {
            hasPayload = m.hasPayload();
            if (hasPayload && m.hasPayloadPath(FILLER_MARKER)) {
                return false;
            }
            id = m.id();
            kind = MESSAGE;
        } else if (e instanceof ToolCall c) {
            hasPayload = c.hasPayload();
            id = c.id();
            kind = TOOL_CALL;
        } else {
            Thought t = (Thought) e;
            hasPayload = t.hasPayload();
            id = t.id();
            kind = THOUGHT;
        }
        String held = sIds[at];
        // the same string when both come from the same entries (the usual case)
        if (sKinds[at] != kind || id != held && !id.equals(held)) {
            return false;
        }
        int width = pathArray.length;
        int row = at * width;
        if (!hasPayload) {
            if (sPayloads[at] != Payloads.ABSENT) {
                return false;
            }
            for (int p = 0; p < width; p++) {
                if (sFields[row + p] != Payloads.ABSENT) {
                    return false;
                }
            }
            return true;
        }
        if (e.payloadFingerprint(null) != sPayloads[at]) {
            return false;
        }
        for (int p = 0; p < width; p++) {
            if (e.payloadFingerprint(pathArray[p]) != sFields[row + p]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the entries at {@code [from, to)} are what a storage holds at the same positions. */
    private static boolean sameEntries(List<Entry> entries, int from, int to, Storage s, String[] pathArray) {
        for (int i = from; i < to; i++) {
            if (!sameEntry(entries.get(i), s, i, pathArray)) {
                return false;
            }
        }
        return true;
    }

    private static int[] identity(int n, int upTo) {
        int[] positions = new int[n];
        for (int k = 0; k < upTo; k++) {
            positions[k] = k;
        }
        return positions;
    }

    /**
     * Rebuilds a capture from stored parts (stash implementations that serialise snapshots use it
     * through {@code Snapshot.of}); the arrays are copied.
     *
     * @param provider the provider, or {@code null}
     * @param model the model, or {@code null}
     * @param ids the entry ids in position order
     * @param kinds the entry kinds, same length
     * @param payloadFingerprints whole-payload fingerprints, same length
     * @param fieldPaths the payload field paths captured
     * @param fieldFingerprints row-major {@code ids.size() × fieldPaths.size()} fingerprints
     * @return the capture
     * @throws NullPointerException when a part or an id or kind is null
     * @throws IllegalArgumentException when the lengths disagree
     */
    public static CapturedBaseline of(String provider, String model, List<String> ids, List<Kind> kinds,
            long[] payloadFingerprints, List<String> fieldPaths, long[] fieldFingerprints) {
        // every stash read of a serialising stash builds one: the messages are built only on failure
        int n = Require.nonNull(ids, "ids").size();
        if (Require.nonNull(kinds, "kinds").size() != n) {
            throw new IllegalArgumentException("kinds must have " + n + " elements, but had " + kinds.size());
        }
        if (Require.nonNull(payloadFingerprints, "payloadFingerprints").length != n) {
            throw new IllegalArgumentException(
                    "payloadFingerprints must have " + n + " elements, but had " + payloadFingerprints.length);
        }
        int width = Require.nonNull(fieldPaths, "fieldPaths").size();
        if (Require.nonNull(fieldFingerprints, "fieldFingerprints").length != n * width) {
            throw new IllegalArgumentException(
                    "fieldFingerprints must have " + (n * width) + " elements, but had " + fieldFingerprints.length);
        }
        List<String> paths = List.copyOf(fieldPaths);
        // room to grow, as a fresh capture has: the next dispatch of the conversation appends in place
        Storage s = new Storage(Storage.capacityFor(n), paths.toArray(new String[0]));
        for (int i = 0; i < n; i++) {
            s.ids[i] = Require.nonNullAt(ids.get(i), "ids", i);
            s.kinds[i] = (byte) Require.nonNullAt(kinds.get(i), "kinds", i).ordinal();
        }
        System.arraycopy(payloadFingerprints, 0, s.payloads, 0, n);
        System.arraycopy(fieldFingerprints, 0, s.fields, 0, n * width);
        s.publish(n);
        return new CapturedBaseline(provider, model, s, n, paths, null);
    }

    /**
     * Returns the provider the dispatch went to.
     *
     * @return the provider, or {@code null}
     */
    @Override
    public String provider() {
        return provider;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String id(int index) {
        return ids[Objects.checkIndex(index, size)];
    }

    @Override
    public Kind kind(int index) {
        return KINDS[kinds[Objects.checkIndex(index, size)]];
    }

    /** Whether the entries at a position here and in another capture have the same kind. */
    boolean sameKind(int index, CapturedBaseline other, int otherIndex) {
        return kinds[Objects.checkIndex(index, size)]
                == other.kinds[Objects.checkIndex(otherIndex, other.size)];
    }

    /**
     * How many leading positions this capture shares with another one by construction (the same arrays):
     * those hold the same ids, kinds and fingerprints without comparing them.
     */
    int sharedPrefix(CapturedBaseline other) {
        return storage == other.storage && positions == null && other.positions == null
                ? Math.min(size, other.size) : 0;
    }

    @Override
    public long payloadFingerprint(int index) {
        return payloads[Objects.checkIndex(index, size)];
    }

    @Override
    public List<String> fieldPaths() {
        return fieldPaths;
    }

    @Override
    public long fieldFingerprint(int index, int pathIndex) {
        Objects.checkIndex(pathIndex, fieldPaths.size());
        return fields[Objects.checkIndex(index, size) * paths.length + pathIndex];
    }

    /**
     * Returns the position in the dispatch's timeline of a captured entry (they differ only after a
     * filler, which is not captured).
     *
     * @param index the position in this capture
     * @return the position in the timeline the capture was taken from
     */
    public int timelinePosition(int index) {
        Objects.checkIndex(index, size);
        return positions == null ? index : positions[index];
    }

    /**
     * Returns a copy of all payload fingerprints.
     *
     * @return the array, one per position
     */
    @Override
    public long[] payloadFingerprints() {
        return Arrays.copyOf(storage.payloads, size);
    }

    /**
     * Returns a copy of all field fingerprints, row-major.
     *
     * @return the array, {@code size() × fieldPaths().size()} long
     */
    @Override
    public long[] fieldFingerprints() {
        return Arrays.copyOf(storage.fields, size * storage.width);
    }

    /**
     * Compares the captured content: provider, model, ids, kinds, field paths and every fingerprint (not
     * the timeline positions, which a stored snapshot does not keep).
     *
     * @param o the other object
     * @return whether {@code o} is a capture of the same content
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof CapturedBaseline c) || size != c.size || !Objects.equals(provider, c.provider)
                || !Objects.equals(model, c.model) || !fieldPaths.equals(c.fieldPaths)) {
            return false;
        }
        Storage a = storage;
        Storage b = c.storage;
        int rows = size * a.width;
        return Arrays.equals(a.ids, 0, size, b.ids, 0, size)
                && Arrays.equals(a.kinds, 0, size, b.kinds, 0, size)
                && Arrays.equals(a.payloads, 0, size, b.payloads, 0, size)
                && Arrays.equals(a.fields, 0, rows, b.fields, 0, rows);
    }

    @Override
    public int hashCode() {
        int h = Objects.hash(provider, model, size);
        for (int i = 0; i < size; i++) {
            h = 31 * h + ids[i].hashCode();
            h = 31 * h + Long.hashCode(payloads[i]);
        }
        return h;
    }

    @Override
    public String toString() {
        return "CapturedBaseline[model=" + model + ", entries=" + size + ", fieldPaths=" + fieldPaths + "]";
    }
}
