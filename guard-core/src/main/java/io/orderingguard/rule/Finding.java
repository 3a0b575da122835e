package io.orderingguard.rule;

import io.orderingguard.rule.Severity;
import io.orderingguard.support.Require;
import java.util.List;

/**
 * One violation found by a rule.
 *
 * @param ruleId the rule id
 * @param ruleType the rule type name, e.g. {@code alternation}
 * @param severity blocking or advisory
 * @param profile the name of the profile evaluated (the union name under the default composition)
 * @param primitiveIds every implicated entry id, in timeline order (may repeat an id shared by
 *     several entries)
 * @param detail one human sentence naming the violated property
 * @param providerError the provider's error text this finding prevents, or {@code null}
 * @param facet what exactly was found, e.g. {@link Facet#CONSECUTIVE_ROLE}; its wire name is what
 *     results carry
 */
public record Finding(
        String ruleId, String ruleType, Severity severity, String profile, List<String> primitiveIds, String detail,
        String providerError, Facet facet) {

    /** Validates and copies the fields. */
    public Finding {
        Require.nonBlank(ruleId, "ruleId");
        Require.nonBlank(ruleType, "ruleType");
        Require.nonNull(severity, "severity");
        Require.nonBlank(profile, "profile");
        // ids a rule collected into an IdList are immutable already; anything else is copied
        primitiveIds = primitiveIds instanceof IdList ? primitiveIds
                : List.copyOf(Require.nonNull(primitiveIds, "primitiveIds"));
        Require.nonNull(detail, "detail");
        Require.nonNull(facet, "facet");
    }

    /**
     * Returns whether the finding blocks the dispatch.
     *
     * @return {@code true} for blocking findings
     */
    public boolean isBlocking() {
        return severity == Severity.BLOCKING;
    }

    /**
     * Returns a key identifying the violation: rule id and implicated ids.
     *
     * @return the key
     */
    public String key() {
        return ruleId + ":" + String.join(",", primitiveIds);
    }

    @Override
    public String toString() {
        return "[" + severity.wireName() + "] " + ruleId + " (" + ruleType + ", " + profile + "): " + detail;
    }
}
