package io.orderingguard.profiles;

import io.orderingguard.support.Require;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link ProviderErrors#classify(String)} found in a provider's error text.
 *
 * @param text the error text read: the input, or the messages taken out of its JSON error envelope, one
 *     per line; every {@link ErrorSpan} points into it
 * @param matches the matching rules, best first (by {@link MatchStrength}, then coverage); empty when no
 *     rule of the shipped catalogue matches
 */
public record ErrorClassification(String text, List<ErrorMatch> matches) {

    /** Validates and copies the fields. */
    public ErrorClassification {
        Require.nonNull(text, "text");
        matches = List.copyOf(Require.nonNull(matches, "matches"));
    }

    /**
     * Returns whether no rule matches.
     *
     * @return {@code true} for an unknown error
     */
    public boolean isEmpty() {
        return matches.isEmpty();
    }

    /**
     * Returns the best-ranked matches: every match as strong and as long as the first. Rules whose
     * provider errors are the same text (the same check in several families, or a user and an assistant
     * variant of one check) rank together.
     *
     * @return the top matches, empty when none
     */
    public List<ErrorMatch> top() {
        List<ErrorMatch> top = new ArrayList<>();
        for (ErrorMatch m : matches) {
            if (!top.isEmpty() && !m.ranksWith(top.get(0))) {
                break;
            }
            top.add(m);
        }
        return List.copyOf(top);
    }

    /**
     * Returns the ids of the matching rules, best first.
     *
     * @return the rule ids
     */
    public List<String> ruleIds() {
        List<String> ids = new ArrayList<>();
        matches.forEach(m -> ids.add(m.ruleId()));
        return List.copyOf(ids);
    }
}
