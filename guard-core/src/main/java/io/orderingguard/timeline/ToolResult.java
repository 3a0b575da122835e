package io.orderingguard.timeline;

import io.orderingguard.support.Require;

/**
 * The result of a tool call, stored on the {@link ToolCall} it answers.
 *
 * @param content the result text (may be empty)
 * @param isError whether the tool reported an error
 */
public record ToolResult(String content, boolean isError) {

    /** Validates the fields. */
    public ToolResult {
        Require.nonNull(content, "result.content");
    }

    /**
     * Creates a successful result.
     *
     * @param content the result text
     * @return the result
     */
    public static ToolResult of(String content) {
        return new ToolResult(content, false);
    }

    /**
     * Creates an error result.
     *
     * @param content the error text
     * @return the result
     */
    public static ToolResult error(String content) {
        return new ToolResult(content, true);
    }
}
