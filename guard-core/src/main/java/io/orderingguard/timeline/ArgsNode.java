package io.orderingguard.timeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A tool call's own copy of its arguments. Like {@link PayloadNode}, it is never exposed or changed (the
 * call's accessors return deep copies), so calls made from one another by the {@code with…} methods share
 * it instead of copying it again.
 *
 * <p>It may also hold the arguments as JSON text that is parsed only when something reads them: an
 * adapter whose wire carries arguments as a string (LangChain4j, OpenAI Chat Completions) does not parse
 * them for a guard whose rules never look at arguments. Text that is blank, not JSON, or not a JSON
 * object reads as an empty object. The owning {@link ToolCall} reaches the fields only through
 * {@link #materialised()}, which is this node for arguments given as an object, and the node parsed from
 * the text for arguments given as text (this node itself then stays an empty object that holds no map of
 * its own until then, so an unread call costs this node, which points to the text).
 *
 * <p>Thread-safe: the text is parsed once, under the node's lock, and the parsed node is published by a
 * volatile write of the state that every reader checks first.
 */
final class ArgsNode extends ObjectNode {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The empty arguments every call without arguments shares. */
    static final ArgsNode EMPTY = new ArgsNode(Map.of());

    /** The text still to be parsed ({@code String}), or the arguments object once there is one. */
    private transient volatile Object state;

    private ArgsNode(Map<String, JsonNode> fields) {
        super(JsonNodeFactory.instance, fields);
        this.state = this;
    }

    private ArgsNode(String text) {
        super(JsonNodeFactory.instance, Map.of());
        this.state = text;
    }

    /**
     * Returns arguments to be parsed from JSON text when first read.
     *
     * @param text the JSON text, or {@code null} (empty arguments)
     * @return the node
     */
    static ArgsNode deferred(String text) {
        // blank text is not tested here but read as empty when parsed: the test would be the first read of
        // the text's characters, rarely in cache when an adapter builds thousands of calls
        return text == null ? EMPTY : new ArgsNode(text);
    }

    /**
     * Returns a call's own copy of arguments (shared as it is when it already is one).
     *
     * @param args the arguments, or {@code null} (empty arguments)
     * @return the node
     */
    static ArgsNode of(ObjectNode args) {
        if (args == null) {
            return EMPTY;
        }
        if (args instanceof ArgsNode own) {
            return own;
        }
        if (args.isEmpty()) {
            return EMPTY;
        }
        Map<String, JsonNode> copy = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = args.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            copy.put(field.getKey(), Payloads.copy(field.getValue()));
        }
        return new ArgsNode(copy);
    }

    /**
     * Returns whether the arguments have been parsed (always {@code true} unless made by {@link #deferred}).
     *
     * @return whether the fields are in place
     */
    boolean isParsed() {
        return state instanceof ObjectNode;
    }

    /**
     * Returns the arguments' fields: this node, or the node parsed from the text (parsing it first when
     * that has not happened yet).
     *
     * @return the arguments object, never changed by its readers
     */
    ObjectNode materialised() {
        Object current = state;
        if (current instanceof ObjectNode fields) {
            return fields;
        }
        synchronized (this) {
            current = state;
            if (current instanceof ObjectNode fields) {
                return fields;
            }
            ObjectNode fields = parse((String) current);
            state = fields;
            return fields;
        }
    }

    /**
     * Returns whether arguments given as JSON text read as these arguments (blank text, text that is not
     * JSON and JSON that is not an object read as an empty object). Nothing is parsed when these arguments
     * are still the unread text and {@code json} is that text (the text is not kept once parsed: a field
     * more on every call would cost the check path, which compares nothing).
     *
     * @param json the text, or {@code null}
     * @return whether they read as these arguments
     */
    boolean matches(String json) {
        if (state instanceof String text && (text == json || text.equals(json))) {
            return true;
        }
        return materialised().equals(json == null || json.isBlank() ? EMPTY : parse(json));
    }

    /**
     * Returns whether these arguments read as another call's: without parsing either when both are still
     * the same unread text (a renderer that reads a body again compares its calls with the checked ones).
     *
     * @param other the other arguments
     * @return whether they are equal
     */
    boolean sameAs(ArgsNode other) {
        if (other == this) {
            return true;
        }
        if (state instanceof String text && other.state instanceof String otherText && text.equals(otherText)) {
            return true;
        }
        return materialised().equals(other.materialised());
    }

    private static ObjectNode parse(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node instanceof ObjectNode o ? o : EMPTY;
        } catch (JsonProcessingException e) {
            // arguments are free text on these wires: a model may produce text that is not JSON
            return EMPTY;
        }
    }
}
