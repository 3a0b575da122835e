package io.orderingguard.springai;

import io.orderingguard.testing.emulator.ProviderEmulator;
import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/** The real Spring AI provider models, pointed at a provider emulator on a loopback port. */
final class Models {

    enum Provider { OPENAI, ANTHROPIC }

    private Models() {}

    static ChatModel of(Provider provider, ProviderEmulator emulator) {
        return switch (provider) {
            case OPENAI -> OpenAiChatModel.builder()
                    .options(OpenAiChatOptions.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test")
                            .model("gpt-4o-mini").maxRetries(0).build())
                    .build();
            case ANTHROPIC -> AnthropicChatModel.builder()
                    .options(AnthropicChatOptions.builder().baseUrl(emulator.baseUrl()).apiKey("test")
                            .model("claude-sonnet-4-5").maxTokens(1024).maxRetries(0).build())
                    .build();
        };
    }
}
