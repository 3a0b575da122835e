package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.time.Instant;

/**
 * One tool call the model asked for, as recorded in a {@link Trace} ({@code tool_calls[]} in the
 * trace file).
 *
 * @param name the tool name
 * @param arguments the arguments object (deep-copied; an empty object when {@code null})
 * @param callId the call id that links the call to its {@link RecordedResult results}
 * @param timestamp when the LLM call that carried it was logged
 */
public record RecordedCall(String name, ObjectNode arguments, String callId, Instant timestamp) {

    /** Validates and copies the fields. */
    public RecordedCall {
        Require.nonBlank(name, "name");
        Require.nonBlank(callId, "callId");
        Require.nonNull(timestamp, "timestamp");
        arguments = arguments == null ? Json.NODES.objectNode() : arguments.deepCopy();
    }

    /**
     * Returns a copy of the arguments.
     *
     * @return a deep copy of the arguments object
     */
    @Override
    public ObjectNode arguments() {
        return arguments.deepCopy();
    }

    /**
     * Returns a copy of one argument.
     *
     * @param key the argument name
     * @return a copy of the value, or {@code null} when absent
     */
    public JsonNode argument(String key) {
        JsonNode value = arguments.get(key);
        return value == null ? null : value.deepCopy();
    }
}
