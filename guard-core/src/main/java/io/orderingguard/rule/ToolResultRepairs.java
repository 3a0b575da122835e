package io.orderingguard.rule;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.List;

/** Repairs of tool results shared by the rule types that report them (pairing, boundary). */
final class ToolResultRepairs {

    /** The text of a result synthesised for an unanswered call. */
    static final String NOT_EXECUTED = "Tool call was not executed: the conversation has no result for it.";

    /** The text written into an error result that has no content. */
    static final String EMPTY_ERROR = "The tool failed without an error message.";

    private ToolResultRepairs() {}

    /** Answers the unanswered call at {@code i} with an error result saying it was not executed. */
    static RepairResult answer(List<Entry> entries, int i, ToolCall call) {
        ToolCall answered = call.withResult(ToolResult.error(NOT_EXECUTED));
        entries.set(i, answered);
        return RepairResult.applied(RepairStrategy.SYNTHESIZE_MISSING_TOOL_RESULT, call.id(), null,
                "answered tool call '" + call.id() + "' (" + call.tool() + ") with an error result saying it was not executed",
                List.of(), List.of(answered));
    }

    /** Returns the index of the first orphan result after the unanswered call at {@code i} with its id, or -1. */
    static int lateResult(List<Entry> entries, int i) {
        String id = entries.get(i).id();
        for (int k = i + 1; k < entries.size(); k++) {
            if (entries.get(k) instanceof ToolCall c && c.isOrphan() && c.id().equals(id)) {
                return k;
            }
        }
        return -1;
    }

    /**
     * Returns the index of the unanswered call before the orphan result at {@code i} that the result came
     * too late to answer (the latest with its id, and only when the result is its first late one), or -1.
     */
    static int callOfLate(List<Entry> entries, int i) {
        String id = entries.get(i).id();
        for (int k = i - 1; k >= 0; k--) {
            if (entries.get(k) instanceof ToolCall c && c.id().equals(id) && c.requested()) {
                return c.isUnanswered() && lateResult(entries, k) == i ? k : -1;
            }
        }
        return -1;
    }

    /**
     * Moves the result that came too late (the orphan at {@code late}) to the unanswered call at
     * {@code i}: the call is answered with it, and a renderer lays it out right after the call.
     */
    static RepairResult moveLate(List<Entry> entries, int i, int late) {
        ToolCall call = (ToolCall) entries.get(i);
        ToolCall orphan = (ToolCall) entries.get(late);
        ToolCall answered = call.withResult(orphan.result().withWireMessage(null));
        entries.set(i, answered);
        entries.remove(late);
        return RepairResult.applied(RepairStrategy.MOVE_LATE_TOOL_RESULT, call.id(), null,
                "moved the result of tool call '" + call.id() + "' (" + call.tool() + ") to right after its call: "
                        + "other messages came between them", List.of(call, orphan), List.of(answered));
    }

    /** Drops the orphan result at {@code i}. */
    static RepairResult dropOrphan(List<Entry> entries, int i, ToolCall orphan) {
        entries.remove(i);
        return RepairResult.applied(RepairStrategy.DROP_ORPHAN_RESULT, orphan.id(), null,
                "dropped tool result '" + orphan.id() + "', whose call is not in the conversation", List.of(orphan),
                List.of());
    }

    /** Writes a neutral text into the empty error result of the call at {@code i}. */
    static RepairResult fillEmptyError(List<Entry> entries, int i, ToolCall call) {
        ToolCall filled = call.withResult(ToolResult.error(EMPTY_ERROR));
        entries.set(i, filled);
        return RepairResult.applied(RepairStrategy.FILL_EMPTY_ERROR_RESULT, call.id(), null,
                "wrote a neutral text into the empty error result of tool call '" + call.id() + "' (" + call.tool()
                        + "): the tool failed without a message", List.of(call), List.of(filled));
    }
}
