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
     * @param facet what exactly was found, e.g. {@link Facet#CONSECUTIVE_ROLE} or {@link Facet#UNANSWERED}
     * @param primitiveIds every implicated entry id, in timeline order
     * @param detail one human sentence naming the violated property
     */
    void report(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail);
}
