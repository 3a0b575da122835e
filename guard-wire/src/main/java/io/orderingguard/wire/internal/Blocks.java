package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.InputNode;
import java.util.ArrayList;
import java.util.List;

/** Small readers the codecs share. */
final class Blocks {

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

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
        return String.join("\n", pieces);
    }

    static String placeholder(String type) {
        return "[" + type + "]";
    }

    /** Reads an optional object field, or an empty object. */
    static ObjectNode object(InputNode parent, String name) {
        ObjectNode value = parent.optObject(name);
        return value == null ? NODES.objectNode() : value;
    }

    /** Returns the content of a result as the wire would carry it in a new block. */
    static JsonNode textNode(String text) {
        return NODES.textNode(text);
    }
}
