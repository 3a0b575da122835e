package io.orderingguard.timeline;

import io.orderingguard.support.Require;

/**
 * The result of a tool call, stored on the {@link ToolCall} it answers.
 *
 * <p>Thread-safe: immutable.
 *
 * @param content the result text (may be empty)
 * @param isError whether the tool reported an error
 * @param wireMessage optional id of the wire message that carried the result: on Anthropic and
 *     Bedrock Converse the user message holding the {@code tool_result}/{@code toolResult} blocks
 *     (and any user text sent with them), on Gemini the user content holding the
 *     {@code functionResponse} parts. A {@link Message} with the same {@link Entry#wireMessage()}
 *     travelled in that same wire message. {@code null} when unknown.
 */
public record ToolResult(String content, boolean isError, String wireMessage) {

    /** Validates the fields. */
    public ToolResult {
        Require.nonNull(content, "result.content");
        Require.blankToError(wireMessage, "result.wireMessage");
    }

    /**
     * Creates a successful result.
     *
     * @param content the result text
     * @return the result
     */
    public static ToolResult of(String content) {
        return new ToolResult(content, false, null);
    }

    /**
     * Creates an error result.
     *
     * @param content the error text
     * @return the result
     */
    public static ToolResult error(String content) {
        return new ToolResult(content, true, null);
    }

    /**
     * Returns a copy naming the wire message that carried the result.
     *
     * @param newWireMessage the wire message id, or {@code null} when unknown
     * @return the copy
     */
    public ToolResult withWireMessage(String newWireMessage) {
        return new ToolResult(content, isError, newWireMessage);
    }
}
