package io.orderingguard.testing;

import io.orderingguard.support.Require;
import java.util.List;

/**
 * One turn of a {@link Trace}: one LLM call and the tool results logged after it, until the next
 * LLM call. Every LLM call is a turn, text-only answers included.
 *
 * @param index the 0-based position of the turn in its trace
 * @param llmCall the LLM call
 * @param toolResults the tool results logged during this turn, in logging order
 * @param durationMs the duration of the turn in milliseconds (0 when unknown, as when recorded live)
 */
public record Turn(int index, LlmCall llmCall, List<RecordedResult> toolResults, double durationMs) {

    /** Validates and copies the fields. */
    public Turn {
        Require.argument(index >= 0, "index must be >= 0, but was " + index);
        Require.nonNull(llmCall, "llmCall");
        toolResults = List.copyOf(Require.nonNull(toolResults, "toolResults"));
        Require.argument(Double.isFinite(durationMs) && durationMs >= 0,
                "durationMs must be a finite number >= 0, but was " + durationMs);
    }

    /**
     * Returns the tool calls of this turn's LLM call.
     *
     * @return the calls, in order
     */
    public List<RecordedCall> toolCalls() {
        return llmCall.toolCalls();
    }
}
