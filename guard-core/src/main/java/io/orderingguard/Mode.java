package io.orderingguard;

/**
 * What the guard does with blocking findings: {@code OrderingGuard.builder().mode(…)}, the command
 * line's {@code --mode} and the Spring Boot property {@code ordering-guard.mode} take the same three
 * values.
 *
 * <p>Thread-safe (an enum).
 */
public enum Mode {
    /** Reject the dispatch with a precise diagnosis, before any network call. */
    ENFORCE,
    /** Repair what can be repaired, then send; reject what cannot. */
    MUTATE,
    /**
     * Judge as {@link #ENFORCE} does and report it (logs, listeners, observers, the result), but send
     * every dispatch unchanged: for rolling a guard out. Results of a shadow guard say
     * {@link GuardResult#shadow()} {@code true}, with the mode the verdict was reached in
     * ({@code ENFORCE}).
     */
    SHADOW;

    /** Computed once: every check reports it. */
    private final String wireName = name().toLowerCase(java.util.Locale.ROOT);

    /**
     * Returns the lower-case wire name.
     *
     * @return {@code enforce}, {@code mutate} or {@code shadow}
     */
    public String wireName() {
        return wireName;
    }
}
