package io.orderingguard.spi;

import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.timeline.Dispatch;
import java.util.List;
import java.util.Set;

/**
 * Chooses the profiles for a dispatch, typically from its provider and model id. Implementations
 * must be thread-safe and should be cheap (the guard calls it on every dispatch).
 */
@FunctionalInterface
public interface ProfileSelector {

    /**
     * Chooses profiles.
     *
     * @param dispatch the dispatch
     * @return the profiles, at least one
     * @throws io.orderingguard.GuardConfigException when no profile fits the model and no fallback
     *     was configured
     */
    List<OrderingProfile> select(Dispatch dispatch);

    /**
     * Chooses profiles and says why. The guard calls this method; the default wraps
     * {@link #select(Dispatch)} with a generic reason, and selectors that know more (the shipped
     * model selector: the table row, the request options, what was inferred, a fallback) override
     * it.
     *
     * @param dispatch the dispatch
     * @return the selection
     * @throws IllegalArgumentException when {@link #select(Dispatch)} chose no profile (the guard
     *     reports it as a {@code GuardConfigException} naming the provider and model)
     */
    default ProfileSelection choose(Dispatch dispatch) {
        List<OrderingProfile> profiles = select(dispatch);
        return ProfileSelection.of(profiles == null ? List.of() : profiles,
                "chosen by the application's profile selector");
    }

    /**
     * Returns the id of every rule this selector's profiles can contain, so that the guard can name a
     * mistyped id given to {@code disableAdvisoryRuleIds} when it is built. The default answers with
     * every rule of the profile catalogues on the class path; a selector choosing profiles from
     * elsewhere (its own files) overrides it.
     *
     * @return the rule ids
     */
    default Set<String> ruleIds() {
        return ProfileCatalog.ruleIdsOnClassPath();
    }
}
