package io.orderingguard;

/**
 * The ordering guard's verdict on a dispatch. (The verdict of one sequence rule over a trace is
 * {@link io.orderingguard.policy.RuleOutcome}.)
 *
 * <p>Thread-safe (an enum).
 */
public enum Outcome {
    /** No blocking finding: sent as it was. */
    PASSED,
    /** Blocking findings were repaired: the repaired timeline is sent. */
    REPAIRED,
    /** Blocking findings remain: not sent. */
    REJECTED;

    /**
     * Returns the lower-case wire name.
     *
     * @return {@code passed}, {@code repaired} or {@code rejected}
     */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
