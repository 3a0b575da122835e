package io.orderingguard.policy;

import java.util.List;
import java.util.Objects;

/**
 * The gate's verdict on one call of a trace, given the calls before it.
 *
 * @param index the 0-based position of the call
 * @param call the call
 * @param violations the rules this call newly violated (empty when allowed)
 */
public record StepVerdict(int index, ToolInvocation call, List<RuleEvaluation> violations) {

    /** Validates and copies the fields. */
    public StepVerdict {
        if (index < 0) {
            throw new IllegalArgumentException("index must be >= 0, but was " + index);
        }
        Objects.requireNonNull(call, "call must not be null");
        violations = List.copyOf(violations);
    }

    /**
     * Returns whether the gate would have blocked this call.
     *
     * @return {@code true} when it violated a rule
     */
    public boolean blocked() {
        return !violations.isEmpty();
    }
}
