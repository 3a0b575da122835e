package io.orderingguard.rule;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.Objects;

/**
 * Whether two pieces of a timeline travelled in one provider wire message, as far as the timeline
 * knows ({@link Entry#wireMessage()}, {@link ToolResult#wireMessage()}).
 *
 * <p>Rules that group by role use it to follow the provider's real grouping: a tool result and a
 * user text that are {@link #SAME} are one user turn, never two in a row; when the relation is
 * {@link #UNKNOWN} a rule must not block on the distinction (it reports an advisory finding or
 * nothing, and says which in its Javadoc).
 *
 * <p>Thread-safe (an enum).
 */
enum WireRelation {
    /** Both name the same wire message. */
    SAME,
    /** Both name a wire message, and the names differ. */
    SEPARATE,
    /** At least one does not name its wire message. */
    UNKNOWN;

    /**
     * Relates two wire message ids.
     *
     * @param first the first id, or {@code null} when unknown
     * @param second the second id, or {@code null} when unknown
     * @return {@link #UNKNOWN} when either is {@code null}, else {@link #SAME} or {@link #SEPARATE}
     */
    static WireRelation of(String first, String second) {
        if (first == null || second == null) {
            return UNKNOWN;
        }
        return Objects.equals(first, second) ? SAME : SEPARATE;
    }

    /**
     * Relates the wire message that carried a tool call's result with the one that carried an
     * entry (for a tool call: its call side).
     *
     * @param answered an answered call or an orphan result
     * @param entry the other entry
     * @return the relation; {@link #UNKNOWN} when the call has no result
     */
    static WireRelation ofResult(ToolCall answered, Entry entry) {
        ToolResult result = answered.result();
        return result == null ? UNKNOWN : of(result.wireMessage(), entry.wireMessage());
    }
}
