package io.orderingguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.StashFailureMode;
import io.orderingguard.redis.GuardWorkload.Planned;
import io.orderingguard.redis.GuardWorkload.Replayed;
import io.orderingguard.redis.GuardWorkload.Variant;
import io.orderingguard.redis.RecordingStash.Commit;
import io.orderingguard.redis.RecordingStash.Read;
import io.orderingguard.redis.RecordingStash.Trace;
import io.orderingguard.rule.Facet;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.StashUnavailableException;
import io.orderingguard.timeline.Dispatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link io.orderingguard.OrderingGuard} over a {@link RedisStash} on a real {@code redis-server}
 * (see {@link RedisServer}; skipped without the binary, failed without it when {@code CI=true}):
 * concurrent dispatches of the same conversations whose verdicts must equal a sequential replay,
 * and a server killed and restarted mid-run in both stash failure modes.
 *
 * <p>Every check runs through a {@link RecordingStash}, which records the baseline each verdict was
 * computed against and every successful compare-and-set. Nothing here asserts on time.
 */
class GuardOnRedisIntegrationTest {

    private static final long SEED = 20_260_501L;

    private static final int BEFORE = 0;
    private static final int KILLING = 1;
    private static final int DOWN = 2;
    private static final int RESTARTING = 3;
    private static final int UP_AGAIN = 4;

    private static RedisServer server;

    /** One dispatch of a run: what was sent, the verdict, the stash calls of its check, the phases around it. */
    record Sent(Planned planned, GuardResult result, Trace trace, int startPhase, int endPhase) {
        Dispatch dispatch() {
            return planned.dispatch();
        }

        Snapshot baseline() {
            return trace.lastRead() == null ? null : trace.lastRead().snapshot();
        }

        boolean checkedAgainstRedis() {
            return trace.lastRead() != null && trace.lastRead().ok() && trace.failure() == null;
        }

        boolean within(int phase) {
            return startPhase == phase && endPhase == phase;
        }
    }

    @BeforeAll
    static void startRedis() {
        server = RedisServer.start();
    }

    @AfterAll
    static void stopRedis() {
        if (server != null) {
            server.close();
        }
    }

    /**
     * 8 threads × 2,000 dispatches over 100 conversations through one guard and one Redis
     * connection; every thread picks conversations at random, so dispatches of one conversation
     * race. Each verdict is replayed sequentially against exactly the baseline it was computed
     * against; the committed snapshots of each conversation must form one chain with no gap, no
     * duplicate and no rejected dispatch in it. The timeout is raised: this test is about
     * atomicity, and a loaded two-core machine can stall one call for longer than 250 ms.
     */
    @Test
    void every_verdict_equals_its_sequential_replay_when_8_threads_race_over_100_conversations() throws Exception {
        int threads = 8;
        int perThread = 2_000;
        GuardWorkload workload = new GuardWorkload("race", 100, 40);
        try (RedisStash redis = answering(stash(server, "guard-race", Duration.ofSeconds(10)));
                RedisStash reader = answering(stash(server, "guard-race", Duration.ofSeconds(10)))) {
            RecordingStash recording = new RecordingStash(redis);
            OrderingGuard guard = GuardWorkload.guard(recording, StashFailureMode.FAIL_CLOSED);

            long start = System.nanoTime();
            List<Sent> sent = run(workload, guard, recording, threads, i -> i < perThread, () -> BEFORE, s -> { });
            Duration wall = Duration.ofNanos(System.nanoTime() - start);

            assertThat(sent).hasSize(threads * perThread);
            assertThat(sent).filteredOn(s -> s.trace().failure() != null)
                    .as("no stash failure: the replay oracle needs every baseline").isEmpty();
            Map<String, List<Commit>> chains = chains(recording.commits(), 0);
            assertThat(chainProblems(chains)).isEmpty();
            assertThat(linkProblems(sent, chains, 0)).isEmpty();
            assertThat(replayProblems(sent)).isEmpty();

            Map<String, Integer> sentPerConversation = new HashMap<>();
            for (Sent s : sent) {
                if (s.result().sent()) {
                    sentPerConversation.merge(s.dispatch().conversationId(), 1, Integer::sum);
                }
            }
            for (int c = 0; c < workload.conversations(); c++) {
                String id = workload.conversationId(c);
                List<Commit> chain = chains.getOrDefault(id, List.of());
                Optional<Snapshot> stored = reader.get(id);
                assertThat(stored.map(Snapshot::version).orElse(0L)).as("stored version of %s", id)
                        .isEqualTo(sentPerConversation.getOrDefault(id, 0).longValue())
                        .isEqualTo(chain.size());
                if (!chain.isEmpty()) {
                    assertThat(stored).as("stored snapshot of %s", id).contains(chain.get(chain.size() - 1).snapshot());
                }
            }

            long covered = 0;
            List<String> intent = new ArrayList<>();
            for (Sent s : sent) {
                if (workload.covers(s.planned(), s.baseline())) {
                    covered++;
                    String problem = workload.intentViolation(s.planned(), s.baseline(), s.result());
                    if (problem != null && intent.size() < 10) {
                        intent.add(describe(s) + ": " + problem);
                    }
                }
            }
            assertThat(intent).isEmpty();

            long passed = sent.stream().filter(s -> s.result().sent()).count();
            long retries = sent.stream().mapToLong(s -> s.trace().conflicts()).sum();
            long retried = sent.stream().filter(s -> s.trace().conflicts() > 0).count();
            long flipped = sent.stream().filter(s -> s.trace().conflicts() > 0 && s.result().rejected()).count();
            Map<Variant, long[]> byVariant = byVariant(sent);
            assertThat(retries).as("dispatches of one conversation raced").isPositive();
            assertThat(byVariant.get(Variant.GROW)[0]).isPositive();
            assertThat(byVariant.get(Variant.DROP)[1]).isPositive();
            assertThat(byVariant.get(Variant.ALTER_SIGNATURE)[1]).isPositive();
            System.out.printf("guard on RedisStash: %d dispatches (%d threads x %d) over %d conversations in %d ms"
                            + " (%.0f dispatches/s): %d passed, %d rejected; %d CAS retries in %d dispatches"
                            + " (%d of them then rejected against the winner's snapshot); intent oracle covered %d;"
                            + " per variant [passed, rejected]: %s; %d conversations stored%n",
                    sent.size(), threads, perThread, workload.conversations(), wall.toMillis(),
                    sent.size() / (wall.toNanos() / 1e9), passed, sent.size() - passed, retries, retried, flipped,
                    covered, format(byVariant), chains.size());
        }
    }

    /**
     * SIGKILL while four threads dispatch over 20 conversations, dispatching on, then a restart on
     * the same port. The restarted server is empty (no persistence), so every conversation starts
     * again at version 1 and its first dispatch after the restart is checked by the stateless rule
     * only; preservation applies again from the second.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(StashFailureMode.class)
    void a_killed_and_restarted_redis_fails_the_guard_as_configured_and_the_same_guard_recovers(StashFailureMode mode)
            throws Exception {
        boolean closed = mode == StashFailureMode.FAIL_CLOSED;
        GuardWorkload workload = new GuardWorkload("kill", 20, 30);
        try (RedisServer own = RedisServer.start();
                RedisStash redis = answering(stash(own, "guard-kill", Duration.ofSeconds(1)));
                RedisStash reader = answering(stash(own, "guard-kill", Duration.ofSeconds(1)))) {
            RecordingStash recording = new RecordingStash(redis);
            AtomicInteger stashFindings = new AtomicInteger();
            AtomicInteger results = new AtomicInteger();
            GuardListener counting = new GuardListener() {
                @Override
                public void onFinding(Finding finding, Dispatch dispatch) {
                    if (finding.ruleId().equals(OrderingGuard.STASH_UNAVAILABLE)) {
                        stashFindings.incrementAndGet();
                    }
                }

                @Override
                public void onResult(GuardResult result) {
                    results.incrementAndGet();
                }
            };
            OrderingGuard guard = GuardWorkload.guard(recording, mode, counting);
            AtomicInteger phase = new AtomicInteger(BEFORE);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger done = new AtomicInteger();
            AtomicInteger fullyDown = new AtomicInteger();
            AtomicInteger checkedAgain = new AtomicInteger();
            AtomicLong firstCheckedAgainAt = new AtomicLong();
            List<Sent> sent;
            long upAt;
            StderrCapture log = StderrCapture.start();
            try {
                ExecutorService driver = Executors.newSingleThreadExecutor();
                Future<List<Sent>> running = driver.submit(() -> run(workload, guard, recording, 4, i -> !stop.get(),
                        phase::get, s -> {
                            done.incrementAndGet();
                            if (s.within(DOWN)) {
                                fullyDown.incrementAndGet();
                            }
                            if (s.startPhase() == UP_AGAIN && s.checkedAgainstRedis()) {
                                firstCheckedAgainAt.compareAndSet(0, System.nanoTime());
                                checkedAgain.incrementAndGet();
                            }
                            sleep(1); // pace the workers: a dispatch that fails at once would flood the run
                        }));
                try {
                    awaitCondition("300 dispatches before the kill", () -> done.get() >= 300, running);
                    phase.set(KILLING);
                    own.kill();
                    phase.set(DOWN);
                    long killedAt = System.nanoTime();
                    // down for longer than the 1 s call deadline: no command sent before the kill is
                    // still pending when the server comes back
                    awaitCondition("200 dispatches and 1.5 s while Redis is down", () -> fullyDown.get() >= 200
                            && System.nanoTime() - killedAt > Duration.ofMillis(1_500).toNanos(), running);
                    phase.set(RESTARTING);
                    recording.epoch(1);
                    own.restart();
                    upAt = System.nanoTime();
                    phase.set(UP_AGAIN);
                    awaitCondition("300 dispatches checked against the restarted Redis",
                            () -> checkedAgain.get() >= 300, running);
                } finally {
                    stop.set(true);
                    driver.shutdown();
                }
                sent = running.get(60, TimeUnit.SECONDS);
            } finally {
                log.close();
            }

            // before the kill: every dispatch was checked against Redis
            assertThat(sent).filteredOn(s -> s.within(BEFORE)).allSatisfy(s ->
                    assertThat(s.checkedAgainstRedis()).as("%s", describe(s)).isTrue());

            // while down: every tracked dispatch met the outage on its read, wrote nothing, and got the finding
            String at = "Redis stash at 127.0.0.1:" + own.port() + ": ";
            Pattern outageMessage = Pattern.compile(Pattern.quote(at) + "(HMGET guard-kill:snapshot:kill-\\d+"
                    + " (failed: .+|timed out after 1000 ms)|cannot connect: .+|connecting timed out after 1000 ms)");
            List<Sent> down = sent.stream().filter(s -> s.within(DOWN)).toList();
            Set<String> outageMessages = new LinkedHashSet<>();
            for (Sent s : down) {
                Read read = s.trace().lastRead();
                assertThat(read.failure()).as("%s", describe(s)).isNotNull();
                String message = read.failure().getMessage();
                outageMessages.add(message.replaceAll("kill-\\d+", "kill-N"));
                assertThat(message).matches(outageMessage);
                assertThat(s.trace().writes).as("no compare-and-set without a baseline").isEmpty();
                List<Finding> preservation = s.result().blocking().stream()
                        .filter(f -> GuardWorkload.PRESERVATION_RULES.contains(f.ruleId())).toList();
                assertThat(preservation).as("preservation skipped: %s", describe(s)).isEmpty();
                if (closed) {
                    assertThat(s.result().outcome()).isEqualTo(Outcome.REJECTED);
                    assertThat(s.result().blocking()).filteredOn(f -> !f.ruleId().equals(GuardWorkload.SIGNED))
                            .containsExactly(new Finding(OrderingGuard.STASH_UNAVAILABLE, "stash", Severity.BLOCKING,
                                    "fleet", List.of(), "the preservation baseline could not be read (" + message
                                            + "); the dispatch is rejected (stash failure mode fail-closed)", null,
                                    Facet.STASH_READ));
                    assertThat(s.result().advisories()).isEmpty();
                } else {
                    assertThat(s.result().advisories()).containsExactly(new Finding(OrderingGuard.STASH_UNAVAILABLE,
                            "stash", Severity.ADVISORY, "fleet", List.of(), "the preservation baseline could not be read ("
                                    + message + "); preservation rules were skipped (stash failure mode fail-open)",
                            null, Facet.STASH_READ));
                    boolean unsigned = s.planned().variant() == Variant.UNSIGNED;
                    assertThat(s.result().outcome()).as("%s", describe(s))
                            .isEqualTo(unsigned ? Outcome.REJECTED : Outcome.PASSED);
                    assertThat(s.result().blocking()).extracting(Finding::ruleId)
                            .containsExactlyElementsOf(unsigned ? List.of(GuardWorkload.SIGNED) : List.of());
                }
            }
            long downDropsPassed = down.stream().filter(s -> s.planned().variant() == Variant.DROP
                    && s.result().sent()).count();
            long downUnsignedRejected = down.stream().filter(s -> s.planned().variant() == Variant.UNSIGNED
                    && s.result().rejected()).count();
            if (closed) {
                assertThat(downDropsPassed).isZero();
            } else {
                assertThat(downDropsPassed).as("fail-open lets a dropped thought through while down").isPositive();
            }
            assertThat(downUnsignedRejected).as("the stateless rule still applies while down").isPositive();

            // the whole run: a stash failure always shows in the verdict; fail-closed sends nothing unchecked
            for (Sent s : sent) {
                StashUnavailableException failure = s.trace().failure();
                boolean reported = s.result().findings().stream()
                        .anyMatch(f -> f.ruleId().equals(OrderingGuard.STASH_UNAVAILABLE));
                assertThat(reported).as("%s", describe(s)).isEqualTo(failure != null);
                if (closed && s.result().sent()) {
                    assertThat(s.checkedAgainstRedis() && s.trace().committed())
                            .as("sent only when checked against Redis and stored: %s", describe(s)).isTrue();
                }
                // a compare-and-set lost before the outage is followed by a read that fails: only what
                // comes after the failed read must be empty
                assertThat(s.trace().writesAfterFailedRead()).as("nothing written after a failed read: %s",
                        describe(s)).isEmpty();
            }
            long failed = sent.stream().filter(s -> s.trace().failure() != null).count();
            assertThat(stashFindings.get()).as("listener saw one stash finding per failed check").isEqualTo(failed);
            assertThat(results.get()).isEqualTo(sent.size());

            // after the restart: the same guard checks against Redis again, which lost its data
            List<Commit> commits = recording.commits();
            Map<String, List<Commit>> before = chains(commits, 0);
            Map<String, List<Commit>> after = chains(commits, 1);
            assertThat(chainProblems(before)).isEmpty();
            assertThat(chainProblems(after)).as("after the restart every conversation starts again at version 1")
                    .isEmpty();
            assertThat(linkProblems(sent, before, 0)).isEmpty();
            assertThat(linkProblems(sent, after, 1)).isEmpty();
            assertThat(replayProblems(sent.stream().filter(Sent::checkedAgainstRedis).toList())).isEmpty();
            long lostBaselines = after.keySet().stream().filter(before::containsKey).count();
            assertThat(lostBaselines).as("conversations re-established after losing their baseline").isPositive();
            List<Sent> again = sent.stream().filter(s -> s.startPhase() == UP_AGAIN && s.checkedAgainstRedis()).toList();
            assertThat(again).anySatisfy(s -> assertThat(s.result().blocking()).extracting(Finding::ruleId)
                    .containsAnyElementsOf(GuardWorkload.PRESERVATION_RULES));
            assertThat(again).anySatisfy(s -> assertThat(s.result().outcome()).isEqualTo(Outcome.PASSED));
            for (int c = 0; c < workload.conversations(); c++) {
                String id = workload.conversationId(c);
                List<Commit> chain = after.getOrDefault(id, List.of());
                assertThat(reader.get(id)).as("stored snapshot of %s", id)
                        .isEqualTo(chain.isEmpty() ? Optional.empty() : Optional.of(chain.get(chain.size() - 1).snapshot()));
            }

            // the outage is logged once and its end once
            long outageLines = log.lines("ordering guard stash unavailable (");
            long recoveryLines = log.lines("ordering guard stash recovered");
            long redisDownLines = log.lines("; calls fail until it answers again");
            long redisUpLines = log.lines("Redis stash at 127.0.0.1:" + own.port() + " answers again");
            assertThat(outageLines).as("guard outage log lines in:%n%s", log.linesWith("ordering guard stash"))
                    .isEqualTo(1);
            assertThat(recoveryLines).as("guard recovery log lines in:%n%s", log.linesWith("ordering guard stash"))
                    .isEqualTo(1);

            Map<Integer, long[]> perPhase = new TreeMap<>();
            for (Sent s : sent) {
                long[] counts = perPhase.computeIfAbsent(s.startPhase(), k -> new long[2]);
                counts[s.result().sent() ? 0 : 1]++;
            }
            System.out.printf("guard on RedisStash, kill and restart, %s: %d dispatches (4 threads, 20 conversations);"
                            + " [sent, rejected] by phase at start (before, killing, down, restarting, up again): %s;"
                            + " %d checks met the outage; first check against the restarted Redis %d ms after the"
                            + " restart; %d conversations lost their baseline and started again at version 1;"
                            + " log lines: guard %d outage / %d recovery, RedisStash %d / %d; outage messages: %s%n",
                    mode, sent.size(), phaseCounts(perPhase), failed,
                    TimeUnit.NANOSECONDS.toMillis(firstCheckedAgainAt.get() - upAt), lostBaselines, outageLines,
                    recoveryLines, redisDownLines, redisUpLines, outageMessages);
        }
    }

    /** Runs workers over the workload until {@code keepGoing} says stop; returns every dispatch. */
    private static List<Sent> run(GuardWorkload workload, OrderingGuard guard, RecordingStash recording, int threads,
            IntPredicate keepGoing, IntSupplier phase, Consumer<Sent> onSent) throws Exception {
        AtomicIntegerArray known = new AtomicIntegerArray(workload.conversations());
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<List<Sent>>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Random random = new Random(SEED * 31 + t);
                workers.add(pool.submit(() -> {
                    List<Sent> mine = new ArrayList<>();
                    go.await();
                    for (int i = 0; keepGoing.test(i); i++) {
                        int c = random.nextInt(workload.conversations());
                        Planned planned = workload.plan(random, c, known.get(c));
                        Trace trace = recording.begin();
                        int startPhase = phase.getAsInt();
                        GuardResult result = guard.check(planned.dispatch());
                        Sent s = new Sent(planned, result, trace, startPhase, phase.getAsInt());
                        if (result.sent()) {
                            known.accumulateAndGet(c, planned.turn(), Math::max);
                        }
                        mine.add(s);
                        onSent.accept(s);
                    }
                    return mine;
                }));
            }
            go.countDown();
            List<Sent> all = new ArrayList<>();
            for (Future<List<Sent>> worker : workers) {
                all.addAll(worker.get(120, TimeUnit.SECONDS));
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The successful compare-and-sets of one epoch, per conversation, in version order. */
    private static Map<String, List<Commit>> chains(List<Commit> commits, int epoch) {
        Map<String, List<Commit>> chains = new TreeMap<>();
        for (Commit commit : commits) {
            if (commit.epoch() == epoch) {
                chains.computeIfAbsent(commit.conversationId(), k -> new ArrayList<>()).add(commit);
            }
        }
        chains.values().forEach(chain -> chain.sort((a, b) -> Long.compare(a.snapshot().version(),
                b.snapshot().version())));
        return chains;
    }

    /** Versions 1..N with no gap (a lost update) and no duplicate (two winners of one version). */
    private static List<String> chainProblems(Map<String, List<Commit>> chains) {
        List<String> problems = new ArrayList<>();
        chains.forEach((id, chain) -> {
            for (int i = 0; i < chain.size(); i++) {
                if (chain.get(i).snapshot().version() != i + 1) {
                    problems.add(id + ": commit #" + (i + 1) + " has version " + chain.get(i).snapshot().version());
                    return;
                }
            }
        });
        return problems;
    }

    /**
     * Links each dispatch of an epoch to the chain: every baseline read is the committed snapshot of
     * that version (not torn, never a rejected dispatch's), a dispatch was sent exactly when its check
     * stored a snapshot, and what it stored is the commit right after its baseline.
     */
    private static List<String> linkProblems(List<Sent> sent, Map<String, List<Commit>> chains, int epoch) {
        List<String> problems = new ArrayList<>();
        for (Sent s : sent) {
            Read read = s.trace().lastRead();
            if (read == null || !read.ok() || read.epoch() != epoch) {
                continue;
            }
            List<Commit> chain = chains.getOrDefault(s.dispatch().conversationId(), List.of());
            for (Read r : s.trace().reads) {
                Snapshot seen = r.snapshot();
                if (r.ok() && seen != null && r.epoch() == epoch && (seen.version() > chain.size()
                        || !chain.get((int) seen.version() - 1).snapshot().equals(seen))) {
                    problems.add(describe(s) + ": read " + seen + ", which is not the committed snapshot of its version");
                }
            }
            if (s.trace().failure() == null && s.result().sent() != s.trace().committed()) {
                problems.add(describe(s) + ": outcome " + s.result().outcome() + " but committed=" + s.trace().committed());
            }
            if (s.trace().committed()) {
                Snapshot stored = s.trace().lastWrite().next();
                long expected = read.snapshot() == null ? 1 : read.snapshot().version() + 1;
                if (stored.version() != expected || stored.version() > chain.size()
                        || chain.get((int) stored.version() - 1).snapshot() != stored) {
                    problems.add(describe(s) + ": stored " + stored + " over baseline " + read.snapshot());
                }
            }
            if (problems.size() >= 10) {
                break;
            }
        }
        return problems;
    }

    /** Replays each dispatch alone against the baseline it was judged against. */
    private static List<String> replayProblems(List<Sent> sent) {
        List<String> problems = new ArrayList<>();
        for (Sent s : sent) {
            Replayed replayed = GuardWorkload.replay(s.dispatch(), s.baseline());
            String concurrent = GuardWorkload.verdict(s.result());
            String sequential = GuardWorkload.verdict(replayed.result());
            if (!concurrent.equals(sequential)) {
                problems.add(describe(s) + ": concurrent " + concurrent + ", sequential " + sequential);
            } else if (s.trace().committed()) {
                Snapshot stored = s.trace().lastWrite().next();
                if (!replayed.stored().withVersion(stored.version()).equals(stored)) {
                    problems.add(describe(s) + ": stored " + stored + ", the replay stored " + replayed.stored());
                }
            }
            if (problems.size() >= 10) {
                break;
            }
        }
        return problems;
    }

    private static Map<Variant, long[]> byVariant(List<Sent> sent) {
        Map<Variant, long[]> counts = new EnumMap<>(Variant.class);
        for (Variant v : Variant.values()) {
            counts.put(v, new long[2]);
        }
        for (Sent s : sent) {
            counts.get(s.planned().variant())[s.result().sent() ? 0 : 1]++;
        }
        return counts;
    }

    private static String format(Map<Variant, long[]> counts) {
        List<String> parts = new ArrayList<>();
        counts.forEach((v, c) -> parts.add(v.name().toLowerCase(java.util.Locale.ROOT) + " " + c[0] + "/" + c[1]));
        return String.join(", ", parts);
    }

    private static String phaseCounts(Map<Integer, long[]> perPhase) {
        List<String> parts = new ArrayList<>();
        for (int p = BEFORE; p <= UP_AGAIN; p++) {
            long[] c = perPhase.getOrDefault(p, new long[2]);
            parts.add(c[0] + "/" + c[1]);
        }
        return String.join(", ", parts);
    }

    private static String describe(Sent s) {
        Planned p = s.planned();
        return p.variant() + " " + s.dispatch().conversationId() + " turn " + p.turn()
                + (p.touched() == null ? "" : " (" + p.touched() + ")") + " model " + s.dispatch().model()
                + " against " + s.baseline();
    }

    private static RedisStash stash(RedisServer on, String namespace, Duration timeout) {
        return RedisStash.builder().uri(on.uri()).namespace(namespace).timeout(timeout).build();
    }

    /** Waits (at most 15 s) until the stash answers: a fresh JVM needs a moment to start Netty. */
    private static RedisStash answering(RedisStash stash) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            try {
                stash.get("warm-up");
                return stash;
            } catch (StashUnavailableException e) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the stash did not answer within 15 s: " + e.getMessage(), e);
                }
                sleep(20);
            }
        }
    }

    /** Waits (at most 30 s) for a condition while the workers run; fails early if they failed. */
    private static void awaitCondition(String what, BooleanSupplier condition, Future<?> workers) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (workers.isDone()) {
                workers.get();
                throw new AssertionError("the workers stopped before " + what);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + what + " within 30 s");
            }
            sleep(5);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
