package io.orderingguard.policy;

/**
 * The three-valued verdict of one rule over one trace.
 */
public enum Outcome {
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

    Outcome(String wireName) {
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
