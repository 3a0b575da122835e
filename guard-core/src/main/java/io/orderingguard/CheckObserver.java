package io.orderingguard;

import io.orderingguard.timeline.Dispatch;

/**
 * Observes each check from its start to its end: the hook for metrics, traces and audit logs
 * (guard-micrometer and guard-opentelemetry implement it). Attach one with
 * {@link OrderingGuard.Builder#observer(CheckObserver)} or {@link OrderingGuard#withObserver(CheckObserver)}.
 *
 * <pre>{@code
 * OrderingGuard guard = OrderingGuard.builder()
 *         .profile("anthropic-messages")
 *         .observer(dispatch -> report -> log.info("{} in {} µs", report.outcome(), report.duration().toNanos() / 1000))
 *         .build();
 * }</pre>
 *
 * <p>{@link #start} runs on the checking thread before the profile is chosen; the
 * {@link CheckObservation} it returns is ended on the same thread once the verdict is known, after the
 * guard's log lines and {@link GuardListener}s. An observer that throws is logged and ignored:
 * observers never change a verdict. A guard without observers does no observer work at all (no clock
 * read, no allocation).
 *
 * <p>Where {@link GuardListener} reports what was found (each finding, repair and rejection), an
 * observer brackets the whole check, so it can time it and open a scope around it.
 *
 * <p>Implementations must be thread-safe: a guard serves concurrent dispatches.
 */
@FunctionalInterface
public interface CheckObserver {

    /**
     * Called when a check starts.
     *
     * @param dispatch the dispatch about to be checked
     * @return what receives the end of this check; never {@code null} ({@link CheckObservation#NONE}
     *     to ignore it)
     */
    CheckObservation start(Dispatch dispatch);
}
