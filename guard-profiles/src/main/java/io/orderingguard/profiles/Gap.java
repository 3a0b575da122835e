package io.orderingguard.profiles;

import io.orderingguard.support.Require;

/**
 * A provider rule that a family cannot model yet because no rule type expresses it. Listed so that
 * the gap is visible ({@code guard profiles NAME} shows it) instead of silently missing.
 *
 * @param label the label of the rule in the provider-rule audit of the README, e.g. {@code T1}
 * @param ruleId the id the rule will have once it can be expressed
 * @param rejects what the provider rejects
 * @param providerError the error text the provider answers
 * @param needs the rule capability that is missing
 */
public record Gap(String label, String ruleId, String rejects, String providerError, String needs) {

    /** Validates the fields. */
    public Gap {
        Require.nonBlank(label, "label");
        Require.nonBlank(ruleId, "ruleId");
        Require.nonBlank(rejects, "rejects");
        Require.nonBlank(providerError, "providerError");
        Require.nonBlank(needs, "needs");
    }
}
