package io.orderingguard.spi;

import io.orderingguard.rule.Baseline;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Payloads;
import java.util.List;

/**
 * What the stash keeps of the last dispatch actually sent for a conversation: for each entry its
 * id, kind and position, a canonical fingerprint of its whole payload and of each payload field the
 * preservation rules name, plus the provider and model it was sent to. No message text, no
 * arguments, no payload content: a snapshot can sit in a shared store without holding user data.
 *
 * <p>Entries the repair engine inserted (alternation fillers, see {@link Baseline#isFiller(Entry)}) are
 * never captured. A snapshot is the {@link Baseline} the preservation rules compare the next dispatch with.
 *
 * <p>A snapshot is a version and a {@link Baseline} capture: the guard captures a tracked dispatch once,
 * compares that capture with the previous snapshot, and stores the same capture (no second walk over
 * the entries) when the dispatch is sent. What a serialising stash stores ({@link #payloadFingerprints()},
 * {@link #fieldFingerprints()}, ids, kinds, provider, model) is unchanged by this.
 *
 * <p>Thread-safe: immutable. Backed by arrays so that a 10,000-entry snapshot is a handful of
 * objects.
 */
public final class Snapshot implements Baseline {

    private final long version;
    private final Baseline content;

    private Snapshot(long version, Baseline content) {
        this.version = version;
        this.content = content;
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
        requireVersion(version);
        return new Snapshot(version, Baseline.of(provider, model, ids, kinds, payloadFingerprints, fieldPaths,
                fieldFingerprints));
    }

    /**
     * Makes a snapshot of a capture, sharing it (the guard captures a tracked dispatch once, compares it
     * with the previous snapshot, and stores the same capture when the dispatch is sent).
     *
     * @param version the version, at least 1
     * @param content the capture of the dispatch that was sent ({@link Baseline#capture(Dispatch, List)})
     * @return the snapshot
     * @throws IllegalArgumentException when the version is below 1, or {@code content} is a snapshot
     */
    public static Snapshot of(long version, Baseline content) {
        requireVersion(version);
        if (Require.nonNull(content, "content") instanceof Snapshot) {
            throw new IllegalArgumentException("content must be a capture, but was a snapshot");
        }
        return new Snapshot(version, content);
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
        requireVersion(version);
        return new Snapshot(version, Baseline.capture(dispatch, fieldPaths));
    }

    private static void requireVersion(long version) {
        if (version < 1) {
            throw new IllegalArgumentException("version must be >= 1, but was " + version);
        }
    }

    /**
     * Returns what the snapshot holds of its dispatch, without the version.
     *
     * @return the capture
     */
    public Baseline content() {
        return content;
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
    @Override
    public String provider() {
        return content.provider();
    }

    /**
     * Returns the model the snapshot's dispatch went to.
     *
     * @return the model, or {@code null}
     */
    @Override
    public String model() {
        return content.model();
    }

    /**
     * Returns the number of captured entries.
     *
     * @return the size
     */
    @Override
    public int size() {
        return content.size();
    }

    /**
     * Returns the id at a position.
     *
     * @param index the position
     * @return the id
     */
    @Override
    public String id(int index) {
        return content.id(index);
    }

    /**
     * Returns the kind at a position.
     *
     * @param index the position
     * @return the kind
     */
    @Override
    public Kind kind(int index) {
        return content.kind(index);
    }

    /**
     * Returns the whole-payload fingerprint at a position.
     *
     * @param index the position
     * @return the fingerprint, {@link Payloads#ABSENT} without payload
     */
    @Override
    public long payloadFingerprint(int index) {
        return content.payloadFingerprint(index);
    }

    /**
     * Returns the captured field paths.
     *
     * @return the paths
     */
    @Override
    public List<String> fieldPaths() {
        return content.fieldPaths();
    }

    /**
     * Returns the fingerprint of a payload field at a position.
     *
     * @param index the position
     * @param fieldPath one of {@link #fieldPaths()}
     * @return the fingerprint, or {@link Payloads#ABSENT}; {@code null} when the path was not captured
     */
    public Long fieldFingerprint(int index, String fieldPath) {
        int p = content.fieldPaths().indexOf(fieldPath);
        return p < 0 ? null : content.fieldFingerprint(index, p);
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
        return content.fieldFingerprint(index, pathIndex);
    }

    /**
     * Returns the same content under another version.
     *
     * @param newVersion the version
     * @return the copy
     */
    public Snapshot withVersion(long newVersion) {
        requireVersion(newVersion);
        return new Snapshot(newVersion, content);
    }

    /**
     * Returns a copy of all field fingerprints, row-major.
     *
     * @return the array
     */
    @Override
    public long[] fieldFingerprints() {
        return content.fieldFingerprints();
    }

    /**
     * Returns a copy of all payload fingerprints.
     *
     * @return the array
     */
    @Override
    public long[] payloadFingerprints() {
        return content.payloadFingerprints();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Snapshot s && version == s.version && content.equals(s.content));
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(version) + content.hashCode();
    }

    @Override
    public String toString() {
        return "Snapshot[version=" + version + ", model=" + content.model() + ", entries=" + content.size() + "]";
    }
}
