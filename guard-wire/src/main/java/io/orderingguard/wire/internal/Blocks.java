package io.orderingguard.wire.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Small readers the codecs share. */
final class Blocks {

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final JsonFactory JSON = new ObjectMapper().getFactory();
    // filled as they are first used; a racing thread at worst makes an equal string (strings are safely published)
    private static final String[] WIRE_IDS = new String[4_096];
    private static final int BLOCKS_KEPT = 8;
    private static final String[][] BLOCK_IDS = new String[4_096][];

    private Blocks() {}

    /**
     * Reads content that is a string or an array of parts into text: text parts contribute their
     * {@code text}, other parts a placeholder naming their type ({@code [image]}).
     */
    static String text(InputNode content) {
        JsonNode raw = content.raw();
        if (raw.isTextual()) {
            return raw.textValue();
        }
        if (!raw.isArray()) {
            throw content.error("expected a string or an array of content blocks, but was "
                    + InputNode.describe(raw));
        }
        List<String> pieces = new ArrayList<>();
        for (InputNode part : content.asArray()) {
            part.requireObject();
            String type = part.text("type");
            if ("text".equals(type)) {
                pieces.add(part.text("text"));
            } else {
                pieces.add(placeholder(type));
            }
        }
        return join(pieces);
    }

    /** Joins pieces of text with new lines; one piece is returned as it is, not copied. */
    static String join(List<String> pieces) {
        return pieces.size() == 1 ? pieces.get(0) : String.join("\n", pieces);
    }

    /**
     * Returns whether a text is what Jackson's {@code readTree} reads as a JSON object (it reads the
     * first value and ignores what follows), checked by scanning its tokens without building a tree: the
     * wires that carry tool-call arguments as a string then hand the text to
     * {@link ToolCall#withArgumentText}, to be parsed only when a rule reads the arguments. A text as
     * long as the parser's string limit is not scanned (a string inside it could exceed the limit,
     * which the scan would not see): it is parsed as before.
     */
    static boolean isJsonObject(String text) {
        if (text.length() >= StreamReadConstraints.DEFAULT_MAX_STRING_LEN) {
            return false;
        }
        if (JsonText.startsWithObject(text)) {
            return true;
        }
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            parser.skipChildren();
            return parser.currentToken() == JsonToken.END_OBJECT;
        } catch (IOException e) {
            // arguments are free text on these wires: text that is not JSON is kept as it is
            return false;
        }
    }

    /**
     * Returns a one-field payload for an entry to copy: an object over an immutable one-entry map, the
     * least a payload read from a body costs before the entry makes its own copy.
     */
    static ObjectNode payload(String field, String value) {
        return new ObjectNode(NODES, Map.of(field, NODES.textNode(value)));
    }

    /**
     * Returns the id of wire message {@code i} ({@code m<i>}), shared for the first few thousand: every
     * read names every message.
     */
    static String wire(int i) {
        if (i >= WIRE_IDS.length) {
            return "m" + i;
        }
        String id = WIRE_IDS[i];
        if (id == null) {
            id = "m" + i;
            WIRE_IDS[i] = id;
        }
        return id;
    }

    /**
     * Returns the id of block {@code j} of wire message {@code i} ({@code m<i>.c<j>}), shared for the first
     * few thousand messages and the first blocks of each: every read names almost every block.
     */
    static String blockId(int i, int j) {
        if (i >= BLOCK_IDS.length || j >= BLOCKS_KEPT) {
            return wire(i) + ".c" + j;
        }
        String[] ids = BLOCK_IDS[i];
        if (ids == null) {
            ids = new String[BLOCKS_KEPT];
            BLOCK_IDS[i] = ids;
        }
        String id = ids[j];
        if (id == null) {
            id = wire(i) + ".c" + j;
            ids[j] = id;
        }
        return id;
    }

    static String placeholder(String type) {
        return "[" + type + "]";
    }

    /**
     * Reads an optional object field, or an empty object. The object is the body's own, not a copy:
     * for an entry's arguments, which the entry copies.
     */
    static ObjectNode object(InputNode parent, String name) {
        JsonNode raw = parent.raw().isObject() ? parent.raw().get(name) : null;
        if (raw instanceof ObjectNode own) {
            return own;
        }
        ObjectNode value = parent.optObject(name);
        return value == null ? NODES.objectNode() : value;
    }

    /** Returns a node's {@code type} for a message about it: the text, or {@code none}. */
    static String typeOf(InputNode node) {
        JsonNode type = node.raw().get("type");
        return type != null && type.isTextual() ? '"' + type.textValue() + '"' : "none";
    }

    /**
     * Reads a message's required {@code role}: the user and assistant roles by their wire names; any
     * other role the surface documents ({@code system}, {@code developer}) is a system message, and a
     * role it does not document is read as a system message too (transparent to alternation and
     * grouping, as the guard's model treats system messages) and reported.
     */
    static Role role(WireParse p, ProviderSurface surface, InputNode message, String user, String assistant) {
        String role = message.text("role");
        if (role.equals(user)) {
            return Role.USER;
        }
        if (role.equals(assistant)) {
            return Role.ASSISTANT;
        }
        if (!surface.knowsRole(role)) {
            p.unknown(surface.wireName(), message.child("role"), "unknown role \"" + role
                    + "\", read as a system message");
        }
        return Role.SYSTEM;
    }

    /**
     * Reads the {@code type} of an optional option object ({@code thinking}, {@code tool_choice}):
     * {@code null} when the field is absent, or when it is not an object or its type is not one of
     * {@code allowed} — then the option stays unknown and the shape is reported, never refused.
     */
    static String optionType(WireParse p, ProviderSurface surface, InputNode parent, String field,
            String... allowed) {
        if (!parent.has(field)) {
            return null;
        }
        InputNode option = parent.child(field);
        JsonNode raw = option.raw();
        JsonNode type = raw.isObject() ? raw.get("type") : null;
        if (type != null && type.isTextual()) {
            for (String value : allowed) {
                if (value.equals(type.textValue())) {
                    return value;
                }
            }
        }
        String problem = !raw.isObject() ? "expected an object, but was " + InputNode.describe(raw)
                : raw.has("type") ? "type " + typeOf(option) + " is not one of " + String.join(", ", allowed)
                : "no type; expected one of " + String.join(", ", allowed);
        p.unknown(surface.wireName(), option, problem + "; the option is left unknown");
        return null;
    }

    /**
     * Reads the OpenAI-style string tool choices: {@code auto}, {@code none}, {@code required}, and
     * another name for required where a surface's providers document one (Mistral's {@code any}).
     *
     * @return the choice, or {@code null} for any other string
     */
    static ToolChoice toolChoiceMode(String mode, String requiredAlias) {
        return switch (mode) {
            case "auto" -> ToolChoice.auto();
            case "none" -> ToolChoice.none();
            case "required" -> ToolChoice.required();
            default -> mode.equals(requiredAlias) ? ToolChoice.required() : null;
        };
    }

    /** Returns the content of a result as the wire would carry it in a new block. */
    static JsonNode textNode(String text) {
        return NODES.textNode(text);
    }
}
