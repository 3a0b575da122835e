package io.orderingguard.timeline;

import java.util.Locale;

/**
 * How the request constrains tool use ({@link ToolChoice#mode()}).
 *
 * <p>Thread-safe (an enum).
 */
public enum ToolChoiceMode {
    /**
     * The model decides: Anthropic and OpenAI {@code tool_choice: "auto"} ({@code {"type": "auto"}});
     * Gemini {@code functionCallingConfig.mode: AUTO}; Bedrock {@code toolChoice: {"auto": {}}}.
     */
    AUTO,
    /**
     * No tool may be called: {@code tool_choice: "none"}; Gemini {@code mode: NONE}.
     */
    NONE,
    /**
     * Some tool must be called: Anthropic {@code {"type": "any"}}; OpenAI {@code "required"}; Gemini
     * {@code mode: ANY} (or {@code VALIDATED}); Bedrock {@code toolChoice: {"any": {}}}; Cohere
     * {@code REQUIRED}.
     */
    REQUIRED,
    /**
     * One named tool must be called ({@link ToolChoice#tool()}): Anthropic {@code {"type": "tool",
     * "name": …}}; OpenAI {@code {"type": "function", "function": {"name": …}}}; Gemini {@code mode:
     * ANY} with one {@code allowedFunctionNames}; Bedrock {@code toolChoice: {"tool": {"name": …}}}.
     */
    TOOL;

    /**
     * Returns the lower-case name used in documents.
     *
     * @return {@code auto}, {@code none}, {@code required} or {@code tool}
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return wireName();
    }
}
