package io.orderingguard.profiles;

import io.orderingguard.support.Require;
import io.orderingguard.rule.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * A rule of the shipped catalogue whose provider error a text matches.
 *
 * @param ruleId the rule id, e.g. {@code anthropic-tool-use-has-result}
 * @param ruleType the rule type, e.g. {@code toolResultPairing}
 * @param strength how much of the provider error the text holds
 * @param coverage how many characters of the provider error (in normal form, values excluded) matched;
 *     the tie-breaker within a strength
 * @param span where in {@link ErrorClassification#text()} it matched
 * @param providerError the rule's provider error, as the catalogue holds it
 * @param source the rule's source: the provider rule and the public reports quoting the error
 * @param families the shipped families that hold the rule, provider-grounded first
 * @param advice the cause, the fix and what mutate mode does
 */
public record ErrorMatch(String ruleId, String ruleType, MatchStrength strength, int coverage, ErrorSpan span,
        String providerError, String source, List<HoldingFamily> families, ErrorAdvice advice) {

    /** Validates and copies the fields. */
    public ErrorMatch {
        Require.nonBlank(ruleId, "ruleId");
        Require.nonBlank(ruleType, "ruleType");
        Require.nonNull(strength, "strength");
        Require.argument(coverage > 0, "coverage must be > 0, but was " + coverage);
        Require.nonNull(span, "span");
        Require.nonBlank(providerError, "providerError");
        families = List.copyOf(Require.nonNull(families, "families"));
        Require.nonNull(advice, "advice");
    }

    /**
     * Returns the families where the rule blocks: a {@code guard check -p FAMILY} of the request would
     * have rejected (or, in mutate mode, repaired) it.
     *
     * @return the family keys, provider-grounded first
     */
    public List<String> blockingIn() {
        List<String> keys = new ArrayList<>();
        for (HoldingFamily f : families) {
            if (f.severity() == Severity.BLOCKING) {
                keys.add(f.family());
            }
        }
        return List.copyOf(keys);
    }

    /**
     * Returns whether this match ranks the same as another.
     *
     * @param other another match
     * @return {@code true} for the same strength and coverage
     */
    boolean ranksWith(ErrorMatch other) {
        return strength == other.strength && coverage == other.coverage;
    }
}
