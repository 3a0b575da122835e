package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.util.ArrayList;
import java.util.List;

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
        inputSchema = Payloads.copy(inputSchema);
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
     * Returns the keys the schema lists in {@code required} that its {@code properties} lack, an
     * unsatisfiable schema that some providers answer by silently omitting the field.
     *
     * @return the missing keys in schema order, empty when the schema is consistent or absent
     */
    public List<String> requiredKeysMissingFromProperties() {
        if (inputSchema == null) {
            return List.of();
        }
        JsonNode required = inputSchema.get("required");
        if (required == null || !required.isArray() || required.isEmpty()) {
            return List.of();
        }
        JsonNode properties = inputSchema.get("properties");
        List<String> missing = null;
        for (JsonNode key : required) {
            if (key.isTextual() && (properties == null || !properties.isObject() || !properties.has(key.textValue()))) {
                if (missing == null) {
                    missing = new ArrayList<>();
                }
                missing.add(key.textValue());
            }
        }
        return missing == null ? List.of() : List.copyOf(missing);
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
