package io.orderingguard.springai;

import io.orderingguard.testing.emulator.ProviderEmulator;
import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.anthropic.api.AnthropicApi;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.retry.support.RetryTemplate;

/**
 * Spring AI 1.1's real provider models (on its own {@code OpenAiApi} and {@code AnthropicApi} REST
 * clients), pointed at a provider emulator on a loopback port, without retries.
 */
final class Models {

    enum Provider { OPENAI, ANTHROPIC }

    /** The simple name of what a provider's 400 is thrown as (Spring AI's retry support exception). */
    static final String BAD_REQUEST = "NonTransientAiException";

    private Models() {}

    static ChatModel of(Provider provider, ProviderEmulator emulator) {
        RetryTemplate once = RetryTemplate.builder().maxAttempts(1).build();
        return switch (provider) {
            case OPENAI -> OpenAiChatModel.builder()
                    .openAiApi(OpenAiApi.builder().baseUrl(emulator.baseUrl()).apiKey("test").build())
                    .defaultOptions(OpenAiChatOptions.builder().model("gpt-4o-mini").build())
                    .retryTemplate(once).build();
            case ANTHROPIC -> AnthropicChatModel.builder()
                    .anthropicApi(AnthropicApi.builder().baseUrl(emulator.baseUrl()).apiKey("test").build())
                    .defaultOptions(AnthropicChatOptions.builder().model("claude-sonnet-4-5").maxTokens(1024).build())
                    .retryTemplate(once).build();
        };
    }

    /**
     * The options of a user-controlled tool loop (Spring AI 1.1's reference documentation): the tools
     * are declared, and the model returns their calls instead of running them
     * ({@code internalToolExecutionEnabled(false)}).
     */
    static ChatOptions userControlled(Provider provider, ToolCallback... tools) {
        return switch (provider) {
            case OPENAI -> OpenAiChatOptions.builder().model("gpt-4o-mini").toolCallbacks(tools)
                    .internalToolExecutionEnabled(false).build();
            case ANTHROPIC -> AnthropicChatOptions.builder().model("claude-sonnet-4-5").maxTokens(1024).toolCallbacks(tools)
                    .internalToolExecutionEnabled(false).build();
        };
    }
}
