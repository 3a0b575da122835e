package io.orderingguard.langchain4j;

import dev.langchain4j.model.anthropic.AnthropicChatRequestParameters;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiResponsesChatRequestParameters;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolChoice;
import java.util.Locale;

/**
 * Reads the {@link RequestOptions} a LangChain4j request is sent with from its effective
 * {@link ChatRequestParameters}: the common ones (tool choice, output limit) and those of the
 * provider modules' parameter classes (Anthropic thinking, tool choice by name and parallel tool
 * use; OpenAI reasoning effort and parallel tool calls). Not public API.
 *
 * <p>The provider modules are optional dependencies: a provider class is touched only when the
 * parameters are an instance of it, which needs its module on the class path — the nested readers
 * are loaded only then.
 *
 * <p>Thread-safe: stateless.
 */
final class ParameterOptions {

    private static final String ANTHROPIC = "dev.langchain4j.model.anthropic.AnthropicChatRequestParameters";
    private static final String OPENAI_CHAT = "dev.langchain4j.model.openai.OpenAiChatRequestParameters";
    private static final String OPENAI_RESPONSES = "dev.langchain4j.model.openai.OpenAiResponsesChatRequestParameters";

    private ParameterOptions() {}

    /**
     * Returns the options the parameters say, {@link RequestOptions#unknown()} where they say nothing.
     *
     * @param parameters the effective parameters, or {@code null}
     * @return the options
     */
    static RequestOptions of(ChatRequestParameters parameters) {
        RequestOptions options = RequestOptions.unknown();
        if (parameters == null) {
            return options;
        }
        if (parameters.toolChoice() != null) {
            options = options.withToolChoice(switch (parameters.toolChoice()) {
                case AUTO -> ToolChoice.auto();
                case REQUIRED -> ToolChoice.required();
                case NONE -> ToolChoice.none();
            });
        }
        if (parameters.maxOutputTokens() != null && parameters.maxOutputTokens() >= 1) {
            options = options.withMaxTokens(parameters.maxOutputTokens());
        }
        for (Class<?> c = parameters.getClass(); c != null; c = c.getSuperclass()) {
            switch (c.getName()) {
                case ANTHROPIC:
                    return Anthropic.read((AnthropicChatRequestParameters) parameters, options);
                case OPENAI_CHAT:
                    return OpenAi.read((OpenAiChatRequestParameters) parameters, options);
                case OPENAI_RESPONSES:
                    return OpenAi.read((OpenAiResponsesChatRequestParameters) parameters, options);
                default:
                    break;
            }
        }
        return options;
    }

    /** {@code langchain4j-anthropic}: what {@code AnthropicChatModel} puts in {@code thinking} and {@code tool_choice}. */
    private static final class Anthropic {

        private Anthropic() {}

        /**
         * Thinking: no type and no budget sends no {@code thinking} (the API's default, disabled);
         * {@code enabled} with the budget; {@code disabled}; {@code adaptive}; another type is unknown.
         * Tool choice: {@code toolChoiceName} forces that tool. {@code disableParallelToolUse} is the
         * negation of parallel tool calls.
         */
        static RequestOptions read(AnthropicChatRequestParameters p, RequestOptions options) {
            String type = p.thinkingType() == null ? null : p.thinkingType().toLowerCase(Locale.ROOT);
            Integer budget = p.thinkingBudgetTokens();
            Reasoning reasoning = null;
            if (type == null && budget == null || "disabled".equals(type)) {
                reasoning = Reasoning.disabled();
            } else if ("enabled".equals(type)) {
                reasoning = budget != null && budget >= 1 ? Reasoning.enabled(budget) : Reasoning.enabled();
            } else if ("adaptive".equals(type)) {
                reasoning = Reasoning.adaptive();
            }
            RequestOptions out = options.withReasoning(reasoning);
            if (p.toolChoiceName() != null && !p.toolChoiceName().isBlank()) {
                out = out.withToolChoice(ToolChoice.tool(p.toolChoiceName()));
            }
            if (p.disableParallelToolUse() != null) {
                out = out.withParallelToolCalls(!p.disableParallelToolUse());
            }
            return out;
        }
    }

    /** {@code langchain4j-open-ai}: {@code reasoning_effort} / {@code reasoning.effort} and {@code parallel_tool_calls}. */
    private static final class OpenAi {

        private OpenAi() {}

        static RequestOptions read(OpenAiChatRequestParameters p, RequestOptions options) {
            RequestOptions out = options;
            if (p.maxCompletionTokens() != null && p.maxCompletionTokens() >= 1) {
                out = out.withMaxTokens(p.maxCompletionTokens());
            }
            return common(p.reasoningEffort(), p.parallelToolCalls(), out);
        }

        static RequestOptions read(OpenAiResponsesChatRequestParameters p, RequestOptions options) {
            return common(p.reasoningEffort(), p.parallelToolCalls(), options);
        }

        /** {@code "none"} turns reasoning off; any other effort turns it on at that effort; none given is unknown. */
        private static RequestOptions common(String effort, Boolean parallelToolCalls, RequestOptions options) {
            RequestOptions out = options;
            if (effort != null && !effort.isBlank()) {
                out = out.withReasoning(effort.equalsIgnoreCase("none") ? Reasoning.disabled() : Reasoning.effort(effort));
            }
            return parallelToolCalls == null ? out : out.withParallelToolCalls(parallelToolCalls);
        }
    }
}
