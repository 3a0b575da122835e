package io.orderingguard.policy;

/**
 * The three-valued verdict of one sequence rule over one trace. Not to be confused with
 * {@link io.orderingguard.Outcome}, the verdict of the ordering guard on a whole dispatch (passed,
 * repaired, rejected): a {@code toolPolicy} ordering rule turns each {@link #VIOLATED} sequence rule
 * into one finding of that verdict.
 */
public enum RuleOutcome {
    /** The rule was exercised by the trace and holds. */
    HELD("held"),
    /** The rule is broken by the trace. */
    VIOLATED("violated"),
    /**
     * The rule never got to decide: its antecedent never occurred, its {@code when:} condition does
     * not hold, or (partial extent) the trace may still satisfy it. Not a failure, and not a pass
     * that exercised anything either.
     */
    NOT_EXERCISED("not_exercised");

    private final String wireName;

    RuleOutcome(String wireName) {
        this.wireName = wireName;
    }

    /**
     * Returns the name used in reports.
     *
     * @return {@code held}, {@code violated} or {@code not_exercised}
     */
    public String wireName() {
        return wireName;
    }
}
