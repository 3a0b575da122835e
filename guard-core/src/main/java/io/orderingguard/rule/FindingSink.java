package io.orderingguard.rule;

import java.util.List;

/**
 * Receives the findings of a rule check. The evaluator implements it and attaches the profile name,
 * severity and provider error; rules only say which entries are implicated and why.
 */
public interface FindingSink {

    /**
     * Reports one finding of a rule.
     *
     * @param rule the rule that found it
     * @param facet a short machine-readable sub-kind, e.g. {@code consecutive-role} or {@code unanswered}
     * @param primitiveIds every implicated entry id, in timeline order
     * @param detail one human sentence naming the violated property
     */
    void report(OrderingRule rule, String facet, List<String> primitiveIds, String detail);
}
