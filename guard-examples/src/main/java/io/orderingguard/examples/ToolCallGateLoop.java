package io.orderingguard.examples;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.policy.GateDecision;
import io.orderingguard.policy.RuleEvaluation;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.ToolCallGate;
import io.orderingguard.policy.ToolInvocation;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A tool-call gate inside an agent loop: before each tool runs, the gate decides from the history so
 * far whether it may. Here the model asks to delete a customer before verifying their identity; the
 * gate blocks the call, the loop tells the model why, and the model verifies first.
 */
public final class ToolCallGateLoop {

    private ToolCallGateLoop() {}

    /**
     * Runs the example.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out);
    }

    /**
     * Runs the example, printing to {@code out}.
     *
     * @param out where to print
     * @return the tools that actually ran, in order
     */
    public static List<String> run(PrintStream out) {
        SequencePolicy policy = SequencePolicy.of("support", List.of(
                SequenceRule.before("VerifyIdentity", "DeleteCustomer"),
                SequenceRule.blocklist("admin_")));
        ToolCallGate gate = policy.gate();
        ObjectNode context = JsonNodeFactory.instance.objectNode().put("user_role", "agent");

        // what the model asks for, turn after turn
        List<String> requested = List.of("LookupCustomer", "DeleteCustomer", "VerifyIdentity", "DeleteCustomer");
        List<ToolInvocation> history = new ArrayList<>();
        List<String> ran = new ArrayList<>();
        for (String tool : requested) {
            ToolInvocation next = ToolInvocation.of(tool);
            GateDecision decision = gate.check(history, next, context);
            if (!decision.allowed()) {
                for (RuleEvaluation v : decision.violations()) {
                    out.println("blocked " + tool + ": " + v.ruleId() + " - " + v.reason());
                }
                continue; // the agent loop returns the reason to the model instead of running the tool
            }
            history.add(next);
            ran.add(tool);
            out.println("ran " + tool);
        }
        return ran;
    }
}
