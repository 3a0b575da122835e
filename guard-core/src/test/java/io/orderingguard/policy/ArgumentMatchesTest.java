package io.orderingguard.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A trace remembers what its argument-constrained selectors answered (shared with its prefixes, one
 * matcher per pattern): every answer, asked in any order, on the trace or a prefix, any number of times,
 * must be the selector's own.
 */
class ArgumentMatchesTest {

    private static final String[] TOOLS = {"bash", "sql", "http"};
    private static final String[] WORDS = {"cat", "rm", "DROP", "ls", "curl", "SELECT"};

    static Stream<Arguments> seeds() {
        return new Random(0xA7_6E5L).longs(200).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_answer_as_the_selector_does(long seed) {
        Random random = new Random(seed);
        List<ToolInvocation> calls = new ArrayList<>();
        int n = random.nextInt(25);
        for (int i = 0; i < n; i++) {
            ObjectNode args = JsonNodeFactory.instance.objectNode();
            if (random.nextInt(4) != 0) {
                args.put("command", WORDS[random.nextInt(WORDS.length)] + " " + WORDS[random.nextInt(WORDS.length)]);
            }
            if (random.nextBoolean()) {
                args.put("limit", random.nextInt(3));
            }
            calls.add(ToolInvocation.of(TOOLS[random.nextInt(TOOLS.length)], args));
        }
        Aliases aliases = Aliases.of(Map.of("Shell", List.of("bash", "sql")));
        List<CallSelector> selectors = List.of(
                CallSelector.of("bash", Map.of("command", "^(cat|rm) ")),
                CallSelector.of("Shell", Map.of("command", "DROP")),
                CallSelector.of("sql", Map.of("command", "SELECT", "limit", "[12]")),
                CallSelector.of("http"));
        CallTrace trace = CallTrace.of(calls, aliases);

        for (int ask = 0; ask < 3 * n; ask++) {
            int length = random.nextInt(n + 1);
            if (length == 0) {
                continue;
            }
            CallTrace prefix = trace.prefix(length);
            int index = random.nextInt(length);
            CallSelector selector = selectors.get(random.nextInt(selectors.size()));
            assertThat(prefix.matches(index, selector)).as("%s on call %d of %s", selector, index, calls)
                    .isEqualTo(selector.matches(calls.get(index), aliases));
        }
        for (CallSelector selector : selectors) {
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (selector.matches(calls.get(i), aliases)) {
                    expected.add(i);
                }
            }
            assertThat(trace.indices(selector)).as("%s over %s", selector, calls).isEqualTo(expected);
        }
    }
}
