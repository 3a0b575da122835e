package io.orderingguard.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One tool call as the sequence rules see it: the tool name and its arguments.
 *
 * <pre>{@code
 * ToolInvocation call = ToolInvocation.of("delete_customer", args);
 * List<ToolInvocation> history = ToolInvocation.names("get_customer", "verify_identity");
 * }</pre>
 *
 * @param tool the tool name (non-blank)
 * @param args the arguments, usually a JSON object (deep-copied; an empty object when {@code null})
 */
public record ToolInvocation(String tool, JsonNode args) {

    /** Validates and copies the fields. */
    public ToolInvocation {
        Objects.requireNonNull(tool, "tool must not be null");
        if (tool.isBlank()) {
            throw new IllegalArgumentException("tool must not be blank, but was '" + tool + "'");
        }
        args = args == null || args.isNull() || args.isMissingNode()
                ? JsonNodeFactory.instance.objectNode()
                : args.deepCopy();
    }

    /**
     * Creates a call without arguments.
     *
     * @param tool the tool name
     * @return the call
     */
    public static ToolInvocation of(String tool) {
        return new ToolInvocation(tool, null);
    }

    /**
     * Creates a call with arguments.
     *
     * @param tool the tool name
     * @param args the arguments object, or {@code null}
     * @return the call
     */
    public static ToolInvocation of(String tool, ObjectNode args) {
        return new ToolInvocation(tool, args);
    }

    /**
     * Creates calls without arguments, one per name.
     *
     * @param tools the tool names in call order
     * @return the calls
     */
    public static java.util.List<ToolInvocation> names(String... tools) {
        java.util.List<ToolInvocation> calls = new java.util.ArrayList<>(tools.length);
        for (String tool : tools) {
            calls.add(of(tool));
        }
        return java.util.List.copyOf(calls);
    }

    /**
     * Returns a copy of the arguments.
     *
     * @return a deep copy
     */
    @Override
    public JsonNode args() {
        return args.deepCopy();
    }

    /**
     * Renders one top-level argument as {@code args_match} reads it: a JSON string as its raw
     * content, any other value as compact JSON.
     *
     * @param name the argument name
     * @return the text, or {@code null} when the arguments are not an object or lack the key
     */
    public String argText(String name) {
        if (!args.isObject()) {
            return null;
        }
        JsonNode value = args.get(name);
        if (value == null) {
            return null;
        }
        return value.isTextual() ? value.textValue() : value.toString();
    }

    /**
     * Renders the call for humans: {@code tool} or {@code tool(key=value, …)} with values
     * shortened.
     *
     * @return the summary
     */
    public String summary() {
        if (!args.isObject() || args.isEmpty()) {
            return args.isObject() ? tool : tool + "(" + shorten(args.toString()) + ")";
        }
        StringBuilder sb = new StringBuilder(tool).append('(');
        boolean first = true;
        for (var field : args.properties()) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            JsonNode value = field.getValue();
            sb.append(field.getKey()).append('=')
                    .append(shorten(value.isTextual() ? value.textValue() : value.toString()));
        }
        return sb.append(')').toString();
    }

    private static String shorten(String text) {
        return text.length() > 40 ? text.substring(0, 39) + "…" : text;
    }
}
