package io.orderingguard.profiles;

/**
 * How sure the model table is that a model id belongs to a family.
 *
 * <p>Thread-safe (an enum).
 */
public enum Confidence {
    /** The family's rules were reported against this model line (issue reports, live audits). */
    CONFIRMED,
    /** The provider documents the behaviour for this model line (docs, validator or template source). */
    DOCUMENTED,
    /** A guess from the model id (a new generation, an alias, an unverified family). */
    GUESSED;

    /**
     * Returns the lower-case name used in documents.
     *
     * @return {@code confirmed}, {@code documented} or {@code guessed}
     */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
