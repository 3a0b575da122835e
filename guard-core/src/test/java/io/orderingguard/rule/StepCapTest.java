package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins {@code alternation.maxPerGroup} counted per step with an index of the steps (no map and no list
 * per step): over generated timelines whose calls share steps within and across role groups, in runs and
 * interleaved, with and without steps, the findings are exactly those of the former count in a map, kept
 * below as the oracle. Also pins {@link IdIndex}: chains in position order, the first position in the table.
 */
class StepCapTest {

    static Stream<Arguments> seeds() {
        return new Random(0x57E9_CA9L).longs(300).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_report_the_steps_the_map_count_reported(long seed) {
        Random random = new Random(seed);
        Dispatch dispatch = Dispatch.of("c", "p", "m", Timeline.of(timeline(random)));
        int max = 1 + random.nextInt(3);
        AlternationRule rule = new AlternationRule("cap", null, AlternationMode.CAP_ONLY, max, null, null, null);

        List<String> found = new ArrayList<>();
        rule.check(RuleContext.of(dispatch, null), (r, facet, ids, detail) -> found.add(ids + " " + detail));

        assertThat(found).as("%s", dispatch.timeline().entries()).isEqualTo(oracle(dispatch, max));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_chain_positions_of_one_id_in_order(long seed) {
        Random random = new Random(seed);
        int n = random.nextInt(60);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add("id-" + random.nextInt(1 + random.nextInt(8)));
        }
        // the positions indexed hold tool calls, the others messages with the same ids
        boolean[] include = new boolean[n];
        List<Entry> entries = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < n; i++) {
            include[i] = random.nextInt(4) != 0;
            if (include[i]) {
                count++;
                entries.add(new ToolCall(ids.get(i), "search", null, ToolResult.of("r"), true, null, null, null, null,
                        false));
            } else {
                entries.add(new Message(ids.get(i), Role.USER, "go", null, null, null, null));
            }
        }
        TimelineStructure structure = TimelineStructure.of(entries);

        IdIndex index = IdIndex.build(n, count, ids::get, structure, Kind.TOOL_CALL);
        IdIndex all = IdIndex.build(n, ids::get);

        for (int i = 0; i < n; i++) {
            List<Integer> expected = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                if (include[k] && ids.get(k).equals(ids.get(i))) {
                    expected.add(k);
                }
            }
            List<Integer> chain = new ArrayList<>();
            for (int k = index.first(ids.get(i)); k >= 0; k = index.next(k)) {
                chain.add(k);
            }
            assertThat(chain).as("positions of %s in %s", ids.get(i), ids).isEqualTo(expected);
            List<Integer> everywhere = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                if (ids.get(k).equals(ids.get(i))) {
                    everywhere.add(k);
                }
            }
            List<Integer> allChain = new ArrayList<>();
            for (int k = all.first(ids.get(i)); k >= 0; k = all.next(k)) {
                allChain.add(k);
            }
            assertThat(allChain).as("positions of %s in %s, unfiltered", ids.get(i), ids).isEqualTo(everywhere);
        }
        assertThat(index.first("absent")).isEqualTo(-1);
    }

    private static List<Entry> timeline(Random random) {
        List<Entry> entries = new ArrayList<>();
        int n = random.nextInt(40);
        int calls = 0;
        for (int i = 0; i < n; i++) {
            int choice = random.nextInt(6);
            if (choice == 0) {
                entries.add(Entry.user("u" + i, "go"));
            } else if (choice == 1) {
                entries.add(new Message("a" + i, Role.ASSISTANT, "ok", null, null,
                        random.nextBoolean() ? null : "step-" + random.nextInt(4), null));
            } else {
                String step = random.nextInt(4) == 0 ? null : "step-" + random.nextInt(1 + random.nextInt(5));
                boolean requested = random.nextInt(8) != 0;
                entries.add(new ToolCall("call_" + calls++, "search", null, ToolResult.of("r"), requested, null, null,
                        step, null, false));
            }
        }
        return entries;
    }

    /** The former count: a map from step to the ids of its requested calls, in first-seen order. */
    private static List<String> oracle(Dispatch dispatch, int max) {
        List<String> found = new ArrayList<>();
        List<Entry> entries = dispatch.timeline().entries();
        TimelineStructure s = TimelineStructure.of(dispatch.timeline().entries());
        Map<String, List<String>> perStep = new LinkedHashMap<>();
        for (int g = 0; g < s.groupCount(); g++) {
            List<String> stepless = new ArrayList<>();
            for (int i = s.groupStart(g); i < s.groupEnd(g); i++) {
                if (entries.get(i) instanceof ToolCall c && c.requested()) {
                    if (c.step() == null) {
                        stepless.add(c.id());
                    } else {
                        perStep.computeIfAbsent(c.step(), k -> new ArrayList<>()).add(c.id());
                    }
                }
            }
            if (stepless.size() > max) {
                found.add(stepless + " at most " + max + " tool call(s) are allowed per model response, but a role"
                        + " group holds " + stepless.size());
            }
        }
        for (Map.Entry<String, List<String>> step : perStep.entrySet()) {
            if (step.getValue().size() > max) {
                found.add(step.getValue() + " at most " + max + " tool call(s) are allowed per model response, but step '"
                        + step.getKey() + "' holds " + step.getValue().size());
            }
        }
        return found;
    }
}
