package io.orderingguard.examples;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import java.io.PrintStream;
import java.util.List;

/**
 * Silencing advisory rule ids through the guard's options: advisories are observability, and a team
 * that has decided to keep old thinking on purpose can switch the stale-thinking notice off. Blocking
 * findings can never be silenced this way.
 */
public final class DisableAdvisories {

    private DisableAdvisories() {}

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
     * @return the advisory rule ids reported without and with the option
     */
    public static List<List<String>> run(PrintStream out) {
        OrderingProfile profile = OrderingProfile.of("gemma-style",
                OrderingRule.alternation("strict-user-assistant-alternation", Role.USER, Role.ASSISTANT),
                OrderingRule.staleContent("stale-thinking", Kind.THOUGHT, "preserveThinking"));
        Dispatch dispatch = Dispatch.of(Timeline.of(
                Entry.user("u1", "Plan a trip"),
                Entry.thought("t1", "Consider trains first."),
                Entry.assistant("a1", "Trains it is."),
                Entry.user("u2", "And the hotel?")));

        GuardResult noisy = OrderingGuard.of(profile).check(dispatch);
        GuardResult quiet = OrderingGuard.builder().profile(profile)
                .disableAdvisoryRuleIds("stale-thinking")
                .build()
                .check(dispatch);
        List<String> before = noisy.advisories().stream().map(Finding::ruleId).toList();
        List<String> after = quiet.advisories().stream().map(Finding::ruleId).toList();
        out.println("advisories by default: " + before);
        out.println("with stale-thinking disabled: " + after);
        return List.of(before, after);
    }
}
