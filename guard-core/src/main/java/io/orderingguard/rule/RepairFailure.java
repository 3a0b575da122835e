package io.orderingguard.rule;

import io.orderingguard.support.Require;
import java.util.List;

/**
 * A repair that was planned but could not be applied, e.g. a renaming strategy that produced
 * colliding ids. Its finding stays unrepaired.
 *
 * @param strategy the strategy attempted
 * @param ruleId the rule whose finding it targeted
 * @param primitiveIds the ids involved
 * @param message why it failed
 */
public record RepairFailure(RepairStrategy strategy, String ruleId, List<String> primitiveIds, String message) {

    /** Validates and copies the fields. */
    public RepairFailure {
        Require.nonNull(strategy, "strategy");
        Require.nonBlank(ruleId, "ruleId");
        primitiveIds = List.copyOf(Require.nonNull(primitiveIds, "primitiveIds"));
        Require.nonNull(message, "message");
    }
}
