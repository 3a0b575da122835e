package io.orderingguard.policy;

import java.util.List;

/**
 * {@code max_calls} (formerly {@code count}): a tool may be called at most {@code max} times;
 * {@code max: 0} means never.
 *
 * <ul>
 *   <li>more than {@code max} matching calls: violated, spanning every matching call; the call that
 *       went over the limit is the one marked.</li>
 *   <li>otherwise (also none at all): held, spanning the matching calls.</li>
 * </ul>
 * Both extents decide alike: calls made cannot be taken back.
 *
 * <pre>{@code
 * SequenceRule.maxCalls("SendEmail", 3)
 * // [SendEmail, SendEmail] holds; four SendEmail calls are violated
 * }</pre>
 *
 * @param tool the limited tool
 * @param max the limit, {@code >= 0}
 * @param when the condition, {@code null} for none
 * @param id an explicit id, {@code null} for {@code max_calls:{tool}<={max}}
 */
public record MaxCallsRule(CallSelector tool, int max, Condition when, String id) implements SequenceRule {

    /** Validates the fields. */
    public MaxCallsRule {
        RuleSupport.operand(tool, "tool");
        if (max < 0) {
            throw new InvalidRuleException("max", "max must be >= 0, but was " + max);
        }
        when = RuleSupport.when(when);
        id = RuleSupport.id(id, "max_calls:" + tool.display() + "<=" + max);
    }

    @Override
    public String defaultId() {
        return "max_calls:" + tool.display() + "<=" + max;
    }

    @Override
    public RuleKind kind() {
        return RuleKind.MAX_CALLS;
    }

    @Override
    public List<CallSelector> selectors() {
        return List.of(tool);
    }

    @Override
    public String describe() {
        return max == 0 ? tool.display() + " never called" : tool.display() + " called at most " + RuleSupport.times(max);
    }

    // package-private because CallTrace is not API; RuleEvaluator dispatches here
    RuleEvaluation check(CallTrace trace, Extent extent) {
        List<Integer> hits = trace.indices(tool);
        if (hits.size() <= max) {
            return RuleEvaluation.held(this, hits);
        }
        String name = tool.display();
        int over = hits.get(max);
        return RuleEvaluation.violated(this, hits,
                "tool '" + name + "' exceeded max calls (" + hits.size() + " > " + max + ")",
                Diagnosis.at(over, name + " called " + RuleSupport.times(hits.size()) + "; call " + (max + 1)
                        + " at position " + (over + 1) + " went over the limit of " + max,
                        max == 0 ? "Remove every " + name + " call"
                                : "Call " + name + " at most " + RuleSupport.times(max)));
    }

    @Override
    public MaxCallsRule withId(String newId) {
        return new MaxCallsRule(tool, max, when, newId);
    }

    @Override
    public MaxCallsRule withWhen(Condition newWhen) {
        return new MaxCallsRule(tool, max, newWhen, hasExplicitId() ? id : null);
    }
}
