package io.orderingguard.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdicts of every rule of a policy over one trace.
 *
 * @param policyName the policy's name
 * @param extent the extent the trace was evaluated with
 * @param calls the calls evaluated
 * @param rules the rules, in policy order
 * @param evaluations one verdict per rule, in the same order
 */
public record PolicyReport(
        String policyName, Extent extent, List<ToolInvocation> calls, List<SequenceRule> rules,
        List<RuleEvaluation> evaluations) {

    /** Validates and copies the fields. */
    public PolicyReport {
        Objects.requireNonNull(policyName, "policyName must not be null");
        Objects.requireNonNull(extent, "extent must not be null");
        calls = List.copyOf(calls);
        rules = List.copyOf(rules);
        evaluations = List.copyOf(evaluations);
        if (rules.size() != evaluations.size()) {
            throw new IllegalArgumentException("evaluations must have one entry per rule, but there were "
                    + rules.size() + " rules and " + evaluations.size() + " evaluations");
        }
    }

    /**
     * Returns whether no rule is violated.
     *
     * @return {@code true} when the trace passes
     */
    public boolean passed() {
        return firstViolation().isEmpty();
    }

    /**
     * Returns whether at least one rule was exercised (held or violated). A passing report in which
     * every rule was {@link RuleOutcome#NOT_EXERCISED} asserted nothing about this trace.
     *
     * @return {@code false} when there are rules and none was exercised
     */
    public boolean exercised() {
        if (evaluations.isEmpty()) {
            return true;
        }
        for (RuleEvaluation evaluation : evaluations) {
            if (evaluation.outcome() != RuleOutcome.NOT_EXERCISED) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the violated rules' verdicts.
     *
     * @return the violations in rule order
     */
    public List<RuleEvaluation> violations() {
        List<RuleEvaluation> violated = new ArrayList<>();
        for (RuleEvaluation evaluation : evaluations) {
            if (evaluation.isViolated()) {
                violated.add(evaluation);
            }
        }
        return violated;
    }

    /**
     * Returns the first violated rule's verdict.
     *
     * @return the first violation in rule order
     */
    public Optional<RuleEvaluation> firstViolation() {
        for (RuleEvaluation evaluation : evaluations) {
            if (evaluation.isViolated()) {
                return Optional.of(evaluation);
            }
        }
        return Optional.empty();
    }

    /**
     * Pairs every rule with its verdict.
     *
     * @return the verdicts in rule order
     */
    public List<Verdict> verdicts() {
        List<Verdict> verdicts = new ArrayList<>(rules.size());
        for (int i = 0; i < rules.size(); i++) {
            verdicts.add(new Verdict(rules.get(i), evaluations.get(i)));
        }
        return verdicts;
    }

    /**
     * A rule with its verdict.
     *
     * @param rule the rule
     * @param evaluation its verdict
     */
    public record Verdict(SequenceRule rule, RuleEvaluation evaluation) {

        /** Validates the fields. */
        public Verdict {
            Objects.requireNonNull(rule, "rule must not be null");
            Objects.requireNonNull(evaluation, "evaluation must not be null");
        }
    }
}
