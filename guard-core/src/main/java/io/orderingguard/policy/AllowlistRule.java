package io.orderingguard.policy;

import java.util.List;

/**
 * {@code allowlist}: every call must match one of the listed selectors (tool names, aliases, or
 * selectors with {@code args_match}).
 *
 * <ul>
 *   <li>some call matches none: violated, spanning every such call, the reason naming the first.</li>
 *   <li>otherwise: held, spanning every call (an empty trace holds with an empty span).</li>
 * </ul>
 * Both extents decide alike.
 *
 * <pre>{@code
 * SequenceRule.allowlist("GetCustomer", "UpdateCustomer")
 * // [GetCustomer, UpdateCustomer] holds; [GetCustomer, DeleteCustomer] is violated
 * }</pre>
 *
 * @param tools the allowed selectors, at least one
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code allowlist:{a,b,…}}
 */
public record AllowlistRule(List<CallSelector> tools, Condition when, String id) implements SequenceRule {

    /** Validates and copies the fields. */
    public AllowlistRule {
        tools = RuleSupport.operands(tools, "tools");
        if (tools.isEmpty()) {
            throw new InvalidRuleException("tools", "tools must name at least 1 tool, but was empty "
                    + "(an empty allowlist would forbid every call)");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "allowlist:" + RuleSupport.join(tools, ","));
    }

    @Override
    public String defaultId() {
        return "allowlist:" + RuleSupport.join(tools, ",");
    }

    @Override
    public RuleKind kind() {
        return RuleKind.ALLOWLIST;
    }

    @Override
    public List<CallSelector> selectors() {
        return tools;
    }

    @Override
    public String describe() {
        return "only " + RuleSupport.join(tools, ", ") + " called";
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        IndexList.Builder outside = new IndexList.Builder();
        for (int i = 0; i < trace.size(); i++) {
            if (!allowed(trace, i)) {
                outside.add(i);
            }
        }
        if (outside.isEmpty()) {
            return RuleEvaluation.held(this, trace.allIndices());
        }
        int p = outside.get(0);
        String name = trace.name(p);
        String list = RuleSupport.join(tools, ", ");
        return RuleEvaluation.violated(this, outside.build(),
                "tool '" + name + "' at index " + p + " is not in the allowlist (" + list + ")",
                Diagnosis.at(p, name + " called at position " + (p + 1) + ", which the allowlist does not name",
                        "Remove the " + name + " call, or add " + name + " to the allowlist"));
    }

    private boolean allowed(CallTrace trace, int index) {
        for (CallSelector tool : tools) {
            if (trace.matches(index, tool)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public AllowlistRule withId(String newId) {
        return new AllowlistRule(tools, when, newId);
    }

    @Override
    public AllowlistRule withWhen(Condition newWhen) {
        return new AllowlistRule(tools, newWhen, hasExplicitId() ? id : null);
    }
}
