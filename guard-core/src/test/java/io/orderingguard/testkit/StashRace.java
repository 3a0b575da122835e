package io.orderingguard.testkit;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.timeline.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;

/**
 * A concurrency workload for any {@link Stash}, shared with {@code guard-redis} through the
 * guard-core test-jar (in {@code testkit}, a package of its own, so that the test-jar never splits a
 * package of guard-core's module).
 *
 * <p>Each of {@code threads} threads runs {@code cyclesPerThread} cycles. A cycle picks a
 * conversation (seeded), then reads its snapshot, builds the next one and compare-and-sets it,
 * retrying from the read on a conflict, exactly as the guard does for racing dispatches of one
 * conversation. Every snapshot's content is a pure function of (conversation, version, writer
 * thread, cycle) and names its writer in {@code provider}/{@code model}, so any snapshot read back
 * can be rebuilt and compared: a mismatch is a torn snapshot. Two successful compare-and-sets for
 * the same (conversation, version) are a lost update.
 *
 * <p>The workload records anomalies instead of throwing, so a test can assert on all of them at once.
 * It assumes a stash that never evicts during the run.
 */
public final class StashRace {

    /** The payload field paths every snapshot of the workload captures. */
    public static final List<String> FIELD_PATHS = List.of("signature", "meta.id");

    private static final Kind[] KINDS = Kind.values();

    private StashRace() {}

    /**
     * What a run did and what went wrong.
     *
     * @param threads the thread count
     * @param cyclesPerThread the successful compare-and-sets each thread made
     * @param successes successful compare-and-sets per conversation index
     * @param finalVersions the version stored at the end per conversation index (0 when absent)
     * @param conflicts compare-and-sets that lost a race and were retried
     * @param elapsedNanos the wall time of the concurrent phase
     * @param anomalies torn snapshots, lost updates and version mismatches, in no particular order
     */
    public record Report(int threads, int cyclesPerThread, long[] successes, long[] finalVersions,
            long conflicts, long elapsedNanos, List<String> anomalies) {

        /**
         * Returns the number of successful compare-and-sets over all conversations.
         *
         * @return the sum of {@link #successes()}
         */
        public long totalSuccesses() {
            long sum = 0;
            for (long s : successes) {
                sum += s;
            }
            return sum;
        }

        /**
         * Returns successful compare-and-sets per second of wall time.
         *
         * @return the rate
         */
        public double successesPerSecond() {
            return totalSuccesses() * 1e9 / Math.max(1, elapsedNanos);
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT,
                    "%d threads x %d cycles over %d conversations: %d successful CAS, %d conflicts retried"
                            + " (%.1f%% of attempts), %.0f ms, %.0f CAS/s, %d anomalies",
                    threads, cyclesPerThread, successes.length, totalSuccesses(), conflicts,
                    100.0 * conflicts / Math.max(1, totalSuccesses() + conflicts),
                    elapsedNanos / 1e6, successesPerSecond(), anomalies.size());
        }
    }

    /**
     * Runs the workload and then reads every conversation back.
     *
     * @param stash the stash under test, empty for the conversations of {@code namespace}
     * @param namespace a prefix for conversation ids, so runs do not see each other
     * @param threads the thread count
     * @param cyclesPerThread the successful compare-and-sets each thread makes
     * @param conversations how many conversations the threads share
     * @param seed the seed of the conversation choice
     * @return the report
     * @throws InterruptedException when interrupted while waiting for the threads
     * @throws ExecutionException when a thread failed with an exception (for example the stash threw)
     */
    public static Report run(Stash stash, String namespace, int threads, int cyclesPerThread, int conversations,
            long seed) throws InterruptedException, ExecutionException {
        return run(thread -> stash, namespace, threads, cyclesPerThread, conversations, seed);
    }

    /**
     * Runs the workload with a stash per thread, as a fleet of servers sharing one backend would,
     * and then reads every conversation back through the stash of thread 0.
     *
     * @param stashOfThread the stash each thread uses (instances may be shared between threads)
     * @param namespace a prefix for conversation ids, so runs do not see each other
     * @param threads the thread count
     * @param cyclesPerThread the successful compare-and-sets each thread makes
     * @param conversations how many conversations the threads share
     * @param seed the seed of the conversation choice
     * @return the report
     * @throws InterruptedException when interrupted while waiting for the threads
     * @throws ExecutionException when a thread failed with an exception (for example the stash threw)
     */
    public static Report run(IntFunction<Stash> stashOfThread, String namespace, int threads, int cyclesPerThread,
            int conversations, long seed) throws InterruptedException, ExecutionException {
        AtomicLongArray successes = new AtomicLongArray(conversations);
        LongAdder conflicts = new LongAdder();
        ConcurrentHashMap<String, String> winners = new ConcurrentHashMap<>();
        List<String> anomalies = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long began;
        long ended;
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                Stash stash = stashOfThread.apply(t);
                futures.add(pool.submit(() -> {
                    start.await();
                    Random random = new Random(seed * 31 + thread);
                    for (int cycle = 0; cycle < cyclesPerThread; cycle++) {
                        int c = random.nextInt(conversations);
                        String id = conversationId(namespace, c);
                        while (true) {
                            Optional<Snapshot> current = stash.get(id);
                            current.ifPresent(s -> checkIntact(id, s, anomalies));
                            long version = current.map(Snapshot::version).orElse(0L);
                            Snapshot next = snapshot(id, version + 1, thread, cycle);
                            if (stash.compareAndSet(id, version, next)) {
                                String previous = winners.putIfAbsent(id + "#" + next.version(), next.provider());
                                if (previous != null) {
                                    anomalies.add("lost update: version " + next.version() + " of " + id
                                            + " was stored by " + previous + " and by " + next.provider());
                                }
                                successes.incrementAndGet(c);
                                break;
                            }
                            conflicts.increment();
                        }
                    }
                    return null;
                }));
            }
            began = System.nanoTime();
            start.countDown();
            for (Future<?> future : futures) {
                future.get();
            }
            ended = System.nanoTime();
        } finally {
            pool.shutdownNow();
        }
        Stash stash = stashOfThread.apply(0);
        long[] perConversation = new long[conversations];
        long[] finalVersions = new long[conversations];
        for (int c = 0; c < conversations; c++) {
            perConversation[c] = successes.get(c);
            String id = conversationId(namespace, c);
            Optional<Snapshot> stored = stash.get(id);
            finalVersions[c] = stored.map(Snapshot::version).orElse(0L);
            stored.ifPresent(s -> checkIntact(id, s, anomalies));
        }
        return new Report(threads, cyclesPerThread, perConversation, finalVersions, conflicts.sum(), ended - began,
                List.copyOf(anomalies));
    }

    /**
     * Returns the id of a conversation of the workload.
     *
     * @param namespace the run's prefix
     * @param index the conversation index
     * @return the id
     */
    public static String conversationId(String namespace, int index) {
        return namespace + "-conversation-" + index;
    }

    /**
     * Builds the snapshot a writer stores: 1 to 7 entries whose ids, kinds and fingerprints all
     * derive from the arguments.
     *
     * @param conversationId the conversation
     * @param version the version
     * @param thread the writer thread
     * @param cycle the writer's cycle
     * @return the snapshot
     */
    public static Snapshot snapshot(String conversationId, long version, int thread, int cycle) {
        int size = 1 + (int) ((version + thread) % 7);
        List<String> ids = new ArrayList<>(size);
        List<Kind> kinds = new ArrayList<>(size);
        long[] payloads = new long[size];
        long[] fields = new long[size * FIELD_PATHS.size()];
        long base = mix(conversationId.hashCode(), version, thread, cycle);
        for (int i = 0; i < size; i++) {
            ids.add(conversationId + "/v" + version + "/" + i);
            kinds.add(KINDS[(int) ((i + version) % KINDS.length)]);
            payloads[i] = mix(base, i, 0, 0);
            for (int p = 0; p < FIELD_PATHS.size(); p++) {
                fields[i * FIELD_PATHS.size() + p] = mix(base, i, p + 1, 0);
            }
        }
        return Snapshot.of(version, "thread-" + thread, "cycle-" + cycle, ids, kinds, payloads, FIELD_PATHS, fields);
    }

    private static void checkIntact(String conversationId, Snapshot stored, List<String> anomalies) {
        try {
            int thread = Integer.parseInt(stored.provider().substring("thread-".length()));
            int cycle = Integer.parseInt(stored.model().substring("cycle-".length()));
            if (!stored.equals(snapshot(conversationId, stored.version(), thread, cycle))) {
                anomalies.add("torn snapshot for " + conversationId + ": " + stored);
            }
        } catch (RuntimeException e) {
            anomalies.add("unreadable snapshot for " + conversationId + ": " + stored + " (" + e + ")");
        }
    }

    private static long mix(long a, long b, long c, long d) {
        long h = a * 0x9E3779B97F4A7C15L;
        h = (h ^ b) * 0xBF58476D1CE4E5B9L;
        h = (h ^ c) * 0x94D049BB133111EBL;
        h = (h ^ d) * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 31);
    }
}
