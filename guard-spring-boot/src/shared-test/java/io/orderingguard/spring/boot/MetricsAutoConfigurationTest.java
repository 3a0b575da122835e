package io.orderingguard.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.orderingguard.CheckObserver;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.micrometer.GuardMicrometer;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

/**
 * Micrometer metrics of the auto-configured guard: with guard-micrometer on the class path and a
 * {@code MeterRegistry} bean, every check a {@code ChatClient} call runs shows up as the
 * {@code ordering.guard.checks} timer and the findings counter; {@code ordering-guard.metrics.enabled=false},
 * no registry, or no guard-micrometer turn it off.
 */
class MetricsAutoConfigurationTest {

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

    /** One valid call and one the guard refuses, in conversation c-7. */
    void oneSentOneRefused(ApplicationContext context) {
        emulator.enqueue(Answer.text("Hello"));
        ChatClient client = Conversations.client(context, Conversations.openAi(emulator));
        Conversations.send(client, "c-7", List.of(new UserMessage("Hi")));
        Throwable refused = catchThrowable(() -> Conversations.send(client, "c-7", Conversations.orphan()));
        assertThat(refused).isInstanceOf(OrderingViolationException.class);
    }

    @Test
    void a_meter_registry_gets_the_check_timer_and_the_findings_counter() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        runner.withBean(MeterRegistry.class, () -> meters).run(context -> {
            assertThat(context).hasSingleBean(CheckObserver.class);

            oneSentOneRefused(context);

            assertThat(meters.get("ordering.guard.checks").tags("outcome", "passed", "mode", "enforce",
                    "shadow", "false", "profile", "openai-chat", "provider", "openai").timer().count()).isEqualTo(1);
            assertThat(meters.get("ordering.guard.checks").tags("outcome", "rejected", "profile", "openai-chat")
                    .timer().count()).isEqualTo(1);
            assertThat(meters.get(GuardMicrometer.FINDINGS).tags("rule", "openai-tool-message-follows-tool-calls",
                    "severity", "blocking", "profile", "openai-chat").counter().count()).isEqualTo(1.0);
            // the refused prompt was never sent, so only the first one has a verdict
            assertThat(meters.get(GuardMicrometer.VERDICTS).counters()).singleElement().satisfies(c -> {
                assertThat(c.getId().getTag("outcome")).isEqualTo("agreed");
                assertThat(c.getId().getTag("profile")).isEqualTo("openai-chat");
                assertThat(c.count()).isEqualTo(1.0);
            });
        });
    }

    @Test
    void an_observation_registry_gets_one_observation_per_check() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        List<String> observed = new CopyOnWriteArrayList<>();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters))
                .observationHandler(new ObservationHandler<>() {
                    @Override
                    public void onStop(Observation.Context context) {
                        observed.add(context.getName() + " " + context.getLowCardinalityKeyValue("outcome").getValue());
                    }

                    @Override
                    public boolean supportsContext(Observation.Context context) {
                        return true;
                    }
                });
        runner.withBean(MeterRegistry.class, () -> meters).withBean(ObservationRegistry.class, () -> observations)
                .run(context -> {
                    oneSentOneRefused(context);

                    assertThat(observed).containsExactly("ordering.guard.checks passed", "ordering.guard.checks rejected");
                    assertThat(meters.get("ordering.guard.checks").timers()).hasSize(2);
                    assertThat(meters.get(GuardMicrometer.FINDINGS).counter().count()).isEqualTo(1.0);
                });
    }

    @Test
    void application_check_observers_are_attached_beside_the_metrics() {
        List<String> outcomes = new CopyOnWriteArrayList<>();
        CheckObserver own = dispatch -> report -> outcomes.add(report.outcome().name());
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).withBean("auditObserver", CheckObserver.class, () -> own)
                .run(context -> {
                    oneSentOneRefused(context);

                    assertThat(context).getBeanNames(CheckObserver.class)
                            .containsExactlyInAnyOrder("auditObserver", "orderingGuardMetrics");
                    assertThat(outcomes).containsExactly("PASSED", "REJECTED");
                });
    }

    @Test
    void metrics_enabled_false_no_registry_or_no_guard_micrometer_attach_nothing() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        runner.withBean(MeterRegistry.class, () -> meters).withPropertyValues("ordering-guard.metrics.enabled=false")
                .run(context -> {
                    assertThat(context).doesNotHaveBean(CheckObserver.class);
                    oneSentOneRefused(context);
                    assertThat(meters.find("ordering.guard.checks").timers()).isEmpty();
                    assertThat(meters.find(GuardMicrometer.FINDINGS).counters()).isEmpty();
                });
        runner.run(context -> assertThat(context).doesNotHaveBean(CheckObserver.class));
        runner.withClassLoader(new FilteredClassLoader(GuardMicrometer.class)).withBean(MeterRegistry.class, () -> meters)
                .run(context -> {
                    assertThat(context).hasNotFailed().doesNotHaveBean(CheckObserver.class);
                });
    }
}
