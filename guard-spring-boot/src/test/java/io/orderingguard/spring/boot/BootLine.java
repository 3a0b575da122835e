package io.orderingguard.spring.boot;

import io.orderingguard.testing.emulator.ProviderEmulator;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;

/**
 * What the shared tests (src/shared-test, compiled by guard-spring-boot-3 too) take from Spring Boot 4
 * and Spring AI 2.0: how an OpenAI model is pointed at the emulator, and Boot's Redis
 * auto-configuration.
 */
final class BootLine {

    /** Spring Boot 4's Redis auto-configuration (its own spring-boot-data-redis module). */
    static final Class<?> DATA_REDIS_AUTO_CONFIGURATION = DataRedisAutoConfiguration.class;

    private BootLine() {}

    /** Spring AI 2.0's OpenAI model on the official SDK, pointed at the emulator, without retries. */
    static ChatModel openAi(ProviderEmulator emulator) {
        return OpenAiChatModel.builder()
                .options(OpenAiChatOptions.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test")
                        .model("gpt-4o-mini").maxRetries(0).build())
                .build();
    }
}
