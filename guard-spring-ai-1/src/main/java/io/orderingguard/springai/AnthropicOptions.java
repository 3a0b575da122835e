package io.orderingguard.springai;

import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolChoice;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.anthropic.api.AnthropicApi;

/**
 * Reads Spring AI 1.1's {@link AnthropicChatOptions}, whose thinking and tool choice are records of
 * its own {@link AnthropicApi}: thinking enabled with its budget or disabled; tool choice (auto, any,
 * a named tool, none) and the parallel tool use it allows. Loaded only when a prompt's options are
 * Anthropic's ({@link ProviderOptions}). Not public API.
 *
 * <p>Thread-safe: stateless.
 */
final class AnthropicOptions {

    private AnthropicOptions() {}

    static RequestOptions read(AnthropicChatOptions o, RequestOptions base) {
        RequestOptions result = base;
        AnthropicApi.ChatCompletionRequest.ThinkingConfig thinking = o.getThinking();
        if (thinking != null && thinking.type() == AnthropicApi.ThinkingType.ENABLED) {
            Integer budget = thinking.budgetTokens();
            result = result.withReasoning(budget != null && budget >= 1 ? Reasoning.enabled(budget) : Reasoning.enabled());
        } else if (thinking != null && thinking.type() == AnthropicApi.ThinkingType.DISABLED) {
            result = result.withReasoning(Reasoning.disabled());
        }
        Boolean disableParallel = null;
        AnthropicApi.ToolChoice choice = o.getToolChoice();
        if (choice instanceof AnthropicApi.ToolChoiceAuto auto) {
            result = result.withToolChoice(ToolChoice.auto());
            disableParallel = auto.disableParallelToolUse();
        } else if (choice instanceof AnthropicApi.ToolChoiceAny any) {
            result = result.withToolChoice(ToolChoice.required());
            disableParallel = any.disableParallelToolUse();
        } else if (choice instanceof AnthropicApi.ToolChoiceTool tool) {
            result = result.withToolChoice(ToolChoice.tool(tool.name()));
            disableParallel = tool.disableParallelToolUse();
        } else if (choice instanceof AnthropicApi.ToolChoiceNone) {
            result = result.withToolChoice(ToolChoice.none());
        }
        return disableParallel == null ? result : result.withParallelToolCalls(!disableParallel);
    }
}
