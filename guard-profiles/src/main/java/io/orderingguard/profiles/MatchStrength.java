package io.orderingguard.profiles;

/**
 * How much of a rule's provider error a text holds, strongest first. Results of
 * {@link ProviderErrors#classify(String)} are ranked by strength, then by how many characters of the
 * provider error matched.
 */
public enum MatchStrength {
    /** The text is the provider error, apart from values (indexes, ids), an error class before it and punctuation after it. */
    WHOLE,
    /** The provider error is found inside a longer text (a wrapper's message, an SDK's exception text). */
    CONTAINED,
    /** Only some clauses of the provider error are found: the provider reworded the rest, or the text was cut. */
    PARTIAL
}
