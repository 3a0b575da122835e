package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;

/**
 * One message of the prompt an LLM call was sent ({@code messages[]} in the trace file).
 *
 * @param role the role as the client named it ({@code system}, {@code user}, {@code assistant},
 *     {@code tool}, …)
 * @param content the content: a string, or a list of content parts
 */
public record PromptMessage(String role, JsonNode content) {

    /** Validates and copies the fields. */
    public PromptMessage {
        Require.nonBlank(role, "role");
        content = content == null ? Json.NODES.nullNode() : content.deepCopy();
    }

    /**
     * Creates a text message.
     *
     * @param role the role
     * @param text the text
     * @return the message
     */
    public static PromptMessage of(String role, String text) {
        return new PromptMessage(role, Json.NODES.textNode(Require.nonNull(text, "text")));
    }

    /**
     * Returns a copy of the content.
     *
     * @return the content
     */
    @Override
    public JsonNode content() {
        return content.deepCopy();
    }

    /**
     * Returns the content as text: a string as is, list content as JSON.
     *
     * @return the text
     */
    public String text() {
        return content.isTextual() ? content.textValue() : content.toString();
    }
}
