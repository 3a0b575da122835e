package io.orderingguard.internal;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.FindingSink;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Facet;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.RuleContext;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Surface;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Runs the rules of the composed profiles over one context and collects the findings, split by
 * severity. Allocates nothing for a passing check beyond the context. Not public API.
 *
 * <p>Not thread-safe: one instance per check.
 */
public final class Evaluator implements FindingSink, Predicate<OrderingRule> {

    private final Set<String> disabledAdvisories;
    private String profile;
    // which rules the current evaluate() runs (see test)
    private boolean stateless;
    private boolean stateful;
    private Surface surface;
    private List<Finding> blocking;
    private List<Finding> advisories;

    private Evaluator(Set<String> disabledAdvisories) {
        this.disabledAdvisories = disabledAdvisories;
    }

    /**
     * Evaluates profiles.
     *
     * @param units the profiles to evaluate (after composition)
     * @param context the context
     * @param disabledAdvisories advisory rule ids to drop
     * @param stateless whether to run stateless rules
     * @param stateful whether to run preservation rules
     * @return the evaluator holding the findings
     */
    public static Evaluator run(List<OrderingProfile> units, RuleContext context, Set<String> disabledAdvisories,
            boolean stateless, boolean stateful) {
        Evaluator e = new Evaluator(disabledAdvisories);
        e.evaluate(units, context, stateless, stateful);
        return e;
    }

    /**
     * Evaluates more rules into this evaluator.
     *
     * @param units the profiles
     * @param context the context
     * @param stateless whether to run stateless rules
     * @param stateful whether to run preservation rules
     */
    public void evaluate(List<OrderingProfile> units, RuleContext context, boolean stateless, boolean stateful) {
        this.stateless = stateless;
        this.stateful = stateful;
        this.surface = context.dispatch().surface();
        for (int u = 0; u < units.size(); u++) {
            OrderingProfile unit = units.get(u);
            profile = unit.name();
            context.check(unit.rules(), this, this);
        }
    }

    /**
     * Returns whether the current evaluation runs a rule: stateless or preservation as asked, and applying
     * on the dispatch's surface.
     *
     * @param rule the rule
     * @return {@code true} when it runs
     */
    @Override
    public boolean test(OrderingRule rule) {
        return (rule.stateful() ? stateful : stateless) && rule.appliesOn(surface);
    }

    @Override
    public void report(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
        Severity severity = rule.severity();
        if (severity == Severity.ADVISORY && disabledAdvisories.contains(rule.id())) {
            return;
        }
        Finding f = new Finding(rule.id(), rule.type(), severity, profile, primitiveIds, detail,
                rule.provenance().providerError(), facet);
        add(f);
    }

    @Override
    public void reportAdvisory(OrderingRule rule, Facet facet, List<String> primitiveIds, String detail) {
        if (disabledAdvisories.contains(rule.id())) {
            return;
        }
        add(new Finding(rule.id(), rule.type(), Severity.ADVISORY, profile, primitiveIds, detail,
                rule.provenance().providerError(), facet));
    }

    /**
     * Adds a finding made outside the rules (e.g. the stash being unavailable).
     *
     * @param f the finding
     */
    public void add(Finding f) {
        if (f.isBlocking()) {
            if (blocking == null) {
                blocking = new ArrayList<>();
            }
            blocking.add(f);
        } else {
            if (advisories == null) {
                advisories = new ArrayList<>();
            }
            advisories.add(f);
        }
    }

    /**
     * Returns the blocking findings.
     *
     * @return the findings, possibly empty
     */
    public List<Finding> blocking() {
        return blocking == null ? List.of() : blocking;
    }

    /**
     * Returns the advisory findings.
     *
     * @return the findings, possibly empty
     */
    public List<Finding> advisories() {
        return advisories == null ? List.of() : advisories;
    }
}
