package io.orderingguard.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A second opinion on the ratios between guard paths that run the same rules ({@code stashed} and
 * {@code mutate-noop} against a stateless {@code enforce-widest}), for a machine shared with other work:
 * the paths are interleaved round by round in one JVM, each round timing one pass over the whole rotation
 * of conversations in thread CPU time, and the median of the rounds' ratios is printed. Load on the other
 * cores then moves both sides of a ratio alike. JMH stays the measurement; this is for deciding what to
 * change while other builds run.
 *
 * <p>Run: {@code java -cp guard-benchmarks/target/benchmarks.jar io.orderingguard.benchmarks.CorePathProbe
 * [rounds] [sizes…]} (defaults: 30 rounds, sizes 1,000 and 10,000). {@code -Dprobe.path=a,b,…} names the
 * paths (the first is the denominator of the ratios; default {@code enforce-widest,stashed,mutate-noop}).
 */
public final class CorePathProbe {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CorePathProbe() {
    }

    /**
     * Prints one line per size and path: median CPU microseconds per call and the median ratio to
     * stateless enforce.
     *
     * @param args rounds, then sizes
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int[] sizes = args.length > 1
                ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1000, 10000};
        for (int size : sizes) {
            GuardBenchmarks bench = new GuardBenchmarks();
            bench.size = size;
            bench.setUp();
            int calls = Conversations.rotation(size);
            Map<String, Supplier<Object>> all = new LinkedHashMap<>();
            all.put("enforce-widest", bench::enforceWidest);
            all.put("stashed", bench::stashed);
            all.put("mutate-noop", bench::mutateNoop);
            all.put("enforce-union", bench::enforceUnion);
            all.put("enforce-failing", bench::enforceFailing);
            all.put("mutate", bench::mutate);
            // the first path named is the one the others are divided by
            String[] names = System.getProperty("probe.path", "enforce-widest,stashed,mutate-noop").split(",");
            @SuppressWarnings("unchecked")
            Supplier<Object>[] paths = new Supplier[names.length];
            for (int p = 0; p < names.length; p++) {
                paths[p] = all.get(names[p]);
                if (paths[p] == null) {
                    throw new IllegalArgumentException("probe.path: no path named " + names[p] + "; known: " + all.keySet());
                }
            }
            double[][] perCall = new double[paths.length][rounds];
            double[][] wallPerCall = new double[paths.length][rounds];
            // warm-up rounds, not recorded
            for (int r = 0; r < 10; r++) {
                for (Supplier<Object> path : paths) {
                    time(path, calls);
                }
            }
            for (int r = 0; r < rounds; r++) {
                for (int p = 0; p < paths.length; p++) {
                    long wallStart = System.nanoTime();
                    perCall[p][r] = time(paths[p], calls) / 1_000.0 / calls;
                    wallPerCall[p][r] = (System.nanoTime() - wallStart) / 1_000.0 / calls;
                }
            }
            for (int p = 0; p < paths.length; p++) {
                double[] ratios = new double[rounds];
                double[] wallRatios = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ratios[r] = perCall[p][r] / perCall[0][r];
                    wallRatios[r] = wallPerCall[p][r] / wallPerCall[0][r];
                }
                System.out.printf(Locale.ROOT, "%s size=%d cpu-us=%.1f ratio=%.3f wall-us=%.1f wall-ratio=%.3f%n",
                        names[p], size, median(perCall[p]), median(ratios), median(wallPerCall[p]),
                        median(wallRatios));
                if (Boolean.getBoolean("probe.rounds")) {
                    System.out.println("  rounds: " + Arrays.toString(Arrays.stream(wallPerCall[p])
                            .mapToLong(Math::round).toArray()));
                }
            }
        }
    }

    private static long time(Supplier<Object> path, int calls) {
        long start = THREADS.getCurrentThreadCpuTime();
        Object sink = null;
        for (int i = 0; i < calls; i++) {
            sink = path.get();
        }
        long spent = THREADS.getCurrentThreadCpuTime() - start;
        if (sink == null) {
            throw new IllegalStateException("no result");
        }
        return spent;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
