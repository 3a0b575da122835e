package io.orderingguard.rule;

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
