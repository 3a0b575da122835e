package io.orderingguard.benchmarks;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.stash.Snapshot;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The guard's per-dispatch work: enforce (passing and failing), mutate, and a dispatch checked against
 * the preservation baseline in a stash. Compare each with {@link JacksonBaseline#serialize} at the same
 * size, measured in the same run.
 *
 * <p>Every benchmark except {@link #enforceWidestReused} wraps the entries in a new {@code Timeline} and
 * {@code Dispatch} on each invocation, as a client does for each request, so the derived structure is
 * computed every time; {@link #buildDispatch} measures that wrapping alone.
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class GuardBenchmarks {

    /** The number of entries in the conversation. */
    @Param({"10", "100", "1000", "10000"})
    public int size;

    private List<Entry> passing;
    private List<Entry> unionShaped;
    private List<Entry> failing;
    private Dispatch reused;
    private OrderingGuard widest;
    private OrderingGuard union;
    private OrderingGuard mutate;
    private OrderingGuard stashed;
    private InMemoryStash stash;
    private Snapshot baseline;

    /** Generates the conversations, builds the guards, seeds the stash, and checks every verdict. */
    @Setup(Level.Trial)
    public void setUp() {
        passing = Conversations.passing(size);
        unionShaped = Conversations.generate(size, Conversations.Style.UNION);
        failing = Conversations.failing(size);
        reused = Conversations.dispatch(passing);
        widest = Guards.widestEnforce();
        union = Guards.unionEnforce();
        mutate = Guards.widestMutate();
        stash = InMemoryStash.create();
        stashed = Guards.widestStashed(stash);
        // the previous dispatch: the conversation before its last two entries (a thought and a tool call)
        expect(stashed.check(Conversations.dispatch(passing.subList(0, size - 2))), Outcome.PASSED, "seeding the stash");
        baseline = stash.get(Conversations.CONVERSATION_ID).orElseThrow();
        expect(enforceWidest(), Outcome.PASSED, "enforceWidest");
        expect(enforceWidestReused(), Outcome.PASSED, "enforceWidestReused");
        expect(stashed(), Outcome.PASSED, "stashed");
        expect(enforceFailing(), Outcome.REJECTED, "enforceFailing");
        expect(mutate(), Outcome.REPAIRED, "mutate");
        enforceUnion();
    }

    static GuardResult expect(GuardResult result, Outcome outcome, String what) {
        boolean clean = outcome != Outcome.PASSED || result.advisories().isEmpty();
        if (result.outcome() != outcome || !clean) {
            throw new IllegalStateException(what + " should be " + outcome + (clean ? "" : " with no advisory")
                    + ", but was " + result.outcome() + " with " + result.findings());
        }
        return result;
    }

    /**
     * Enforce with the widest shipped family on a passing conversation (a new dispatch per call).
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar 'GuardBenchmarks.enforceWidest$' -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult enforceWidest() {
        return widest.check(Conversations.dispatch(passing));
    }

    /**
     * Enforce with the widest family on the same dispatch object every time, so its derived structure is
     * computed once and reused: the lower bound, not what a client sees per request.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.enforceWidestReused -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult enforceWidestReused() {
        return widest.check(reused);
    }

    /**
     * Enforce with the union of every atomic behaviour (composed by union) on a conversation shaped to pass
     * as much of it as any conversation can.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.enforceUnion -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult enforceUnion() {
        return union.check(Conversations.dispatch(unionShaped));
    }

    /**
     * Enforce with the widest family on a conversation with three blocking defects: rejected.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.enforceFailing -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult enforceFailing() {
        return widest.check(Conversations.dispatch(failing));
    }

    /**
     * Mutate with the widest family on the conversation with three blocking defects: repaired (a result
     * synthesised, an orphan result dropped, a foreign thought dropped) and checked again.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.mutate -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult mutate() {
        return mutate.check(Conversations.dispatch(failing));
    }

    /**
     * A dispatch of a tracked conversation that grew by two entries since the last dispatch sent: the
     * guard reads the baseline from an in-memory stash, runs the preservation rules too, and stores the
     * new baseline. The call first puts the previous baseline back (a remove and a put, under 1% of the
     * time at 1,000 entries), so every call sees the same growth.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.stashed -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult stashed() {
        stash.remove(Conversations.CONVERSATION_ID);
        stash.compareAndSet(Conversations.CONVERSATION_ID, 0, baseline);
        return stashed.check(Conversations.dispatch(passing));
    }

    /**
     * The {@link #stashed} dispatch with entries rebuilt before each call (same strings, new entry objects),
     * as an adapter does that converts its chat memory into entries for every request: fingerprints that an
     * entry remembers are computed afresh. The rebuild and the stash reset happen in a per-call setup that
     * is not timed (but its allocation is counted by {@code -prof gc}).
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.stashedNewEntries}
     *
     * @param fresh the rebuilt entries
     * @return the verdict
     */
    @Benchmark
    public GuardResult stashedNewEntries(FreshEntries fresh) {
        return stashed.check(fresh.dispatch);
    }

    /** Entries rebuilt, and the stash baseline put back, before every call. */
    @State(Scope.Thread)
    public static class FreshEntries {
        Dispatch dispatch;

        /**
         * Rebuilds the entries and resets the stash.
         *
         * @param bench the benchmark state
         */
        @Setup(Level.Invocation)
        public void rebuild(GuardBenchmarks bench) {
            List<Entry> copies = new java.util.ArrayList<>(bench.passing.size());
            for (Entry e : bench.passing) {
                copies.add(e.withStep(e.step()));
            }
            dispatch = Conversations.dispatch(copies);
            bench.stash.remove(Conversations.CONVERSATION_ID);
            bench.stash.compareAndSet(Conversations.CONVERSATION_ID, 0, bench.baseline);
        }
    }

    /**
     * Wrapping the entries in a new timeline and dispatch: the part of the benchmarks above that is not
     * the guard (an adapter does it for every request anyway).
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.buildDispatch -prof gc}
     *
     * @return the dispatch
     */
    @Benchmark
    public Dispatch buildDispatch() {
        return Conversations.dispatch(passing);
    }
}
