package io.orderingguard.testing;

import static io.orderingguard.testing.Flow.ANY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FlowPatternTest {

    /** Every row of the seed's anchoring table, both columns. */
    static Stream<Arguments> anchoringTable() {
        return Stream.of(
                Arguments.argumentSet("[a, b] matches a → b",
                        new Object[] {"a", "b"}, List.of("a", "b"), null),
                Arguments.argumentSet("[a, b] does not match a → b → c (extra at end)",
                        new Object[] {"a", "b"}, List.of("a", "b", "c"),
                        "Flow mismatch: unexpected trailing calls [\"c\"]. Pattern: [\"a\", \"b\"], actual: [\"a\", \"b\", \"c\"]"),
                Arguments.argumentSet("[a, ..., b] matches a → x → y → b",
                        new Object[] {"a", ANY, "b"}, List.of("a", "x", "y", "b"), null),
                Arguments.argumentSet("[a, ..., b] does not match x → a → b (extra at start)",
                        new Object[] {"a", ANY, "b"}, List.of("x", "a", "b"),
                        "Flow mismatch: expected 'a' at position 0, got 'x'. Pattern: [\"a\", ..., \"b\"], actual: [\"x\", \"a\", \"b\"]"),
                Arguments.argumentSet("[..., a, b] matches x → a → b",
                        new Object[] {ANY, "a", "b"}, List.of("x", "a", "b"), null),
                Arguments.argumentSet("[..., a, b] does not match a → b → x (extra at end)",
                        new Object[] {ANY, "a", "b"}, List.of("a", "b", "x"),
                        "Flow mismatch: expected the calls to end with [\"a\", \"b\"], got [\"b\", \"x\"]. Pattern: [..., \"a\", \"b\"], actual: [\"a\", \"b\", \"x\"]"),
                Arguments.argumentSet("[..., a, ..., b, ...] matches anything containing a then b",
                        new Object[] {ANY, "a", ANY, "b", ANY}, List.of("x", "a", "y", "b", "z"), null),
                Arguments.argumentSet("[..., a, ..., b, ...] matches a → b",
                        new Object[] {ANY, "a", ANY, "b", ANY}, List.of("a", "b"), null),
                Arguments.argumentSet("[..., a, ..., b, ...] does not match b → a (wrong order)",
                        new Object[] {ANY, "a", ANY, "b", ANY}, List.of("b", "a"),
                        "Flow mismatch: could not find [\"b\"] after position 2. Pattern: [..., \"a\", ..., \"b\", ...], actual: [\"b\", \"a\"]"));
    }

    @ParameterizedTest
    @MethodSource("anchoringTable")
    void should_follow_the_anchoring_table(Object[] pattern, List<String> calls, String expectedMismatch) {
        FlowPattern compiled = FlowPattern.of(pattern);

        assertThat(compiled.matches(calls)).isEqualTo(expectedMismatch == null);
        assertThat(compiled.mismatch(calls).orElse(null)).isEqualTo(expectedMismatch);
    }

    @Test
    void should_match_when_the_last_occurrence_aligns_although_the_first_does_not() {
        // the reference's greedy matcher takes the first "a" and then rejects the trailing calls
        FlowPattern pattern = FlowPattern.of(ANY, "a");

        assertThat(pattern.matches(List.of("a", "b", "a"))).isTrue();
        assertThat(pattern.mismatch(List.of("a", "b", "a"))).isEmpty();
    }

    @Test
    void should_match_a_later_occurrence_before_an_end_anchor() {
        FlowPattern pattern = FlowPattern.of(ANY, "a", ANY, "b");

        assertThat(pattern.matches(List.of("a", "b", "x", "b"))).isTrue();
    }

    @Test
    void should_explain_an_end_segment_that_overlaps_the_start_segment() {
        FlowPattern pattern = FlowPattern.of("a", ANY, "a");

        assertThat(pattern.matches(List.of("a"))).isFalse();
        assertThat(pattern.mismatch(List.of("a"))).contains(
                "Flow mismatch: could not find [\"a\"] at the end after position 1. Pattern: [\"a\", ..., \"a\"], actual: [\"a\"]");
    }

    @Test
    void should_explain_a_missing_middle_segment_before_the_end_segment() {
        FlowPattern pattern = FlowPattern.of(ANY, "b", ANY, "b");

        assertThat(pattern.mismatch(List.of("x", "b"))).contains(
                "Flow mismatch: could not find [\"b\"] after position 0 and before position 1. "
                        + "Pattern: [..., \"b\", ..., \"b\"], actual: [\"x\", \"b\"]");
    }

    @Test
    void should_report_the_end_when_calls_run_out() {
        assertThat(FlowPattern.of("a", "b").mismatch(List.of("a"))).contains(
                "Flow mismatch: expected 'b' at position 1, got '<end>'. Pattern: [\"a\", \"b\"], actual: [\"a\"]");
    }

    @Test
    void should_match_anything_with_an_empty_or_wildcard_only_pattern() {
        assertThat(FlowPattern.of().matches(List.of())).isTrue();
        assertThat(FlowPattern.of().matches(List.of("a"))).isFalse();
        assertThat(FlowPattern.of(ANY).matches(List.of())).isTrue();
        assertThat(FlowPattern.of(ANY, ANY).matches(List.of("a", "b"))).isTrue();
    }

    @Test
    void should_collapse_consecutive_wildcards() {
        assertThat(FlowPattern.of("a", ANY, ANY, ANY, "b").elements()).containsExactly("a", ANY, "b");
        assertThat(FlowPattern.of("a", ANY, ANY, "b")).hasToString("[\"a\", ..., \"b\"]");
    }

    @Test
    void should_reject_an_element_that_is_neither_a_name_nor_any() {
        assertThatThrownBy(() -> FlowPattern.of("a", 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid pattern element at index 1: 3 (type Integer). Only String and Flow.ANY are allowed.");
        assertThatThrownBy(() -> FlowPattern.of("a", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid pattern element at index 1: null. Only String and Flow.ANY are allowed.");
    }

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 40).mapToObj(i -> 7919L * i + 17)
                .map(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    /** The explanation walk and the dynamic-programming matcher agree on every random case. */
    @ParameterizedTest
    @MethodSource("seeds")
    void should_explain_exactly_the_cases_the_matcher_rejects(long seed) {
        Random random = new Random(seed);
        String[] alphabet = {"a", "b", "c"};
        for (int round = 0; round < 250; round++) {
            List<Object> pattern = new ArrayList<>();
            int patternLength = random.nextInt(6);
            for (int i = 0; i < patternLength; i++) {
                pattern.add(random.nextInt(3) == 0 ? ANY : alphabet[random.nextInt(alphabet.length)]);
            }
            List<String> calls = new ArrayList<>();
            int callCount = random.nextInt(7);
            for (int i = 0; i < callCount; i++) {
                calls.add(alphabet[random.nextInt(alphabet.length)]);
            }
            FlowPattern compiled = FlowPattern.of(pattern.toArray());

            boolean matches = compiled.matches(calls);

            assertThat(compiled.mismatch(calls).isEmpty())
                    .as("pattern %s on %s (seed %d)", compiled, calls, seed)
                    .isEqualTo(matches);
            assertThat(matches)
                    .as("pattern %s on %s (seed %d)", compiled, calls, seed)
                    .isEqualTo(bruteForce(pattern, 0, calls, 0));
        }
    }

    /** Exhaustive backtracking: the specification the matcher must meet. */
    private static boolean bruteForce(List<Object> pattern, int p, List<String> calls, int c) {
        if (p == pattern.size()) {
            return c == calls.size();
        }
        if (pattern.get(p) == ANY) {
            for (int skip = c; skip <= calls.size(); skip++) {
                if (bruteForce(pattern, p + 1, calls, skip)) {
                    return true;
                }
            }
            return false;
        }
        return c < calls.size() && pattern.get(p).equals(calls.get(c)) && bruteForce(pattern, p + 1, calls, c + 1);
    }

    @Test
    void should_render_names_as_a_json_list() {
        assertThat(FlowPattern.names(Arrays.asList("a", "say \"hi\""))).isEqualTo("[\"a\", \"say \\\"hi\\\"\"]");
    }
}
