package io.orderingguard.timeline;

import io.orderingguard.support.Require;

/**
 * The reasoning ("thinking") configuration of a request ({@link RequestOptions#reasoning()}).
 *
 * <p>Provider parameters it mirrors:
 * <ul>
 *   <li>Anthropic Messages {@code thinking}: {@code {"type": "disabled"}} = {@link #disabled()};
 *       {@code {"type": "enabled", "budget_tokens": N}} = {@link #enabled(int) enabled(N)};
 *       {@code {"type": "adaptive"}} = {@link #adaptive()} (with {@code output_config.effort} as
 *       {@link #withEffort(String) effort}).</li>
 *   <li>OpenAI Chat Completions {@code reasoning_effort} and Responses {@code reasoning.effort}:
 *       {@code "none"} = {@link #disabled()}, any other value = {@link #effort(String)}.</li>
 *   <li>Gemini {@code generationConfig.thinkingConfig}: {@code thinkingBudget: 0} = disabled,
 *       {@code -1} = adaptive, {@code N > 0} = {@code enabled(N)}; {@code thinkingLevel} =
 *       {@code effort(level)}. ({@code includeThoughts} only decides whether thoughts come back and
 *       is not recorded.)</li>
 *   <li>Bedrock Converse {@code additionalModelRequestFields.thinking} (Claude) and
 *       {@code reasoningConfig} (Nova, …): as Anthropic.</li>
 *   <li>DeepSeek {@code thinking: {"type": "enabled" | "disabled"}}, or the model id
 *       ({@code deepseek-reasoner} thinks, {@code deepseek-chat} does not): enabled without budget
 *       / disabled.</li>
 *   <li>DashScope/Qwen {@code enable_thinking} and {@code thinking_budget}: as Anthropic.</li>
 * </ul>
 *
 * <p>Validation: {@code mode} is required; a {@link ReasoningMode#DISABLED} configuration carries
 * neither budget nor effort; {@code budgetTokens} is at least 1 and only with
 * {@link ReasoningMode#ENABLED}; {@code effort} is absent or non-blank (free text, because the
 * vocabularies differ: {@code minimal|low|medium|high|xhigh|max}, Gemini levels, …).
 *
 * <p>Thread-safe: immutable.
 *
 * @param mode whether and how the model reasons
 * @param budgetTokens the thinking budget in tokens, or {@code null} when none was given
 * @param effort the requested effort or level, or {@code null} when none was given
 */
public record Reasoning(ReasoningMode mode, Integer budgetTokens, String effort) {

    private static final Reasoning DISABLED = new Reasoning(ReasoningMode.DISABLED, null, null);
    private static final Reasoning ADAPTIVE = new Reasoning(ReasoningMode.ADAPTIVE, null, null);

    /** Validates the fields. */
    public Reasoning {
        Require.nonNull(mode, "reasoning.mode");
        Require.blankToError(effort, "reasoning.effort");
        if (budgetTokens != null) {
            Require.argument(budgetTokens >= 1, "reasoning.budgetTokens must be >= 1, but was " + budgetTokens);
            Require.argument(mode == ReasoningMode.ENABLED,
                    "reasoning.budgetTokens is only allowed with mode enabled, but mode was " + mode.wireName());
        }
        Require.argument(mode != ReasoningMode.DISABLED || effort == null,
                "reasoning.effort is not allowed with mode disabled, but was '" + effort + "'");
    }

    /**
     * Returns reasoning switched off.
     *
     * @return the configuration
     */
    public static Reasoning disabled() {
        return DISABLED;
    }

    /**
     * Returns reasoning switched on with a token budget (Anthropic manual thinking, Gemini
     * {@code thinkingBudget}).
     *
     * @param budgetTokens the budget, at least 1
     * @return the configuration
     */
    public static Reasoning enabled(int budgetTokens) {
        return new Reasoning(ReasoningMode.ENABLED, budgetTokens, null);
    }

    /**
     * Returns reasoning switched on with neither budget nor effort given (DeepSeek
     * {@code thinking: enabled}, a reasoning model id).
     *
     * @return the configuration
     */
    public static Reasoning enabled() {
        return new Reasoning(ReasoningMode.ENABLED, null, null);
    }

    /**
     * Returns adaptive reasoning: the model decides how much to think.
     *
     * @return the configuration
     */
    public static Reasoning adaptive() {
        return ADAPTIVE;
    }

    /**
     * Returns reasoning switched on with an effort level (OpenAI {@code reasoning_effort}, Gemini
     * {@code thinkingLevel}).
     *
     * @param effort the effort, non-blank
     * @return the configuration
     */
    public static Reasoning effort(String effort) {
        return new Reasoning(ReasoningMode.ENABLED, null, Require.nonBlank(effort, "reasoning.effort"));
    }

    /**
     * Returns a copy with an effort level (for {@link ReasoningMode#ADAPTIVE} with Anthropic's
     * {@code output_config.effort}, or a budget together with an effort).
     *
     * @param newEffort the effort, or {@code null}
     * @return the copy
     */
    public Reasoning withEffort(String newEffort) {
        return new Reasoning(mode, budgetTokens, newEffort);
    }

    /**
     * Returns whether the model reasons ({@link ReasoningMode#ENABLED} or
     * {@link ReasoningMode#ADAPTIVE}).
     *
     * @return {@code true} unless disabled
     */
    public boolean isOn() {
        return mode != ReasoningMode.DISABLED;
    }
}
