package io.orderingguard.timeline;

import io.orderingguard.support.Require;

/**
 * The tool choice of a request ({@link RequestOptions#toolChoice()}); see {@link ToolChoiceMode} for
 * the provider parameter each mode mirrors (Anthropic and OpenAI {@code tool_choice}, Gemini
 * {@code toolConfig.functionCallingConfig.mode}, Bedrock {@code toolConfig.toolChoice}).
 *
 * <p>Thread-safe: immutable.
 *
 * @param mode the mode
 * @param tool the tool that must be called: required and non-blank iff the mode is
 *     {@link ToolChoiceMode#TOOL}, else {@code null}
 */
public record ToolChoice(ToolChoiceMode mode, String tool) {

    private static final ToolChoice AUTO = new ToolChoice(ToolChoiceMode.AUTO, null);
    private static final ToolChoice NONE = new ToolChoice(ToolChoiceMode.NONE, null);
    private static final ToolChoice REQUIRED = new ToolChoice(ToolChoiceMode.REQUIRED, null);

    /** Validates the fields. */
    public ToolChoice {
        Require.nonNull(mode, "toolChoice.mode");
        if (mode == ToolChoiceMode.TOOL) {
            Require.nonBlank(tool, "toolChoice.tool");
        } else {
            Require.argument(tool == null,
                    "toolChoice.tool is only allowed with mode tool, but mode was " + mode.wireName());
        }
    }

    /**
     * Returns the model's own choice.
     *
     * @return the choice
     */
    public static ToolChoice auto() {
        return AUTO;
    }

    /**
     * Returns "no tool may be called".
     *
     * @return the choice
     */
    public static ToolChoice none() {
        return NONE;
    }

    /**
     * Returns "some tool must be called".
     *
     * @return the choice
     */
    public static ToolChoice required() {
        return REQUIRED;
    }

    /**
     * Returns "this tool must be called".
     *
     * @param name the tool name, non-blank
     * @return the choice
     */
    public static ToolChoice tool(String name) {
        return new ToolChoice(ToolChoiceMode.TOOL, name);
    }

    /**
     * Returns whether the choice forces a tool call ({@link ToolChoiceMode#REQUIRED} or
     * {@link ToolChoiceMode#TOOL}); Anthropic manual thinking rejects both.
     *
     * @return {@code true} when a call is forced
     */
    public boolean forcesCall() {
        return mode == ToolChoiceMode.REQUIRED || mode == ToolChoiceMode.TOOL;
    }
}
