package io.orderingguard.policy;

import java.util.List;

/**
 * {@code after}: every call of {@code trigger} opens its own obligation, answered by a call of
 * {@code then} within the next {@code within} calls (index {@code j} with {@code ti < j <= ti + within};
 * {@code within: 1}, the default, means the very next call). One answer may serve several
 * overlapping obligations; a later trigger does not cancel an earlier one's.
 *
 * <ul>
 *   <li>no trigger: not exercised.</li>
 *   <li>every obligation answered: held, spanning the triggers and their answers (sorted).</li>
 *   <li>the first unanswered obligation (trigger at ti, deadline {@code d = ti + within}) decides:
 *       violated when the run is complete or the window closed inside the trace
 *       ({@code size > d}), spanning every trigger and the answers found before it; otherwise
 *       (partial extent, window still open) not exercised.</li>
 * </ul>
 * A trigger near the end of a complete run with no room left is a violation.
 *
 * <pre>{@code
 * SequenceRule.after("OpenFile", "CloseFile", 10)
 * // [OpenFile, Read, CloseFile] holds; OpenFile followed by ten other calls is violated
 * }</pre>
 *
 * @param trigger the tool that opens an obligation
 * @param then the tool that answers it
 * @param within the window, {@code >= 1}
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code after:{trigger}->{then}@{within}}
 */
public record AfterRule(CallSelector trigger, CallSelector then, int within, Condition when, String id)
        implements SequenceRule {

    /** The window when a file gives none. */
    public static final int DEFAULT_WITHIN = 1;

    /** Validates the fields. */
    public AfterRule {
        RuleSupport.operand(trigger, "trigger");
        RuleSupport.operand(then, "then");
        if (within < 1) {
            throw new InvalidRuleException("within", "within must be >= 1, but was " + within
                    + " (an after rule with within " + within + " can never hold)");
        }
        if (trigger.equals(then)) {
            throw new InvalidRuleException(null, "an after rule with identical trigger and then ('" + trigger.display()
                    + "') can never hold on a finished run: its last call is never answered");
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "after:" + trigger.display() + "->" + then.display() + "@" + within);
    }

    @Override
    public String defaultId() {
        return "after:" + trigger.display() + "->" + then.display() + "@" + within;
    }

    @Override
    public RuleKind kind() {
        return RuleKind.AFTER;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of(trigger, then);
    }

    @Override
    public String describe() {
        return then.display() + " within " + RuleSupport.calls(within) + " after every " + trigger.display();
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        String t = trigger.display();
        String b = then.display();
        IndexList triggers = trace.matching(trigger);
        if (triggers.isEmpty()) {
            return RuleEvaluation.notExercised(this, List.of(), "'" + t + "' never appeared, so no deadline started");
        }
        int n = trace.size();
        IndexList.Builder spanned = new IndexList.Builder();
        spanned.addAll(triggers);
        for (int k = 0; k < triggers.size(); k++) {
            int ti = triggers.at(k);
            int deadline = ti + within;
            int answer = -1;
            for (int j = ti + 1; j <= deadline && j < n; j++) {
                if (trace.matches(j, then)) {
                    answer = j;
                    break;
                }
            }
            if (answer >= 0) {
                spanned.add(answer);
                continue;
            }
            if (extent == Extent.COMPLETE || n > deadline) {
                String actual = trace.name(ti) + " at position " + (ti + 1) + " was not followed by " + b + " within "
                        + RuleSupport.calls(within) + (n > deadline ? "" : " (the run ended after "
                        + RuleSupport.calls(n) + ")");
                return RuleEvaluation.violated(this, spanned.buildSortedUnique(),
                        "tool '" + b + "' required within " + within + " calls after '" + t + "' (triggered at index "
                                + ti + ") and no call answered it by index " + deadline,
                        Diagnosis.at(ti, actual, "Call " + b + " within " + RuleSupport.calls(within)
                                + " after every " + t));
            }
            return RuleEvaluation.notExercised(this, spanned.buildSortedUnique(),
                    "'" + t + "' fired at index " + ti + " and the trace may still satisfy the " + within
                            + "-call deadline");
        }
        return RuleEvaluation.held(this, spanned.buildSortedUnique());
    }

    @Override
    public AfterRule withId(String newId) {
        return new AfterRule(trigger, then, within, when, newId);
    }

    @Override
    public AfterRule withWhen(Condition newWhen) {
        return new AfterRule(trigger, then, within, newWhen, hasExplicitId() ? id : null);
    }
}
