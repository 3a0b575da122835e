package io.orderingguard.rule;

/**
 * Where a rule comes from: the document or measurement that justifies it, the text the provider
 * answers when the rule is broken, and when that was last checked. All parts are optional.
 *
 * @param source the documentation page, issue or measurement, or {@code null}
 * @param providerError the provider's error text, or {@code null}
 * @param verifiedOn when the behaviour was last verified (e.g. {@code 2026-11}), or {@code null}
 */
public record Provenance(String source, String providerError, String verifiedOn) {

    private static final Provenance NONE = new Provenance(null, null, null);

    /** Validates the fields: each part is absent or non-blank. */
    public Provenance {
        io.orderingguard.support.Require.blankToError(source, "source");
        io.orderingguard.support.Require.blankToError(providerError, "providerError");
        io.orderingguard.support.Require.blankToError(verifiedOn, "verifiedOn");
    }

    /**
     * Returns the empty provenance.
     *
     * @return provenance with no parts
     */
    public static Provenance none() {
        return NONE;
    }

    /**
     * Creates a full provenance.
     *
     * @param source the source
     * @param providerError the provider error text
     * @param verifiedOn when verified
     * @return the provenance
     */
    public static Provenance of(String source, String providerError, String verifiedOn) {
        return new Provenance(source, providerError, verifiedOn);
    }

    /**
     * Returns whether no part is present.
     *
     * @return {@code true} when empty
     */
    public boolean isEmpty() {
        return source == null && providerError == null && verifiedOn == null;
    }
}
