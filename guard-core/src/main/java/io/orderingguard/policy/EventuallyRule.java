package io.orderingguard.policy;

import java.util.List;

/**
 * {@code eventually}: a tool must be called within the first {@code within} calls of the trace, at
 * a 0-based index below {@code within} (1-based position at most {@code within}).
 *
 * <ul>
 *   <li>first matching call at index p: held when {@code p < within}, spanning {@code [p]}; else
 *       violated, spanning {@code [p]}.</li>
 *   <li>no matching call and the trace is at least {@code within} long: violated, spanning every
 *       call; the window closed inside the trace, so this holds in both extents.</li>
 *   <li>no matching call in a shorter trace: violated for a complete run; not exercised for a
 *       partial one (the deadline has not passed yet).</li>
 * </ul>
 *
 * <pre>{@code
 * SequenceRule.eventually("ValidateOutput", 5)
 * // [Step1, Step2, Step3, Step4, ValidateOutput] holds; ten steps without it are violated
 * }</pre>
 *
 * @param tool the tool that must come
 * @param within the deadline, {@code >= 1}
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code eventually:{tool}@{within}}
 */
public record EventuallyRule(CallSelector tool, int within, Condition when, String id) implements SequenceRule {

    /** Validates the fields. */
    public EventuallyRule {
        RuleSupport.operand(tool, "tool");
        if (within < 1) {
            throw new InvalidRuleException("within", "within must be >= 1, but was " + within
                    + " (an eventually rule with within " + within + " can never hold)");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "eventually:" + tool.display() + "@" + within);
    }

    @Override
    public String defaultId() {
        return "eventually:" + tool.display() + "@" + within;
    }

    @Override
    public RuleKind kind() {
        return RuleKind.EVENTUALLY;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of(tool);
    }

    @Override
    public String describe() {
        return tool.display() + " within the first " + RuleSupport.calls(within);
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        String name = tool.display();
        int p = trace.first(tool);
        int n = trace.size();
        if (p >= 0) {
            if (p < within) {
                return RuleEvaluation.held(this, List.of(p));
            }
            return RuleEvaluation.violated(this, List.of(p),
                    "tool '" + name + "' appeared at index " + p + " but must appear within first " + within + " calls",
                    Diagnosis.at(p, trace.name(p) + " first called at position " + (p + 1) + ", after the first "
                            + RuleSupport.calls(within), suggestion()));
        }
        if (n >= within) {
            return RuleEvaluation.violated(this, trace.allIndices(),
                    "tool '" + name + "' required within first " + within + " calls but not found (trace length: " + n + ")",
                    Diagnosis.at(within - 1, name + " not called in the first " + RuleSupport.calls(within)
                            + "; the deadline passed at position " + within, suggestion()));
        }
        if (extent == Extent.COMPLETE) {
            return RuleEvaluation.violated(this, trace.allIndices(),
                    "tool '" + name + "' required within the first " + within + " calls but the run ended after "
                            + n + " without it",
                    Diagnosis.unplaced(name + " never called; the run ended after " + RuleSupport.calls(n), suggestion()));
        }
        return RuleEvaluation.notExercised(this, trace.allIndices(),
                "'" + name + "' has not appeared and the trace is " + n + " call(s) long, still within the "
                        + within + "-call deadline");
    }

    private String suggestion() {
        return "Call " + tool.display() + " within the first " + RuleSupport.calls(within);
    }

    @Override
    public EventuallyRule withId(String newId) {
        return new EventuallyRule(tool, within, when, newId);
    }

    @Override
    public EventuallyRule withWhen(Condition newWhen) {
        return new EventuallyRule(tool, within, newWhen, hasExplicitId() ? id : null);
    }
}
