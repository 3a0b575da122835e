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
