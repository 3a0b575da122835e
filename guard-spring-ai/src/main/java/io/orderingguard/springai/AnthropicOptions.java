package io.orderingguard.springai;

import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolChoice;
import org.springframework.ai.anthropic.AnthropicChatOptions;

/**
 * Reads Spring AI 2.0's {@link AnthropicChatOptions}, whose thinking and tool choice are
 * anthropic-java SDK types: thinking enabled with its budget, adaptive or disabled; tool choice and
 * parallel tool use. Loaded only when a prompt's options are Anthropic's ({@link ProviderOptions}).
 * Not public API.
 *
 * <p>Thread-safe: stateless.
 */
final class AnthropicOptions {

    private AnthropicOptions() {}

    static RequestOptions read(AnthropicChatOptions o, RequestOptions base) {
        RequestOptions result = base;
        com.anthropic.models.messages.ThinkingConfigParam thinking = o.getThinking();
        if (thinking != null) {
            if (thinking.isEnabled()) {
                long budget = thinking.asEnabled().budgetTokens();
                result = result.withReasoning(budget >= 1 && budget <= Integer.MAX_VALUE
                        ? Reasoning.enabled((int) budget) : Reasoning.enabled());
            } else if (thinking.isAdaptive()) {
                result = result.withReasoning(Reasoning.adaptive());
            } else if (thinking.isDisabled()) {
                result = result.withReasoning(Reasoning.disabled());
            }
        }
        com.anthropic.models.messages.ToolChoice choice = o.getToolChoice();
        Boolean disableParallel = o.getDisableParallelToolUse();
        if (choice != null) {
            if (choice.isAuto()) {
                result = result.withToolChoice(ToolChoice.auto());
                disableParallel = disableParallel != null ? disableParallel
                        : choice.asAuto().disableParallelToolUse().orElse(null);
            } else if (choice.isAny()) {
                result = result.withToolChoice(ToolChoice.required());
                disableParallel = disableParallel != null ? disableParallel
                        : choice.asAny().disableParallelToolUse().orElse(null);
            } else if (choice.isTool()) {
                result = result.withToolChoice(ToolChoice.tool(choice.asTool().name()));
                disableParallel = disableParallel != null ? disableParallel
                        : choice.asTool().disableParallelToolUse().orElse(null);
            } else if (choice.isNone()) {
                result = result.withToolChoice(ToolChoice.none());
            }
        }
        if (disableParallel != null) {
            result = result.withParallelToolCalls(!disableParallel);
        }
        return result;
    }
}
