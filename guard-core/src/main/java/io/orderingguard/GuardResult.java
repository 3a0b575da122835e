package io.orderingguard;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairFailure;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.util.List;

/**
 * The whole verdict on one dispatch. {@code check} always returns one; it never throws for findings.
 *
 * @param outcome passed, repaired or rejected
 * @param mode the mode the verdict was reached in: {@code ENFORCE} or {@code MUTATE} (a guard built with
 *     {@code Mode.SHADOW} judges as enforce does, so its results say {@code ENFORCE} and {@code shadow})
 * @param shadow whether the guard only observed (shadow mode sends the input unchanged whatever the
 *     outcome says)
 * @param profile the name of the profile evaluated (names joined with {@code ", "} under
 *     {@code EACH})
 * @param dispatch what is sent: the input, or the repaired dispatch; for a rejected dispatch, the
 *     input with whatever repairs were applied
 * @param blocking the blocking findings of the input as received
 * @param advisories the advisory findings (minus disabled rule ids)
 * @param repairs the repairs applied, in order
 * @param unrepaired the blocking findings still present in {@code dispatch}
 * @param repairFailures repairs that could not be applied
 * @param selection which profiles were chosen and why (for fixed profiles: the configured ones)
 */
public record GuardResult(
        Outcome outcome,
        Mode mode,
        boolean shadow,
        String profile,
        Dispatch dispatch,
        List<Finding> blocking,
        List<Finding> advisories,
        List<Repair> repairs,
        List<Finding> unrepaired,
        List<RepairFailure> repairFailures,
        ProfileSelection selection) {

    /** Validates and copies the fields. */
    public GuardResult {
        Require.nonNull(outcome, "outcome");
        Require.nonNull(mode, "mode");
        Require.nonNull(profile, "profile");
        Require.nonNull(dispatch, "dispatch");
        blocking = List.copyOf(Require.nonNull(blocking, "blocking"));
        advisories = List.copyOf(Require.nonNull(advisories, "advisories"));
        repairs = List.copyOf(Require.nonNull(repairs, "repairs"));
        unrepaired = List.copyOf(Require.nonNull(unrepaired, "unrepaired"));
        repairFailures = List.copyOf(Require.nonNull(repairFailures, "repairFailures"));
        Require.nonNull(selection, "selection");
    }

    /**
     * Returns whether the dispatch goes out (always in shadow mode).
     *
     * @return {@code true} unless rejected outside shadow mode
     */
    public boolean sent() {
        return shadow || outcome != Outcome.REJECTED;
    }

    /**
     * Returns whether the dispatch was rejected.
     *
     * @return {@code true} for {@link Outcome#REJECTED}
     */
    public boolean rejected() {
        return outcome == Outcome.REJECTED;
    }

    /**
     * Returns every finding: blocking first, then advisories.
     *
     * @return the findings
     */
    public List<Finding> findings() {
        if (advisories.isEmpty()) {
            return blocking;
        }
        if (blocking.isEmpty()) {
            return advisories;
        }
        java.util.ArrayList<Finding> all = new java.util.ArrayList<>(blocking);
        all.addAll(advisories);
        return List.copyOf(all);
    }

    /**
     * Returns a copy with another dispatch (e.g. the input's conversation id restored).
     *
     * @param newDispatch the dispatch
     * @return the copy
     */
    public GuardResult withDispatch(Dispatch newDispatch) {
        return new GuardResult(outcome, mode, shadow, profile, newDispatch, blocking, advisories, repairs, unrepaired,
                repairFailures, selection);
    }
}
