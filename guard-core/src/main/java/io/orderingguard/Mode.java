package io.orderingguard;

/**
 * What the guard does with blocking findings.
 *
 * <p>Thread-safe (an enum).
 */
public enum Mode {
    /** Reject the dispatch with a precise diagnosis, before any network call. */
    ENFORCE,
    /** Repair what can be repaired, then send; reject what cannot. */
    MUTATE;

    /**
     * Returns the lower-case wire name.
     *
     * @return {@code enforce} or {@code mutate}
     */
    public String wireName() {
        return this == ENFORCE ? "enforce" : "mutate";
    }
}
