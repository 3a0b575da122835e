package io.orderingguard.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.StashFailureMode;
import io.orderingguard.exchange.ExchangeLog;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.springai.GuardedChatModel;
import io.orderingguard.springai.OrderingGuardAdvisor;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientCustomizer;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.unit.DataSize;

/**
 * The auto-configuration in real application contexts: property binding, the beans it contributes,
 * the customizer on a {@code ChatClient} against the provider emulator, and the startup failures.
 */
class OrderingGuardAutoConfigurationTest {

    static final String ORPHAN_ERROR = "rejected dispatch of conversation c-7 (profile openai-chat): 1 blocking "
            + "violation(s)\n  - openai-tool-message-follows-tool-calls: tool result 'call_1' answers no tool call in "
            + "the conversation [prevents: Invalid parameter: messages with role 'tool' must be a response to a "
            + "preceeding message with 'tool_calls'.]";

    /** The stash group with every default. */
    static final OrderingGuardProperties.Stash DEFAULT_STASH = new OrderingGuardProperties.Stash(StashKind.MEMORY,
            StashFailureMode.FAIL_CLOSED, new OrderingGuardProperties.Redis(null, "orderingguard", Duration.ofHours(24),
                    Duration.ofMillis(250)));

    /** The exchange-log group with every default: off. */
    static final OrderingGuardProperties.ExchangeLogFile DEFAULT_EXCHANGE_LOG = new OrderingGuardProperties.ExchangeLogFile(
            null, ExchangeLog.Level.SHAPE, DataSize.ofMegabytes(64), 5, null);

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(OrderingGuardAutoConfiguration.class));

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    ChatModel openAi() {
        return Conversations.openAi(emulator);
    }

    static Prompt orphan() {
        return new Prompt(List.of(
                ToolResponseMessage.builder().responses(List.of(
                        new ToolResponseMessage.ToolResponse("call_1", "search", "3 hits"))).build(),
                new UserMessage("And the second one?")));
    }

    static FailureAnalysis analysis(Throwable failure) {
        return new OrderingGuardFailureAnalyzer().analyze(failure);
    }

    @Test
    void defaults_bind_and_contribute_the_guard_the_advisor_and_the_customizer() {
        runner.run(context -> {
            OrderingGuardProperties p = context.getBean(OrderingGuardProperties.class);
            assertThat(p).isEqualTo(new OrderingGuardProperties(true, GuardMode.ENFORCE, List.of(), null, List.of(),
                    List.of(), DEFAULT_STASH, new OrderingGuardProperties.Metrics(true), false, DEFAULT_EXCHANGE_LOG));
            assertThat(context.getBean(OrderingGuard.class).mode()).isEqualTo(Mode.ENFORCE);
            assertThat(context.getBean(OrderingGuardAdvisor.class).guard()).isSameAs(context.getBean(OrderingGuard.class));
            assertThat(context).hasSingleBean(ChatClientCustomizer.class);
        });
    }

    @Test
    void every_property_binds() {
        runner.withPropertyValues("ordering-guard.mode=mutate", "ordering-guard.profiles=openai-chat,strict-alternation",
                "ordering-guard.disabled-advisory-rule-ids=strict-user-assistant-alternation",
                "ordering-guard.stash.type=none", "ordering-guard.stash.failure-mode=fail-open",
                "ordering-guard.stash.redis.uri=redis://cache.internal:6380/2", "ordering-guard.stash.redis.namespace=shop",
                "ordering-guard.stash.redis.ttl=2h", "ordering-guard.stash.redis.timeout=1s",
                "ordering-guard.metrics.enabled=false", "ordering-guard.decorate-chat-models=true").run(context -> {
                    OrderingGuardProperties p = context.getBean(OrderingGuardProperties.class);
                    assertThat(p).isEqualTo(new OrderingGuardProperties(true, GuardMode.MUTATE,
                            List.of("openai-chat", "strict-alternation"), null, List.of(),
                            List.of("strict-user-assistant-alternation"),
                            new OrderingGuardProperties.Stash(StashKind.NONE, StashFailureMode.FAIL_OPEN,
                                    new OrderingGuardProperties.Redis("redis://cache.internal:6380/2", "shop",
                                            Duration.ofHours(2), Duration.ofSeconds(1))),
                            new OrderingGuardProperties.Metrics(false), true, DEFAULT_EXCHANGE_LOG));
                    assertThat(context.getBean(OrderingGuard.class).mode()).isEqualTo(Mode.MUTATE);
                });
    }

    @Test
    void the_exchange_log_writes_a_line_per_answered_prompt_when_a_file_is_set(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("exchanges.jsonl");
        runner.withPropertyValues("ordering-guard.mode=shadow", "ordering-guard.exchange-log.file=" + file,
                "ordering-guard.exchange-log.max-file-size=1MB", "ordering-guard.exchange-log.max-files=3",
                "ordering-guard.exchange-log.hash-key=0123456789abcdef0123").run(context -> {
                    OrderingGuardProperties.ExchangeLogFile bound = context.getBean(OrderingGuardProperties.class)
                            .exchangeLog();
                    assertThat(bound).isEqualTo(new OrderingGuardProperties.ExchangeLogFile(file, ExchangeLog.Level.SHAPE,
                            DataSize.ofMegabytes(1), 3, "0123456789abcdef0123"));
                    ChatClient.Builder builder = ChatClient.builder(openAi());
                    context.getBean(ChatClientCustomizer.class).customize(builder);

                    Throwable rejected = catchThrowable(() -> builder.build().prompt(orphan()).call().content());

                    assertThat(rejected).isNotNull();
                    context.getBean(ExchangeLog.class).close();
                    List<String> lines = Files.readAllLines(file);
                    assertThat(lines).singleElement().satisfies(line -> assertThat(line)
                            .contains("\"outcome\":\"confirmed\"").doesNotContain("And the second one?"));
                });
    }

    @Test
    void no_exchange_log_without_a_file() {
        runner.run(context -> assertThat(context).doesNotHaveBean(ExchangeLog.class));
    }

    @Test
    void the_customizer_guards_a_chat_client_enforce_sends_nothing() {
        runner.run(context -> {
            ChatClient.Builder builder = ChatClient.builder(openAi());
            context.getBean(ChatClientCustomizer.class).customize(builder);
            ChatClient client = builder.build();

            Throwable thrown = catchThrowable(() -> client.prompt(orphan())
                    .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "c-7")).call().content());

            assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(ORPHAN_ERROR);
            assertThat(emulator.requestCount()).isZero();
        });
    }

    @Test
    void shadow_sends_the_prompt_unchanged() {
        runner.withPropertyValues("ordering-guard.mode=shadow").run(context -> {
            ChatClient.Builder builder = ChatClient.builder(openAi());
            context.getBean(ChatClientCustomizer.class).customize(builder);

            catchThrowable(() -> builder.build().prompt(orphan()).call().content());

            assertThat(emulator.requestCount()).isEqualTo(1);
            assertThat(emulator.lastRequest().status()).isEqualTo(400);
        });
    }

    @Test
    void decorate_chat_models_wraps_chat_model_beans() {
        runner.withPropertyValues("ordering-guard.decorate-chat-models=true")
                .withBean("openAi", ChatModel.class, this::openAi).run(context -> {
                    ChatModel model = context.getBean(ChatModel.class);
                    assertThat(model).isInstanceOf(GuardedChatModel.class);

                    Throwable thrown = catchThrowable(() -> model.call(orphan()));

                    assertThat(thrown).isInstanceOf(OrderingViolationException.class);
                    assertThat(emulator.requestCount()).isZero();
                });
    }

    @Test
    void chat_models_stay_undecorated_by_default() {
        runner.withBean("openAi", ChatModel.class, this::openAi)
                .run(context -> assertThat(context.getBean(ChatModel.class)).isInstanceOf(OpenAiChatModel.class));
    }

    @Test
    void an_application_guard_wins_and_disabled_contributes_nothing() {
        OrderingGuard own = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.MUTATE).build();
        runner.withBean(OrderingGuard.class, () -> own)
                .run(context -> assertThat(context.getBean(OrderingGuardAdvisor.class).guard()).isSameAs(own));
        runner.withPropertyValues("ordering-guard.enabled=false").run(context -> {
            assertThat(context).doesNotHaveBean(OrderingGuard.class);
            assertThat(context).doesNotHaveBean(ChatClientCustomizer.class);
        });
    }

    @Test
    void an_unknown_profile_fails_startup_naming_the_closest() {
        runner.withPropertyValues("ordering-guard.profiles=openai-chat,opneai-chat").run(context -> {
            FailureAnalysis a = analysis(context.getStartupFailure());
            assertThat(a.getDescription()).isEqualTo("Ordering Guard could not be configured: invalid ordering-guard properties: "
                    + "ordering-guard.profiles[1]: unknown profile 'opneai-chat'; did you mean openai-chat?");
            assertThat(a.getAction()).isEqualTo(OrderingGuardFailureAnalyzer.ACTION);
        });
    }

    @Test
    void a_mistyped_disabled_rule_id_fails_startup_naming_the_closest() {
        runner.withPropertyValues("ordering-guard.profiles=openai-chat",
                "ordering-guard.disabled-advisory-rule-ids=openai-tool-mesage-follows-tool-calls").run(context ->
                assertThat(analysis(context.getStartupFailure()).getDescription()).isEqualTo("Ordering Guard could not be configured: invalid ordering-guard properties: "
                        + "ordering-guard.disabled-advisory-rule-ids: no rule of the configured profiles has the id "
                        + "'openai-tool-mesage-follows-tool-calls'; did you mean openai-tool-message-follows-tool-calls?"));
    }

    @Test
    void a_fallback_beside_fixed_profiles_and_an_unknown_fallback_fail_startup() {
        runner.withPropertyValues("ordering-guard.profiles=openai-chat", "ordering-guard.fallback-profile=permissive")
                .run(context -> assertThat(analysis(context.getStartupFailure()).getDescription()).isEqualTo("Ordering Guard could not be configured: invalid ordering-guard properties: "
                        + "ordering-guard.fallback-profile applies to model-based selection only, but "
                        + "ordering-guard.profiles or ordering-guard.profile-files name fixed profiles; set one or the other"));
        runner.withPropertyValues("ordering-guard.fallback-profile=permisive")
                .run(context -> assertThat(analysis(context.getStartupFailure()).getDescription()).isEqualTo("Ordering Guard could not be configured: invalid ordering-guard properties: "
                        + "ordering-guard.fallback-profile: unknown profile 'permisive'; did you mean permissive?"));
    }

    @Test
    void an_unknown_mode_fails_binding() {
        runner.withPropertyValues("ordering-guard.mode=enforse").run(context -> {
            Throwable failure = context.getStartupFailure();
            Throwable bind = failure;
            while (!(bind instanceof BindException) && bind.getCause() != null) {
                bind = bind.getCause();
            }
            assertThat(bind).isInstanceOf(BindException.class).hasMessage("Failed to bind properties under "
                    + "'ordering-guard.mode' to io.orderingguard.spring.boot.GuardMode");
            assertThat(bind.getCause().getCause()).hasMessage("No enum constant io.orderingguard.spring.boot.GuardMode.enforse");
        });
    }
}
