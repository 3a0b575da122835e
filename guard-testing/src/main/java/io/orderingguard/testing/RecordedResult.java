package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;

/**
 * The outcome of one tool execution, as recorded in a {@link Trace} ({@code tool_results[]} in the
 * trace file). A result belongs to the turn in which it was logged and names the call it answers by
 * {@link #callId()}.
 *
 * @param callId the id of the call it answers
 * @param result the value the tool returned (JSON {@code null} when none)
 * @param error the error text when the tool failed, else {@code null}
 * @param durationMs how long the tool ran, in milliseconds (0 when unknown)
 */
public record RecordedResult(String callId, JsonNode result, String error, double durationMs) {

    /** Validates and copies the fields. */
    public RecordedResult {
        Require.nonBlank(callId, "callId");
        Require.argument(Double.isFinite(durationMs) && durationMs >= 0,
                "durationMs must be a finite number >= 0, but was " + durationMs);
        result = result == null ? Json.NODES.nullNode() : result.deepCopy();
    }

    /**
     * Returns a copy of the result value.
     *
     * @return the value; JSON {@code null} when none
     */
    @Override
    public JsonNode result() {
        return result.deepCopy();
    }

    /**
     * Returns whether the execution failed. As in the reference, any error text, even an empty one,
     * marks a failure.
     *
     * @return {@code true} when {@link #error()} is not {@code null}
     */
    public boolean failed() {
        return error != null;
    }
}
