package io.orderingguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardResult;
import io.orderingguard.Outcome;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.wire.WireVerdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The generator makes what the benchmarks claim, and every benchmark's setup runs (no benchmark is timed here). */
class BenchmarkSetupTest {

    @ParameterizedTest(name = "size {0}")
    @ValueSource(ints = {10, 100, 1_000, 10_000})
    void should_generate_exactly_the_size_with_every_kind_of_entry(int size) {
        for (Conversations.Style style : Conversations.Style.values()) {
            List<Entry> entries = Conversations.generate(size, style);

            assertThat(entries).hasSize(size);
            assertThat(entries).hasAtLeastOneElementOfType(Thought.class).hasAtLeastOneElementOfType(ToolCall.class);
            assertThat(entries.get(0)).isInstanceOfSatisfying(Message.class, m -> assertThat(m.role()).isEqualTo(Role.SYSTEM));
            assertThat(entries.get(size - 3)).isInstanceOfSatisfying(Message.class, m -> assertThat(m.role()).isEqualTo(Role.USER));
            assertThat(entries.get(size - 1)).isInstanceOfSatisfying(ToolCall.class, c -> assertThat(c.result()).isNotNull());
        }
        assertThat(Conversations.failing(size)).hasSize(size);
    }

    @Test
    void should_generate_the_same_conversation_every_time() {
        assertThat(Conversations.passing(1_000)).isEqualTo(Conversations.passing(1_000));
    }

    @Test
    void should_refuse_a_size_too_small_for_a_turn() {
        assertThatThrownBy(() -> Conversations.passing(5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("size must be >= 6, but was 5");
    }

    @Test
    void should_pass_the_widest_family_without_any_finding() {
        GuardResult result = Guards.widestEnforce().check(Conversations.dispatch(Conversations.passing(1_000)));

        assertThat(result.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(result.findings()).isEmpty();
        assertThat(Guards.widestFamily().name()).isEqualTo("anthropic-messages-manual-thinking");
        assertThat(Guards.widestFamily().rules()).hasSize(13);
    }

    @Test
    void should_reject_the_failing_conversation_for_its_three_defects_and_repair_them() {
        GuardResult rejected = Guards.widestEnforce().check(Conversations.dispatch(Conversations.failing(1_000)));
        GuardResult repaired = Guards.widestMutate().check(Conversations.dispatch(Conversations.failing(1_000)));

        assertThat(rejected.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(rejected.blocking()).extracting(f -> f.ruleId()).containsExactlyInAnyOrder(
                "anthropic-tool-use-has-result", "anthropic-tool-result-has-tool-use", "anthropic-foreign-reasoning");
        assertThat(repaired.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(repaired.repairs()).extracting(r -> r.strategy().wireName()).containsExactlyInAnyOrder(
                "synthesize-missing-tool-result", "drop-orphan-result", "drop-foreign-reasoning");
    }

    @ParameterizedTest(name = "size {0}")
    @ValueSource(ints = {10, 1_000})
    void should_set_up_every_benchmark(int size) {
        int entries = Conversations.entriesInRotation;
        Conversations.entriesInRotation = 2_000; // 200 conversations of 10, 2 of 1,000: the same code, less waiting
        try {
            setUpEvery(size);
        } finally {
            Conversations.entriesInRotation = entries;
        }
    }

    private static void setUpEvery(int size) {
        GuardBenchmarks guard = new GuardBenchmarks();
        guard.size = size;
        guard.setUp(); // checks every verdict itself
        JacksonBaseline baseline = new JacksonBaseline();
        baseline.size = size;
        baseline.setUp();
        CodecBenchmarks codec = new CodecBenchmarks();
        codec.size = size;
        codec.setUp();
        PolicyBenchmark policy = new PolicyBenchmark();
        policy.size = size;
        policy.setUp();
        LangChain4jCodecBenchmark lc4j = new LangChain4jCodecBenchmark();
        lc4j.size = size;
        lc4j.setUp();

        SpringAiBenchmark springAi = new SpringAiBenchmark();
        springAi.size = size;
        springAi.setUp(); // checks that every prompt passes and is sent as it came
        List<WireBenchmarks> wires = new ArrayList<>();
        for (String surface : WireBodies.SURFACES) {
            wires.add(wire(surface, size));
        }

        assertThat(guard.buildDispatch().timeline().size()).isEqualTo(size);
        assertThat(guard.mutateNoop().outcome()).isEqualTo(Outcome.PASSED);
        assertThat(policy.explain().finalReport().verdicts()).hasSize(11); // explained over the same policy
        assertThat(lc4j.enforce().messages()).isNotEmpty();
        lc4j.verifyLoop(); // each round reuses the entries before it and equals a fresh encode
        assertThat(lc4j.enforceLoop().messages()).isNotEmpty();
        assertThat(springAi.enforce().getInstructions()).isNotEmpty();
        for (WireBenchmarks wire : wires) {
            WireVerdict verdict = wire.enforce();
            assertThat(verdict).as(wire.surface).isInstanceOf(WireVerdict.Passed.class);
            assertThat(verdict.guardResult().orElseThrow().dispatch().timeline().size()).as(wire.surface)
                    .isGreaterThan(size / 2); // OpenAI Chat sends no thoughts
            assertThat(wire.readTree().size()).as(wire.surface).isGreaterThan(1);
        }
        assertThat(baseline.serialize().length).isGreaterThan(size * 100);
        assertThat(codec.codecRead().timeline().size()).isEqualTo(size);
        assertThat(policy.evaluate().verdicts().size()).isEqualTo(11); // the deny list and ten rules
        assertThat(lc4j.roundTrip().messages()).isNotEmpty();
    }

    private static WireBenchmarks wire(String surface, int size) {
        WireBenchmarks wire = new WireBenchmarks();
        wire.size = size;
        wire.surface = surface;
        wire.setUp(); // checks that every body passes
        return wire;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"har", "exchange-log"})
    void should_report_the_generated_traffic(String source) throws Exception {
        ReportBenchmark report = new ReportBenchmark();
        report.source = source;
        report.exchanges = 20;
        report.entries = 20;
        report.setUp(); // checks that guard report reads every exchange
        try {
            assertThat(report.report()).isZero();
        } finally {
            report.tearDown();
        }
    }
}
