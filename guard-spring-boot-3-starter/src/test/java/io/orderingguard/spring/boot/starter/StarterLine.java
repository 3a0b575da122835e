package io.orderingguard.spring.boot.starter;

import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.retry.support.RetryTemplate;

/**
 * How the starter test shared with guard-spring-boot-starter builds its OpenAI model on Spring AI
 * 1.1: on Spring AI's own REST client, pointed at the emulator, without retries.
 */
final class StarterLine {

    private StarterLine() {}

    static ChatModel openAi(String emulatorBaseUrl) {
        return OpenAiChatModel.builder()
                .openAiApi(OpenAiApi.builder().baseUrl(emulatorBaseUrl).apiKey("test").build())
                .defaultOptions(OpenAiChatOptions.builder().model("gpt-4o-mini").build())
                .retryTemplate(RetryTemplate.builder().maxAttempts(1).build()).build();
    }
}
