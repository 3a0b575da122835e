package io.orderingguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.StashFailureMode;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.spi.StashUnavailableException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The guard logs one WARN line per stash outage and one INFO line when it ends, even when a call
 * that started before a transition completes after it: an answer that was on its way before the
 * outage does not end the outage, and a call that was already failing when the stash recovered
 * does not start a new one. Deterministic: a scripted stash holds the stale call on a latch. Needs
 * no Redis; it lives here because this module's tests print slf4j output.
 */
class GuardOutageLogTest {

    private static final String OUTAGE = "ordering guard stash unavailable (";
    private static final String RECOVERY = "ordering guard stash recovered";

    /** A stash that is up or down, and can hold one call on a latch before it answers or fails. */
    private static final class ScriptedStash implements Stash {
        volatile boolean down;
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile Thread holding;

        @Override
        public Optional<Snapshot> get(String conversationId) {
            boolean failing = down;
            if (Thread.currentThread() == holding) {
                held.countDown();
                await(release);
            }
            if (failing) {
                throw new StashUnavailableException("redis at 127.0.0.1:1 failed: Connection reset", null);
            }
            return Optional.empty();
        }

        @Override
        public boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next) {
            return true;
        }

        @Override
        public void remove(String conversationId) {}
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(StashFailureMode.class)
    void an_answer_sent_before_the_outage_does_not_end_it(StashFailureMode mode) throws Exception {
        ScriptedStash stash = new ScriptedStash();
        OrderingGuard guard = GuardWorkload.guard(stash, mode);
        GuardWorkload workload = new GuardWorkload("log", 1, 2);
        try (StderrCapture log = StderrCapture.start()) {
            CompletableFuture<GuardResult> stale = held(stash, () -> guard.check(workload.dispatch(0, 1)));
            stash.down = true;
            GuardResult first = guard.check(workload.dispatch(0, 1));
            stash.release.countDown();
            GuardResult late = stale.get(10, TimeUnit.SECONDS);
            GuardResult second = guard.check(workload.dispatch(0, 1));
            stash.down = false;
            guard.check(workload.dispatch(0, 1));

            assertThat(late.findings()).as("the held call was answered").isEmpty();
            assertThat(first.findings()).extracting(f -> f.ruleId()).containsExactly(OrderingGuard.STASH_UNAVAILABLE);
            assertThat(second.findings()).extracting(f -> f.ruleId()).containsExactly(OrderingGuard.STASH_UNAVAILABLE);
            assertThat(log.lines(OUTAGE)).as("%s", log.linesWith("ordering guard stash")).isEqualTo(1);
            assertThat(log.lines(RECOVERY)).as("%s", log.linesWith("ordering guard stash")).isEqualTo(1);
            assertThat(log.linesWith("ordering guard stash")).containsSubsequence(OUTAGE, RECOVERY);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(StashFailureMode.class)
    void a_call_that_failed_during_the_outage_does_not_start_another_after_recovery(StashFailureMode mode)
            throws Exception {
        ScriptedStash stash = new ScriptedStash();
        OrderingGuard guard = GuardWorkload.guard(stash, mode);
        GuardWorkload workload = new GuardWorkload("log", 1, 2);
        try (StderrCapture log = StderrCapture.start()) {
            stash.down = true;
            guard.check(workload.dispatch(0, 1));
            CompletableFuture<GuardResult> stale = held(stash, () -> guard.check(workload.dispatch(0, 1)));
            stash.down = false;
            GuardResult recovered = guard.check(workload.dispatch(0, 1));
            stash.release.countDown();
            GuardResult late = stale.get(10, TimeUnit.SECONDS);
            guard.check(workload.dispatch(0, 1));

            assertThat(recovered.findings()).isEmpty();
            assertThat(late.findings()).as("the held call still reports its own failure")
                    .extracting(f -> f.ruleId()).containsExactly(OrderingGuard.STASH_UNAVAILABLE);
            assertThat(log.lines(OUTAGE)).as("%s", log.linesWith("ordering guard stash")).isEqualTo(1);
            assertThat(log.lines(RECOVERY)).as("%s", log.linesWith("ordering guard stash")).isEqualTo(1);
        }
    }

    /** Starts a check on another thread and returns once its stash read is being held. */
    private static CompletableFuture<GuardResult> held(ScriptedStash stash, java.util.function.Supplier<GuardResult> check) {
        CompletableFuture<GuardResult> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(check.get());
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            }
        }, "stale-call");
        stash.holding = thread;
        thread.start();
        await(stash.held);
        return result;
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("latch not released within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
