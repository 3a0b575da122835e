package io.orderingguard.policy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A named list of {@link SequenceRule}s with the {@link Aliases} their operands resolve in. Rules
 * are a conjunction: every rule is evaluated (no short-circuit) and the trace passes when none is
 * violated.
 *
 * <pre>{@code
 * SequencePolicy policy = SequencePolicy.of("customer-support", List.of(
 *         SequenceRule.require("VerifyIdentity"),
 *         SequenceRule.before("VerifyIdentity", "DeleteCustomer")));
 * PolicyReport finished = policy.evaluate(timeline, context, Extent.COMPLETE);
 * GateDecision next = policy.gate().check(history, ToolInvocation.of("DeleteCustomer"), context);
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 *
 * @param name the policy name (non-blank)
 * @param version the version string of the policy file, or {@code null}
 * @param description a description, or {@code null}
 * @param rules the rules, in report order
 * @param aliases the alias table
 */
public record SequencePolicy(String name, String version, String description, List<SequenceRule> rules, Aliases aliases) {

    /** Validates and copies the fields. */
    public SequencePolicy {
        Objects.requireNonNull(name, "name must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank, but was '" + name + "'");
        }
        Objects.requireNonNull(rules, "rules must not be null");
        for (int i = 0; i < rules.size(); i++) {
            Objects.requireNonNull(rules.get(i), "rules[" + i + "] must not be null");
        }
        rules = List.copyOf(rules);
        aliases = aliases == null ? Aliases.none() : aliases;
    }

    /**
     * Creates a policy without aliases.
     *
     * @param name the name
     * @param rules the rules
     * @return the policy
     */
    public static SequencePolicy of(String name, List<SequenceRule> rules) {
        return new SequencePolicy(name, null, null, rules, Aliases.none());
    }

    /**
     * Creates a policy with aliases.
     *
     * @param name the name
     * @param rules the rules
     * @param aliases the alias table
     * @return the policy
     */
    public static SequencePolicy of(String name, List<SequenceRule> rules, Aliases aliases) {
        return new SequencePolicy(name, null, null, rules, aliases);
    }

    /**
     * Returns the tool calls of a timeline as the rules see them: the {@link ToolCall} entries with
     * {@code requested == true} (orphan results are not calls), in timeline order.
     *
     * <p>Each invocation reads its arguments from its tool call when a rule asks for one
     * ({@link ToolInvocation#of(ToolCall)}): nothing is copied.
     *
     * @param timeline the timeline
     * @return the calls, unmodifiable
     */
    public static List<ToolInvocation> toolCalls(Timeline timeline) {
        List<Entry> entries = timeline.entries();
        int n = 0;
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) instanceof ToolCall call && call.requested()) {
                n++;
            }
        }
        ToolInvocation[] calls = new ToolInvocation[n];
        int k = 0;
        for (int i = 0; k < n; i++) {
            if (entries.get(i) instanceof ToolCall call && call.requested()) {
                calls[k++] = ToolInvocation.of(call);
            }
        }
        return List.of(calls);
    }

    /**
     * Evaluates every rule over a list of calls.
     *
     * @param calls the calls in order
     * @param context the context that {@code when:} conditions read, or {@code null}
     * @param extent whether the run is finished
     * @return the report
     */
    public PolicyReport evaluate(List<ToolInvocation> calls, ObjectNode context, Extent extent) {
        Objects.requireNonNull(extent, "extent must not be null");
        CallTrace trace = CallTrace.of(calls, aliases);
        List<RuleEvaluation> evaluations = new ArrayList<>(rules.size());
        for (SequenceRule rule : rules) {
            evaluations.add(RuleEvaluator.evaluate(rule, trace, context, extent));
        }
        return new PolicyReport(name, extent, trace.calls(), rules, evaluations);
    }

    /**
     * Evaluates every rule over the tool calls of a timeline (see {@link #toolCalls(Timeline)}).
     *
     * @param timeline the timeline
     * @param context the context that {@code when:} conditions read, or {@code null}
     * @param extent whether the run is finished
     * @return the report
     */
    public PolicyReport evaluate(Timeline timeline, ObjectNode context, Extent extent) {
        return evaluate(toolCalls(Objects.requireNonNull(timeline, "timeline must not be null")), context, extent);
    }

    /**
     * Evaluates every rule over a dispatch: its timeline's tool calls and its context.
     *
     * @param dispatch the dispatch
     * @param extent whether the run is finished ({@link Extent#PARTIAL} before a request is sent)
     * @return the report
     */
    public PolicyReport evaluate(Dispatch dispatch, Extent extent) {
        Objects.requireNonNull(dispatch, "dispatch must not be null");
        return evaluate(dispatch.timeline(), dispatch.context(), extent);
    }

    /**
     * Returns a gate that decides whether a next call may run.
     *
     * @return the gate
     */
    public ToolCallGate gate() {
        return ToolCallGate.of(this);
    }

    /**
     * Explains a finished trace step by step: for each call, whether the gate would have blocked it
     * (which rules it newly violated, with the history before it), then the verdict on the finished
     * run. The per-step verdicts are exactly those of {@link ToolCallGate#check} with the calls
     * before each step as history.
     *
     * @param calls the calls in order
     * @param context the context that {@code when:} conditions read, or {@code null}
     * @return the explanation
     */
    public TraceExplanation explain(List<ToolInvocation> calls, ObjectNode context) {
        CallTrace trace = CallTrace.of(calls, aliases);
        int n = trace.size();
        // most steps violate nothing: their lists are made only for the steps that do
        @SuppressWarnings("unchecked")
        List<RuleEvaluation>[] perStep = new List[n];
        for (SequenceRule rule : rules) {
            // under the partial extent a violation never disappears as calls are added, so the
            // first violating prefix can be found by bisection
            if (n == 0 || !RuleEvaluator.evaluate(rule, trace, context, Extent.PARTIAL).isViolated()) {
                continue;
            }
            int lo = 1;
            int hi = n;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (RuleEvaluator.evaluate(rule, trace.prefix(mid), context, Extent.PARTIAL).isViolated()) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            if (perStep[lo - 1] == null) {
                perStep[lo - 1] = new ArrayList<>(2);
            }
            perStep[lo - 1].add(RuleEvaluator.evaluate(rule, trace.prefix(lo), context, Extent.PARTIAL));
        }
        List<StepVerdict> steps = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            steps.add(new StepVerdict(i, trace.calls().get(i), perStep[i] == null ? List.of() : perStep[i]));
        }
        return new TraceExplanation(this, steps, evaluate(trace.calls(), context, Extent.COMPLETE));
    }
}
