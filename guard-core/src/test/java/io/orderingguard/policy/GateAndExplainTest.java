package io.orderingguard.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GateAndExplainTest {

    private static final String[] ALPHABET = {"A", "B", "C", "X"};

    /** Every kind over a small alphabet, with windows and limits that the random traces exercise. */
    private static final SequencePolicy ALL_KINDS = SequencePolicy.of("all", List.of(
            SequenceRule.require("C"),
            SequenceRule.before("A", "B"),
            SequenceRule.immediatelyBefore("A", "C"),
            SequenceRule.blocklist("X"),
            SequenceRule.allowlist("A", "B", "C"),
            SequenceRule.maxCalls("B", 2),
            SequenceRule.eventually("C", 3),
            SequenceRule.neverAfter("C", "A"),
            SequenceRule.after("A", "B", 2),
            SequenceRule.sequence("A", "B", "C"),
            SequenceRule.strictSequence("A", "B", "C"),
            SequenceRule.tools(List.of(), List.of("X"))));

    @Test
    void should_block_the_call_that_breaks_a_rule_and_not_a_pending_obligation() {
        ToolCallGate gate = SequencePolicy.of("support", List.of(
                SequenceRule.require("VerifyIdentity"),
                SequenceRule.before("VerifyIdentity", "DeleteCustomer"),
                SequenceRule.after("DeleteCustomer", "LogAccess", 1))).gate();
        GateDecision delete = gate.check(ToolInvocation.names("GetCustomer"), ToolInvocation.of("DeleteCustomer"), null);
        assertThat(delete.allowed()).isFalse();
        assertThat(delete.position()).isEqualTo(1);
        assertThat(delete.violations()).extracting(RuleEvaluation::ruleId).containsExactly("before:VerifyIdentity->DeleteCustomer");
        assertThat(delete.causedByNext(delete.violations().get(0))).isTrue();

        GateDecision verify = gate.check(ToolInvocation.names("GetCustomer"), ToolInvocation.of("VerifyIdentity"), null);
        assertThat(verify.allowed()).isTrue();
        GateDecision afterDelete = gate.check(ToolInvocation.names("VerifyIdentity"), ToolInvocation.of("DeleteCustomer"), null);
        assertThat(afterDelete.allowed()).as("the LogAccess window is still open").isTrue();
        assertThat(afterDelete.report().evaluations().get(2).outcome()).isEqualTo(RuleOutcome.NOT_EXERCISED);
        GateDecision skipLog = gate.check(ToolInvocation.names("VerifyIdentity", "DeleteCustomer"),
                ToolInvocation.of("SendEmail"), null);
        assertThat(skipLog.allowed()).isFalse();
        assertThat(skipLog.violations().get(0).reason()).isEqualTo("tool 'LogAccess' required within 1 calls after "
                + "'DeleteCustomer' (triggered at index 1) and no call answered it by index 2");
    }

    @Test
    void should_fail_closed_on_a_violation_the_history_already_carries() {
        ToolCallGate gate = SequencePolicy.of("p", List.of(SequenceRule.blocklist("admin_"))).gate();
        GateDecision decision = gate.check(ToolInvocation.names("admin_reset"), ToolInvocation.of("search"), null);
        assertThat(decision.allowed()).isFalse();
        assertThat(decision.violations()).hasSize(1);
        assertThat(decision.newViolations()).isEmpty();
        assertThat(decision.causedByNext(decision.violations().get(0))).isFalse();
    }

    static Stream<Arguments> seeds() {
        return new Random(20240611L).longs(60).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_never_undo_a_partial_violation_when_calls_are_added(long seed) {
        List<ToolInvocation> calls = randomTrace(new Random(seed));
        List<Boolean> previous = null;
        for (int length = 0; length <= calls.size(); length++) {
            PolicyReport report = ALL_KINDS.evaluate(calls.subList(0, length), null, Extent.PARTIAL);
            List<Boolean> now = new ArrayList<>();
            report.evaluations().forEach(e -> now.add(e.isViolated()));
            if (previous != null) {
                for (int r = 0; r < now.size(); r++) {
                    if (previous.get(r)) {
                        assertThat(now.get(r)).as("rule %s on %s, prefix %d", report.rules().get(r).id(), calls, length)
                                .isTrue();
                    }
                }
            }
            previous = now;
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_explain_each_step_exactly_as_the_gate_decides_it(long seed) {
        List<ToolInvocation> calls = randomTrace(new Random(seed));
        TraceExplanation explanation = ALL_KINDS.explain(calls, null);
        ToolCallGate gate = ALL_KINDS.gate();
        for (int i = 0; i < calls.size(); i++) {
            GateDecision decision = gate.check(calls.subList(0, i), calls.get(i), null);
            assertThat(explanation.steps().get(i).violations()).as("step %d of %s", i, calls)
                    .isEqualTo(decision.newViolations());
        }
        assertThat(explanation.finalReport()).isEqualTo(ALL_KINDS.evaluate(calls, null, Extent.COMPLETE));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_only_differ_between_extents_where_the_trace_could_still_change_the_verdict(long seed) {
        List<ToolInvocation> calls = randomTrace(new Random(seed));
        PolicyReport complete = ALL_KINDS.evaluate(calls, null, Extent.COMPLETE);
        PolicyReport partial = ALL_KINDS.evaluate(calls, null, Extent.PARTIAL);
        for (int r = 0; r < complete.evaluations().size(); r++) {
            RuleEvaluation c = complete.evaluations().get(r);
            RuleEvaluation p = partial.evaluations().get(r);
            if (p.isViolated()) {
                assertThat(c).as("a partial violation is a complete one: %s on %s", c.ruleId(), calls).isEqualTo(p);
            }
            if (!c.equals(p)) {
                assertThat(c.outcome()).as("%s on %s", c.ruleId(), calls).isEqualTo(RuleOutcome.VIOLATED);
                assertThat(c.kind()).isIn(RuleKind.REQUIRE, RuleKind.EVENTUALLY, RuleKind.AFTER, RuleKind.SEQUENCE);
            }
        }
    }

    private static List<ToolInvocation> randomTrace(Random random) {
        int length = random.nextInt(9);
        List<ToolInvocation> calls = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            calls.add(ToolInvocation.of(ALPHABET[random.nextInt(ALPHABET.length)]));
        }
        return calls;
    }
}
