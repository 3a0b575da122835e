package io.orderingguard.json.tree;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A position in a parsed document that knows its JSON path, so that every read can fail with a
 * {@link GuardInputException} naming the source, line, path and what was expected. All readers of
 * the project (dispatch documents, profiles, policies, traces) read through it.
 *
 * <pre>{@code
 * InputNode root = InputNode.root(tree, "conv.json", 0);
 * root.allowOnly("entries", "model");
 * String model = root.optText("model");
 * for (InputNode entry : root.array("entries")) { ... }
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 */
public final class InputNode {

    private final JsonNode node;
    private final String source;
    private final int line;
    // the path is built only when asked for (in errors): reading a large document creates many
    // positions and almost never needs their paths
    private final InputNode parent;
    private final String name;
    private final int index;

    private InputNode(JsonNode node, String source, int line, InputNode parent, String name, int index) {
        this.node = node;
        this.source = source;
        this.line = line;
        this.parent = parent;
        this.name = name;
        this.index = index;
    }

    /**
     * Wraps the root of a document.
     *
     * @param node the parsed tree
     * @param source the file name, or {@code null}
     * @param line the line for JSONL documents, or 0
     * @return the root position ({@code $})
     */
    public static InputNode root(JsonNode node, String source, int line) {
        return new InputNode(node, source, line, null, null, -1);
    }

    /**
     * Returns the wrapped node.
     *
     * @return the node (never {@code null}; a missing node when absent)
     */
    public JsonNode raw() {
        return node;
    }

    /**
     * Returns the JSON path of this position.
     *
     * @return e.g. {@code $.entries[2]}
     */
    public String path() {
        if (parent == null) {
            return "$";
        }
        StringBuilder sb = new StringBuilder();
        appendPath(sb);
        return sb.toString();
    }

    private void appendPath(StringBuilder sb) {
        if (parent == null) {
            sb.append('$');
            return;
        }
        parent.appendPath(sb);
        if (name != null) {
            sb.append(segment(name));
        } else {
            sb.append('[').append(index).append(']');
        }
    }

    /**
     * Returns the source name.
     *
     * @return the source, or {@code null}
     */
    public String source() {
        return source;
    }

    /**
     * Returns the line.
     *
     * @return the line, or 0
     */
    public int line() {
        return line;
    }

    /**
     * Creates an error at this position.
     *
     * @param problem what was expected and found
     * @return the exception, to throw
     */
    public GuardInputException error(String problem) {
        return new GuardInputException(source, line, path(), problem);
    }

    /**
     * Requires this position to hold an object.
     *
     * @return this
     * @throws GuardInputException when it does not
     */
    public InputNode requireObject() {
        if (!node.isObject()) {
            throw error("expected an object, but was " + describe(node));
        }
        return this;
    }

    /**
     * Requires an object whose field names are all in {@code allowed}.
     *
     * @param allowed the known field names
     * @return this
     * @throws GuardInputException naming the first unknown field and the known ones
     */
    public InputNode allowOnly(String... allowed) {
        return allowOnly(Set.of(allowed));
    }

    /**
     * Requires an object whose field names are all in {@code allowed}.
     *
     * @param allowed the known field names
     * @return this
     * @throws GuardInputException naming the first unknown field and the known ones
     */
    public InputNode allowOnly(Set<String> allowed) {
        return allowOnly(allowed, null);
    }

    /**
     * Requires an object whose field names are all in {@code allowed}, saying in the message which
     * kind of object it is, e.g. {@code unknown field for kind thought; expected one of …}.
     *
     * @param allowed the known field names
     * @param where how the message qualifies the field, e.g. {@code "for kind thought"}, or
     *     {@code null}
     * @return this
     * @throws GuardInputException naming the first unknown field and the known ones
     */
    public InputNode allowOnly(Set<String> allowed, String where) {
        requireObject();
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw child(name).error("unknown field" + (where == null ? "" : " " + where)
                        + "; expected one of " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
        return this;
    }

    /**
     * Returns whether this object has a field (JSON {@code null} counts as present).
     *
     * @param name the field
     * @return {@code true} when present
     */
    public boolean has(String name) {
        return node.isObject() && node.has(name);
    }

    /**
     * Returns the position of a field, present or not.
     *
     * @param name the field
     * @return the child position
     */
    public InputNode child(String name) {
        JsonNode value = node.path(name);
        return new InputNode(value, source, line, this, name, -1);
    }

    /**
     * Returns the position of one element of the array at this position, for a reader that reads the
     * elements one at a time without holding the whole array (the element's path is this path and its
     * index).
     *
     * @param value the element, read on its own
     * @param index its index in the array
     * @return the element position
     */
    public InputNode element(JsonNode value, int index) {
        return new InputNode(value, source, line, this, null, index);
    }

    /** The path segment of a field: {@code .name}, or {@code ['odd name']} for other names. */
    static String segment(String name) {
        return isPlainName(name) ? "." + name : "['" + name + "']";
    }

    /**
     * Returns a required field.
     *
     * @param name the field
     * @return the child position
     * @throws GuardInputException when missing
     */
    public InputNode required(String name) {
        requireObject();
        if (!node.has(name)) {
            throw child(name).error("required field is missing");
        }
        return child(name);
    }

    /**
     * Reads this position as a string.
     *
     * @return the string
     * @throws GuardInputException when it is not a string
     */
    public String asText() {
        if (!node.isTextual()) {
            throw error("expected a string, but was " + describe(node));
        }
        return node.textValue();
    }

    /**
     * Reads a required string field.
     *
     * @param name the field
     * @return the value
     */
    public String text(String name) {
        String value = textOrNull(name);
        return value != null ? value : required(name).asText();
    }

    /**
     * The string value of a field when this is an object and the field holds a string, else
     * {@code null}: the reads below answer the common case from it without creating a child position,
     * and take the general path (which builds the error) otherwise.
     */
    private String textOrNull(String name) {
        JsonNode value = node.isObject() ? node.get(name) : null;
        return value != null && value.isTextual() ? value.textValue() : null;
    }

    /**
     * Reads a required, non-blank string field.
     *
     * @param name the field
     * @return the value
     */
    public String nonBlankText(String name) {
        String fast = textOrNull(name);
        if (fast != null && !fast.isBlank()) {
            return fast;
        }
        InputNode child = required(name);
        String value = child.asText();
        if (value.isBlank()) {
            throw child.error("expected a non-blank string, but was \"" + value + "\"");
        }
        return value;
    }

    /**
     * Reads an optional string field.
     *
     * @param name the field
     * @return the value, or {@code null} when absent
     */
    public String optText(String name) {
        String fast = textOrNull(name);
        if (fast != null) {
            return fast;
        }
        return has(name) ? child(name).asText() : null;
    }

    /**
     * Reads an optional string field that, when present, must not be blank.
     *
     * @param name the field
     * @return the value, or {@code null} when absent
     */
    public String optNonBlankText(String name) {
        if (!has(name)) {
            return null;
        }
        return nonBlankText(name);
    }

    /**
     * Reads an optional boolean field.
     *
     * @param name the field
     * @param defaultValue the value when absent
     * @return the value
     */
    public boolean optBoolean(String name, boolean defaultValue) {
        JsonNode fast = node.isObject() ? node.get(name) : null;
        if (fast != null && fast.isBoolean()) {
            return fast.booleanValue();
        }
        if (!has(name)) {
            return defaultValue;
        }
        InputNode child = child(name);
        if (!child.node.isBoolean()) {
            throw child.error("expected true or false, but was " + describe(child.node));
        }
        return child.node.booleanValue();
    }

    /**
     * Reads this position as an integer.
     *
     * @return the value
     */
    public int asInt() {
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw error("expected an integer, but was " + describe(node));
        }
        return node.intValue();
    }

    /**
     * Reads an optional integer field.
     *
     * @param name the field
     * @return the value, or {@code null} when absent
     */
    public Integer optInt(String name) {
        return has(name) ? child(name).asInt() : null;
    }

    /**
     * Reads an optional object field.
     *
     * @param name the field
     * @return a deep copy of the object, or {@code null} when absent
     */
    public ObjectNode optObject(String name) {
        if (!has(name)) {
            return null;
        }
        InputNode child = child(name).requireObject();
        return ((ObjectNode) child.node).deepCopy();
    }

    /**
     * Reads this position as an array.
     *
     * @return the element positions
     */
    public List<InputNode> asArray() {
        if (!node.isArray()) {
            throw error("expected an array, but was " + describe(node));
        }
        List<InputNode> items = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            items.add(new InputNode(node.get(i), source, line, this, null, i));
        }
        return items;
    }

    /**
     * Reads a required array field.
     *
     * @param name the field
     * @return the element positions
     */
    public List<InputNode> array(String name) {
        return required(name).asArray();
    }

    /**
     * Reads an optional array field.
     *
     * @param name the field
     * @return the element positions, empty when absent
     */
    public List<InputNode> optArray(String name) {
        return has(name) ? child(name).asArray() : List.of();
    }

    /**
     * Reads an optional array of strings.
     *
     * @param name the field
     * @return the strings, or {@code null} when absent
     */
    public List<String> optTextList(String name) {
        if (!has(name)) {
            return null;
        }
        List<String> values = new ArrayList<>();
        for (InputNode item : child(name).asArray()) {
            values.add(item.asText());
        }
        return values;
    }

    /**
     * Reads a string that must be one of a fixed set.
     *
     * @param name the field
     * @param allowed the allowed values, in the order the message lists them
     * @return the value, or {@code null} when absent
     */
    public String optEnum(String name, String... allowed) {
        String fast = textOrNull(name);
        if (fast != null) {
            for (String value : allowed) {
                if (value.equals(fast)) {
                    return fast;
                }
            }
        }
        if (!has(name)) {
            return null;
        }
        InputNode child = child(name);
        String value = child.asText();
        if (!Arrays.asList(allowed).contains(value)) {
            throw child.error("expected one of " + String.join(", ", allowed) + ", but was \"" + value + "\"");
        }
        return value;
    }

    /**
     * Reads a required string that must be one of a fixed set.
     *
     * @param name the field
     * @param allowed the allowed values, in the order the message lists them
     * @return the value
     * @throws GuardInputException when missing, not a string, or not one of {@code allowed}
     */
    public String enumValue(String name, String... allowed) {
        String fast = textOrNull(name);
        if (fast != null) {
            for (String value : allowed) {
                if (value.equals(fast)) {
                    return fast;
                }
            }
        }
        required(name);
        return optEnum(name, allowed);
    }

    /**
     * Describes a JSON value for messages: its type and a short rendering.
     *
     * @param value the value
     * @return e.g. {@code a number (12)} or {@code null}
     */
    public static String describe(JsonNode value) {
        if (value == null || value.isMissingNode()) {
            return "absent";
        }
        if (value.isNull()) {
            return "null";
        }
        if (value.isTextual()) {
            String t = value.textValue();
            return "a string (\"" + (t.length() > 40 ? t.substring(0, 40) + "…" : t) + "\")";
        }
        if (value.isNumber()) {
            return "a number (" + value.asText() + ")";
        }
        if (value.isBoolean()) {
            return "a boolean (" + value.asText() + ")";
        }
        if (value.isArray()) {
            return "an array";
        }
        if (value.isObject()) {
            return "an object";
        }
        return value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static boolean isPlainName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }
}
