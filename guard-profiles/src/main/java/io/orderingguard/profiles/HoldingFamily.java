package io.orderingguard.profiles;

import io.orderingguard.support.Require;
import io.orderingguard.rule.Severity;

/**
 * A shipped family that holds a rule, with the rule's severity there.
 *
 * @param family the family key, e.g. {@code anthropic-messages}
 * @param severity the rule's severity in that family
 * @param provider whether the family is provider-grounded (else a reference recipe)
 */
public record HoldingFamily(String family, Severity severity, boolean provider) {

    /** Validates the fields. */
    public HoldingFamily {
        Require.nonBlank(family, "family");
        Require.nonNull(severity, "severity");
    }
}
