package io.orderingguard.wire;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.util.Map;

/**
 * A request body read into a {@link Dispatch}, with the wire position of every entry, so a finding
 * about an entry can name where it sits in the body ({@code messages[3].content[1]}).
 *
 * <p>Positions are JSON paths relative to the body root, without the leading {@code $.}. When a
 * body repeats an id (a defect a rule reports), the first occurrence's position is kept.
 *
 * <p>Thread-safe: immutable.
 *
 * @param dispatch the dispatch
 * @param positions entry id → wire position of the entry (for a tool call: of the call block)
 * @param resultPositions tool call id → wire position of its result (for an orphan result: the same
 *     position as in {@code positions})
 */
public record ParsedBody(Dispatch dispatch, Map<String, String> positions, Map<String, String> resultPositions) {

    /** Validates and copies the fields. */
    public ParsedBody {
        Require.nonNull(dispatch, "dispatch");
        positions = Map.copyOf(Require.nonNull(positions, "positions"));
        resultPositions = Map.copyOf(Require.nonNull(resultPositions, "resultPositions"));
    }

    /**
     * Returns the wire position of an entry.
     *
     * @param entryId the entry id
     * @return the position such as {@code messages[3].content[1]}, or {@code null} when no entry
     *     has this id
     */
    public String position(String entryId) {
        return positions.get(entryId);
    }

    /**
     * Returns the wire position of a tool call's result.
     *
     * @param callId the call id
     * @return the position such as {@code messages[4].content[0]}, or {@code null} when the body
     *     carries no result for the call
     */
    public String resultPosition(String callId) {
        return resultPositions.get(callId);
    }
}
