package io.orderingguard.springai;

import io.orderingguard.testing.emulator.ProviderEmulator;
import org.springframework.ai.anthropic.AnthropicChatModel;
import org.springframework.ai.anthropic.AnthropicChatOptions;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.tool.ToolCallback;

/** Spring AI 2.0's real provider models (on the official SDKs), pointed at a provider emulator on a loopback port. */
final class Models {

    enum Provider { OPENAI, ANTHROPIC }

    /** The simple name of what a provider's 400 is thrown as (the SDK's exception). */
    static final String BAD_REQUEST = "BadRequestException";

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

    /**
     * The options of a tool loop the application runs itself: the tools are declared, and the model
     * returns their calls (Spring AI 2.0's models never run tools; {@code ChatClient}'s tool-calling
     * advisor does).
     */
    static ChatOptions userControlled(Provider provider, ToolCallback... tools) {
        return switch (provider) {
            case OPENAI -> OpenAiChatOptions.builder().model("gpt-4o-mini").toolCallbacks(tools).build();
            case ANTHROPIC -> AnthropicChatOptions.builder().model("claude-sonnet-4-5").maxTokens(1024).toolCallbacks(tools)
                    .build();
        };
    }
}
