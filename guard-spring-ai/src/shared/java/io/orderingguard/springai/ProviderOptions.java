package io.orderingguard.springai;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolChoice;
import java.util.Locale;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * Reads the {@link RequestOptions} a prompt is sent with from its {@link ChatOptions}: the output
 * limit every option class has, and what the provider modules' option classes add — Anthropic
 * thinking (enabled with its budget, adaptive, disabled), tool choice and parallel tool use; OpenAI
 * reasoning effort, parallel tool calls, tool choice and {@code max_completion_tokens}. Also names the
 * provider an option class belongs to. Not public API.
 *
 * <p>The provider modules are optional dependencies: a provider class is touched only when the
 * options are an instance of it (found by class name first), so the readers load only then. The
 * Anthropic reader, {@code AnthropicOptions}, is compiled per Spring AI line (2.0's options hold
 * anthropic-java SDK types, 1.1's its own API records); this class is shared by both.
 *
 * <p>Thread-safe: stateless.
 */
final class ProviderOptions {

    private static final String ANTHROPIC = "org.springframework.ai.anthropic.AnthropicChatOptions";
    private static final String OPENAI = "org.springframework.ai.openai.OpenAiChatOptions";

    private ProviderOptions() {}

    /** Returns the options the chat options say; {@link RequestOptions#unknown()} where they say nothing. */
    static RequestOptions of(ChatOptions options) {
        RequestOptions result = RequestOptions.unknown();
        if (options == null) {
            return result;
        }
        Integer max = options.getMaxTokens();
        if (max != null && max >= 1) {
            result = result.withMaxTokens(max);
        }
        for (Class<?> c = options.getClass(); c != null; c = c.getSuperclass()) {
            switch (c.getName()) {
                case ANTHROPIC:
                    return AnthropicOptions.read((AnthropicChatOptions) options, result);
                case OPENAI:
                    return OpenAi.read((OpenAiChatOptions) options, result);
                default:
                    break;
            }
        }
        return result;
    }

    /**
     * Names the provider of a Spring AI class from its package: {@code org.springframework.ai.anthropic…}
     * is {@code anthropic}, {@code …openai…} is {@code openai}, and so on.
     *
     * @return the provider name, or {@code null} when the class is not a provider module's
     */
    static String providerOf(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            String name = c.getName();
            if (!name.startsWith("org.springframework.ai.")) {
                continue;
            }
            String rest = name.substring("org.springframework.ai.".length());
            int dot = rest.indexOf('.');
            String module = dot < 0 ? "" : rest.substring(0, dot);
            // Spring AI's module packages are named after the provider: the shared provider ids read them
            String id = ProviderIds.canonical(module);
            if (id != null) {
                return id;
            }
            if (module.equals("ollama")) {
                return module;
            }
        }
        return null;
    }

    /** Reads Spring AI's OpenAI options. */
    private static final class OpenAi {
        private OpenAi() {}

        static RequestOptions read(OpenAiChatOptions o, RequestOptions base) {
            RequestOptions result = base;
            Integer completion = o.getMaxCompletionTokens();
            if (completion != null && completion >= 1) {
                result = result.withMaxTokens(completion);
            }
            String effort = o.getReasoningEffort();
            if (effort != null && !effort.isBlank()) {
                String e = effort.strip().toLowerCase(Locale.ROOT);
                result = result.withReasoning(e.equals("none") ? Reasoning.disabled() : Reasoning.effort(e));
            }
            if (o.getParallelToolCalls() != null) {
                result = result.withParallelToolCalls(o.getParallelToolCalls());
            }
            if (o.getToolChoice() instanceof String s) {
                switch (s.strip().toLowerCase(Locale.ROOT)) {
                    case "auto" -> result = result.withToolChoice(ToolChoice.auto());
                    case "none" -> result = result.withToolChoice(ToolChoice.none());
                    case "required" -> result = result.withToolChoice(ToolChoice.required());
                    default -> { }
                }
            }
            return result;
        }
    }
}
