package io.orderingguard.policy;

import java.util.List;
import java.util.Objects;

/**
 * The verdict of one rule over one trace.
 *
 * @param ruleId the rule's id (explicit, or derived such as {@code before:A->B})
 * @param kind the rule kind
 * @param outcome held, violated or not exercised
 * @param spanned the 0-based indices of the calls the rule looked at to decide, in the order the
 *     rule reports them
 * @param reason why the rule did not hold or was not exercised; {@code null} exactly when held
 * @param diagnosis the human explanation; present exactly when violated
 */
public record RuleEvaluation(
        String ruleId, RuleKind kind, RuleOutcome outcome, List<Integer> spanned, String reason, Diagnosis diagnosis) {

    /** Validates and copies the fields. */
    public RuleEvaluation {
        Objects.requireNonNull(ruleId, "ruleId must not be null");
        Objects.requireNonNull(kind, "kind must not be null");
        Objects.requireNonNull(outcome, "outcome must not be null");
        Objects.requireNonNull(spanned, "spanned must not be null");
        spanned = IndexList.copyOf(spanned, "spanned");
        if ((outcome == RuleOutcome.HELD) != (reason == null)) {
            throw new IllegalArgumentException("reason must be null exactly when the outcome is held, but outcome was "
                    + outcome.wireName() + " and reason was " + (reason == null ? "null" : "'" + reason + "'"));
        }
        if ((outcome == RuleOutcome.VIOLATED) != (diagnosis != null)) {
            throw new IllegalArgumentException("diagnosis must be present exactly when the outcome is violated, but outcome was "
                    + outcome.wireName());
        }
    }

    /**
     * Creates a held verdict.
     *
     * @param rule the rule
     * @param spanned the indices looked at
     * @return the verdict
     */
    public static RuleEvaluation held(SequenceRule rule, List<Integer> spanned) {
        return new RuleEvaluation(rule.id(), rule.kind(), RuleOutcome.HELD, spanned, null, null);
    }

    /**
     * Creates a violated verdict.
     *
     * @param rule the rule
     * @param spanned the indices looked at
     * @param reason the reason
     * @param diagnosis the human explanation
     * @return the verdict
     */
    public static RuleEvaluation violated(SequenceRule rule, List<Integer> spanned, String reason, Diagnosis diagnosis) {
        return new RuleEvaluation(rule.id(), rule.kind(), RuleOutcome.VIOLATED, spanned, reason, diagnosis);
    }

    /**
     * Creates a not-exercised verdict.
     *
     * @param rule the rule
     * @param spanned the indices looked at
     * @param reason why the rule did not decide
     * @return the verdict
     */
    public static RuleEvaluation notExercised(SequenceRule rule, List<Integer> spanned, String reason) {
        return new RuleEvaluation(rule.id(), rule.kind(), RuleOutcome.NOT_EXERCISED, spanned, reason, null);
    }

    /**
     * Returns whether the rule is broken.
     *
     * @return {@code true} when violated
     */
    public boolean isViolated() {
        return outcome == RuleOutcome.VIOLATED;
    }
}
