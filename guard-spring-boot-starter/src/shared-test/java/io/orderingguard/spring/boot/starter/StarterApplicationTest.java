package io.orderingguard.spring.boot.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.StashFailureMode;
import io.orderingguard.exchange.ExchangeLog;
import io.orderingguard.spring.boot.GuardMode;
import io.orderingguard.spring.boot.OrderingGuardProperties;
import io.orderingguard.spring.boot.StashKind;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;

/**
 * A real Spring Boot application with the starter on the class path, Spring AI's chat client
 * auto-configuration and {@code application.yml}: the {@code ChatClient.Builder} the application is
 * handed carries the guard, which refuses an orphaned tool result before any request reaches the
 * provider emulator, and lets a valid prompt through, timed in the application's meter registry.
 */
class StarterApplicationTest {

    static final String ORPHAN_ERROR = "rejected dispatch of conversation c-7 (profile openai-chat): 1 blocking "
            + "violation(s)\n  - openai-tool-message-follows-tool-calls: tool result 'call_1' answers no tool call in "
            + "the conversation [prevents: Invalid parameter: messages with role 'tool' must be a response to a "
            + "preceeding message with 'tool_calls'.]";

    /** The application: one OpenAI model bean pointed at the emulator, everything else auto-configured. */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

        @Bean
        ChatModel openAi(Environment environment) {
            return StarterLine.openAi(environment.getRequiredProperty("emulator.base-url"));
        }
    }

    ProviderEmulator emulator;
    ConfigurableApplicationContext context;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
        SpringApplication app = new SpringApplication(Application.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setDefaultProperties(Map.of("emulator.base-url", emulator.baseUrl()));
        context = app.run();
    }

    @AfterEach
    void stop() {
        context.close();
        emulator.close();
    }

    @Test
    void application_yml_binds() {
        assertThat(context.getBean(OrderingGuardProperties.class)).isEqualTo(new OrderingGuardProperties(true,
                GuardMode.ENFORCE, List.of(), "permissive", List.of(), List.of(),
                new OrderingGuardProperties.Stash(StashKind.NONE, StashFailureMode.FAIL_OPEN,
                        new OrderingGuardProperties.Redis(null, "orderingguard", Duration.ofHours(24), Duration.ofMillis(250))),
                new OrderingGuardProperties.Metrics(true), false, new OrderingGuardProperties.ExchangeLogFile(null,
                        ExchangeLog.Level.SHAPE, DataSize.ofMegabytes(64), 5, null)));
        assertThat(context.getBeansOfType(OrderingGuard.class)).hasSize(1);
    }

    @Test
    void the_auto_configured_chat_client_refuses_an_orphaned_tool_result_without_a_request() {
        ChatClient client = context.getBean(ChatClient.Builder.class).build();
        Prompt orphan = new Prompt(List.of(
                ToolResponseMessage.builder().responses(List.of(
                        new ToolResponseMessage.ToolResponse("call_1", "search", "3 hits"))).build(),
                new UserMessage("And the second one?")));

        Throwable thrown = catchThrowable(() -> client.prompt(orphan)
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "c-7")).call().content());

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(ORPHAN_ERROR);
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void a_valid_prompt_goes_through() {
        emulator.enqueue(Answer.text("Hello"));

        String answer = context.getBean(ChatClient.Builder.class).build().prompt().user("Hi").call().content();

        assertThat(answer).isEqualTo("Hello");
        assertThat(emulator.requestCount()).isEqualTo(1);
        assertThat(emulator.rejections()).isEmpty();
        assertThat(context.getBean(MeterRegistry.class).get("ordering.guard.checks")
                .tags("outcome", "passed", "profile", "openai-chat").timer().count()).isEqualTo(1);
    }
}
