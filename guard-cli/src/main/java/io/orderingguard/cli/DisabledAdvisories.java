package io.orderingguard.cli;

import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.support.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks the {@code --disable-advisory} ids of {@code guard check}: each must name a rule the run can
 * report, or the option would silently do nothing (a typo such as {@code anthropic-role-alternaton}).
 * The known ids are those of the profiles given with {@code -p} and {@code --profile-file}, or, when
 * the profile is chosen from each document's model, those of every shipped behaviour and family; the
 * guard's own findings ({@value OrderingGuard#STASH_UNAVAILABLE}, {@value ProfileSelection#FINDING_RULE_ID})
 * are always known.
 */
final class DisabledAdvisories {

    private DisabledAdvisories() {}

    /**
     * Returns the problem of the first unknown id.
     *
     * @param disabled the {@code --disable-advisory} values
     * @param profileNames the {@code -p} names (already accepted by the guard)
     * @param profileFiles the profiles read from {@code --profile-file}
     * @return one line with a "did you mean" for the first unknown id, or empty when every id is known
     */
    static Optional<String> problem(List<String> disabled, List<String> profileNames, List<OrderingProfile> profileFiles) {
        if (disabled.isEmpty()) {
            return Optional.empty();
        }
        boolean fixed = !profileNames.isEmpty() || !profileFiles.isEmpty();
        Set<String> known = new LinkedHashSet<>();
        if (fixed) {
            profileNames.forEach(name -> Profiles.find(name).ifPresent(p -> addIds(known, p)));
            profileFiles.forEach(p -> addIds(known, p));
        } else {
            for (CatalogEntry e : Profiles.families()) {
                addIds(known, e.profile());
            }
            for (CatalogEntry e : Profiles.behaviours()) {
                addIds(known, e.profile());
            }
        }
        known.add(OrderingGuard.STASH_UNAVAILABLE);
        known.add(ProfileSelection.FINDING_RULE_ID);
        for (String id : disabled) {
            if (!known.contains(id)) {
                String scope = fixed ? "no rule of the selected profiles has this id"
                        : "no rule of any shipped profile has this id";
                String hint = Suggestions.didYouMean(id, new ArrayList<>(known));
                return Optional.of("--disable-advisory '" + id + "': " + scope
                        + (hint.isEmpty() ? " (guard profiles NAME lists a profile's rule ids)" : hint));
            }
        }
        return Optional.empty();
    }

    private static void addIds(Set<String> known, OrderingProfile profile) {
        for (OrderingRule rule : profile.rules()) {
            known.add(rule.id());
        }
    }
}
