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

    /**
     * Reports one finding as advisory whatever the rule's severity: for a breach the rule cannot
     * confirm because the timeline lacks the detail (e.g. wire message boundaries are unknown), so
     * the guard warns instead of blocking a request the provider may accept.
     *
     * @param rule the rule that found it
     * @param facet what exactly was found
     * @param primitiveIds every implicated entry id, in timeline order
     * @param detail one human sentence naming the suspected property and what is unknown
     */
    default void reportAdvisory(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
        report(rule.severity() == Severity.ADVISORY ? rule : rule.withSeverity(Severity.ADVISORY),
                facet, primitiveIds, detail);
    }
}
