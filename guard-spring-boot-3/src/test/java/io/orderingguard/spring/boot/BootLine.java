package io.orderingguard.spring.boot;

import io.orderingguard.testing.emulator.ProviderEmulator;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration;
import org.springframework.retry.support.RetryTemplate;

/**
 * What the tests shared with guard-spring-boot (its src/shared-test) take from Spring Boot 3.5 and
 * Spring AI 1.1: how an OpenAI model is pointed at the emulator, and Boot's Redis auto-configuration.
 */
final class BootLine {

    /** Spring Boot 3's Redis auto-configuration (in spring-boot-autoconfigure). */
    static final Class<?> DATA_REDIS_AUTO_CONFIGURATION = RedisAutoConfiguration.class;

    private BootLine() {}

    /** Spring AI 1.1's OpenAI model on its own REST client, pointed at the emulator, without retries. */
    static ChatModel openAi(ProviderEmulator emulator) {
        return OpenAiChatModel.builder()
                .openAiApi(OpenAiApi.builder().baseUrl(emulator.baseUrl()).apiKey("test").build())
                .defaultOptions(OpenAiChatOptions.builder().model("gpt-4o-mini").build())
                .retryTemplate(RetryTemplate.builder().maxAttempts(1).build()).build();
    }
}
