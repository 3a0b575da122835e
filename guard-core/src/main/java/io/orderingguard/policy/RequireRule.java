package io.orderingguard.policy;

import java.util.List;

/**
 * {@code require}: the trace must call a tool at least once.
 *
 * <ul>
 *   <li>Calls match: {@link RuleOutcome#HELD}, spanning every matching call.</li>
 *   <li>No call matches, complete extent (also an empty trace): violated, spanning nothing, reason
 *       {@code required tool '{tool}' not found in trace}.</li>
 *   <li>No call matches, partial extent: not exercised, because the rest of the run may still call
 *       the tool (the reference checker reports a violation here; a live gate must not).</li>
 * </ul>
 *
 * <pre>{@code
 * SequenceRule.require("VerifyIdentity")
 * // [GetCustomer, VerifyIdentity, UpdateCustomer] holds; [GetCustomer, UpdateCustomer] is violated
 * }</pre>
 *
 * @param tool the required tool
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code require:{tool}}
 */
public record RequireRule(CallSelector tool, Condition when, String id) implements SequenceRule {

    /** Validates the fields. */
    public RequireRule {
        RuleSupport.operand(tool, "tool");
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "require:" + tool.display());
    }

    @Override
    public String defaultId() {
        return "require:" + tool.display();
    }

    @Override
    public RuleKind kind() {
        return RuleKind.REQUIRE;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of(tool);
    }

    @Override
    public String describe() {
        return tool.display() + " called at least once";
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        List<Integer> hits = trace.indices(tool);
        if (!hits.isEmpty()) {
            return RuleEvaluation.held(this, hits);
        }
        String name = tool.display();
        if (extent == Extent.PARTIAL) {
            return RuleEvaluation.notExercised(this, List.of(),
                    "'" + name + "' has not been called yet, and the rest of the run may still call it");
        }
        return RuleEvaluation.violated(this, List.of(), "required tool '" + name + "' not found in trace",
                Diagnosis.unplaced(name + " never called (the trace has " + RuleSupport.calls(trace.size()) + ")",
                        "Add a " + name + " call"));
    }

    @Override
    public RequireRule withId(String newId) {
        return new RequireRule(tool, when, newId);
    }

    @Override
    public RequireRule withWhen(Condition newWhen) {
        return new RequireRule(tool, newWhen, hasExplicitId() ? id : null);
    }
}
