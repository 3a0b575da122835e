package io.orderingguard.opentelemetry;

import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The guardrail span events of guard checks, read back with OpenTelemetry's own test utilities
 * ({@link OpenTelemetryExtension}: an SDK with an in-memory span exporter, and its assertions).
 */
class GuardSpanEventsTest {

    @RegisterExtension
    static final OpenTelemetryExtension OTEL = OpenTelemetryExtension.create();

    /** An Anthropic dispatch with two user messages in a row and an unanswered tool call. */
    private static Dispatch unanswered(String conversationId) {
        return Dispatch.of(conversationId, "anthropic", "claude-sonnet-4-5", Timeline.of(Entry.user("u1", "find"),
                Entry.user("u2", "again"), Entry.toolCall("call_1", "search", null)));
    }

    /** Runs a check inside a span named {@code chat claude-sonnet-4-5}, as an LLM client's span would be. */
    private static GuardResult inSpan(Supplier<GuardResult> check) {
        Tracer tracer = OTEL.getOpenTelemetry().getTracer("test");
        Span span = tracer.spanBuilder("chat claude-sonnet-4-5").startSpan();
        try (Scope ignored = span.makeCurrent()) {
            return check.get();
        } finally {
            span.end();
        }
    }

    @Test
    void should_add_a_verdict_a_finding_and_a_repair_event_to_the_current_span() {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(Mode.MUTATE)
                .observer(GuardSpanEvents.observer("2026.12")).build();

        GuardResult result = inSpan(() -> guard.check(unanswered("c-1")));

        assertThat(result.outcome()).isEqualTo(Outcome.REPAIRED);
        OTEL.assertTraces().hasTracesSatisfyingExactly(trace -> trace.hasSpansSatisfyingExactly(span -> span
                .hasName("chat claude-sonnet-4-5")
                .hasEventsSatisfyingExactly(
                        verdict -> verdict.hasName("gen_ai.guardrail.result").hasAttributesSatisfyingExactly(
                                equalTo(GuardrailAttributes.COMPONENT_NAME, "ordering-guard"),
                                equalTo(GuardrailAttributes.POLICY_ID, "anthropic-messages"),
                                equalTo(GuardrailAttributes.POLICY_VERSION, "2026.12"),
                                equalTo(GuardrailAttributes.SOURCE, "input"),
                                equalTo(GuardrailAttributes.PROVIDER_NAME, "anthropic"),
                                equalTo(GuardrailAttributes.CONVERSATION_ID, "c-1"),
                                equalTo(GuardrailAttributes.REQUEST_MODEL, "claude-sonnet-4-5"),
                                equalTo(GuardrailAttributes.RESULT_TYPE, "verdict"),
                                equalTo(GuardrailAttributes.RESULT_VALUE, "repaired"),
                                equalTo(GuardrailAttributes.RESULT_REASON,
                                        "1 blocking finding repaired by 1 repair, 1 advisory"),
                                equalTo(GuardrailAttributes.MODE, "mutate"),
                                equalTo(GuardrailAttributes.SHADOW, false)),
                        blocking -> blocking.hasName("gen_ai.guardrail.result").hasAttributesSatisfying(
                                equalTo(GuardrailAttributes.RESULT_TYPE, "finding"),
                                equalTo(GuardrailAttributes.POLICY_RULE_ID, "anthropic-tool-use-has-result"),
                                equalTo(GuardrailAttributes.RESULT_VALUE, "blocking"),
                                equalTo(GuardrailAttributes.RESULT_REASON, result.blocking().get(0).detail()),
                                equalTo(GuardrailAttributes.ENTRY_IDS, List.of("call_1")),
                                equalTo(GuardrailAttributes.CONVERSATION_ID, "c-1")),
                        advisory -> advisory.hasName("gen_ai.guardrail.result").hasAttributesSatisfying(
                                equalTo(GuardrailAttributes.RESULT_TYPE, "finding"),
                                equalTo(GuardrailAttributes.POLICY_RULE_ID, "anthropic-role-alternation"),
                                equalTo(GuardrailAttributes.RESULT_VALUE, "advisory"),
                                equalTo(GuardrailAttributes.ENTRY_IDS, List.of("u1", "u2"))),
                        repair -> repair.hasName("gen_ai.guardrail.result").hasAttributesSatisfying(
                                equalTo(GuardrailAttributes.RESULT_TYPE, "repair"),
                                equalTo(GuardrailAttributes.POLICY_RULE_ID, "anthropic-tool-use-has-result"),
                                equalTo(GuardrailAttributes.RESULT_VALUE, "synthesize-missing-tool-result"),
                                equalTo(GuardrailAttributes.RESULT_REASON, result.repairs().get(0).detail()),
                                equalTo(GuardrailAttributes.ENTRY_IDS, List.of("call_1"))))));
    }

    @Test
    void should_say_which_blocking_findings_remain_in_a_rejection_and_that_shadow_mode_sent_it() {
        OrderingGuard enforce = OrderingGuard.builder().profile("anthropic-messages")
                .observer(GuardSpanEvents.observer()).build();
        OrderingGuard shadow = OrderingGuard.builder().profile("anthropic-messages").shadow(true)
                .observer(GuardSpanEvents.observer()).build();

        inSpan(() -> enforce.check(unanswered(null)));
        inSpan(() -> shadow.check(unanswered(null)));

        OTEL.assertTraces().hasTracesSatisfyingExactly(
                trace -> trace.hasSpansSatisfyingExactly(span -> span.hasEventsSatisfying(events -> assertThat(events)
                        .first().satisfies(verdict -> assertThat(verdict.getAttributes().asMap()).containsOnly(
                                java.util.Map.entry(GuardrailAttributes.COMPONENT_NAME, "ordering-guard"),
                                java.util.Map.entry(GuardrailAttributes.POLICY_ID, "anthropic-messages"),
                                java.util.Map.entry(GuardrailAttributes.SOURCE, "input"),
                                java.util.Map.entry(GuardrailAttributes.PROVIDER_NAME, "anthropic"),
                                java.util.Map.entry(GuardrailAttributes.REQUEST_MODEL, "claude-sonnet-4-5"),
                                java.util.Map.entry(GuardrailAttributes.RESULT_TYPE, "verdict"),
                                java.util.Map.entry(GuardrailAttributes.RESULT_VALUE, "rejected"),
                                java.util.Map.entry(GuardrailAttributes.RESULT_REASON,
                                        "1 blocking finding remains (anthropic-tool-use-has-result), 1 advisory"),
                                java.util.Map.entry(GuardrailAttributes.MODE, "enforce"),
                                java.util.Map.entry(GuardrailAttributes.SHADOW, false))))),
                trace -> trace.hasSpansSatisfyingExactly(span -> span.hasEventsSatisfying(events -> assertThat(events)
                        .hasSize(3)
                        .first().satisfies(verdict -> assertThat(verdict.getAttributes()
                                .get(GuardrailAttributes.RESULT_REASON))
                                .isEqualTo("shadow mode, sent unchanged: 1 blocking finding remains "
                                        + "(anthropic-tool-use-has-result), 1 advisory")))));
    }

    @Test
    void should_add_nothing_and_not_fail_without_a_recording_span() {
        OrderingGuard guard = OrderingGuard.builder().profile("anthropic-messages")
                .observer(GuardSpanEvents.observer()).build();

        GuardResult result = guard.check(unanswered("c-2"));
        Span unsampled = Span.wrap(io.opentelemetry.api.trace.SpanContext.getInvalid());
        try (Scope ignored = unsampled.makeCurrent()) {
            guard.check(unanswered("c-2"));
        }

        assertThat(result.rejected()).isTrue();
        assertThat(OTEL.getSpans()).isEmpty();
    }

    @Test
    void should_report_a_passed_check_with_one_verdict_event() {
        OrderingGuard guard = OrderingGuard.builder().profile("anthropic-messages")
                .observer(GuardSpanEvents.observer()).build();

        inSpan(() -> guard.check(Dispatch.of("c-3", "anthropic", "claude-sonnet-4-5",
                Timeline.of(Entry.user("u1", "hi"), Entry.assistant("a1", "hello")))));

        OTEL.assertTraces().hasTracesSatisfyingExactly(trace -> trace.hasSpansSatisfyingExactly(span -> span
                .hasEventsSatisfyingExactly(verdict -> verdict.hasAttributesSatisfying(
                        equalTo(GuardrailAttributes.RESULT_VALUE, "passed"),
                        equalTo(GuardrailAttributes.RESULT_REASON, "no blocking finding")))));
    }

    @Test
    void should_fail_when_the_policy_version_is_blank() {
        assertThatThrownBy(() -> GuardSpanEvents.observer(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("policyVersion must not be blank, but was ' '");
    }

    @Test
    void should_add_a_verdict_event_without_the_error_text_when_the_answer_is_known() {
        OrderingGuard guard = OrderingGuard.builder().selectProfiles(Profiles.selector()).shadow(true)
                .listener(GuardSpanEvents.verdicts()).build();
        GuardResult result = guard.check(unanswered("c-1"));

        inSpan(() -> {
            guard.answered(result, ProviderAnswer.of(400, "{\"type\":\"error\",\"error\":{\"type\":"
                    + "\"invalid_request_error\",\"message\":\"messages.2: `tool_use` ids were found without "
                    + "`tool_result` blocks immediately after: call_1\"}}"));
            return result;
        });

        OTEL.assertTraces().hasTracesSatisfyingExactly(trace -> trace.hasSpansSatisfyingExactly(span -> span
                .hasEventsSatisfyingExactly(verdict -> verdict.hasName("ordering_guard.verdict")
                        .hasAttributesSatisfyingExactly(
                                equalTo(GuardrailAttributes.COMPONENT_NAME, "ordering-guard"),
                                equalTo(GuardrailAttributes.POLICY_ID, "anthropic-messages"),
                                equalTo(GuardrailAttributes.VERDICT_OUTCOME, "confirmed"),
                                equalTo(GuardrailAttributes.WOULD_BLOCK_RULE_IDS, result.blocking().stream()
                                        .map(f -> f.ruleId()).distinct().toList()),
                                equalTo(GuardrailAttributes.REJECTION_RULE_ID, "anthropic-tool-use-has-result"),
                                equalTo(GuardrailAttributes.HTTP_STATUS, 400L),
                                equalTo(GuardrailAttributes.PROVIDER_NAME, "anthropic"),
                                equalTo(GuardrailAttributes.REQUEST_MODEL, "claude-sonnet-4-5")))));
    }
}
