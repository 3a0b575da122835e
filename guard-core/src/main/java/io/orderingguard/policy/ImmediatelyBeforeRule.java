package io.orderingguard.policy;

import java.util.List;

/**
 * {@code immediately_before}: every call of {@code then} must directly follow a call of
 * {@code first} (strict adjacency: nothing may come between them).
 *
 * <ul>
 *   <li>{@code then} never called: not exercised.</li>
 *   <li>some call of {@code then} at index t is the first call, or the call at {@code t-1} is not a
 *       {@code first}: violated at the first such t, spanning {@code [t-1, t]} ({@code [t]} when
 *       t is 0).</li>
 *   <li>otherwise: held, spanning every {@code then} and the {@code first} before it.</li>
 * </ul>
 * Both extents decide alike: the call before a call already made cannot change.
 *
 * <pre>{@code
 * SequenceRule.immediatelyBefore("ValidateInput", "ExecuteAction")
 * // [ValidateInput, ExecuteAction] holds; [ValidateInput, LogEvent, ExecuteAction] is violated
 * }</pre>
 *
 * @param first the tool that must come directly before
 * @param then the tool that must be directly preceded
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code immediately_before:{first}->{then}}
 */
public record ImmediatelyBeforeRule(CallSelector first, CallSelector then, Condition when, String id)
        implements SequenceRule {

    /** Validates the fields. */
    public ImmediatelyBeforeRule {
        RuleSupport.operand(first, "first");
        RuleSupport.operand(then, "then");
        if (first.equals(then)) {
            throw new InvalidRuleException(null, "an immediately_before rule with identical first and then ('"
                    + first.display() + "') can never hold: the first call has nothing before it");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "immediately_before:" + first.display() + "->" + then.display());
    }

    @Override
    public String defaultId() {
        return "immediately_before:" + first.display() + "->" + then.display();
    }

    @Override
    public RuleKind kind() {
        return RuleKind.IMMEDIATELY_BEFORE;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of(first, then);
    }

    @Override
    public String describe() {
        return first.display() + " immediately before " + then.display();
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        IndexList thens = trace.matching(then);
        String a = first.display();
        String b = then.display();
        if (thens.isEmpty()) {
            return RuleEvaluation.notExercised(this, List.of(),
                    "'" + b + "' never appeared, so the adjacency was never constrained");
        }
        IndexList.Builder spanned = new IndexList.Builder();
        for (int k = 0; k < thens.size(); k++) {
            int t = thens.at(k);
            if (t == 0) {
                return RuleEvaluation.violated(this, List.of(0),
                        "tool '" + b + "' at index 0 is the first call, so '" + a + "' did not immediately precede it",
                        Diagnosis.at(0, trace.name(0) + " called at position 1, with nothing before it", "Call " + a + " directly before every " + b));
            }
            if (!trace.matches(t - 1, first)) {
                return RuleEvaluation.violated(this, List.of(t - 1, t),
                        "tool '" + b + "' at index " + t + " was immediately preceded by '" + trace.name(t - 1)
                                + "' (index " + (t - 1) + "), not by '" + a + "'",
                        Diagnosis.at(t, trace.name(t) + " called at position " + (t + 1) + ", directly after "
                                + trace.name(t - 1) + " instead of " + a, "Call " + a + " directly before every " + b));
            }
            spanned.add(t - 1);
            spanned.add(t);
        }
        return RuleEvaluation.held(this, spanned.buildSortedUnique());
    }

    @Override
    public ImmediatelyBeforeRule withId(String newId) {
        return new ImmediatelyBeforeRule(first, then, when, newId);
    }

    @Override
    public ImmediatelyBeforeRule withWhen(Condition newWhen) {
        return new ImmediatelyBeforeRule(first, then, newWhen, hasExplicitId() ? id : null);
    }
}
