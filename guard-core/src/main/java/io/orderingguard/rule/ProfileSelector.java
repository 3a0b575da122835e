package io.orderingguard.rule;

import io.orderingguard.timeline.Dispatch;
import java.util.List;

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
}
