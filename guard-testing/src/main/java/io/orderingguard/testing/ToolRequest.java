package io.orderingguard.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.util.Map;

/**
 * A tool call to log with {@link FlowSession#logLlmCall(ToolRequest...)}: the tool name, its
 * arguments and, optionally, the call id the model gave it (a fresh UUID is used when absent).
 *
 * <pre>{@code
 * session.logLlmCall(ToolRequest.of("search", Map.of("query", "Q3 revenue")));
 * }</pre>
 *
 * @param name the tool name
 * @param arguments the arguments object (deep-copied; an empty object when {@code null})
 * @param callId the call id, or {@code null} to have one generated
 */
public record ToolRequest(String name, ObjectNode arguments, String callId) {

    /** Validates and copies the fields. */
    public ToolRequest {
        Require.nonBlank(name, "name");
        Require.blankToError(callId, "callId");
        arguments = arguments == null ? Json.NODES.objectNode() : arguments.deepCopy();
    }

    /**
     * Creates a call without arguments.
     *
     * @param name the tool name
     * @return the request
     */
    public static ToolRequest of(String name) {
        return new ToolRequest(name, null, null);
    }

    /**
     * Creates a call. Argument values may be strings, numbers, booleans, maps, lists, records or any
     * value Jackson can serialise; other values are recorded as their {@code toString()}.
     *
     * @param name the tool name
     * @param arguments the arguments
     * @return the request
     */
    public static ToolRequest of(String name, Map<String, ?> arguments) {
        return new ToolRequest(name, Json.toObject(arguments, "arguments"), null);
    }

    /**
     * Creates a call with the id the model gave it.
     *
     * @param name the tool name
     * @param arguments the arguments
     * @param callId the call id
     * @return the request
     */
    public static ToolRequest of(String name, Map<String, ?> arguments, String callId) {
        return new ToolRequest(name, Json.toObject(arguments, "arguments"), Require.nonBlank(callId, "callId"));
    }

    /**
     * Returns a copy of the arguments.
     *
     * @return a deep copy
     */
    @Override
    public ObjectNode arguments() {
        return arguments.deepCopy();
    }
}
