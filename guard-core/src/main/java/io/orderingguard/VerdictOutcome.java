package io.orderingguard;

import java.util.Locale;

/**
 * How the guard's judgement of a request compares with the provider's answer to it.
 *
 * <p>Thread-safe (an enum).
 */
public enum VerdictOutcome {
    /** The guard would block and the provider rejected the request for its shape. Seen in shadow mode. */
    CONFIRMED,
    /** The guard would block and the provider accepted the request: a false positive for the evidence. */
    CONTRADICTED,
    /** The guard let the request through and the provider rejected it for its shape. */
    MISSED,
    /** The guard let the request through and the provider accepted it. */
    AGREED,
    /**
     * The answer says nothing about the shape: no answer, an authentication, quota or server error, or
     * a rejection whose text concerns something else (a token limit, an unknown parameter).
     */
    UNJUDGED;

    /**
     * Returns the lower-case name used in metrics tags, logs and reports.
     *
     * @return e.g. {@code confirmed}
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
