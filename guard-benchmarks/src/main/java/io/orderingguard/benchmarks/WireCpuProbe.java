package io.orderingguard.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Measures {@code wire-<surface>-enforce} against Jackson's {@code readTree} in thread CPU time, which
 * load on the machine's other cores barely moves (JMH's wall-clock times on a shared machine scatter by
 * ±100 % and more). Not a JMH benchmark and not a test: a main that, per surface and size, builds the
 * same rotation of bodies {@link WireBenchmarks} cycles through (about 64,000 entries' worth, so no
 * body is read from cache), then runs rounds; each round reads every body of the rotation with
 * {@code readTree} and inspects every body with {@link WireGuard#inspect} (in alternating order from
 * round to round), then checks every body's already-read dispatch with the guard alone, then scans every
 * body's tokens, each pass timed with
 * {@link ThreadMXBean#getCurrentThreadCpuTime()}. It prints the median ratio of the rounds
 * ({@code inspect ÷ readTree}), the phase split — the read (inspect minus the check) and the check, both
 * against {@code readTree} = 1 — the time of one {@code readTree} in milliseconds, the bytes the
 * inspections allocated over the bytes {@code readTree} allocated, and the scan: the parser's tokens of
 * every body with every string made (no tree, no entries) against {@code readTree}, the floor of any
 * read that needs the body's text, and last the CPU nanoseconds per entry of {@code readTree} and of
 * {@code inspect}, which tell growth that is faster than the body's (the same figure at 1,000 and
 * 10,000 entries is linear growth), and the median ratio in wall-clock time, which also counts the
 * collector's pauses (thread CPU time does not).
 *
 * <p>The pseudo-surface {@value #CODEC_READ} probes {@link DispatchCodec#read(String, String)} of the
 * dispatch documents {@link CodecBenchmarks} reads, in the place of {@code inspect}, against
 * {@code readTree} of the same text (its check column is 0).
 *
 * <p>Run (after {@code mvn -o -q -B -DskipTests -pl guard-benchmarks -am package}):
 * {@code java -Xms3g -Xmx3g -cp guard-benchmarks/target/benchmarks.jar io.orderingguard.benchmarks.WireCpuProbe
 * [surfaces] [sizes] [rounds]}, e.g. {@code gemini,bedrock-converse,codec-read 1000 30}; by default every
 * surface and {@value #CODEC_READ} at 1,000 and 10,000 entries, 30 measured rounds after 10 warm-up rounds.
 */
public final class WireCpuProbe {

    /** The pseudo-surface that probes {@link DispatchCodec#read(String, String)} instead of a wire surface. */
    static final String CODEC_READ = "codec-read";

    private static final ObjectReader READER = new ObjectMapper().reader();
    private static final JsonFactory TOKENS = new JsonFactory();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.ThreadMXBean ALLOCATION =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private WireCpuProbe() {}

    /**
     * Runs the probe and prints one line per surface and size.
     *
     * @param args optional: comma-separated surfaces, comma-separated sizes, measured rounds
     */
    public static void main(String[] args) {
        List<String> surfaces = new ArrayList<>(WireBodies.SURFACES);
        surfaces.add(CODEC_READ);
        if (args.length > 0) {
            surfaces = List.of(args[0].split(","));
        }
        int[] sizes = args.length > 1 ? Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {1_000, 10_000};
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time");
        }
        PrintStream out = System.out;
        out.println("surface size rounds ratio(inspect/readTree) read check readTree-ms-per-body alloc-ratio scan "
                + "readTree-ns-per-entry inspect-ns-per-entry wall-ratio");
        for (String surface : surfaces) {
            for (int size : sizes) {
                out.println(probe(surface, size, rounds));
            }
        }
    }

    /**
     * Probes one surface (or {@value #CODEC_READ}) at one size.
     *
     * @param surface the wire name, or {@value #CODEC_READ}
     * @param size the entries per body
     * @param rounds the measured rounds
     * @return the printed line
     */
    static String probe(String surface, int size, int rounds) {
        Subject subject = CODEC_READ.equals(surface) ? codecRead(size) : wire(surface, size);
        int warmUp = 10;
        List<double[]> measured = new ArrayList<>();
        long sink = 0;
        long treeBytes = 0;
        List<Double> scanTimes = new ArrayList<>();
        long inspectBytes = 0;
        for (int round = 0; round < warmUp + rounds; round++) {
            // odd rounds inspect first, so neither side always runs right after the other
            boolean treeFirst = round % 2 == 0;
            long[] tree = {0, 0, 0};
            long[] inspect = {0, 0, 0};
            for (int pass = 0; pass < 2; pass++) {
                long a0 = ALLOCATION.getCurrentThreadAllocatedBytes();
                long w0 = System.nanoTime();
                long t0 = THREADS.getCurrentThreadCpuTime();
                if ((pass == 0) == treeFirst) {
                    for (int v = 0; v < subject.count(); v++) {
                        sink += subject.readTree(v);
                    }
                    tree[0] = THREADS.getCurrentThreadCpuTime() - t0;
                    tree[2] = System.nanoTime() - w0;
                    tree[1] = ALLOCATION.getCurrentThreadAllocatedBytes() - a0;
                } else {
                    for (int v = 0; v < subject.count(); v++) {
                        sink += subject.read(v);
                    }
                    inspect[0] = THREADS.getCurrentThreadCpuTime() - t0;
                    inspect[2] = System.nanoTime() - w0;
                    inspect[1] = ALLOCATION.getCurrentThreadAllocatedBytes() - a0;
                }
            }
            treeBytes += tree[1];
            inspectBytes += inspect[1];
            long t2 = THREADS.getCurrentThreadCpuTime();
            for (int v = 0; v < subject.count(); v++) {
                sink += subject.check(v);
            }
            long t3 = THREADS.getCurrentThreadCpuTime();
            for (int v = 0; v < subject.count(); v++) {
                sink += subject.scan(v);
            }
            long t4 = THREADS.getCurrentThreadCpuTime();
            scanTimes.add((double) (t4 - t3) / tree[0]);
            if (round >= warmUp) {
                measured.add(new double[] {tree[0], inspect[0], t3 - t2, tree[2], inspect[2]});
            }
        }
        double[] ratio = new double[rounds];
        double[] read = new double[rounds];
        double[] check = new double[rounds];
        double[] tree = new double[rounds];
        double[] treePerEntry = new double[rounds];
        double[] inspectPerEntry = new double[rounds];
        double[] wall = new double[rounds];
        long entries = (long) subject.count() * size;
        for (int r = 0; r < rounds; r++) {
            double[] m = measured.get(r);
            ratio[r] = m[1] / m[0];
            read[r] = (m[1] - m[2]) / m[0];
            check[r] = m[2] / m[0];
            tree[r] = m[0] / subject.count() / 1e6;
            treePerEntry[r] = m[0] / entries;
            inspectPerEntry[r] = m[1] / entries;
            wall[r] = m[4] / m[3];
        }
        double[] scan = scanTimes.stream().skip(warmUp).mapToDouble(Double::doubleValue).toArray();
        return String.format(Locale.ROOT, "%s %d %d %.3f %.3f %.3f %.3f %.3f %.3f %.0f %.0f %.3f%s", surface, size,
                rounds, median(ratio), median(read), median(check), median(tree), (double) inspectBytes / treeBytes,
                median(scan), median(treePerEntry), median(inspectPerEntry), median(wall), sink == 42 ? " " : "");
    }

    /** What one probe line measures: a rotation of bodies, Jackson's tree of each, and the read under test. */
    private interface Subject {
        /** The bodies in the rotation. */
        int count();

        /** Jackson's {@code readTree} of body {@code v}; returns something to sink. */
        long readTree(int v);

        /** The read under test of body {@code v} (for a wire surface, the whole {@code inspect}). */
        long read(int v);

        /** The check alone of body {@code v}'s already-read dispatch (0 when the read checks nothing). */
        long check(int v);

        /** The parser's tokens of body {@code v} with every string made. */
        long scan(int v);
    }

    /** {@code wire-<surface>-enforce}: {@link WireGuard#inspect} of a request body against its {@code readTree}. */
    private static Subject wire(String surface, int size) {
        String urlPath = WireBodies.urlPath(surface);
        OrderingGuard guard = OrderingGuard.builder()
                .profile(Profiles.forDispatch(WireBodies.provider(surface), WireBodies.model(surface)))
                .build();
        WireGuard wire = WireGuard.builder(guard).failOnUnreadableBody(true).build();
        byte[][] bodies = new byte[Conversations.rotation(size)][];
        Dispatch[] dispatches = new Dispatch[bodies.length];
        for (int v = 0; v < bodies.length; v++) {
            bodies[v] = WireBodies.body(surface, Conversations.generate(size, Conversations.Style.ANTHROPIC, v));
            WireVerdict verdict = wire.inspect(bodies[v], urlPath, Conversations.CONVERSATION_ID);
            if (!(verdict instanceof WireVerdict.Passed passed)) {
                throw new IllegalStateException("wire-" + surface + "-enforce: expected the body to pass, but the "
                        + "verdict was " + verdict);
            }
            dispatches[v] = passed.parsed().dispatch();
        }
        return new Subject() {
            @Override
            public int count() {
                return bodies.length;
            }

            @Override
            public long readTree(int v) {
                return WireCpuProbe.readTree(bodies[v]).size();
            }

            @Override
            public long read(int v) {
                return wire.inspect(bodies[v], urlPath, Conversations.CONVERSATION_ID).bodyToSend().length;
            }

            @Override
            public long check(int v) {
                GuardResult result = guard.check(dispatches[v]);
                return result.advisories().size();
            }

            @Override
            public long scan(int v) {
                return WireCpuProbe.scan(bodies[v]);
            }
        };
    }

    /**
     * {@code codec-read}: {@link DispatchCodec#read(String, String)} of a dispatch document (what
     * {@link CodecBenchmarks} times) against Jackson's {@code readTree} of the same text.
     */
    private static Subject codecRead(int size) {
        DispatchCodec codec = DispatchCodec.defaults();
        String[] documents = new String[Conversations.rotation(size)];
        for (int v = 0; v < documents.length; v++) {
            documents[v] = codec.write(Conversations.dispatch(
                    Conversations.generate(size, Conversations.Style.ANTHROPIC, v)));
            if (codec.read(documents[v], "bench.json").timeline().size() != size) {
                throw new IllegalStateException("codec-read: the document does not read back to " + size + " entries");
            }
        }
        return new Subject() {
            @Override
            public int count() {
                return documents.length;
            }

            @Override
            public long readTree(int v) {
                try {
                    return READER.readTree(documents[v]).size();
                } catch (IOException e) {
                    throw new UncheckedIOException("the probe's document is not JSON", e);
                }
            }

            @Override
            public long read(int v) {
                return codec.read(documents[v], "bench.json").timeline().size();
            }

            @Override
            public long check(int v) {
                return 0;
            }

            @Override
            public long scan(int v) {
                long characters = 0;
                try (JsonParser parser = TOKENS.createParser(documents[v])) {
                    for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                        if (token == JsonToken.VALUE_STRING) {
                            characters += parser.getText().length();
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("the probe's document is not JSON", e);
                }
                return characters;
            }
        };
    }

    /** Reads every token of a body and makes every string: what any read of the body's text pays. */
    private static long scan(byte[] body) {
        long characters = 0;
        try (JsonParser parser = TOKENS.createParser(body)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.VALUE_STRING) {
                    characters += parser.getText().length();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the probe's body is not JSON", e);
        }
        return characters;
    }

    private static JsonNode readTree(byte[] body) {
        try {
            return READER.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("the probe's body is not JSON", e);
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
