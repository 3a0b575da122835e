package io.orderingguard.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A second opinion on {@code langchain4j-enforce} and {@code langchain4j-enforce-loop} for a machine shared
 * with other work: Jackson's serialisation of the rotation's requests ({@link JacksonBaseline#serialize}),
 * {@link LangChain4jCodecBenchmark#enforce} and {@link LangChain4jCodecBenchmark#enforceLoop} are
 * interleaved round by round in one JVM (the order turning each round), each round timing one pass over
 * the whole rotation in thread CPU time and counting the bytes the thread allocated. It prints the median
 * CPU microseconds per call, the median of the rounds' ratios to Jackson, and bytes per call. Load on the
 * other core moves both sides of a ratio alike; JMH stays the measurement.
 *
 * <p>A path the jar does not have (an older jar without {@code enforceLoop}) is left out, so the same
 * probe compares jars: {@code java -cp probe-classes:old/benchmarks.jar …}; {@code -Dprobe.noLoop=true} leaves it
 * out of a newer jar too (the loop's calls change what the JIT makes of the encoder both paths share).
 *
 * <p>Run: {@code java -Xms3g -Xmx3g -XX:+AlwaysPreTouch -cp guard-benchmarks/target/benchmarks.jar
 * io.orderingguard.benchmarks.LangChain4jCpuProbe [rounds] [sizes…]} (defaults: 20 rounds, sizes 10, 100,
 * 1,000 and 10,000).
 */
public final class LangChain4jCpuProbe {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static final Object[] NO_ARGS = {};

    private LangChain4jCpuProbe() {
    }

    /**
     * Prints one line per size and path.
     *
     * @param args rounds, then sizes
     * @throws ReflectiveOperationException when a path cannot be called
     */
    public static void main(String[] args) throws ReflectiveOperationException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {10, 100, 1000, 10000};
        for (int size : sizes) {
            JacksonBaseline jackson = new JacksonBaseline();
            jackson.size = size;
            jackson.setUp();
            LangChain4jCodecBenchmark lc4j = new LangChain4jCodecBenchmark();
            lc4j.size = size;
            Method setUp = LangChain4jCodecBenchmark.class.getDeclaredMethod("setUp");
            if (Boolean.getBoolean("probe.noLoop")) {
                try {
                    setUp = LangChain4jCodecBenchmark.class.getDeclaredMethod("setUpRequests");
                } catch (NoSuchMethodException e) {
                    // an older jar: its setUp builds the requests only
                }
            }
            setUp.setAccessible(true);
            setUp.invoke(lc4j);
            List<String> names = new ArrayList<>(List.of("jackson", "enforce"));
            List<Object> targets = new ArrayList<>(List.of(jackson, lc4j));
            List<Method> methods = new ArrayList<>(List.of(JacksonBaseline.class.getMethod("serialize"),
                    LangChain4jCodecBenchmark.class.getMethod("enforce")));
            try {
                if (!Boolean.getBoolean("probe.noLoop")) {
                    methods.add(LangChain4jCodecBenchmark.class.getMethod("enforceLoop"));
                    names.add("enforce-loop");
                    targets.add(lc4j);
                }
            } catch (NoSuchMethodException e) {
                System.out.println("(no enforceLoop in this jar)");
            }
            int calls = Conversations.rotation(size);
            int n = methods.size();
            double[][] cpu = new double[n][rounds];
            double[][] bytes = new double[n][rounds];
            for (int r = -10; r < rounds; r++) { // ten warm-up rounds
                for (int k = 0; k < n; k++) {
                    int p = Math.floorMod(k + r, n);
                    long[] m = time(methods.get(p), targets.get(p), calls);
                    if (r >= 0) {
                        cpu[p][r] = m[0] / 1_000.0 / calls;
                        bytes[p][r] = (double) m[1] / calls;
                    }
                }
            }
            for (int p = 0; p < n; p++) {
                double[] ratios = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ratios[r] = cpu[p][r] / cpu[0][r];
                }
                System.out.println(String.format(Locale.ROOT, "%s size=%d cpu_us=%.1f ratio=%.4f alloc=%.0f",
                        names.get(p), size, median(cpu[p]), median(ratios), median(bytes[p])));
            }
        }
    }

    private static long[] time(Method method, Object target, int calls) throws IllegalAccessException {
        long thread = Thread.currentThread().getId();
        long bytes = THREADS.getThreadAllocatedBytes(thread);
        long start = THREADS.getCurrentThreadCpuTime();
        Object sink = null;
        for (int i = 0; i < calls; i++) {
            try {
                sink = method.invoke(target, NO_ARGS);
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        long elapsed = THREADS.getCurrentThreadCpuTime() - start;
        long allocated = THREADS.getThreadAllocatedBytes(thread) - bytes;
        if (sink == null) {
            throw new IllegalStateException("a path returned nothing");
        }
        return new long[] {elapsed, allocated};
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }
}
