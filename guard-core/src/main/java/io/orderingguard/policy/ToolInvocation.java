package io.orderingguard.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One tool call as the sequence rules see it: the tool name and its arguments.
 *
 * <pre>{@code
 * ToolInvocation call = ToolInvocation.of("delete_customer", args);
 * List<ToolInvocation> history = ToolInvocation.names("get_customer", "verify_identity");
 * ToolInvocation fromTimeline = ToolInvocation.of(toolCall);   // reads the call's arguments, no copy
 * }</pre>
 *
 * <p>An invocation made from a timeline's {@link ToolCall} keeps the call instead of a copy of its
 * arguments and reads single arguments from it when a rule asks ({@link #argText}): a policy over a
 * long timeline copies no arguments at all, and arguments given as text are parsed only when a rule
 * reads them. It is a final class rather than a record for that reason; {@link #equals} and
 * {@link #hashCode} still compare the tool name and the arguments' JSON value.
 *
 * <p>Thread-safe: immutable (a tool call never changes, and its arguments are never exposed).
 */
public final class ToolInvocation {

    private final String tool;
    private final JsonNode args;
    private final ToolCall source;

    /**
     * Creates a call with its arguments.
     *
     * @param tool the tool name (non-blank)
     * @param args the arguments, usually a JSON object (deep-copied; an empty object when {@code null})
     * @throws NullPointerException when the tool is null
     * @throws IllegalArgumentException when the tool is blank
     */
    public ToolInvocation(String tool, JsonNode args) {
        this.tool = validTool(tool);
        this.args = args == null || args.isNull() || args.isMissingNode()
                ? JsonNodeFactory.instance.objectNode()
                : args.deepCopy();
        this.source = null;
    }

    private ToolInvocation(ToolCall source) {
        this.tool = validTool(source.tool());
        this.args = null;
        this.source = source;
    }

    private static String validTool(String tool) {
        Objects.requireNonNull(tool, "tool must not be null");
        if (tool.isBlank()) {
            throw new IllegalArgumentException("tool must not be blank, but was '" + tool + "'");
        }
        return tool;
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
     * Creates the call a timeline's tool call makes, reading its arguments from it when asked (nothing is
     * copied or parsed here).
     *
     * @param call a requested tool call
     * @return the call
     * @throws NullPointerException when the call is null
     * @throws IllegalArgumentException when the call is an orphan result (it names no call)
     */
    public static ToolInvocation of(ToolCall call) {
        Objects.requireNonNull(call, "call must not be null");
        if (!call.requested()) {
            throw new IllegalArgumentException("call must be a requested tool call, but '" + call.id()
                    + "' is an orphan result");
        }
        return new ToolInvocation(call);
    }

    /**
     * Creates calls without arguments, one per name.
     *
     * @param tools the tool names in call order
     * @return the calls
     */
    public static List<ToolInvocation> names(String... tools) {
        List<ToolInvocation> calls = new ArrayList<>(tools.length);
        for (String tool : tools) {
            calls.add(of(tool));
        }
        return List.copyOf(calls);
    }

    /**
     * Returns the tool name.
     *
     * @return the name, non-blank
     */
    public String tool() {
        return tool;
    }

    /**
     * Returns a copy of the arguments.
     *
     * @return a deep copy
     */
    public JsonNode args() {
        return source != null ? source.args() : args.deepCopy();
    }

    /**
     * Renders one top-level argument as {@code args_match} reads it: a JSON string as its raw
     * content, any other value as compact JSON.
     *
     * @param name the argument name
     * @return the text, or {@code null} when the arguments are not an object or lack the key
     */
    public String argText(String name) {
        JsonNode value;
        if (source != null) {
            // a copy of a string or number is the node itself: nothing is allocated for the usual argument
            value = source.arg(name);
        } else {
            value = args.isObject() ? args.get(name) : null;
        }
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
        JsonNode node = source != null ? source.args() : args;
        if (!node.isObject() || node.isEmpty()) {
            return node.isObject() ? tool : tool + "(" + shorten(node.toString()) + ")";
        }
        StringBuilder sb = new StringBuilder(tool).append('(');
        boolean first = true;
        for (var field : node.properties()) {
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

    /** The arguments without copying when they are this call's own. */
    private JsonNode ownArgs() {
        return source != null ? source.args() : args;
    }

    /**
     * Compares the tool name and the arguments' JSON value (wherever the arguments are held).
     *
     * @param o the other object
     * @return whether {@code o} is an equal call
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof ToolInvocation other) || !tool.equals(other.tool)) {
            return false;
        }
        return source != null && source == other.source || ownArgs().equals(other.ownArgs());
    }

    @Override
    public int hashCode() {
        return 31 * tool.hashCode() + ownArgs().hashCode();
    }

    @Override
    public String toString() {
        return "ToolInvocation[tool=" + tool + ", args=" + ownArgs() + "]";
    }
}
