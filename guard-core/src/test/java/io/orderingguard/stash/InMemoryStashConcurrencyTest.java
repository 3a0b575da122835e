package io.orderingguard.stash;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.testkit.StashRace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Racing dispatches against the in-memory stash. The figures are printed to the test's output
 * file (target/surefire-reports); nothing here asserts on time.
 */
class InMemoryStashConcurrencyTest {

    private static final int THREADS = 8;
    private static final int CYCLES = 2_000;
    private static final int CONVERSATIONS = 100;

    @Test
    void should_lose_no_update_and_tear_no_snapshot_when_8_threads_race_over_100_conversations() throws Exception {
        InMemoryStash stash = InMemoryStash.create();

        StashRace.Report report = StashRace.run(stash, "mem", THREADS, CYCLES, CONVERSATIONS, 42);
        System.out.println("InMemoryStash: " + report);

        assertThat(report.anomalies()).isEmpty();
        assertThat(report.totalSuccesses()).isEqualTo((long) THREADS * CYCLES);
        assertThat(report.finalVersions()).containsExactly(report.successes());
        assertThat(stash.size()).isEqualTo(CONVERSATIONS);
        assertThat(stash.evictions()).isZero();
    }

    /**
     * A control for the workload's power: a stash whose compare-and-set checks and writes in two
     * steps (the bug the stash contract forbids) is caught losing updates. Two conversations and a
     * pause between check and write make the race certain rather than likely.
     */
    @Test
    void should_catch_lost_updates_in_a_stash_whose_compare_and_set_is_not_atomic() throws Exception {
        Stash racy = new Stash() {
            private final Map<String, Snapshot> snapshots = new ConcurrentHashMap<>();

            @Override
            public Optional<Snapshot> get(String conversationId) {
                return Optional.ofNullable(snapshots.get(conversationId));
            }

            @Override
            public boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next) {
                long current = get(conversationId).map(Snapshot::version).orElse(0L);
                if (current != expectedVersion) {
                    return false;
                }
                LockSupport.parkNanos(1_000_000);
                snapshots.put(conversationId, next);
                return true;
            }

            @Override
            public void remove(String conversationId) {
                snapshots.remove(conversationId);
            }
        };

        StashRace.Report report = StashRace.run(racy, "racy", THREADS, 100, 2, 7);

        assertThat(report.anomalies()).isNotEmpty().allMatch(a -> a.startsWith("lost update: version "));
        assertThat(report.finalVersions()).isNotEqualTo(report.successes());
    }

    /**
     * With bounds far below the working set, evictions race with writes: the bounds hold at every
     * sample, and the books balance at the end (every insert is either still held or was evicted).
     */
    @Test
    void should_hold_both_bounds_and_count_every_eviction_when_threads_race_past_them() throws Exception {
        int maxConversations = 50;
        long maxEntries = 200;
        InMemoryStash stash = InMemoryStash.bounded(maxConversations, maxEntries);
        AtomicLong inserts = new AtomicLong();
        AtomicLong boundBreaches = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    Random random = new Random(1000 + thread);
                    for (int cycle = 0; cycle < CYCLES; cycle++) {
                        String id = StashRace.conversationId("bounded", random.nextInt(CONVERSATIONS));
                        while (true) {
                            Optional<Snapshot> current = stash.get(id);
                            long version = current.map(Snapshot::version).orElse(0L);
                            if (stash.compareAndSet(id, version, StashRace.snapshot(id, version + 1, thread, cycle))) {
                                if (version == 0) {
                                    inserts.incrementAndGet();
                                }
                                break;
                            }
                        }
                        if (stash.size() > maxConversations || stash.entries() > maxEntries) {
                            boundBreaches.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("InMemoryStash bounded(" + maxConversations + ", " + maxEntries + "): " + inserts
                + " inserts, " + stash);

        long heldEntries = 0;
        for (int c = 0; c < CONVERSATIONS; c++) {
            heldEntries += stash.get(StashRace.conversationId("bounded", c)).map(Snapshot::size).orElse(0);
        }
        assertThat(boundBreaches.get()).isZero();
        assertThat(stash.size()).isLessThanOrEqualTo(maxConversations);
        assertThat(stash.entries()).isLessThanOrEqualTo(maxEntries).isEqualTo(heldEntries);
        assertThat(stash.evictions()).isPositive().isEqualTo(inserts.get() - stash.size());
    }
}
