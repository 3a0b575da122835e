package io.orderingguard.policy;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A step-by-step account of a trace under a policy (see {@link SequencePolicy#explain}).
 *
 * @param policy the policy
 * @param steps one verdict per call
 * @param finalReport the verdicts on the finished run ({@link Extent#COMPLETE})
 */
public record TraceExplanation(SequencePolicy policy, List<StepVerdict> steps, PolicyReport finalReport) {

    /** Validates and copies the fields. */
    public TraceExplanation {
        Objects.requireNonNull(policy, "policy must not be null");
        steps = List.copyOf(steps);
        Objects.requireNonNull(finalReport, "finalReport must not be null");
    }

    /**
     * Returns how many calls the gate would have blocked.
     *
     * @return the number of blocked steps
     */
    public int blockedSteps() {
        int blocked = 0;
        for (StepVerdict step : steps) {
            if (step.blocked()) {
                blocked++;
            }
        }
        return blocked;
    }

    /**
     * Returns the first blocked step.
     *
     * @return the step, or empty when none was blocked
     */
    public Optional<StepVerdict> firstBlocked() {
        for (StepVerdict step : steps) {
            if (step.blocked()) {
                return Optional.of(step);
            }
        }
        return Optional.empty();
    }

    /**
     * Returns whether the trace breaks the policy: a step was blocked or the finished run violates
     * a rule (a required tool never came, an obligation was left open).
     *
     * @return {@code true} when anything is violated
     */
    public boolean violated() {
        return blockedSteps() > 0 || !finalReport.passed();
    }
}
