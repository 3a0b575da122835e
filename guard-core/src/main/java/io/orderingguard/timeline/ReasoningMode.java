package io.orderingguard.timeline;

import java.util.Locale;

/**
 * Whether the model reasons before it answers, as the request asked for it ({@link Reasoning#mode()}).
 *
 * <p>Thread-safe (an enum).
 */
public enum ReasoningMode {
    /**
     * Reasoning is off: Anthropic {@code thinking: {"type": "disabled"}} or no {@code thinking};
     * OpenAI {@code reasoning_effort: "none"}; Gemini {@code thinkingBudget: 0}; DeepSeek
     * {@code thinking: {"type": "disabled"}} or a non-thinking model id.
     */
    DISABLED,
    /**
     * Reasoning is on with a fixed budget or effort: Anthropic {@code thinking: {"type": "enabled",
     * "budget_tokens": N}}; OpenAI {@code reasoning_effort} / {@code reasoning.effort}; Gemini
     * {@code thinkingBudget > 0} or {@code thinkingLevel}; Bedrock
     * {@code additionalModelRequestFields.thinking}; DeepSeek {@code thinking: {"type": "enabled"}}.
     */
    ENABLED,
    /**
     * The model decides how much to reason: Anthropic {@code thinking: {"type": "adaptive"}} (Claude
     * 4.6 and later); Gemini {@code thinkingBudget: -1} (dynamic thinking).
     */
    ADAPTIVE;

    /**
     * Returns the lower-case name used in documents.
     *
     * @return {@code disabled}, {@code enabled} or {@code adaptive}
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return wireName();
    }
}
