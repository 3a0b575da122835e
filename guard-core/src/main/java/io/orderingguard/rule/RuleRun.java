package io.orderingguard.rule;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Runs the rules of a profile over one context (see {@link RuleContext#check(List, Predicate, FindingSink)}).
 * A timeline of up to {@code 2 × block} entries is checked rule after rule: its entries stay in the
 * processor's caches from one rule to the next. A longer one does not fit them, and every rule reading the
 * whole timeline in turn would fetch each entry from memory again (the union of the shipped behaviours
 * cost 64 ns per entry at 2,000 entries and 172 at 10,000, checked hot by {@code GrowthProbe}). There
 * the rules that read entries one at a time ({@link RangeCheck}) take turns over blocks of {@code block}
 * entries, their findings are held, and every rule's findings reach the sink in the order of the rules,
 * as if each had run alone; the capture the stateful rules compare with the baseline (see
 * {@link RuleContext#current()}) compares each block too. On a shorter timeline of at least {@code 64}
 * entries the stateful rules run after the others, their findings in place all the same.
 *
 * <p>Not thread-safe per call; stateless otherwise.
 */
final class RuleRun {

    /** Entries per block: a few hundred entries' objects fit the caches of a core with room to spare. */
    static final int BLOCK = 512;

    /**
     * The shortest timeline on which the stateful rules run last: on a few dozen entries the second pass
     * over the rules costs more than the entries found in cache save (measured: slower at 10 entries,
     * faster at 100 and 1,000).
     */
    static final int STATEFUL_LAST_FROM = 64;

    private RuleRun() {
    }

    /**
     * Checks the selected rules, in order.
     *
     * @param context the context
     * @param rules the rules
     * @param selected which to run
     * @param sink where findings go
     * @param block entries per block (tests use small blocks to put many block edges in short timelines)
     */
    static void check(RuleContext context, List<? extends OrderingRule> rules, Predicate<? super OrderingRule> selected,
            FindingSink sink, int block) {
        check(context, rules, selected, sink, block, STATEFUL_LAST_FROM);
    }

    /**
     * Checks the selected rules, in order; on a timeline of {@code statefulLastFrom} entries or more (and
     * not in blocks) the stateful ones run last.
     */
    static void check(RuleContext context, List<? extends OrderingRule> rules, Predicate<? super OrderingRule> selected,
            FindingSink sink, int block, int statefulLastFrom) {
        int n = context.entries().size();
        if (n > 2 * block && inBlocks(context, rules, selected, sink, block, n)) {
            return;
        }
        for (int r = 0; r < rules.size(); r++) {
            OrderingRule rule = rules.get(r);
            if (selected.test(rule)) {
                if (n >= statefulLastFrom && rule.stateful()) {
                    statefulLast(context, rules, selected, sink, r);
                    return;
                }
                rule.check(context, sink);
            }
        }
    }

    /**
     * Checks the selected rules from position {@code first} (a stateful one) on: the stateless ones first,
     * then the stateful ones, every finding held and then passed on in the order of the rules. The first
     * stateful rule to run captures the dispatch (a walk over every entry, {@link RuleContext#current()});
     * after the other rules have read the entries, they are still in the caches.
     */
    private static void statefulLast(RuleContext context, List<? extends OrderingRule> rules,
            Predicate<? super OrderingRule> selected, FindingSink sink, int first) {
        Held held = new Held();
        for (int pass = 0; pass < 2; pass++) {
            for (int r = first; r < rules.size(); r++) {
                OrderingRule rule = rules.get(r);
                if (rule.stateful() == (pass == 1) && selected.test(rule)) {
                    held.position = r;
                    rule.check(context, held);
                }
            }
        }
        for (int r = first; r < rules.size(); r++) {
            held.replay(r, sink);
        }
    }

    /** Runs the rules with the ranged checks in blocks; {@code false} (having run nothing) when fewer than two have one. */
    private static boolean inBlocks(RuleContext context, List<? extends OrderingRule> rules,
            Predicate<? super OrderingRule> selected, FindingSink sink, int block, int n) {
        Held held = new Held();
        RangeCheck[] ranged = new RangeCheck[rules.size()];
        int count = 0;
        boolean stateful = false;
        for (int r = 0; r < rules.size(); r++) {
            OrderingRule rule = rules.get(r);
            if (selected.test(rule)) {
                ranged[r] = RangeCheck.of(rule, context, held);
                count += ranged[r] == null ? 0 : 1;
                stateful |= rule.stateful();
            }
        }
        if (count < 2) {
            return false;
        }
        for (int from = 0; from < n; from += block) {
            int to = Math.min(n, from + block);
            for (int r = 0; r < ranged.length; r++) {
                if (ranged[r] != null) {
                    held.position = r;
                    ranged[r].range(from, to);
                }
            }
            if (stateful) {
                // the stateful rules' capture compares the block with the baseline while it is in cache
                context.captureUpTo(to);
            }
        }
        for (int r = 0; r < ranged.length; r++) {
            if (ranged[r] != null) {
                held.position = r;
                ranged[r].end();
            }
        }
        for (int r = 0; r < rules.size(); r++) {
            if (ranged[r] != null) {
                held.replay(r, sink);
            } else if (selected.test(rules.get(r))) {
                rules.get(r).check(context, sink);
            }
        }
        return true;
    }

    /** What rules run out of their order reported, with the position of the rule that reported it. */
    private static final class Held implements FindingSink {
        int position;
        private List<Report> reports;

        @Override
        public void report(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
            hold(new Report(position, false, rule, facet, primitiveIds, detail));
        }

        @Override
        public void reportAdvisory(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
            hold(new Report(position, true, rule, facet, primitiveIds, detail));
        }

        private void hold(Report report) {
            if (reports == null) {
                reports = new ArrayList<>();
            }
            reports.add(report);
        }

        void replay(int rulePosition, FindingSink sink) {
            if (reports == null) {
                return;
            }
            for (int k = 0; k < reports.size(); k++) {
                Report h = reports.get(k);
                if (h.position() != rulePosition) {
                    continue;
                }
                if (h.advisory()) {
                    sink.reportAdvisory(h.rule(), h.facet(), h.ids(), h.detail());
                } else {
                    sink.report(h.rule(), h.facet(), h.ids(), h.detail());
                }
            }
        }
    }

    /** One held report. */
    private record Report(int position, boolean advisory, OrderingRule rule, Facet facet, List<String> ids,
            String detail) {
    }
}
