package io.orderingguard.policy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * Evaluates a {@link SequenceRule} over a {@link CallTrace}. Kept off the public interface because the
 * trace type is this package's own; users evaluate through {@link SequencePolicy} and {@link ToolCallGate}.
 */
final class RuleEvaluator {

    private RuleEvaluator() {
    }

    /**
     * Evaluates a rule: {@link RuleOutcome#NOT_EXERCISED} when its {@code when:} condition does not hold
     * in the context, else {@link #check}.
     *
     * @param rule the rule
     * @param trace the calls, with aliases bound
     * @param context the context object, or {@code null}
     * @param extent whether the trace is finished
     * @return the verdict
     */
    static RuleEvaluation evaluate(SequenceRule rule, CallTrace trace, JsonNode context, Extent extent) {
        Optional<String> unmet = rule.when().unmetReason(context);
        if (unmet.isPresent()) {
            return RuleEvaluation.notExercised(rule, List.of(), unmet.get());
        }
        return check(rule, trace, extent);
    }

    /**
     * Evaluates a rule over a trace, ignoring its {@code when:} condition.
     *
     * @param rule the rule
     * @param trace the calls, with aliases bound
     * @param extent whether the trace is finished
     * @return the verdict
     */
    static RuleEvaluation check(SequenceRule rule, CallTrace trace, Extent extent) {
        // each kind is implemented by exactly one record; the enum switch makes a new kind a compile error here
        return switch (rule.kind()) {
            case REQUIRE -> ((RequireRule) rule).check(trace, extent);
            case BEFORE -> ((BeforeRule) rule).check(trace, extent);
            case IMMEDIATELY_BEFORE -> ((ImmediatelyBeforeRule) rule).check(trace, extent);
            case BLOCKLIST -> ((BlocklistRule) rule).check(trace, extent);
            case ALLOWLIST -> ((AllowlistRule) rule).check(trace, extent);
            case MAX_CALLS -> ((MaxCallsRule) rule).check(trace, extent);
            case EVENTUALLY -> ((EventuallyRule) rule).check(trace, extent);
            case NEVER_AFTER -> ((NeverAfterRule) rule).check(trace, extent);
            case AFTER -> ((AfterRule) rule).check(trace, extent);
            case SEQUENCE -> ((InOrderRule) rule).check(trace, extent);
            case TOOLS -> ((ToolAccessRule) rule).check(trace, extent);
        };
    }
}
