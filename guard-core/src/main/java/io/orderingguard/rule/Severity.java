package io.orderingguard.rule;

/**
 * How a finding affects the dispatch: a {@link #BLOCKING} finding rejects it in enforce mode and is
 * repaired in mutate mode; an {@link #ADVISORY} finding is reported only.
 *
 * <p>Thread-safe (an enum).
 */
public enum Severity {
    /** The provider rejects the request (HTTP 400) or a template raises. */
    BLOCKING,
    /** The provider accepts the request but may silently degrade. */
    ADVISORY;

    /**
     * Returns the lower-case wire name.
     *
     * @return {@code blocking} or {@code advisory}
     */
    public String wireName() {
        return this == BLOCKING ? "blocking" : "advisory";
    }

    /**
     * Parses a wire name.
     *
     * @param name {@code blocking} or {@code advisory}
     * @return the severity
     * @throws IllegalArgumentException for any other value
     */
    public static Severity fromWire(String name) {
        if ("blocking".equals(name)) {
            return BLOCKING;
        }
        if ("advisory".equals(name)) {
            return ADVISORY;
        }
        throw new IllegalArgumentException("severity must be one of blocking, advisory, but was '" + name + "'");
    }
}
