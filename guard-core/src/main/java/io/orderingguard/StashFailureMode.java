package io.orderingguard;

/**
 * What the guard does when its stash cannot answer (down, or slower than its timeout).
 *
 * <p>Thread-safe (an enum).
 */
public enum StashFailureMode {
    /** Reject the dispatch with a clear error: no dispatch goes out unchecked. The default. */
    FAIL_CLOSED,
    /**
     * Skip the preservation rules, report an advisory finding {@code stash-unavailable}, and log once
     * per outage.
     */
    FAIL_OPEN
}
