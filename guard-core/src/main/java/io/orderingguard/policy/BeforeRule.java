package io.orderingguard.policy;

import java.util.List;

/**
 * {@code before}: at least one call of {@code first} must come before the first call of
 * {@code then}. Only first occurrences count, so later calls of {@code then} are not checked
 * ({@code [A, B, A]} and {@code [A, B, B]} hold for {@code before A→B}); equivalently, every call of
 * {@code then} has some {@code first} before it.
 *
 * <ul>
 *   <li>{@code then} never called: not exercised.</li>
 *   <li>{@code then} at index t and {@code first} never called: violated, spanning {@code [t]}.</li>
 *   <li>first {@code first} at index f after t: violated, spanning {@code [f, t]}.</li>
 *   <li>otherwise: held, spanning {@code [f, t]}.</li>
 * </ul>
 * Both extents decide alike: a missing {@code first} can no longer be put before a call already made.
 *
 * <pre>{@code
 * SequenceRule.before("GetCustomer", "UpdateCustomer")
 * // [GetCustomer, UpdateCustomer] holds; [UpdateCustomer, GetCustomer] is violated
 * }</pre>
 *
 * @param first the tool that must come first
 * @param then the tool that must not come before it
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code before:{first}->{then}}
 */
public record BeforeRule(CallSelector first, CallSelector then, Condition when, String id) implements SequenceRule {

    /** Validates the fields. */
    public BeforeRule {
        RuleSupport.operand(first, "first");
        RuleSupport.operand(then, "then");
        if (first.equals(then)) {
            throw new InvalidRuleException(null, "a before rule with identical first and then ('" + first.display()
                    + "') cannot constrain a trace");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "before:" + first.display() + "->" + then.display());
    }

    @Override
    public String defaultId() {
        return "before:" + first.display() + "->" + then.display();
    }

    @Override
    public RuleKind kind() {
        return RuleKind.BEFORE;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of(first, then);
    }

    @Override
    public String describe() {
        return first.display() + " before " + then.display();
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        int t = trace.first(then);
        String a = first.display();
        String b = then.display();
        if (t < 0) {
            return RuleEvaluation.notExercised(this, List.of(),
                    "'" + b + "' never appeared, so the ordering was never constrained");
        }
        int f = trace.first(first);
        if (f < 0) {
            return RuleEvaluation.violated(this, List.of(t),
                    "tool '" + b + "' was found (index " + t + ") but required preceding tool '" + a + "' was missing",
                    Diagnosis.at(t, trace.name(t) + " called at position " + (t + 1) + ", but " + a + " never called",
                            "Add " + a + " call before " + b));
        }
        if (f > t) {
            return RuleEvaluation.violated(this, List.of(f, t),
                    "tool '" + a + "' appeared at index " + f + " but was required before tool '" + b + "' (index " + t + ")",
                    Diagnosis.at(t, trace.name(t) + " called at position " + (t + 1) + ", but " + a
                            + " was first called later, at position " + (f + 1), "Add " + a + " call before " + b));
        }
        return RuleEvaluation.held(this, List.of(f, t));
    }

    @Override
    public BeforeRule withId(String newId) {
        return new BeforeRule(first, then, when, newId);
    }

    @Override
    public BeforeRule withWhen(Condition newWhen) {
        return new BeforeRule(first, then, newWhen, hasExplicitId() ? id : null);
    }
}
