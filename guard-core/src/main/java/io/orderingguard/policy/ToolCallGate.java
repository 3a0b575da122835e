package io.orderingguard.policy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A live gate: may this next tool call run, given the calls made so far? Evaluates the policy over
 * the history plus the next call with {@link Extent#PARTIAL}, so obligations the rest of the run can
 * still meet (a required tool, an open {@code after} window, an unfinished sequence) do not block.
 *
 * <pre>{@code
 * ToolCallGate gate = policy.gate();
 * GateDecision decision = gate.check(history, ToolInvocation.of("DeleteCustomer"), context);
 * if (!decision.allowed()) {
 *     return refuse(decision.violations().get(0).reason());
 * }
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 */
public final class ToolCallGate {

    private final SequencePolicy policy;

    private ToolCallGate(SequencePolicy policy) {
        this.policy = policy;
    }

    /**
     * Creates a gate.
     *
     * @param policy the policy
     * @return the gate
     */
    public static ToolCallGate of(SequencePolicy policy) {
        return new ToolCallGate(Objects.requireNonNull(policy, "policy must not be null"));
    }

    /**
     * Returns the policy.
     *
     * @return the policy
     */
    public SequencePolicy policy() {
        return policy;
    }

    /**
     * Decides whether a call may run.
     *
     * @param history the calls made so far, in order
     * @param next the call about to be made
     * @param context the context that {@code when:} conditions read, or {@code null}
     * @return the decision
     */
    public GateDecision check(List<ToolInvocation> history, ToolInvocation next, ObjectNode context) {
        Objects.requireNonNull(history, "history must not be null");
        Objects.requireNonNull(next, "next must not be null");
        List<ToolInvocation> calls = new ArrayList<>(history.size() + 1);
        calls.addAll(history);
        calls.add(next);
        PolicyReport before = policy.evaluate(history, context, Extent.PARTIAL);
        PolicyReport after = policy.evaluate(calls, context, Extent.PARTIAL);
        List<RuleEvaluation> violations = new ArrayList<>();
        List<RuleEvaluation> fresh = new ArrayList<>();
        for (int i = 0; i < after.evaluations().size(); i++) {
            RuleEvaluation evaluation = after.evaluations().get(i);
            if (evaluation.isViolated()) {
                violations.add(evaluation);
                if (!before.evaluations().get(i).isViolated()) {
                    fresh.add(evaluation);
                }
            }
        }
        return new GateDecision(violations.isEmpty(), next, history.size(), violations, fresh, after);
    }

    /**
     * Decides whether a call may run after the tool calls of a timeline.
     *
     * @param history the conversation so far
     * @param next the call about to be made
     * @param context the context that {@code when:} conditions read, or {@code null}
     * @return the decision
     */
    public GateDecision check(Timeline history, ToolInvocation next, ObjectNode context) {
        return check(SequencePolicy.toolCalls(Objects.requireNonNull(history, "history must not be null")), next, context);
    }

    /**
     * Decides whether a call may run after the tool calls of a dispatch, with its context.
     *
     * @param history the dispatch so far
     * @param next the call about to be made
     * @return the decision
     */
    public GateDecision check(Dispatch history, ToolInvocation next) {
        Objects.requireNonNull(history, "history must not be null");
        return check(history.timeline(), next, history.context());
    }
}
