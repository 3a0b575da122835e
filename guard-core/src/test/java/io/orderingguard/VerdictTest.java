package io.orderingguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The join of a check with the provider's answer: each outcome, the rule a rejection is classified as,
 * the error text taken from each provider's envelope, the listeners and the rate-limited log line.
 */
class VerdictTest {

    private static final OrderingProfile PROFILE = OrderingProfile.of("test",
            OrderingRule.toolResultPairing("tool-result-pairing").withSeverity(Severity.BLOCKING),
            OrderingRule.alternation("alt", Role.USER, Role.ASSISTANT).withSeverity(Severity.BLOCKING));
    private static final String ANTHROPIC_400 = "messages.1: `tool_use` ids were found without `tool_result` "
            + "blocks immediately after: toolu_01. Each `tool_use` block must have a corresponding `tool_result` "
            + "block in the next message.";

    private final Logger logger = (Logger) LoggerFactory.getLogger(OrderingGuard.class);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>() {
        @Override
        protected void append(ILoggingEvent event) {
            event.prepareForDeferredProcessing();
            super.append(event);
        }
    };

    @BeforeEach
    void capture() {
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.WARN);
    }

    @AfterEach
    void release() {
        logger.detachAppender(appender);
        logger.setLevel(null);
        MDC.clear();
    }

    /** An unanswered call: the pairing rule blocks it. */
    private static Dispatch unanswered() {
        return Dispatch.of("c-1", "anthropic", "claude-sonnet-4-5",
                Timeline.of(Entry.user("u1", "find"), Entry.toolCall("call_1", "search", null)));
    }

    private static Dispatch clean() {
        return Dispatch.of("c-2", "anthropic", "claude-sonnet-4-5", Timeline.of(Entry.user("u1", "find")));
    }

    private static GuardResult shadowCheck(Dispatch dispatch) {
        return OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW).build().check(dispatch);
    }

    private static Verdict judge(GuardResult result, ProviderAnswer answer) {
        return Verdict.judge(result, answer, text -> List.of());
    }

    @Test
    void should_confirm_a_block_the_provider_rejects_for_its_shape() {
        Verdict v = judge(shadowCheck(unanswered()), ProviderAnswer.of(400,
                "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"" + ANTHROPIC_400 + "\"}}"));

        assertThat(v.outcome()).isEqualTo(VerdictOutcome.CONFIRMED);
        assertThat(v.wouldBlock()).containsExactly("tool-result-pairing");
        assertThat(v.rejectionText()).isEqualTo(ANTHROPIC_400);
        assertThat(v.rejectionRuleId()).isNull();
        assertThat(v.status()).isEqualTo(400);
        assertThat(v.profile()).isEqualTo("test");
        assertThat(v.provider()).isEqualTo("anthropic");
        assertThat(v.model()).isEqualTo("claude-sonnet-4-5");
        assertThat(v.repaired()).isFalse();
    }

    @Test
    void should_call_a_block_the_provider_accepts_contradicted() {
        Verdict v = judge(shadowCheck(unanswered()), ProviderAnswer.status(200));

        assertThat(v.outcome()).isEqualTo(VerdictOutcome.CONTRADICTED);
        assertThat(v.wouldBlock()).containsExactly("tool-result-pairing");
        assertThat(v.rejectionText()).isNull();
    }

    @Test
    void should_call_a_shape_rejection_of_a_passed_request_missed_and_other_answers_agreed_or_unjudged() {
        GuardResult passed = shadowCheck(clean());

        assertThat(judge(passed, ProviderAnswer.of(400, "{\"error\":{\"message\":\"" + ANTHROPIC_400 + "\"}}")).outcome())
                .isEqualTo(VerdictOutcome.MISSED);
        assertThat(judge(passed, ProviderAnswer.status(200)).outcome()).isEqualTo(VerdictOutcome.AGREED);
        assertThat(judge(passed, ProviderAnswer.of(400, "{\"error\":{\"message\":\"max_tokens: 90000 > 64000, "
                + "which is the maximum allowed number of output tokens\"}}")).outcome()).isEqualTo(VerdictOutcome.UNJUDGED);
        assertThat(judge(passed, ProviderAnswer.of(429, "{\"error\":{\"message\":\"tool_use rate limit\"}}")).outcome())
                .isEqualTo(VerdictOutcome.UNJUDGED);
        assertThat(judge(passed, ProviderAnswer.none()).outcome()).isEqualTo(VerdictOutcome.UNJUDGED);
        assertThat(judge(shadowCheck(unanswered()), ProviderAnswer.status(503)).outcome())
                .isEqualTo(VerdictOutcome.UNJUDGED);
    }

    @Test
    void should_judge_the_repaired_request_that_was_sent_in_mutate_mode() {
        GuardResult repaired = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).build().check(unanswered());

        Verdict v = judge(repaired, ProviderAnswer.status(200));

        assertThat(v.outcome()).isEqualTo(VerdictOutcome.AGREED);
        assertThat(v.wouldBlock()).isEmpty();
        assertThat(v.repaired()).isTrue();
    }

    @Test
    void should_refuse_to_join_an_answer_to_a_request_the_guard_rejected() {
        GuardResult rejected = OrderingGuard.builder().profile(PROFILE).build().check(unanswered());

        assertThatThrownBy(() -> judge(rejected, ProviderAnswer.status(200)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the guard rejected this request (profile test), so no provider answered it");
    }

    @Test
    void should_name_the_classified_rule_the_request_breaks_then_one_of_its_profile_then_the_first() {
        GuardResult flagged = shadowCheck(unanswered());
        ProviderAnswer answer = ProviderAnswer.of(400, "{\"error\":{\"message\":\"" + ANTHROPIC_400 + "\"}}");

        assertThat(Verdict.judge(flagged, answer, t -> List.of("other-family-pairing", "tool-result-pairing"))
                .rejectionRuleId()).isEqualTo("tool-result-pairing");
        assertThat(Verdict.judge(shadowCheck(clean()), answer, t -> List.of("elsewhere", "alt")).rejectionRuleId())
                .isEqualTo("alt");
        assertThat(Verdict.judge(shadowCheck(clean()), answer, t -> List.of("elsewhere", "nowhere")).rejectionRuleId())
                .isEqualTo("elsewhere");
    }

    @Test
    void should_count_a_classified_rejection_without_shape_words_as_a_shape_rejection() {
        Verdict v = Verdict.judge(shadowCheck(clean()), ProviderAnswer.of(400, "{\"message\":\"Validation failed\"}"),
                t -> List.of("bedrock-rule"));

        assertThat(v.outcome()).isEqualTo(VerdictOutcome.MISSED);
        assertThat(v.rejectionRuleId()).isEqualTo("bedrock-rule");
    }

    @Test
    void should_take_the_message_from_each_provider_envelope() {
        assertThat(ProviderAnswer.of(400, "{\"error\":{\"message\":\"a\",\"type\":\"invalid_request_error\"}}")
                .errorText()).isEqualTo("a");
        assertThat(ProviderAnswer.of(400, "{\"type\":\"error\",\"error\":{\"type\":\"x\",\"message\":\"b\"}}")
                .errorText()).isEqualTo("b");
        assertThat(ProviderAnswer.of(400, "{\"error\":{\"code\":400,\"message\":\"c\",\"status\":\"INVALID_ARGUMENT\"}}")
                .errorText()).isEqualTo("c");
        assertThat(ProviderAnswer.of(400, "{\"message\":\"d\"}").errorText()).isEqualTo("d");
        assertThat(ProviderAnswer.of(400, "{\"Message\":\"e\"}").errorText()).isEqualTo("e");
        assertThat(ProviderAnswer.of(400, "{\"error\":\"f\"}").errorText()).isEqualTo("f");
        assertThat(ProviderAnswer.of(400, "  plain text  ").errorText()).isEqualTo("plain text");
        assertThat(ProviderAnswer.of(400, "{\"detail\":1}").errorText()).isEqualTo("{\"detail\":1}");
        assertThat(ProviderAnswer.of(400, "x".repeat(5_000)).errorText()).hasSize(ProviderAnswer.MAX_ERROR_TEXT);
        assertThat(ProviderAnswer.of(200, "{\"message\":\"ok\"}").errorText()).isNull();
    }

    @Test
    void should_class_statuses_and_refuse_impossible_ones() {
        assertThat(ProviderAnswer.status(201).statusClass()).isEqualTo("2xx");
        assertThat(ProviderAnswer.status(422).rejected()).isTrue();
        assertThat(ProviderAnswer.status(404).rejected()).isFalse();
        assertThat(ProviderAnswer.none().statusClass()).isEqualTo("none");
        assertThatThrownBy(() -> ProviderAnswer.status(700)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("status must be 0 (no answer) or an HTTP status up to 599, was 700");
    }

    @Test
    void should_find_shape_words_only_at_the_start_of_a_word() {
        assertThat(Verdict.concernsShape("Please ensure that multiturn requests alternate between user and model."))
                .isTrue();
        assertThat(Verdict.concernsShape("messages: roles must alternate")).isTrue();
        assertThat(Verdict.concernsShape("the return value is too long")).isFalse();
        assertThat(Verdict.concernsShape("prompt is too long: 210000 tokens > 200000 maximum")).isFalse();
    }

    @Test
    void should_tell_listeners_with_the_conversation_in_the_mdc_and_survive_a_failing_one() {
        List<String> seen = new ArrayList<>();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.SHADOW)
                .listener(new GuardListener() {
                    @Override
                    public void onVerdict(Verdict verdict, GuardResult result) {
                        throw new IllegalStateException("broken listener");
                    }
                })
                .listener(new GuardListener() {
                    @Override
                    public void onVerdict(Verdict verdict, GuardResult result) {
                        seen.add(verdict.outcome().wireName() + " " + MDC.get(OrderingGuard.MDC_CONVERSATION_ID));
                    }
                })
                .build();

        Verdict v = guard.answered(guard.check(unanswered()), ProviderAnswer.status(200));

        assertThat(v.outcome()).isEqualTo(VerdictOutcome.CONTRADICTED);
        assertThat(seen).containsExactly("contradicted c-1");
        assertThat(MDC.get(OrderingGuard.MDC_CONVERSATION_ID)).isNull();
    }

    @Test
    void should_log_contradicted_and_missed_once_per_rule_outcome_and_minute_with_the_count() {
        VerdictLog log = new VerdictLog();
        Verdict contradicted = judge(shadowCheck(unanswered()), ProviderAnswer.status(200));
        Verdict missed = judge(shadowCheck(clean()), ProviderAnswer.of(400, "{\"error\":{\"message\":\"roles must alternate\"}}"));
        Verdict agreed = judge(shadowCheck(clean()), ProviderAnswer.status(200));

        appender.list.clear(); // the shadow checks' own lines
        log.record(contradicted, 0);
        log.record(contradicted, 1_000);
        log.record(contradicted, 2_000);
        log.record(missed, 3_000);
        log.record(agreed, 4_000);
        log.record(contradicted, VerdictLog.WINDOW_NANOS + 10);

        assertThat(appender.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
                "ordering guard: rule tool-result-pairing would have blocked 1 request the provider accepted "
                        + "(profile test, model claude-sonnet-4-5)",
                "ordering guard: the provider rejected 1 request the guard let through (no rule; profile test, "
                        + "model claude-sonnet-4-5): roles must alternate",
                "ordering guard: rule tool-result-pairing would have blocked 3 requests the provider accepted "
                        + "(profile test, model claude-sonnet-4-5)");
    }
}
