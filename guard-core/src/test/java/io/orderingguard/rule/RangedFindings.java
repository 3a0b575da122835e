package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/** Checks a rule whole and cut into random ranges, for the tests of rules that read a timeline in chunks. */
final class RangedFindings {

    private RangedFindings() {
    }

    /**
     * Asserts that a rule reports {@code expected}, in order, both when it checks the whole timeline and
     * when its ranged check is given consecutive random ranges of 1 to {@code longestRange} entries.
     *
     * @param recorder makes a sink that writes each report as one line into a list
     */
    static void assertReported(OrderingRule rule, RuleContext context, Random random, int longestRange,
            Function<List<String>, FindingSink> recorder, List<String> expected) {
        int n = context.entries().size();
        List<String> whole = new ArrayList<>();
        rule.check(context, recorder.apply(whole));
        List<String> ranged = new ArrayList<>();
        RangeCheck ranges = RangeCheck.of(rule, context, recorder.apply(ranged));
        for (int from = 0; from < n; ) {
            int to = Math.min(n, from + 1 + random.nextInt(longestRange));
            ranges.range(from, to);
            from = to;
        }
        ranges.end();

        assertThat(whole).as("%s over %d entries", rule.id(), n).isEqualTo(expected);
        assertThat(ranged).as("%s over %d entries, in ranges", rule.id(), n).isEqualTo(expected);
    }
}
