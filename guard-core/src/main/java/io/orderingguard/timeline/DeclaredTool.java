package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.internal.Require;

/**
 * A tool declared to the model in the request.
 *
 * @param name the tool name
 * @param inputSchema the JSON schema of its arguments, or {@code null} (deep-copied)
 */
public record DeclaredTool(String name, ObjectNode inputSchema) {

    /** Validates and copies the fields. */
    public DeclaredTool {
        Require.nonBlank(name, "name");
        inputSchema = inputSchema == null ? null : inputSchema.deepCopy();
    }

    /**
     * Returns a copy of the input schema.
     *
     * @return a deep copy, or {@code null}
     */
    @Override
    public ObjectNode inputSchema() {
        return inputSchema == null ? null : inputSchema.deepCopy();
    }

    /**
     * Declares a tool without a schema.
     *
     * @param name the tool name
     * @return the declaration
     */
    public static DeclaredTool named(String name) {
        return new DeclaredTool(name, null);
    }
}
