package io.orderingguard.examples;

import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.langchain4j.GuardedChatModel;
import io.orderingguard.micrometer.GuardMicrometer;
import io.orderingguard.opentelemetry.GuardSpanEvents;
import io.orderingguard.opentelemetry.GuardrailAttributes;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The README's Observability snippet, compiled and run here: the lines of the snippet must appear in
 * this file, and the guards it builds report to Micrometer and OpenTelemetry while a real
 * LangChain4j OpenAI model talks to the provider emulator over loopback.
 */
class ObservabilityReadmeTest {

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    @Test
    void the_readme_observability_snippet_compiles_and_reports_metrics_and_span_events() {
        MeterRegistry meterRegistry = new SimpleMeterRegistry();
        ObservationRegistry observationRegistry = ObservationRegistry.create();
        observationRegistry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meterRegistry));
        OrderingGuard sharedGuard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.MUTATE).build();
        try (ProviderEmulator emulator = ProviderEmulator.builder().defaultAnswer(Answer.text("Tomorrow.")).start()) {
            ChatModel openAi = OpenAiChatModel.builder().baseUrl(emulator.openAiBaseUrl()).apiKey("test-key")
                    .modelName("gpt-4o-mini").build();

            // --- README "Observability" (every line of its code block is here) ---
            OrderingGuard guard = OrderingGuard.builder()
                    .selectProfiles(Profiles.selector())
                    .observer(GuardMicrometer.observer(observationRegistry, meterRegistry))   // guard-micrometer
                    .observer(GuardSpanEvents.observer())                                     // guard-opentelemetry
                    .build();
            ChatModel model = GuardedChatModel.builder(openAi, sharedGuard)
                    .observer(GuardMicrometer.observer(meterRegistry))                        // a guard you were given
                    .build();
            // --- end of the README snippet ---

            String answer = model.chat(UserMessage.from("Where is order 1182?"),
                    ToolExecutionResultMessage.from("call_evicted", "lookup_order", "{\"status\": \"shipped\"}"),
                    AiMessage.from("It has shipped."),
                    UserMessage.from("When will it arrive?")).aiMessage().text();
            Span span = OTEL.getOpenTelemetry().getTracer("example").spanBuilder("chat gpt-4o-mini").startSpan();
            GuardResult rejected;
            try (Scope ignored = span.makeCurrent()) {
                rejected = guard.check(Dispatch.of("c-1", "openai", "gpt-4o-mini", Timeline.of(
                        Entry.user("u1", "Where is order 1182?"), Entry.toolCall("call_1", "lookup_order", null),
                        Entry.user("u2", "When will it arrive?"))));
            } finally {
                span.end();
            }

            assertThat(answer).isEqualTo("Tomorrow.");
            assertThat(emulator.lastRequest().json().toString()).doesNotContain("call_evicted");
            assertThat(meterRegistry.get("ordering.guard.repairs").tags("strategy", "drop-orphan-result")
                    .counter().count()).isEqualTo(1.0);
            assertThat(meterRegistry.get("ordering.guard.checks").tags("outcome", "repaired", "profile", "openai-chat",
                    "provider", "openai").timer().count()).isEqualTo(1);
            assertThat(meterRegistry.get("ordering.guard.checks").tags("outcome", "rejected").timer().count())
                    .isEqualTo(1);
            assertThat(rejected.rejected()).isTrue();
            OTEL.assertTraces().hasTracesSatisfyingExactly(trace -> trace.hasSpansSatisfyingExactly(s -> s
                    .hasEventsSatisfying(events -> assertThat(events).first().satisfies(verdict -> assertThat(
                            verdict.getAttributes().get(GuardrailAttributes.RESULT_VALUE)).isEqualTo("rejected")))));
        }
    }

    @Test
    void every_line_of_the_readme_observability_snippet_is_in_this_test() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        Matcher section = Pattern.compile("## Observability\\n.*?```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(section.find()).as("a java code block in the README's Observability section").isTrue();
        String source = Files.readString(Path.of("src", "test", "java", "io", "orderingguard", "examples",
                "ObservabilityReadmeTest.java"));
        List<String> missing = new ArrayList<>();
        for (String line : section.group(1).split("\\n")) {
            String code = line.replaceAll("\\s*//.*$", "").strip();
            if (!code.isEmpty() && !source.contains(code)) {
                missing.add(code);
            }
        }
        assertThat(missing).as("README lines not found in ObservabilityReadmeTest").isEmpty();
    }
}
