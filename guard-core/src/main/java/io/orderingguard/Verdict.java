package io.orderingguard;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * One guarded request's check joined with the provider's answer to it: whether the guard was right.
 * Built by {@link OrderingGuard#answered(GuardResult, ProviderAnswer)}, which also hands it to every
 * {@link GuardListener#onVerdict}. Holds no message content: rule ids, names, a status and the
 * provider's own error text.
 *
 * @param outcome confirmed, contradicted, missed, agreed or unjudged
 * @param profile the profile the request was judged by
 * @param provider the request's provider, or {@code null}
 * @param model the request's model id, or {@code null}
 * @param api the wire name of the API surface the request was read from, or {@code null} for
 *     dispatches built by a framework adapter
 * @param status the provider's HTTP status ({@code 0}: no answer)
 * @param wouldBlock the ids of the blocking rules the request that was sent breaks (empty unless the
 *     guard only observed), without repetition
 * @param rejectionRuleId the rule the provider's rejection text is classified as, or {@code null}
 * @param rejectionText the provider's error text for a rejection, or {@code null}
 * @param repaired whether the request sent was the guard's repair of the input
 */
public record Verdict(
        VerdictOutcome outcome,
        String profile,
        String provider,
        String model,
        String api,
        int status,
        List<String> wouldBlock,
        String rejectionRuleId,
        String rejectionText,
        boolean repaired) {

    /**
     * Words of the providers' ordering rejections ("tool_use ids were found without tool_result
     * blocks", "roles must alternate", "missing thought_signature"…). A rejection whose text has none
     * of them and matches no rule concerns something else and is unjudged, not missed.
     */
    private static final List<String> SHAPE_WORDS = List.of("tool_use", "tool_result", "tooluse", "toolresult",
            "tool_call", "tool call", "tool_calls", "tool output", "tool message", "function_call", "function call",
            "functioncall", "function_response", "function response", "functionresponse", "call_id", "role",
            "alternat", "thinking", "reasoning", "signature", "thought", "turn", "multiturn", "following item",
            "preceding");

    /** Validates and copies the fields. */
    public Verdict {
        Require.nonNull(outcome, "outcome");
        Require.nonNull(profile, "profile");
        wouldBlock = List.copyOf(Require.nonNull(wouldBlock, "wouldBlock"));
        if (status < 0 || status > 599) {
            throw new IllegalArgumentException("status must be 0 (no answer) or an HTTP status up to 599, was " + status);
        }
    }

    /**
     * Joins a check with the answer to the request it let through.
     *
     * @param result the check of the request (in shadow mode: what it would have done)
     * @param answer what the provider answered
     * @param classify maps a provider error text to the rules known to produce it, best first (see
     *     {@link io.orderingguard.spi.ProfileCatalog#classifyRejection}); of several, the verdict names
     *     the one the request breaks, else one of its profile, else the first
     * @return the verdict
     * @throws IllegalArgumentException when {@code result} says the request was not sent
     */
    public static Verdict judge(GuardResult result, ProviderAnswer answer, Function<String, List<String>> classify) {
        Require.nonNull(result, "result");
        Require.nonNull(answer, "answer");
        Require.nonNull(classify, "classify");
        if (!result.sent()) {
            throw new IllegalArgumentException("the guard rejected this request (profile " + result.profile()
                    + "), so no provider answered it");
        }
        List<String> wouldBlock = result.shadow() ? ruleIds(result.blocking()) : ruleIds(result.unrepaired());
        String rejectionRule = null;
        boolean shapeRejection = false;
        if (answer.rejected()) {
            String text = answer.errorText() == null ? "" : answer.errorText();
            rejectionRule = pick(Require.nonNull(classify.apply(text), "classification"), wouldBlock, result);
            shapeRejection = rejectionRule != null || concernsShape(text);
        }
        VerdictOutcome outcome;
        if (answer.accepted()) {
            outcome = wouldBlock.isEmpty() ? VerdictOutcome.AGREED : VerdictOutcome.CONTRADICTED;
        } else if (shapeRejection) {
            outcome = wouldBlock.isEmpty() ? VerdictOutcome.MISSED : VerdictOutcome.CONFIRMED;
        } else {
            outcome = VerdictOutcome.UNJUDGED;
        }
        Dispatch sent = result.dispatch();
        return new Verdict(outcome, result.profile(), sent.provider(), sent.model(),
                sent.options().api() == null ? null : sent.options().api().wireName(),
                answer.status(), wouldBlock, rejectionRule, answer.rejected() ? answer.errorText() : null,
                !result.shadow() && result.outcome() == Outcome.REPAIRED);
    }

    /**
     * Returns whether a rejection text speaks of the conversation's shape (tool calls and results,
     * roles, turns, reasoning, signatures), for a text no rule classifies.
     *
     * @param errorText the provider's error text
     * @return {@code true} when it names an ordering concept
     */
    public static boolean concernsShape(String errorText) {
        String text = Require.nonNull(errorText, "errorText").toLowerCase(Locale.ROOT);
        for (String word : SHAPE_WORDS) {
            // at the start of a word: "turn" is no reason to judge "return"
            for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
                if (at == 0 || !Character.isLetter(text.charAt(at - 1))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String pick(List<String> candidates, List<String> wouldBlock, GuardResult result) {
        if (candidates.isEmpty()) {
            return null;
        }
        for (String id : candidates) {
            if (wouldBlock.contains(id)) {
                return id;
            }
        }
        for (String id : candidates) {
            for (OrderingProfile profile : result.selection().profiles()) {
                for (OrderingRule rule : profile.rules()) {
                    if (rule.id().equals(id)) {
                        return id;
                    }
                }
            }
        }
        return candidates.get(0);
    }

    private static List<String> ruleIds(List<Finding> findings) {
        if (findings.isEmpty()) {
            return List.of();
        }
        List<String> ids = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            if (!ids.contains(f.ruleId())) {
                ids.add(f.ruleId());
            }
        }
        return ids;
    }
}
