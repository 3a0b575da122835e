package io.orderingguard.spring.boot.starter;

import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * How the starter test (src/shared-test, run by guard-spring-boot-3-starter too) builds its OpenAI
 * model on Spring AI 2.0: on the official SDK, pointed at the emulator, without retries.
 */
final class StarterLine {

    private StarterLine() {}

    static ChatModel openAi(String emulatorBaseUrl) {
        return OpenAiChatModel.builder()
                .options(OpenAiChatOptions.builder().baseUrl(emulatorBaseUrl + "/v1").apiKey("test")
                        .model("gpt-4o-mini").maxRetries(0).build())
                .build();
    }
}
