package io.orderingguard.policy;

import java.util.List;

/**
 * {@code never_after}: once {@code trigger} has been called, {@code forbidden} must never be called.
 * The first trigger starts the ban; calls of {@code forbidden} before (or at) it are fine. When
 * trigger and forbidden are the same tool, any second call violates.
 *
 * <ul>
 *   <li>no trigger: not exercised.</li>
 *   <li>first trigger at g and a forbidden call at i &gt; g: violated at the first such i, spanning
 *       {@code [g, i]}.</li>
 *   <li>otherwise: held, spanning {@code [g]}.</li>
 * </ul>
 * Both extents decide alike.
 *
 * <pre>{@code
 * SequenceRule.neverAfter("CommitTransaction", "ModifyData")
 * // [ModifyData, CommitTransaction] holds; [CommitTransaction, ModifyData] is violated
 * }</pre>
 *
 * @param trigger the tool that starts the ban
 * @param forbidden the banned tool
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code never_after:{trigger}->{forbidden}}
 */
public record NeverAfterRule(CallSelector trigger, CallSelector forbidden, Condition when, String id)
        implements SequenceRule {

    /** Validates the fields. */
    public NeverAfterRule {
        RuleSupport.operand(trigger, "trigger");
        RuleSupport.operand(forbidden, "forbidden");
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "never_after:" + trigger.display() + "->" + forbidden.display());
    }

    @Override
    public String defaultId() {
        return "never_after:" + trigger.display() + "->" + forbidden.display();
    }

    @Override
    public RuleKind kind() {
        return RuleKind.NEVER_AFTER;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of(trigger, forbidden);
    }

    @Override
    public String describe() {
        return forbidden.display() + " never called after " + trigger.display();
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        String t = trigger.display();
        String f = forbidden.display();
        int g = trace.first(trigger);
        if (g < 0) {
            return RuleEvaluation.notExercised(this, List.of(), "'" + t + "' never appeared, so nothing was forbidden");
        }
        int i = trace.first(forbidden, g + 1);
        if (i < 0) {
            return RuleEvaluation.held(this, List.of(g));
        }
        return RuleEvaluation.violated(this, List.of(g, i),
                "tool '" + f + "' at index " + i + " is forbidden after '" + t + "' (triggered at index " + g + ")",
                Diagnosis.at(i, trace.name(i) + " called at position " + (i + 1) + ", after " + trace.name(g)
                        + " at position " + (g + 1),
                        "Do not call " + f + " once " + t + " has been called; call it earlier or not at all"));
    }

    @Override
    public NeverAfterRule withId(String newId) {
        return new NeverAfterRule(trigger, forbidden, when, newId);
    }

    @Override
    public NeverAfterRule withWhen(Condition newWhen) {
        return new NeverAfterRule(trigger, forbidden, newWhen, hasExplicitId() ? id : null);
    }
}
