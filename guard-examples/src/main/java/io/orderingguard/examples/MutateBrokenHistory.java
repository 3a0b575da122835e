package io.orderingguard.examples;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.io.PrintStream;

/**
 * Mutate mode repairing a history that a memory window broke: the window evicted a tool call but
 * kept its result (an orphan), and a cancelled run left a call without its result. Both are 400s on
 * every tool-calling API; mutate mode drops the orphan (recording its content) and answers the
 * unanswered call with an error result, then the request goes out.
 */
public final class MutateBrokenHistory {

    private MutateBrokenHistory() {}

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
     * @return the guard's result
     */
    public static GuardResult run(PrintStream out) {
        OrderingProfile profile = OrderingProfile.of("pairing",
                OrderingRule.toolResultPairing("tool-result-pairing").withSeverity(Severity.BLOCKING)
                        .withProvenance(Provenance.of("Anthropic Messages API",
                                "tool_use ids were found without tool_result blocks immediately after", "2026-11")));
        OrderingGuard guard = OrderingGuard.builder().profile(profile).mode(Mode.MUTATE).build();

        Dispatch dispatch = Dispatch.of("support-42", "anthropic", "claude-sonnet-4-5", Timeline.of(
                Entry.user("m3", "Where is order 1182?"),
                Entry.orphanResult("toolu_01A", "lookup_order", "{\"status\": \"shipped\"}"),
                Entry.assistant("m4", "It ships tomorrow."),
                Entry.user("m5", "Please refund it instead."),
                Entry.toolCall("toolu_01B", "refund", JsonNodeFactory.instance.objectNode().put("orderId", "1182"))));

        GuardResult result = guard.check(dispatch);
        out.println("outcome: " + result.outcome().wireName());
        for (Repair repair : result.repairs()) {
            out.println("repair: " + repair.strategy() + " - " + repair.detail());
        }
        Dispatch toSend = result.dispatch();
        out.println("entries sent: " + toSend.timeline().size() + " of " + dispatch.timeline().size());
        return result;
    }
}
