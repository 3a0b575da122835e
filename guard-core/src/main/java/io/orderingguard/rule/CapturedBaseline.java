package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
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
 * {@link io.orderingguard.stash.Snapshot} when the dispatch is sent.
 *
 * <pre>{@code
 * CapturedBaseline now = CapturedBaseline.of(dispatch, List.of("signature"));
 * RuleContext context = RuleContext.of(dispatch, previous, now);
 * }</pre>
 *
 * <p>Thread-safe: immutable. Backed by arrays, so that the capture of a 10,000-entry dispatch is a
 * handful of objects.
 */
public final class CapturedBaseline implements Baseline {

    private static final Kind[] KINDS = Kind.values();
    private static final int[] NO_FILLERS = null;

    private final String provider;
    private final String model;
    private final String[] ids;
    private final byte[] kinds;
    private final long[] payloadFingerprints;
    private final List<String> fieldPaths;
    private final long[] fieldFingerprints;
    // capture position -> timeline position; null when no filler was skipped (the positions are the same)
    private final int[] positions;

    private CapturedBaseline(String provider, String model, String[] ids, byte[] kinds, long[] payloadFingerprints,
            List<String> fieldPaths, long[] fieldFingerprints, int[] positions) {
        this.provider = provider;
        this.model = model;
        this.ids = ids;
        this.kinds = kinds;
        this.payloadFingerprints = payloadFingerprints;
        this.fieldPaths = fieldPaths;
        this.fieldFingerprints = fieldFingerprints;
        this.positions = positions;
    }

    /**
     * Captures a dispatch in one walk over its entries.
     *
     * @param dispatch the dispatch
     * @param fieldPaths the payload field paths whose fingerprints preservation rules compare
     * @return the capture
     */
    public static CapturedBaseline of(Dispatch dispatch, List<String> fieldPaths) {
        Require.nonNull(dispatch, "dispatch");
        List<String> paths = List.copyOf(Require.nonNull(fieldPaths, "fieldPaths"));
        List<Entry> entries = dispatch.timeline().entries();
        int n = entries.size();
        int width = paths.size();
        // sized for no fillers (the common case) and trimmed otherwise, so each entry is looked at once
        String[] ids = new String[n];
        byte[] kinds = new byte[n];
        long[] payloads = new long[n];
        long[] fields = new long[n * width];
        String[] pathArray = paths.toArray(new String[0]);
        int[] positions = NO_FILLERS;
        int j = 0;
        for (int i = 0; i < n; i++) {
            Entry e = entries.get(i);
            // resolved per record type: the interface calls on a mixed list cost more than the work here
            boolean hasPayload;
            if (e instanceof Message m) {
                hasPayload = m.hasPayload();
                if (hasPayload && m.hasPayloadPath(FILLER_MARKER)) {
                    if (positions == NO_FILLERS) {
                        positions = identity(n, j);
                    }
                    continue;
                }
                ids[j] = m.id();
                kinds[j] = (byte) Kind.MESSAGE.ordinal();
            } else if (e instanceof ToolCall c) {
                hasPayload = c.hasPayload();
                ids[j] = c.id();
                kinds[j] = (byte) Kind.TOOL_CALL.ordinal();
            } else {
                Thought t = (Thought) e;
                hasPayload = t.hasPayload();
                ids[j] = t.id();
                kinds[j] = (byte) Kind.THOUGHT.ordinal();
            }
            if (positions != NO_FILLERS) {
                positions[j] = i;
            }
            if (hasPayload) {
                payloads[j] = e.payloadFingerprint(null);
                for (int p = 0; p < width; p++) {
                    fields[j * width + p] = e.payloadFingerprint(pathArray[p]);
                }
            } else {
                payloads[j] = Payloads.ABSENT;
                for (int p = 0; p < width; p++) {
                    fields[j * width + p] = Payloads.ABSENT;
                }
            }
            j++;
        }
        if (j < n) {
            ids = Arrays.copyOf(ids, j);
            kinds = Arrays.copyOf(kinds, j);
            payloads = Arrays.copyOf(payloads, j);
            fields = Arrays.copyOf(fields, j * width);
            positions = Arrays.copyOf(positions, j);
        }
        return new CapturedBaseline(dispatch.provider(), dispatch.model(), ids, kinds, payloads, paths, fields,
                positions);
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
        String[] idArray = new String[n];
        byte[] kindArray = new byte[n];
        for (int i = 0; i < n; i++) {
            idArray[i] = Require.nonNullAt(ids.get(i), "ids", i);
            kindArray[i] = (byte) Require.nonNullAt(kinds.get(i), "kinds", i).ordinal();
        }
        return new CapturedBaseline(provider, model, idArray, kindArray, payloadFingerprints.clone(),
                List.copyOf(fieldPaths), fieldFingerprints.clone(), NO_FILLERS);
    }

    /**
     * Returns the provider the dispatch went to.
     *
     * @return the provider, or {@code null}
     */
    public String provider() {
        return provider;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public int size() {
        return ids.length;
    }

    @Override
    public String id(int index) {
        return ids[index];
    }

    @Override
    public Kind kind(int index) {
        return KINDS[kinds[index]];
    }

    /** Whether the entries at a position here and in another capture have the same kind. */
    boolean sameKind(int index, CapturedBaseline other, int otherIndex) {
        return kinds[index] == other.kinds[otherIndex];
    }

    @Override
    public long payloadFingerprint(int index) {
        return payloadFingerprints[index];
    }

    @Override
    public List<String> fieldPaths() {
        return fieldPaths;
    }

    @Override
    public long fieldFingerprint(int index, int pathIndex) {
        Objects.checkIndex(pathIndex, fieldPaths.size());
        return fieldFingerprints[index * fieldPaths.size() + pathIndex];
    }

    /**
     * Returns the position in the dispatch's timeline of a captured entry (they differ only after a
     * filler, which is not captured).
     *
     * @param index the position in this capture
     * @return the position in the timeline the capture was taken from
     */
    public int timelinePosition(int index) {
        Objects.checkIndex(index, ids.length);
        return positions == NO_FILLERS ? index : positions[index];
    }

    /**
     * Returns a copy of all payload fingerprints.
     *
     * @return the array, one per position
     */
    public long[] payloadFingerprints() {
        return payloadFingerprints.clone();
    }

    /**
     * Returns a copy of all field fingerprints, row-major.
     *
     * @return the array, {@code size() × fieldPaths().size()} long
     */
    public long[] fieldFingerprints() {
        return fieldFingerprints.clone();
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
        return o == this || (o instanceof CapturedBaseline c
                && Objects.equals(provider, c.provider)
                && Objects.equals(model, c.model)
                && Arrays.equals(ids, c.ids)
                && Arrays.equals(kinds, c.kinds)
                && Arrays.equals(payloadFingerprints, c.payloadFingerprints)
                && fieldPaths.equals(c.fieldPaths)
                && Arrays.equals(fieldFingerprints, c.fieldFingerprints));
    }

    @Override
    public int hashCode() {
        return Objects.hash(provider, model, Arrays.hashCode(ids), Arrays.hashCode(payloadFingerprints));
    }

    @Override
    public String toString() {
        return "CapturedBaseline[model=" + model + ", entries=" + ids.length + ", fieldPaths=" + fieldPaths + "]";
    }
}
