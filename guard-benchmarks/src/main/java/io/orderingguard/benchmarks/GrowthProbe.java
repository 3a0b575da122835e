package io.orderingguard.benchmarks;

import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.FindingSink;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.RuleContext;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Tells growth that comes from the code from growth that comes from the machine's caches. One conversation
 * of the largest length is generated (in the shape {@link GuardBenchmarks} gives the path), and the same
 * guard checks growing prefixes of it, each prefix many times in a row, so the prefix is as hot in the
 * caches as it can be and no other conversation competes for them. It prints the best of five rounds in
 * thread CPU time, per check and per entry. Work that grows with the input costs the same per entry at
 * every length; when the cost per entry climbs only once a prefix's entries stop fitting in the caches
 * (on the machine of the session-8 figures: flat to 2,000 entries, then up), the growth is the memory's.
 *
 * Beside each length it prints the baseline of the benchmarks' ratios, Jackson serialising the provider
 * request of the same prefix length (as {@link JacksonBaseline#serialize}, just as hot), and the ratio
 * ({@code -Dprobe.baseline=false} leaves them out: NaN).
 *
 * <p>With {@code -Dprobe.rules=true} it checks each rule of the path's profile alone as well (a profile of
 * that one rule, same guard settings otherwise) at the first, second and last length, and prints each
 * rule's time and growth: the rules whose cost per entry climbs with length are the ones that read the
 * entries' objects (payloads, ids) rather than the timeline's compact structure.
 *
 * <p>With {@code -Dprobe.blocks=true} it also times the profile's rules through
 * {@link RuleContext#check} (in blocks of entries on a timeline of more than 1,024) against the same rules
 * checked one after the other, on the same prefixes, in interleaved rounds.
 *
 * <p>Not a JMH benchmark and not a test. Run (after {@code mvn -o -q -B -DskipTests -pl guard-benchmarks
 * -am package}): {@code java -Xms3g -Xmx3g -XX:+AlwaysPreTouch -cp guard-benchmarks/target/benchmarks.jar
 * io.orderingguard.benchmarks.GrowthProbe [path] [lengths…]}; path {@code enforce-union} (default) or
 * {@code enforce-widest}; lengths default to 500, 1,000, 2,000, 5,000, 10,000 and 20,000.
 */
public final class GrowthProbe {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int ROUNDS = 5;

    private GrowthProbe() {
    }

    /**
     * Prints one line per prefix length, then (with {@code -Dprobe.rules=true}) one line per rule.
     *
     * @param args the path, then the prefix lengths
     */
    public static void main(String[] args) {
        String path = args.length > 0 ? args[0] : "enforce-union";
        int[] lengths = args.length > 1
                ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).sorted().toArray()
                : new int[] {500, 1_000, 2_000, 5_000, 10_000, 20_000};
        OrderingProfile profile;
        Conversations.Style style;
        switch (path) {
            case "enforce-union" -> {
                profile = OrderingProfile.union(Guards.allBehaviours());
                style = Conversations.Style.UNION;
            }
            case "enforce-widest" -> {
                profile = Guards.widestFamily();
                style = Conversations.Style.ANTHROPIC;
            }
            default -> throw new IllegalArgumentException(
                    "path: expected enforce-union or enforce-widest, but was '" + path + "'");
        }
        int longest = lengths[lengths.length - 1];
        if (lengths[0] < 6) {
            throw new IllegalArgumentException("lengths must be >= 6, but the shortest was " + lengths[0]);
        }
        List<Entry> entries = Conversations.generate(longest, style, 0);
        boolean withBaseline = !"false".equals(System.getProperty("probe.baseline"));
        List<Entry> baselineEntries = withBaseline ? Conversations.generate(longest, Conversations.Style.ANTHROPIC, 0)
                : List.of();
        Dispatch[] prefixes = new Dispatch[lengths.length];
        for (int k = 0; k < lengths.length; k++) {
            prefixes[k] = Conversations.dispatch(entries.subList(0, lengths[k]));
        }
        OrderingGuard guard = OrderingGuard.builder().profile(profile).build();
        System.out.println("path length cpu-us ns-per-entry growth-from-first baseline-ns-per-entry ratio");
        double first = 0;
        for (int k = 0; k < lengths.length; k++) {
            Dispatch dispatch = prefixes[k];
            double us = bestMicros(() -> guard.check(dispatch), lengths[k]);
            double baseline = Double.NaN;
            if (withBaseline) {
                AnthropicRequest request = AnthropicRequest.of(Conversations.MODEL,
                        baselineEntries.subList(0, lengths[k]), Conversations.tools());
                baseline = bestMicros(request::toJson, lengths[k]);
            }
            first = k == 0 ? us : first;
            System.out.printf(Locale.ROOT, "%s %d %.1f %.1f %.1f %.1f %.3f%n", path, lengths[k], us,
                    us * 1_000 / lengths[k], us / first, baseline * 1_000 / lengths[k], us / baseline);
        }
        if (Boolean.getBoolean("probe.blocks")) {
            blocks(path, profile, prefixes, lengths);
        }
        if (Boolean.getBoolean("probe.rules") && lengths.length >= 2) {
            int[] picks = {0, 1, lengths.length - 1};
            System.out.printf(Locale.ROOT, "rule cpu-us@%d cpu-us@%d cpu-us@%d growth(%d->%d) type%n",
                    lengths[0], lengths[1], longest, lengths[1], longest);
            for (OrderingRule rule : profile.rules()) {
                OrderingGuard alone = OrderingGuard.builder().profile(OrderingProfile.of(rule.id(), rule)).build();
                double[] us = new double[picks.length];
                for (int p = 0; p < picks.length; p++) {
                    Dispatch dispatch = prefixes[picks[p]];
                    us[p] = bestMicros(() -> alone.check(dispatch), lengths[picks[p]]);
                }
                System.out.printf(Locale.ROOT, "%s %.1f %.1f %.1f %.1f %s%n", rule.id(), us[0], us[1], us[2],
                        us[2] / Math.max(us[1], 0.001), rule.type());
            }
        }
    }

    /**
     * Times the profile's stateless rules through {@link RuleContext#check} (in blocks past 1,024 entries)
     * against the same rules' {@link OrderingRule#check} one after the other, each on a new context, in
     * interleaved rounds; prints the medians and their ratio.
     */
    private static void blocks(String path, OrderingProfile profile, Dispatch[] prefixes, int[] lengths) {
        List<OrderingRule> rules = profile.rules();
        int[] found = new int[1];
        FindingSink counting = (rule, facet, ids, detail) -> found[0]++;
        System.out.println("path length one-after-the-other-us context-check-us ratio");
        for (int k = 0; k < lengths.length; k++) {
            Dispatch dispatch = prefixes[k];
            Supplier<Object> alone = () -> {
                RuleContext context = RuleContext.of(dispatch, null);
                for (int r = 0; r < rules.size(); r++) {
                    if (!rules.get(r).stateful()) {
                        rules.get(r).check(context, counting);
                    }
                }
                return context;
            };
            Supplier<Object> together = () -> {
                RuleContext context = RuleContext.of(dispatch, null);
                context.check(rules, rule -> !rule.stateful(), counting);
                return context;
            };
            int calls = Math.max(20, 2_000_000 / lengths[k]);
            double[][] rounds = new double[2][15];
            for (int r = -5; r < rounds[0].length; r++) {
                for (int m = 0; m < 2; m++) {
                    // the order turns each round, so neither side always runs on a machine the other warmed
                    int side = (r & 1) == 0 ? m : 1 - m;
                    double us = micros(side == 0 ? alone : together, calls);
                    if (r >= 0) {
                        rounds[side][r] = us;
                    }
                }
            }
            Arrays.sort(rounds[0]);
            Arrays.sort(rounds[1]);
            double a = rounds[0][rounds[0].length / 2];
            double b = rounds[1][rounds[1].length / 2];
            System.out.printf(Locale.ROOT, "%s %d %.1f %.1f %.2f%n", path, lengths[k], a, b, b / a);
        }
        if (found[0] < 0) {
            throw new IllegalStateException("unreachable");
        }
    }

    private static double micros(Supplier<Object> call, int calls) {
        long start = THREADS.getCurrentThreadCpuTime();
        Object last = null;
        for (int i = 0; i < calls; i++) {
            last = call.get();
        }
        if (last == null) {
            throw new IllegalStateException("no result");
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / 1_000.0 / calls;
    }

    /** The best of {@value #ROUNDS} rounds of calls (after as many warm-up calls), in CPU microseconds per call. */
    private static double bestMicros(Supplier<Object> call, int length) {
        int calls = Math.max(20, 4_000_000 / length);
        Object last = null;
        for (int i = 0; i < calls; i++) {
            last = call.get();
        }
        double best = Double.MAX_VALUE;
        for (int r = 0; r < ROUNDS; r++) {
            long start = THREADS.getCurrentThreadCpuTime();
            for (int i = 0; i < calls; i++) {
                last = call.get();
            }
            best = Math.min(best, (THREADS.getCurrentThreadCpuTime() - start) / 1_000.0 / calls);
        }
        if (last == null) {
            throw new IllegalStateException("no result");
        }
        return best;
    }
}
