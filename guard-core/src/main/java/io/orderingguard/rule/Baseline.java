package io.orderingguard.rule;

import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import java.util.List;

/**
 * What the stateful rules ({@code preservation}) compare a dispatch with: the entries of the last
 * dispatch actually sent for the conversation, each as an id, a kind and canonical fingerprints of its
 * payload. The rule package owns this view so that rules never depend on how a baseline is stored;
 * {@link io.orderingguard.spi.Snapshot} is the implementation the guard keeps in its stash.
 *
 * <p>Positions count the captured entries in wire order, fillers the guard inserted excluded (see
 * {@link #isFiller(Entry)}).
 *
 * <p>Implementations must be immutable, and so thread-safe.
 */
public interface Baseline {

    /** Payload key that marks an entry inserted by the guard itself (a filler). */
    String FILLER_MARKER = "orderingGuardFiller";

    /**
     * Returns whether an entry is a filler the guard inserted: a message whose payload carries
     * {@link #FILLER_MARKER} (the guard only ever inserts filler messages). Fillers are never part of a
     * baseline and never compared with one.
     *
     * @param entry the entry
     * @return {@code true} for a filler message
     */
    static boolean isFiller(Entry entry) {
        // checked for every entry of every tracked dispatch: thoughts and tool calls are never fillers, and
        // most messages have no payload at all
        return entry instanceof Message m && m.hasPayload() && m.hasPayloadPath(FILLER_MARKER);
    }

    /**
     * Captures a dispatch in one walk over its entries: the baseline the guard stores when it is sent.
     *
     * @param dispatch the dispatch
     * @param fieldPaths the payload field paths whose fingerprints preservation rules compare
     * @return the capture
     */
    static Baseline capture(Dispatch dispatch, List<String> fieldPaths) {
        return CapturedBaseline.of(dispatch, fieldPaths);
    }

    /**
     * Captures a dispatch in one walk over its entries, sharing the storage of the previous capture of
     * the conversation when the dispatch starts with exactly the entries that one holds. The result is
     * equal to {@link #capture(Dispatch, List)}; only the memory it takes differs.
     *
     * @param dispatch the dispatch
     * @param fieldPaths the payload field paths whose fingerprints preservation rules compare
     * @param previous the baseline of the last dispatch sent in the conversation (a capture, or the
     *     {@link io.orderingguard.spi.Snapshot#content() content} of a snapshot), or {@code null}
     * @return the capture
     */
    static Baseline capture(Dispatch dispatch, List<String> fieldPaths, Baseline previous) {
        return CapturedBaseline.of(dispatch, fieldPaths, previous instanceof CapturedBaseline c ? c : null);
    }

    /**
     * Rebuilds a baseline from stored parts (what a serialising stash keeps).
     *
     * @param provider the provider, or {@code null}
     * @param model the model, or {@code null}
     * @param ids the entry ids in position order
     * @param kinds the entry kinds, same length
     * @param payloadFingerprints whole-payload fingerprints, same length
     * @param fieldPaths the payload field paths captured
     * @param fieldFingerprints row-major {@code ids.size() × fieldPaths.size()} fingerprints
     * @return the baseline
     * @throws NullPointerException when a part or an id or kind is null
     * @throws IllegalArgumentException when the lengths disagree
     */
    static Baseline of(String provider, String model, List<String> ids, List<Kind> kinds, long[] payloadFingerprints,
            List<String> fieldPaths, long[] fieldFingerprints) {
        return CapturedBaseline.of(provider, model, ids, kinds, payloadFingerprints, fieldPaths, fieldFingerprints);
    }

    /**
     * Returns the provider the baseline's dispatch went to.
     *
     * @return the provider, or {@code null} when unknown
     */
    String provider();

    /**
     * Returns a copy of all payload fingerprints.
     *
     * @return the array, one per position
     */
    long[] payloadFingerprints();

    /**
     * Returns a copy of all field fingerprints, row-major.
     *
     * @return the array, {@code size() × fieldPaths().size()} long
     */
    long[] fieldFingerprints();

    /**
     * Returns the model the baseline's dispatch went to.
     *
     * @return the model, or {@code null} when unknown
     */
    String model();

    /**
     * Returns the number of captured entries.
     *
     * @return the size
     */
    int size();

    /**
     * Returns the id at a position.
     *
     * @param index the position, {@code 0 <= index < size()}
     * @return the id
     */
    String id(int index);

    /**
     * Returns the kind at a position.
     *
     * @param index the position, {@code 0 <= index < size()}
     * @return the kind
     */
    Kind kind(int index);

    /**
     * Returns the canonical fingerprint of the whole payload at a position.
     *
     * @param index the position, {@code 0 <= index < size()}
     * @return the fingerprint, {@link Payloads#ABSENT} without payload
     */
    long payloadFingerprint(int index);

    /**
     * Returns the payload field paths whose fingerprints were captured.
     *
     * @return the paths, in capture order
     */
    List<String> fieldPaths();

    /**
     * Returns the fingerprint of a captured payload field at a position.
     *
     * @param index the position, {@code 0 <= index < size()}
     * @param pathIndex the position of the field's path in {@link #fieldPaths()}
     * @return the fingerprint, or {@link Payloads#ABSENT} when the entry lacks the field
     */
    long fieldFingerprint(int index, int pathIndex);
}
