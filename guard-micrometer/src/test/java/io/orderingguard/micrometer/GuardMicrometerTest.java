package io.orderingguard.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.orderingguard.GuardConfigException;
import io.orderingguard.Mode;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The observation and the meters of guard checks, asserted with Micrometer's own test utilities
 * ({@link TestObservationRegistry} and its assertions, {@link SimpleMeterRegistry}) on guards that
 * choose the shipped profile from the model id.
 */
class GuardMicrometerTest {

    /** An Anthropic dispatch with two user messages in a row and an unanswered tool call. */
    private static Dispatch unanswered(String conversationId) {
        return Dispatch.of(conversationId, "anthropic", "claude-sonnet-4-5", Timeline.of(Entry.user("u1", "find"),
                Entry.user("u2", "again"), Entry.toolCall("call_1", "search", null)));
    }

    private static OrderingGuard.Builder guard(Mode mode) {
        return OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode);
    }

    @Test
    void should_observe_a_rejected_check_with_its_low_and_high_cardinality_keys() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        OrderingGuard guard = guard(Mode.ENFORCE).observer(GuardMicrometer.observer(observations)).build();

        guard.check(unanswered("c-1"));

        assertThat(observations).hasSingleObservationThat()
                .hasNameEqualTo("ordering.guard.checks")
                .hasContextualNameEqualTo("ordering guard check")
                .hasBeenStarted()
                .hasBeenStopped()
                .doesNotHaveError()
                .hasLowCardinalityKeyValue("mode", "enforce")
                .hasLowCardinalityKeyValue("shadow", "false")
                .hasLowCardinalityKeyValue("outcome", "rejected")
                .hasLowCardinalityKeyValue("profile", "anthropic-messages")
                .hasLowCardinalityKeyValue("provider", "anthropic")
                .hasHighCardinalityKeyValue("conversation.id", "c-1")
                .hasHighCardinalityKeyValue("model", "claude-sonnet-4-5")
                .hasKeyValuesCount(7);
    }

    @Test
    void should_tag_shadow_checks_and_leave_out_what_the_dispatch_does_not_name() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        OrderingGuard guard = OrderingGuard.builder().profile("anthropic-messages").mode(Mode.MUTATE).shadow(true)
                .observer(GuardMicrometer.observer(observations)).build();

        guard.check(Dispatch.of(Timeline.of(Entry.user("u1", "find"), Entry.toolCall("call_1", "search", null))));

        assertThat(observations).hasSingleObservationThat()
                .hasLowCardinalityKeyValue("mode", "mutate")
                .hasLowCardinalityKeyValue("shadow", "true")
                .hasLowCardinalityKeyValue("outcome", "repaired")
                .hasLowCardinalityKeyValue("provider", "unknown")
                .doesNotHaveHighCardinalityKeyValueWithKey("conversation.id")
                .doesNotHaveHighCardinalityKeyValueWithKey("model");
    }

    @Test
    void should_record_the_error_when_the_check_throws() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        OrderingGuard guard = OrderingGuard.builder()
                .selectProfiles(dispatch -> List.of())
                .observer(GuardMicrometer.observer(observations))
                .build();

        assertThatThrownBy(() -> guard.check(unanswered("c-2"))).isInstanceOf(GuardConfigException.class);

        assertThat(observations).hasSingleObservationThat()
                .hasBeenStopped()
                .hasLowCardinalityKeyValue("outcome", "error")
                .hasLowCardinalityKeyValue("profile", "none")
                .hasLowCardinalityKeyValue("mode", "unknown")
                .hasLowCardinalityKeyValue("shadow", "unknown")
                .assertThatError()
                .isInstanceOf(GuardConfigException.class);
    }

    @Test
    void should_count_findings_per_rule_and_severity_and_repairs_per_rule_and_strategy() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        OrderingGuard guard = guard(Mode.MUTATE).observer(GuardMicrometer.observer(observations, meters)).build();

        guard.check(unanswered("c-3"));
        guard.check(unanswered("c-4"));

        assertThat(counts(meters, GuardMicrometer.FINDINGS)).containsExactly(
                java.util.Map.entry("[tag(profile=anthropic-messages), tag(rule=anthropic-role-alternation), "
                        + "tag(severity=advisory)]", 2.0),
                java.util.Map.entry("[tag(profile=anthropic-messages), tag(rule=anthropic-tool-use-has-result), "
                        + "tag(severity=blocking)]", 2.0));
        assertThat(counts(meters, GuardMicrometer.REPAIRS)).containsExactly(
                java.util.Map.entry("[tag(profile=anthropic-messages), tag(rule=anthropic-tool-use-has-result), "
                        + "tag(strategy=synthesize-missing-tool-result)]", 2.0));
        Counter findings = meters.get("ordering.guard.findings").tags("rule", "anthropic-tool-use-has-result").counter();
        assertThat(findings.getId().getDescription())
                .isEqualTo("Findings of the dispatches an ordering guard checked, as received");
        assertThat(findings.getId().getBaseUnit()).isEqualTo("findings");
        assertThat(observations).hasNumberOfObservationsWithNameEqualTo("ordering.guard.checks", 2)
                .forAllObservationsWithNameEqualTo("ordering.guard.checks",
                        o -> o.hasLowCardinalityKeyValue("outcome", "repaired"));
    }

    @Test
    void should_time_every_check_into_a_meter_registry_without_an_observation_registry() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        OrderingGuard guard = guard(Mode.ENFORCE).observer(GuardMicrometer.observer(meters)).build();

        guard.check(unanswered("c-5"));
        guard.check(Dispatch.of("c-5", "anthropic", "claude-sonnet-4-5",
                Timeline.of(Entry.user("u1", "hi"), Entry.assistant("a1", "hello"))));

        Timer rejected = meters.get("ordering.guard.checks").tags("outcome", "rejected").timer();
        assertThat(rejected.count()).isEqualTo(1);
        assertThat(rejected.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isPositive();
        assertThat(rejected.getId().getTags()).containsExactly(Tag.of("error", "none"), Tag.of("mode", "enforce"),
                Tag.of("outcome", "rejected"), Tag.of("profile", "anthropic-messages"), Tag.of("provider", "anthropic"),
                Tag.of("shadow", "false"));
        assertThat(meters.get("ordering.guard.checks").tags("outcome", "passed").timer().count()).isEqualTo(1);
        assertThat(meters.get("ordering.guard.checks.active").longTaskTimer().getId().getTags())
                .containsExactly(Tag.of("provider", "anthropic"));
        assertThat(meters.get("ordering.guard.findings").tags("severity", "blocking").counter().count()).isEqualTo(1.0);
    }

    @Test
    void should_write_with_a_meter_registry_alone_the_meters_the_observation_handler_writes() {
        SimpleMeterRegistry direct = new SimpleMeterRegistry();
        SimpleMeterRegistry handled = new SimpleMeterRegistry();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(
                new io.micrometer.core.instrument.observation.DefaultMeterObservationHandler(handled));
        for (SimpleMeterRegistry meters : List.of(direct, handled)) {
            io.orderingguard.CheckObserver observer = meters == direct ? GuardMicrometer.observer(meters)
                    : GuardMicrometer.observer(observations, meters);
            guard(Mode.ENFORCE).observer(observer).build().check(unanswered("c-8"));
            guard(Mode.MUTATE).observer(observer).build().check(unanswered("c-9"));
            OrderingGuard.builder().profile("anthropic-messages").mode(Mode.SHADOW).observer(observer).build()
                    .check(Dispatch.of(Timeline.of(Entry.user("u1", "hi"), Entry.assistant("a1", "hello"))));
            OrderingGuard failing = OrderingGuard.builder().selectProfiles(dispatch -> List.of()).observer(observer).build();
            assertThatThrownBy(() -> failing.check(unanswered("c-10"))).isInstanceOf(GuardConfigException.class);
        }
        assertThat(meterCounts(direct)).isEqualTo(meterCounts(handled)).hasSize(9)
                .containsEntry("TIMER ordering.guard.checks [tag(error=GuardConfigException), tag(mode=unknown), "
                        + "tag(outcome=error), tag(profile=none), tag(provider=anthropic), tag(shadow=unknown)]", 1.0)
                .containsEntry("LONG_TASK_TIMER ordering.guard.checks.active [tag(provider=unknown)]", 0.0);
    }

    /** Every meter of a registry by its type, name and tags, with its count (0 for a long-task timer at rest). */
    private static Map<String, Double> meterCounts(MeterRegistry meters) {
        Map<String, Double> counts = new TreeMap<>();
        for (Meter m : meters.getMeters()) {
            double count = m instanceof Timer t ? t.count() : m instanceof Counter c ? c.count()
                    : m instanceof io.micrometer.core.instrument.LongTaskTimer l ? l.activeTasks() : -1;
            counts.put(m.getId().getType() + " " + m.getId().getName() + " " + m.getId().getTags(), count);
        }
        return counts;
    }

    @Test
    void should_take_a_custom_convention() {
        TestObservationRegistry observations = TestObservationRegistry.create();
        GuardObservationConvention convention = new DefaultGuardObservationConvention() {
            @Override
            public KeyValues getLowCardinalityKeyValues(GuardCheckContext context) {
                return super.getLowCardinalityKeyValues(context).and(KeyValue.of("tenant", "acme"));
            }
        };
        OrderingGuard guard = guard(Mode.ENFORCE)
                .observer(GuardMicrometer.observer(observations, new SimpleMeterRegistry(), convention)).build();

        guard.check(unanswered("c-6"));

        assertThat(observations).hasSingleObservationThat()
                .hasNameEqualTo("ordering.guard.checks")
                .hasLowCardinalityKeyValue("tenant", "acme")
                .hasLowCardinalityKeyValue("outcome", "rejected");
    }

    @Test
    void should_document_every_key_the_default_convention_writes() {
        assertThat(GuardObservationDocumentation.CHECK.getLowCardinalityKeyNames())
                .extracting(k -> k.asString()).containsExactly("mode", "shadow", "outcome", "profile", "provider");
        assertThat(GuardObservationDocumentation.CHECK.getHighCardinalityKeyNames())
                .extracting(k -> k.asString()).containsExactly("conversation.id", "model");
        assertThat(GuardObservationDocumentation.CHECK.getDefaultConvention())
                .isEqualTo(DefaultGuardObservationConvention.class);
    }

    @Test
    void should_fail_when_a_registry_is_null() {
        assertThatThrownBy(() -> GuardMicrometer.observer((MeterRegistry) null))
                .isInstanceOf(NullPointerException.class).hasMessage("meterRegistry must not be null");
        assertThatThrownBy(() -> GuardMicrometer.observer((ObservationRegistry) null))
                .isInstanceOf(NullPointerException.class).hasMessage("observationRegistry must not be null");
        assertThatThrownBy(() -> GuardMicrometer.observer(ObservationRegistry.create(), null))
                .isInstanceOf(NullPointerException.class).hasMessage("meterRegistry must not be null");
    }

    /** The count of each counter of a name, keyed by its tags. */
    private static TreeMap<String, Double> counts(MeterRegistry meters, String name) {
        TreeMap<String, Double> counts = new TreeMap<>();
        for (Meter meter : meters.find(name).meters()) {
            counts.put(meter.getId().getTags().toString(), ((Counter) meter).count());
        }
        return counts;
    }

    /** Every {@value GuardMicrometer#VERDICTS} counter as {@code outcome rule profile provider} to its count. */
    private static Map<String, Double> verdicts(MeterRegistry meters) {
        TreeMap<String, Double> counts = new TreeMap<>();
        for (Counter c : meters.find(GuardMicrometer.VERDICTS).counters()) {
            counts.put(c.getId().getTag("outcome") + " " + c.getId().getTag("rule") + " " + c.getId().getTag("profile")
                    + " " + c.getId().getTag("provider"), c.count());
        }
        return counts;
    }

    @Test
    void should_count_each_verdict_by_outcome_rule_profile_and_provider() {
        MeterRegistry meters = new SimpleMeterRegistry();
        OrderingGuard guard = guard(Mode.ENFORCE).shadow(true).listener(GuardMicrometer.verdicts(meters)).build();
        GuardResult flagged = guard.check(unanswered("c-1"));
        GuardResult clean = guard.check(Dispatch.of("c-2", "anthropic", "claude-sonnet-4-5",
                Timeline.of(Entry.user("u1", "find"))));
        List<String> wouldBlock = flagged.blocking().stream().map(f -> f.ruleId()).distinct().toList();

        // WHEN the provider rejects the flagged request, accepts it, rejects the clean one for an
        // unknown shape reason, accepts it, and fails with a server error
        assertThat(guard.answered(flagged, ProviderAnswer.of(400, "{\"type\":\"error\",\"error\":{\"message\":"
                + "\"messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: call_1\"}}"))
                .outcome()).isEqualTo(VerdictOutcome.CONFIRMED);
        assertThat(guard.answered(flagged, ProviderAnswer.status(200)).outcome()).isEqualTo(VerdictOutcome.CONTRADICTED);
        assertThat(guard.answered(clean, ProviderAnswer.of(400, "{\"error\":{\"message\":\"the thinking block "
                + "order is odd\"}}")).outcome()).isEqualTo(VerdictOutcome.MISSED);
        guard.answered(clean, ProviderAnswer.status(200));
        guard.answered(clean, ProviderAnswer.status(200));
        guard.answered(clean, ProviderAnswer.status(529));

        // THEN every counter is there with its count, and nothing else
        TreeMap<String, Double> expected = new TreeMap<>();
        expected.put("confirmed anthropic-tool-use-has-result anthropic-messages anthropic", 1.0);
        for (String rule : wouldBlock) {
            expected.put("contradicted " + rule + " anthropic-messages anthropic", 1.0);
        }
        expected.put("missed none anthropic-messages anthropic", 1.0);
        expected.put("agreed none anthropic-messages anthropic", 2.0);
        expected.put("unjudged none anthropic-messages anthropic", 1.0);
        assertThat(wouldBlock).contains("anthropic-tool-use-has-result");
        assertThat(verdicts(meters)).isEqualTo(expected);
    }
}
