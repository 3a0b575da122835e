package io.orderingguard;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.timeline.Dispatch;

/**
 * Receives events from a guard: each finding, each repair, each rejection, and each result. All
 * methods default to doing nothing. A listener that throws is logged and ignored: observers never
 * change a verdict.
 *
 * <p>Implementations must be thread-safe: a guard serves concurrent dispatches.
 */
public interface GuardListener {

    /**
     * Called for every finding (blocking and advisory) of the input.
     *
     * @param finding the finding
     * @param dispatch the dispatch checked
     */
    default void onFinding(Finding finding, Dispatch dispatch) {}

    /**
     * Called for every repair applied.
     *
     * @param repair the repair
     * @param dispatch the dispatch checked
     */
    default void onRepair(Repair repair, Dispatch dispatch) {}

    /**
     * Called when a dispatch is rejected.
     *
     * @param result the result
     */
    default void onRejection(GuardResult result) {}

    /**
     * Called once per check with the result.
     *
     * @param result the result
     */
    default void onResult(GuardResult result) {}

    /**
     * Called when the provider's answer to a guarded request is known (see
     * {@link OrderingGuard#answered(GuardResult, ProviderAnswer)}): the hook for verdict counters and
     * exchange logs.
     *
     * @param verdict the check joined with the answer
     * @param result the check of the request that was sent
     */
    default void onVerdict(Verdict verdict, GuardResult result) {}
}
