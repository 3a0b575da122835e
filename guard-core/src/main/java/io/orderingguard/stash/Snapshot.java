package io.orderingguard.stash;

import io.orderingguard.rule.Baseline;
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
 * What the stash keeps of the last dispatch actually sent for a conversation: for each entry its
 * id, kind and position, a canonical fingerprint of its whole payload and of each payload field the
 * preservation rules name, plus the provider and model it was sent to. No message text, no
 * arguments, no payload content: a snapshot can sit in a shared store without holding user data.
 *
 * <p>Entries the repair engine inserted (alternation fillers, see {@link Baseline#isFiller(Entry)}) are
 * never captured. A snapshot is the {@link Baseline} the preservation rules compare the next dispatch with.
 *
 * <p>Thread-safe: immutable. Backed by arrays so that a 10,000-entry snapshot is a handful of
 * objects.
 */
public final class Snapshot implements Baseline {

    private final long version;
    private final String provider;
    private final String model;
    private final String[] ids;
    private final Kind[] kinds;
    private final long[] payloadFingerprints;
    private final List<String> fieldPaths;
    private final long[] fieldFingerprints;

    private Snapshot(long version, String provider, String model, String[] ids, Kind[] kinds,
            long[] payloadFingerprints, List<String> fieldPaths, long[] fieldFingerprints) {
        this.version = version;
        this.provider = provider;
        this.model = model;
        this.ids = ids;
        this.kinds = kinds;
        this.payloadFingerprints = payloadFingerprints;
        this.fieldPaths = fieldPaths;
        this.fieldFingerprints = fieldFingerprints;
    }

    /**
     * Rebuilds a snapshot from stored parts (used by stash implementations that serialise).
     *
     * @param version the version, at least 1
     * @param provider the provider, or {@code null}
     * @param model the model, or {@code null}
     * @param ids the entry ids in position order
     * @param kinds the entry kinds, same length
     * @param payloadFingerprints whole-payload fingerprints, same length
     * @param fieldPaths the payload field paths captured
     * @param fieldFingerprints row-major {@code ids.length × fieldPaths.size()} fingerprints
     * @return the snapshot
     * @throws IllegalArgumentException when the lengths disagree
     */
    public static Snapshot of(long version, String provider, String model, List<String> ids, List<Kind> kinds,
            long[] payloadFingerprints, List<String> fieldPaths, long[] fieldFingerprints) {
        // every tracked dispatch builds a snapshot: the messages are built only on failure
        if (version < 1) {
            throw new IllegalArgumentException("version must be >= 1, but was " + version);
        }
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
        Kind[] kindArray = new Kind[n];
        for (int i = 0; i < n; i++) {
            idArray[i] = Require.nonNullAt(ids.get(i), "ids", i);
            kindArray[i] = Require.nonNullAt(kinds.get(i), "kinds", i);
        }
        return new Snapshot(version, provider, model, idArray, kindArray, payloadFingerprints.clone(),
                List.copyOf(fieldPaths), fieldFingerprints.clone());
    }

    /**
     * Captures a dispatch.
     *
     * @param dispatch the dispatch that was sent
     * @param fieldPaths the payload field paths whose fingerprints preservation rules compare
     * @param version the version of the new snapshot (previous version + 1, or 1)
     * @return the snapshot
     */
    public static Snapshot capture(Dispatch dispatch, List<String> fieldPaths, long version) {
        List<Entry> entries = dispatch.timeline().entries();
        int n = entries.size();
        int width = fieldPaths.size();
        // sized for no fillers (the common case) and trimmed otherwise, so each entry is looked at once
        String[] ids = new String[n];
        Kind[] kinds = new Kind[n];
        long[] payloads = new long[n];
        long[] fields = new long[n * width];
        String[] paths = fieldPaths.toArray(new String[0]);
        int j = 0;
        for (int i = 0; i < n; i++) {
            Entry e = entries.get(i);
            // resolved per record type: the interface calls on a mixed list cost more than the work here
            boolean hasPayload;
            if (e instanceof Message m) {
                hasPayload = m.hasPayload();
                if (hasPayload && m.hasPayloadPath(Baseline.FILLER_MARKER)) {
                    continue;
                }
                ids[j] = m.id();
                kinds[j] = Kind.MESSAGE;
            } else if (e instanceof ToolCall c) {
                hasPayload = c.hasPayload();
                ids[j] = c.id();
                kinds[j] = Kind.TOOL_CALL;
            } else {
                Thought t = (Thought) e;
                hasPayload = t.hasPayload();
                ids[j] = t.id();
                kinds[j] = Kind.THOUGHT;
            }
            if (hasPayload) {
                payloads[j] = e.payloadFingerprint(null);
                for (int p = 0; p < width; p++) {
                    fields[j * width + p] = e.payloadFingerprint(paths[p]);
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
        }
        return new Snapshot(version, dispatch.provider(), dispatch.model(), ids, kinds, payloads,
                List.copyOf(fieldPaths), fields);
    }


    /**
     * Returns the version: 1 for the first snapshot of a conversation, then +1 per dispatch sent.
     *
     * @return the version
     */
    public long version() {
        return version;
    }

    /**
     * Returns the provider the snapshot's dispatch went to.
     *
     * @return the provider, or {@code null}
     */
    public String provider() {
        return provider;
    }

    /**
     * Returns the model the snapshot's dispatch went to.
     *
     * @return the model, or {@code null}
     */
    @Override
    public String model() {
        return model;
    }

    /**
     * Returns the number of captured entries.
     *
     * @return the size
     */
    @Override
    public int size() {
        return ids.length;
    }

    /**
     * Returns the id at a position.
     *
     * @param index the position
     * @return the id
     */
    @Override
    public String id(int index) {
        return ids[index];
    }

    /**
     * Returns the kind at a position.
     *
     * @param index the position
     * @return the kind
     */
    @Override
    public Kind kind(int index) {
        return kinds[index];
    }

    /**
     * Returns the whole-payload fingerprint at a position.
     *
     * @param index the position
     * @return the fingerprint, {@link Payloads#ABSENT} without payload
     */
    @Override
    public long payloadFingerprint(int index) {
        return payloadFingerprints[index];
    }

    /**
     * Returns the captured field paths.
     *
     * @return the paths
     */
    @Override
    public List<String> fieldPaths() {
        return fieldPaths;
    }

    /**
     * Returns the fingerprint of a payload field at a position.
     *
     * @param index the position
     * @param fieldPath one of {@link #fieldPaths()}
     * @return the fingerprint, or {@link Payloads#ABSENT}; {@code null} when the path was not captured
     */
    public Long fieldFingerprint(int index, String fieldPath) {
        int p = fieldPaths.indexOf(fieldPath);
        return p < 0 ? null : fieldFingerprints[index * fieldPaths.size() + p];
    }

    /**
     * Returns the fingerprint of a payload field at a position, without boxing (for rules that look up the
     * path once and read every position).
     *
     * @param index the position
     * @param pathIndex the position of the field's path in {@link #fieldPaths()}
     * @return the fingerprint, or {@link Payloads#ABSENT}
     */
    @Override
    public long fieldFingerprint(int index, int pathIndex) {
        Objects.checkIndex(pathIndex, fieldPaths.size());
        return fieldFingerprints[index * fieldPaths.size() + pathIndex];
    }

    /**
     * Returns the same content under another version.
     *
     * @param newVersion the version
     * @return the copy
     */
    public Snapshot withVersion(long newVersion) {
        if (newVersion < 1) {
            throw new IllegalArgumentException("version must be >= 1, but was " + newVersion);
        }
        return new Snapshot(newVersion, provider, model, ids, kinds, payloadFingerprints, fieldPaths,
                fieldFingerprints);
    }

    /**
     * Returns a copy of all field fingerprints, row-major.
     *
     * @return the array
     */
    public long[] fieldFingerprints() {
        return fieldFingerprints.clone();
    }

    /**
     * Returns a copy of all payload fingerprints.
     *
     * @return the array
     */
    public long[] payloadFingerprints() {
        return payloadFingerprints.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Snapshot s
                && version == s.version
                && Objects.equals(provider, s.provider)
                && Objects.equals(model, s.model)
                && Arrays.equals(ids, s.ids)
                && Arrays.equals(kinds, s.kinds)
                && Arrays.equals(payloadFingerprints, s.payloadFingerprints)
                && fieldPaths.equals(s.fieldPaths)
                && Arrays.equals(fieldFingerprints, s.fieldFingerprints));
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, provider, model, Arrays.hashCode(ids), Arrays.hashCode(payloadFingerprints));
    }

    @Override
    public String toString() {
        return "Snapshot[version=" + version + ", model=" + model + ", entries=" + ids.length + "]";
    }
}
