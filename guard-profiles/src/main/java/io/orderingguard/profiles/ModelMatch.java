package io.orderingguard.profiles;

import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.support.Require;

/**
 * The family chosen for a model id.
 *
 * @param provider the provider as given (may be {@code null})
 * @param modelId the model id as given
 * @param family the family key
 * @param profile the family's profile
 * @param confidence how sure the match is
 * @param rule the table row that matched
 */
public record ModelMatch(String provider, String modelId, String family, OrderingProfile profile, Confidence confidence,
        ModelRule rule) {

    /** Validates the fields. */
    public ModelMatch {
        Require.nonBlank(modelId, "modelId");
        Require.nonBlank(family, "family");
        Require.nonNull(profile, "profile");
        Require.nonNull(confidence, "confidence");
        Require.nonNull(rule, "rule");
    }
}
