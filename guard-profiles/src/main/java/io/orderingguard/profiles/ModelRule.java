package io.orderingguard.profiles;

import io.orderingguard.support.Require;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One row of the model table: model ids matching {@code pattern} (a regular expression searched in
 * the lower-cased id), reached through one of {@code providers}, belong to {@code family}.
 *
 * @param providers the canonical providers (API surfaces) the row applies to, e.g. {@code anthropic},
 *     {@code bedrock}; empty for any provider
 * @param requiresProvider whether the row applies only when the dispatch names one of
 *     {@code providers} (for patterns that do not identify the surface by themselves)
 * @param pattern the regular expression, searched (not fully matched) in the lower-cased model id
 * @param family the family key
 * @param confidence how sure the row is
 * @param note why the row says so
 */
public record ModelRule(Set<String> providers, boolean requiresProvider, String pattern, String family,
        Confidence confidence, String note) {

    /** Validates and copies the fields. */
    public ModelRule {
        providers = Set.copyOf(Require.nonNull(providers, "providers"));
        Require.argument(!requiresProvider || !providers.isEmpty(),
                "requiresProvider needs at least one provider, but row '" + pattern + "' has none");
        Require.nonBlank(pattern, "pattern");
        try {
            Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("pattern must be a regular expression, but '" + pattern + "' is not: "
                    + e.getDescription(), e);
        }
        Require.nonBlank(family, "family");
        Require.nonNull(confidence, "confidence");
        note = note == null ? "" : note;
    }
}
