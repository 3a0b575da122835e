package io.orderingguard.benchmarks;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The guard's per-dispatch work: enforce (passing and failing), mutate, and a dispatch checked against
 * the preservation baseline in a stash. Compare each with {@link JacksonBaseline#serialize} at the same
 * size, measured in the same run.
 *
 * <p>Each call checks the next of {@link Conversations#rotation several different conversations} of the
 * size (about 64,000 entries in all), as a server does, so that no call finds the previous call's entries
 * in the CPU caches; {@link #enforceWidestSame} checks one conversation over and over for comparison.
 * Every benchmark except {@link #enforceWidestReused} wraps the entries in a new {@code Timeline} and
 * {@code Dispatch} on each call, as a client does for each request, so the derived structure is computed
 * every time; {@link #buildDispatch} measures that wrapping alone.
 *
 * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks -prof gc}
 */
@State(Scope.Benchmark)
public class GuardBenchmarks extends SizedBenchmark {


    private int rotation;
    private int next;
    private List<List<Entry>> passing;
    private List<List<Entry>> unionShaped;
    private List<List<Entry>> failing;
    private String[] conversationIds;
    private Snapshot[] baselines;
    private long[] expectedVersions;
    private Dispatch reused;
    private OrderingGuard widest;
    private OrderingGuard union;
    private OrderingGuard mutate;
    private OrderingGuard stashed;
    private InMemoryStash stash;

    /**
     * Generates what the benchmark about to run needs, builds the guards, seeds the stash, and checks the
     * verdict on every conversation.
     *
     * @param params which benchmark runs
     */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        String benchmark = params.getBenchmark();
        setUp(benchmark.substring(benchmark.lastIndexOf('.') + 1));
    }

    /** Sets up every benchmark of the class (for the setup test). */
    void setUp() {
        setUp("");
    }

    private void setUp(String method) {
        boolean all = method.isEmpty();
        boolean union = all || method.equals("enforceUnion");
        boolean failing = all || method.equals("enforceFailing") || method.equals("mutate");
        boolean passing = all || !union && !failing;
        rotation = Conversations.rotation(size);
        this.passing = new ArrayList<>(rotation);
        unionShaped = new ArrayList<>(rotation);
        this.failing = new ArrayList<>(rotation);
        conversationIds = new String[rotation];
        baselines = new Snapshot[rotation];
        expectedVersions = new long[rotation];
        widest = Guards.widestEnforce();
        this.union = Guards.unionEnforce();
        mutate = Guards.widestMutate();
        stash = InMemoryStash.bounded(rotation + 1);
        stashed = Guards.widestStashed(stash);
        for (int v = 0; v < rotation; v++) {
            conversationIds[v] = Conversations.CONVERSATION_ID + "-" + v;
            if (passing) {
                List<Entry> entries = Conversations.generate(size, Conversations.Style.ANTHROPIC, v);
                this.passing.add(entries);
                // the previous dispatch: the conversation before its last two entries (a thought and a tool call)
                expect(stashed.check(Conversations.dispatch(entries.subList(0, size - 2), conversationIds[v])),
                        Outcome.PASSED, "seeding the stash");
                baselines[v] = stash.get(conversationIds[v]).orElseThrow();
            }
            if (union) {
                unionShaped.add(Conversations.generate(size, Conversations.Style.UNION, v));
            }
            if (failing) {
                this.failing.add(Conversations.failing(size, v));
            }
        }
        for (int v = 0; v < rotation; v++) {
            if (passing) {
                expect(enforceWidest(), Outcome.PASSED, "enforceWidest");
                expect(stashed(), Outcome.PASSED, "stashed");
                expect(mutateNoop(), Outcome.PASSED, "mutateNoop");
            }
            if (failing) {
                expect(enforceFailing(), Outcome.REJECTED, "enforceFailing");
                expect(mutate(), Outcome.REPAIRED, "mutate");
            }
            if (union && enforceUnion().rejected()) {
                throw new IllegalStateException("enforceUnion should not be rejected");
            }
        }
        if (passing) {
            reused = Conversations.dispatch(this.passing.get(0));
            expect(enforceWidestSame(), Outcome.PASSED, "enforceWidestSame");
            expect(enforceWidestReused(), Outcome.PASSED, "enforceWidestReused");
        }
    }

    static GuardResult expect(GuardResult result, Outcome outcome, String what) {
        boolean clean = outcome != Outcome.PASSED || result.advisories().isEmpty();
        if (result.outcome() != outcome || !clean) {
            throw new IllegalStateException(what + " should be " + outcome + (clean ? "" : " with no advisory")
                    + ", but was " + result.outcome() + " with " + result.findings());
        }
        return result;
    }

    private int advance() {
        int v = next;
        next = v + 1 == rotation ? 0 : v + 1;
        return v;
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
        return widest.check(Conversations.dispatch(passing.get(advance())));
    }

    /**
     * Enforce with the widest family on the same conversation every call (a new dispatch per call): its
     * entries stay in the CPU caches between calls, which a server never sees.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.enforceWidestSame -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult enforceWidestSame() {
        return widest.check(Conversations.dispatch(passing.get(0)));
    }

    /**
     * Enforce with the widest family on the same dispatch object every call, so its derived structure is
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
     * as much of it as any conversation can (it passes, with the advisories the README lists).
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.enforceUnion -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult enforceUnion() {
        return union.check(Conversations.dispatch(unionShaped.get(advance())));
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
        return widest.check(Conversations.dispatch(failing.get(advance())));
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
        return mutate.check(Conversations.dispatch(failing.get(advance())));
    }

    /**
     * Mutate with the widest family on a passing conversation: nothing to repair, so the work beyond
     * {@link #enforceWidest} is what mutate mode costs a request that needed no repair.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar GuardBenchmarks.mutateNoop -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult mutateNoop() {
        return mutate.check(Conversations.dispatch(passing.get(advance())));
    }

    /**
     * A dispatch of a tracked conversation that grew by two entries since the last dispatch sent: the
     * guard reads the baseline from an in-memory stash, runs the preservation rules too, and stores the
     * new baseline. The call first puts the previous baseline back (a read and a compare-and-set of the
     * conversation's stash entry, well under 1% of the time at 1,000 entries), so every call sees the same
     * growth.
     *
     * <p>Run: {@code java -jar guard-benchmarks/target/benchmarks.jar 'GuardBenchmarks.stashed$' -prof gc}
     *
     * @return the verdict
     */
    @Benchmark
    public GuardResult stashed() {
        int v = advance();
        resetBaseline(v);
        return stashed.check(Conversations.dispatch(passing.get(v), conversationIds[v]));
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

    /**
     * Puts a conversation's previous baseline back in the stash, replacing what the last call stored (at the
     * next version, as a dispatch would). Not a remove and a put: a removed map node that has outlived a
     * young collection keeps its successor's snapshot alive through the next ones, so a stash emptied and
     * refilled per call would measure the garbage collector instead of the guard.
     */
    void resetBaseline(int v) {
        String id = conversationIds[v];
        long version = expectedVersions[v];
        // the version the last reset and the passing check after it left: no read of the stash in the
        // timed call, unless something else wrote (the setup, a rejected check), when it is read
        if (!stash.compareAndSet(id, version, baselines[v].withVersion(version + 1))) {
            version = stash.get(id).map(Snapshot::version).orElse(0L);
            if (!stash.compareAndSet(id, version, baselines[v].withVersion(version + 1))) {
                throw new IllegalStateException("the baseline of " + id + " changed during the reset");
            }
        }
        expectedVersions[v] = version + 2;
    }

    /** Entries rebuilt, and the stash baseline put back, before every call. */
    @State(Scope.Thread)
    public static class FreshEntries {
        Dispatch dispatch;

        /**
         * Rebuilds the entries of the next conversation and resets its stash baseline.
         *
         * @param bench the benchmark state
         */
        @Setup(Level.Invocation)
        public void rebuild(GuardBenchmarks bench) {
            int v = bench.advance();
            List<Entry> source = bench.passing.get(v);
            List<Entry> copies = new ArrayList<>(source.size());
            for (Entry e : source) {
                copies.add(e.withStep(e.step()));
            }
            dispatch = Conversations.dispatch(copies, bench.conversationIds[v]);
            bench.resetBaseline(v);
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
        return Conversations.dispatch(passing.get(advance()));
    }
}
