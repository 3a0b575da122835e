package io.orderingguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairStrategy;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckObserverTest {

    private static final OrderingProfile PROFILE = OrderingProfile.of("test",
            OrderingRule.toolResultPairing("tool-result-pairing").withSeverity(Severity.BLOCKING),
            OrderingRule.alternation("alt", Role.USER, Role.ASSISTANT));

    private static Dispatch unanswered() {
        return Dispatch.of("c-1", "anthropic", "claude-sonnet-4-5", Timeline.of(Entry.user("u1", "find"),
                Entry.toolCall("call_1", "search", null), Entry.user("u2", "again")));
    }

    /** Records the life of every check it sees. */
    private static final class Recorder implements CheckObserver {
        final List<String> events = new ArrayList<>();
        final List<CheckReport> reports = new ArrayList<>();

        @Override
        public CheckObservation start(Dispatch dispatch) {
            events.add("start " + dispatch.conversationId());
            return new CheckObservation() {
                @Override
                public void end(CheckReport report) {
                    events.add("end " + report.outcome().wireName());
                    reports.add(report);
                }

                @Override
                public void fail(Dispatch failed, RuntimeException error) {
                    events.add("fail " + error.getClass().getSimpleName());
                }
            };
        }
    }

    @Test
    void should_report_mode_outcome_profile_target_findings_repairs_and_duration_of_a_repaired_check() {
        // GIVEN a mutate-mode guard with an observer
        Recorder recorder = new Recorder();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).observer(recorder).build();

        // WHEN a dispatch with an unanswered tool call is checked
        Dispatch input = unanswered();
        GuardResult result = guard.check(input);

        // THEN the observer saw one check, from start to end, with everything metrics need
        assertThat(recorder.events).containsExactly("start c-1", "end repaired");
        CheckReport report = recorder.reports.get(0);
        assertThat(report.result()).isSameAs(result);
        assertThat(report.input()).isSameAs(input);
        assertThat(report.mode()).isEqualTo(Mode.MUTATE);
        assertThat(report.shadow()).isFalse();
        assertThat(report.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(report.profile()).isEqualTo("test");
        assertThat(report.provider()).isEqualTo("anthropic");
        assertThat(report.model()).isEqualTo("claude-sonnet-4-5");
        assertThat(report.conversationId()).isEqualTo("c-1");
        assertThat(report.findings()).extracting(Finding::ruleId, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("tool-result-pairing", Severity.BLOCKING));
        assertThat(report.repairs()).extracting(Repair::strategy, Repair::ruleId, Repair::primitiveIds)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(RepairStrategy.SYNTHESIZE_MISSING_TOOL_RESULT,
                        "tool-result-pairing", List.of("call_1")));
        assertThat(report.duration()).isPositive();
    }

    @Test
    void should_tell_every_observer_in_order_and_ignore_one_that_throws() {
        Recorder first = new Recorder();
        Recorder last = new Recorder();
        OrderingGuard guard = OrderingGuard.builder().profile(PROFILE)
                .observer(first)
                .observer(dispatch -> {
                    throw new IllegalStateException("cannot start");
                })
                .observer(dispatch -> report -> {
                    throw new IllegalStateException("cannot end");
                })
                .observer(last)
                .build();

        GuardResult result = guard.check(unanswered());

        assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(first.events).containsExactly("start c-1", "end rejected");
        assertThat(last.events).containsExactly("start c-1", "end rejected");
    }

    @Test
    void should_tell_observers_when_the_check_throws_and_rethrow() {
        Recorder recorder = new Recorder();
        OrderingGuard guard = OrderingGuard.builder()
                .selectProfiles(dispatch -> {
                    throw new IllegalArgumentException("no profile for model 'x'");
                })
                .observer(recorder)
                .build();

        assertThatThrownBy(() -> guard.check(unanswered()))
                .isInstanceOf(GuardConfigException.class)
                .hasMessageContaining("the profile selector chose no profile for provider anthropic, model claude-sonnet-4-5");
        assertThat(recorder.events).containsExactly("start c-1", "fail GuardConfigException");
    }

    @Test
    void should_attach_an_observer_to_a_built_guard_without_changing_it() {
        OrderingGuard plain = OrderingGuard.builder().profile(PROFILE).mode(Mode.MUTATE).shadow(true).build();
        Recorder recorder = new Recorder();

        OrderingGuard observed = plain.withObserver(recorder);
        plain.check(unanswered());
        GuardResult result = observed.check(unanswered());

        assertThat(recorder.events).containsExactly("start c-1", "end repaired");
        assertThat(recorder.reports.get(0).shadow()).isTrue();
        assertThat(result.dispatch()).isEqualTo(unanswered());
        assertThat(observed.mode()).isEqualTo(Mode.MUTATE);
    }

    @Test
    void should_report_the_profile_a_selector_chose() {
        Recorder recorder = new Recorder();
        OrderingGuard guard = OrderingGuard.builder()
                .selectProfiles(dispatch -> List.of(PROFILE))
                .observer(recorder)
                .build();

        guard.check(Dispatch.of(null, null, "claude-sonnet-4-5",
                Timeline.of(Entry.user("u1", "hi"), Entry.assistant("a1", "hello"))));

        CheckReport report = recorder.reports.get(0);
        assertThat(report.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(report.profile()).isEqualTo("test");
        assertThat(report.result().selection().profileNames()).containsExactly("test");
        assertThat(report.conversationId()).isNull();
        assertThat(report.provider()).isNull();
        assertThat(report.findings()).isEmpty();
    }

    @Test
    void should_fail_when_an_observer_is_null_or_a_report_is_invalid() {
        assertThatThrownBy(() -> OrderingGuard.builder().profile(PROFILE).observer(null).build())
                .isInstanceOf(GuardConfigException.class)
                .hasMessage("invalid ordering guard options: observer must not be null");
        assertThatThrownBy(() -> OrderingGuard.of(PROFILE).withObserver(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("observer must not be null");
        GuardResult result = OrderingGuard.of(PROFILE).check(unanswered());
        assertThatThrownBy(() -> new CheckReport(unanswered(), result, Duration.ofNanos(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("duration must not be negative, but was PT-0.000000001S");
        assertThatThrownBy(() -> new CheckReport(unanswered(), result, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("duration must not be null");
    }
}
