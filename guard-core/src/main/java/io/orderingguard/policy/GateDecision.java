package io.orderingguard.policy;

import java.util.List;
import java.util.Objects;

/**
 * Whether a next tool call may run, given the history (see {@link ToolCallGate}).
 *
 * <p>The gate fails closed: {@link #allowed()} is {@code false} when any rule is violated by the
 * history plus the next call, including a violation the history already carried (which only happens
 * when earlier calls were not gated). {@link #newViolations()} lists the rules the next call itself
 * would break.
 *
 * @param allowed whether the call may run
 * @param next the call asked about
 * @param position the 0-based position the call would take (the history's length)
 * @param violations every rule violated by the history plus the call
 * @param newViolations the subset the history alone did not violate
 * @param report the full partial-extent report over the history plus the call
 */
public record GateDecision(
        boolean allowed, ToolInvocation next, int position, List<RuleEvaluation> violations,
        List<RuleEvaluation> newViolations, PolicyReport report) {

    /** Validates and copies the fields. */
    public GateDecision {
        Objects.requireNonNull(next, "next must not be null");
        violations = List.copyOf(violations);
        newViolations = List.copyOf(newViolations);
        Objects.requireNonNull(report, "report must not be null");
        if (allowed != violations.isEmpty()) {
            throw new IllegalArgumentException("allowed must be true exactly when there are no violations, but allowed was "
                    + allowed + " with " + violations.size() + " violation(s)");
        }
    }

    /**
     * Returns whether a violation is caused by the next call rather than carried by the history.
     *
     * @param violation one of {@link #violations()}
     * @return {@code true} when the history alone did not violate that rule
     */
    public boolean causedByNext(RuleEvaluation violation) {
        for (RuleEvaluation candidate : newViolations) {
            if (candidate == violation) {
                return true;
            }
        }
        return false;
    }
}
