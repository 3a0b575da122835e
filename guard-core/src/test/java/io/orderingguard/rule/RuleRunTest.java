package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.orderingguard.properties.RandomProfiles;
import io.orderingguard.testkit.RandomTimelines;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checking rules in blocks ({@link RuleRun}) finds exactly what checking them one after the other finds,
 * in the same order: seeded random timelines and profiles, blocks of 1 to 9 entries so that short timelines
 * cross many block edges, and every rule that has a ranged check with its state carried over the edges.
 */
class RuleRunTest {

    private static final int SEEDS = 400;

    @TestFactory
    Stream<DynamicTest> blocksFindWhatTheRulesFindOneAfterTheOther() {
        return IntStream.range(0, SEEDS).mapToObj(seed -> dynamicTest("seed " + seed, () -> {
            Random random = new Random(seed * 0x9E3779B97F4A7C15L + 7);
            Dispatch dispatch = RandomTimelines.dispatch(random, 20 + random.nextInt(400));
            if (random.nextBoolean()) {
                dispatch = RandomTimelines.withWireDetail(random, dispatch);
            }
            List<OrderingRule> rules = rules(random);
            Predicate<OrderingRule> selected = random.nextInt(4) == 0 ? r -> r.id().hashCode() % 3 != 0 : r -> true;
            int n = dispatch.timeline().entries().size();
            int block = 1 + random.nextInt(Math.max(1, Math.min(9, n / 3)));

            List<String> oneAfterTheOther = oneAfterTheOther(RuleContext.of(dispatch, null), rules, selected);
            List<String> inBlocks = new ArrayList<>();
            RuleRun.check(RuleContext.of(dispatch, null), rules, selected, recorder(inBlocks), block);

            assertThat(inBlocks).as("rules %s, block %d, %d entries", rules, block, n).isEqualTo(oneAfterTheOther);
        }));
    }

    @Test
    void aLongTimelineIsCheckedInBlocksThroughThePublicCallWithTheSameFindings() {
        Random random = new Random(42);
        // random timelines one after the other (their ids repeat: the uniqueness rules have findings too)
        List<Entry> entries = new ArrayList<>();
        Timeline part = null;
        while (entries.size() <= 3 * RuleRun.BLOCK) {
            part = RandomTimelines.timeline(random, 400);
            entries.addAll(part.entries());
        }
        Dispatch dispatch = Dispatch.of("conv", "anthropic", "claude-sonnet-4-5", Timeline.of(entries, part.tools()));
        List<OrderingRule> rules = rules(random);
        List<String> oneAfterTheOther = new ArrayList<>();
        RuleContext alone = RuleContext.of(dispatch, null);
        rules.forEach(rule -> rule.check(alone, recorder(oneAfterTheOther)));
        List<String> inBlocks = new ArrayList<>();
        RuleContext.of(dispatch, null).check(rules, r -> true, recorder(inBlocks));

        assertThat(oneAfterTheOther).isNotEmpty();
        assertThat(inBlocks).isEqualTo(oneAfterTheOther);
    }

    @TestFactory
    Stream<DynamicTest> statefulRulesRunLastAndTheirFindingsStayInTheOrderOfTheRules() {
        int[] interleaved = new int[1];
        return Stream.concat(IntStream.range(0, 300).mapToObj(seed -> dynamicTest("seed " + seed, () -> {
            Random random = new Random(seed * 0x2545F4914F6CDD1DL + 11);
            Dispatch before = RandomTimelines.dispatch(random, 10 + random.nextInt(300));
            Dispatch now = evolved(random, before);
            List<OrderingRule> rules = rules(random);
            int stateful = 1 + random.nextInt(4);
            for (int k = 0; k < stateful; k++) {
                rules.add(random.nextInt(rules.size() + 1), preservation(random, "keep-" + k));
            }
            CapturedBaseline baseline = CapturedBaseline.of(before, List.of("signature"));
            Predicate<OrderingRule> selected = random.nextInt(4) == 0 ? r -> r.id().hashCode() % 3 != 0 : r -> true;

            List<String> oneAfterTheOther = oneAfterTheOther(RuleContext.of(now, baseline), rules, selected);
            List<String> run = new ArrayList<>();
            int statefulLastFrom = random.nextBoolean() ? 0 : RuleRun.STATEFUL_LAST_FROM;
            // in blocks too: the capture then compares block by block
            int block = random.nextBoolean() ? RuleRun.BLOCK : 1 + random.nextInt(9);
            RuleContext context = RuleContext.of(now, baseline);
            RuleRun.check(context, rules, selected, recorder(run), block, statefulLastFrom);

            assertThat(run).as("rules %s, block %d", rules, block).isEqualTo(oneAfterTheOther);
            CapturedBaseline fresh = CapturedBaseline.of(now, List.of("signature"), baseline);
            CapturedBaseline made = context.current();
            assertThat(made).isEqualTo(fresh);
            assertThat(made.sharedPrefix(baseline)).isEqualTo(fresh.sharedPrefix(baseline));
            int lastStateful = -1;
            for (int i = 0; i < oneAfterTheOther.size(); i++) {
                lastStateful = oneAfterTheOther.get(i).startsWith("keep-") ? i : lastStateful;
            }
            boolean statefulLast = block == RuleRun.BLOCK && now.timeline().entries().size() >= statefulLastFrom;
            if (statefulLast && lastStateful >= 0 && lastStateful < oneAfterTheOther.size() - 1) {
                interleaved[0]++;
            }
        })), Stream.of(dynamicTest("a stateful rule's findings came before another rule's", () ->
                // else the seeds above would not show that held findings are put back in place
                assertThat(interleaved[0]).isGreaterThan(50))));
    }

    /** The next dispatch of a conversation: some entries dropped, some re-signed, a few added at the end. */
    private static Dispatch evolved(Random random, Dispatch before) {
        List<Entry> entries = new ArrayList<>();
        for (Entry e : before.timeline().entries()) {
            int change = random.nextInt(10);
            if (change == 0) {
                continue;
            }
            entries.add(change == 1 ? e.withPayload(Payloads.of("signature", "sig-" + random.nextInt(3)),
                    e.replayCompatibility()) : e);
        }
        Timeline more = RandomTimelines.timeline(random, 8);
        for (Entry e : more.entries()) {
            entries.add(e.withId("added-" + entries.size()));
        }
        return Dispatch.of("conv", "anthropic", "claude-sonnet-4-5", Timeline.of(entries, before.timeline().tools()));
    }

    private static PreservationRule preservation(Random random, String id) {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        PreservationInvariant invariant = PreservationInvariant.values()[random.nextInt(
                PreservationInvariant.values().length)];
        String field = invariant == PreservationInvariant.PAYLOAD_FIELD_STABLE && random.nextBoolean() ? "signature"
                : null;
        return new PreservationRule(id, kind, invariant, field, false, random.nextBoolean() ? Severity.BLOCKING : null,
                null);
    }

    @Test
    void theRulesThatReadEntriesOneAtATimeHaveARangedCheckAndTheOthersRunWhole() {
        Random random = new Random(3);
        Dispatch dispatch = RandomTimelines.dispatch(random, 60);
        RuleContext context = RuleContext.of(dispatch, null);
        FindingSink none = recorder(new ArrayList<>());
        List<OrderingRule> ranged = List.of(
                new IdentifierFormatRule("f", Kind.TOOL_CALL, 64, null, null, null, null),
                new RoleRemapRule("m", Kind.TOOL_CALL, "granite-3.x", "roleTag", null, null),
                new ToolResultPairingRule("p", true, true, false, null, null),
                new NonEmptyTurnRule("e", Role.USER, false, null, null),
                new AlternationRule("a", List.of(Role.USER, Role.ASSISTANT), AlternationMode.STRICT, 1, null, null, null),
                new AlternationRule("cap", List.of(Role.USER, Role.ASSISTANT), AlternationMode.CAP_ONLY, 1, null, null,
                        null),
                new ReplayCompatibilityRule("c", Set.of(Kind.THOUGHT), List.of(), null, null));
        for (OrderingRule rule : ranged) {
            assertThat(RangeCheck.of(rule, context, none)).as(rule.id()).isNotNull();
        }
        List<OrderingRule> whole = List.of(
                new NonEmptyTurnRule("t", Role.ASSISTANT, true, null, null),
                new ToolIdentityRule("no-tools-declared", null, null),
                new IdentifierUniquenessRule("u", Kind.TOOL_CALL, RuleSurface.BOTH, null, null),
                new SchemaIntegrityRule("s", null, null));
        // a timeline without declared tools: the tool-identity rule has nothing to check
        RuleContext noTools = RuleContext.of(Dispatch.of(Timeline.of(dispatch.timeline().entries())), null);
        for (OrderingRule rule : whole) {
            assertThat(RangeCheck.of(rule, noTools, none)).as(rule.id()).isNull();
        }
    }

    /** Two random setups' rules, plus the alternation modes and a role-remap whose tag values vary. */
    private static List<OrderingRule> rules(Random random) {
        List<OrderingRule> rules = new ArrayList<>(RandomProfiles.setup(random).profile().rules());
        rules.addAll(RandomProfiles.setup(random).profile().rules());
        AlternationMode mode = AlternationMode.values()[random.nextInt(AlternationMode.values().length)];
        Integer cap = mode == AlternationMode.CAP_ONLY || random.nextBoolean() ? 1 + random.nextInt(2) : null;
        rules.add(random.nextInt(2), new AlternationRule("alt-" + mode, List.of(Role.USER, Role.ASSISTANT), mode, cap,
                null, null, null));
        // the signatures differ from thought to thought: many tag groups, reported in order of first entry
        rules.add(new RoleRemapRule("remap-signature", Kind.THOUGHT, "granite-4.x", "signature",
                random.nextBoolean() ? Severity.BLOCKING : null, null));
        rules.add(new ToolIdentityRule("identity", null, null));
        return rules;
    }

    /** What the selected rules report when each checks the context in turn, as {@link #recorder} writes it. */
    private static List<String> oneAfterTheOther(RuleContext context, List<OrderingRule> rules,
            Predicate<OrderingRule> selected) {
        List<String> lines = new ArrayList<>();
        for (OrderingRule rule : rules) {
            if (selected.test(rule)) {
                rule.check(context, recorder(lines));
            }
        }
        return lines;
    }

    /** A sink that writes each report as one line: rule, severity, facet, ids and detail. */
    private static FindingSink recorder(List<String> lines) {
        return new FindingSink() {
            @Override
            public void report(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
                lines.add(rule.id() + " " + rule.severity() + " " + facet + " " + primitiveIds + " " + detail);
            }

            @Override
            public void reportAdvisory(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
                lines.add(rule.id() + " advisory-call " + facet + " " + primitiveIds + " " + detail);
            }
        };
    }
}
