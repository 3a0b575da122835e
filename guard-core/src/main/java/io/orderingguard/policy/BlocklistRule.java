package io.orderingguard.policy;

import java.util.List;

/**
 * {@code blocklist}: no tool whose name contains {@code pattern} may be called. Matching is a plain,
 * case-sensitive substring test on the tool name: no aliases, no arguments, and {@code *} is a
 * literal character (so {@code admin_} blocks every tool starting with it).
 *
 * <ul>
 *   <li>any match: violated, spanning every matching call, the reason naming the first.</li>
 *   <li>none: held, spanning every call (the rule read the whole trace).</li>
 * </ul>
 * Both extents decide alike.
 *
 * <pre>{@code
 * SequenceRule.blocklist("admin_delete")
 * // [GetCustomer, UpdateCustomer] holds; [GetCustomer, admin_delete] is violated
 * }</pre>
 *
 * @param pattern the substring, not blank
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code blocklist:{pattern}}
 */
public record BlocklistRule(String pattern, Condition when, String id) implements SequenceRule {

    /** Validates the fields. */
    public BlocklistRule {
        java.util.Objects.requireNonNull(pattern, "pattern must not be null");
        if (pattern.isBlank()) {
            throw new InvalidRuleException("pattern", "pattern must not be blank, but was '" + pattern
                    + "' (a blank pattern would block every tool)");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "blocklist:" + pattern);
    }

    @Override
    public String defaultId() {
        return "blocklist:" + pattern;
    }

    @Override
    public RuleKind kind() {
        return RuleKind.BLOCKLIST;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of();
    }

    @Override
    public String describe() {
        return "no tool whose name contains '" + pattern + "'";
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        IndexList.Builder hits = new IndexList.Builder();
        for (int i = 0; i < trace.size(); i++) {
            if (trace.name(i).contains(pattern)) {
                hits.add(i);
            }
        }
        if (hits.isEmpty()) {
            return RuleEvaluation.held(this, trace.allIndices());
        }
        int p = hits.get(0);
        String name = trace.name(p);
        String more = hits.size() == 1 ? "" : " (" + (hits.size() - 1) + " more blocked call"
                + (hits.size() == 2 ? "" : "s") + " follow)";
        return RuleEvaluation.violated(this, hits.build(),
                "tool '" + name + "' matches blocklist pattern '" + pattern + "'",
                Diagnosis.at(p, name + " called at position " + (p + 1) + more,
                        "Remove the " + name + " call: no tool whose name contains '" + pattern + "' may be called"));
    }

    @Override
    public BlocklistRule withId(String newId) {
        return new BlocklistRule(pattern, when, newId);
    }

    @Override
    public BlocklistRule withWhen(Condition newWhen) {
        return new BlocklistRule(pattern, newWhen, hasExplicitId() ? id : null);
    }
}
