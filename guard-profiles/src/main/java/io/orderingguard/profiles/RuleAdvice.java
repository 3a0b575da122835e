package io.orderingguard.profiles;

import io.orderingguard.rule.AdjacencyRule;
import io.orderingguard.rule.AlternationRule;
import io.orderingguard.rule.BoundaryEnd;
import io.orderingguard.rule.BoundaryRule;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.IdentifierFormatRule;
import io.orderingguard.rule.IdentifierUniquenessRule;
import io.orderingguard.rule.NonEmptyTurnRule;
import io.orderingguard.rule.OrderRule;
import io.orderingguard.rule.OrderScope;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PresenceRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.PreservationRule;
import io.orderingguard.rule.ReplayCompatibilityRule;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.StepContentRule;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The cause, fix and mutate-mode behaviour of a rule, worded from its type and parameters. What mutate
 * mode is said to do mirrors the core's repair engine: each rule type's repair strategy, and the cases
 * where it declines. Not public API.
 */
final class RuleAdvice {

    private static final String NO_REPAIR = "no repair: ";

    private RuleAdvice() {}

    /**
     * Words the advice for a rule.
     *
     * @param rule the rule
     * @return the advice
     */
    static ErrorAdvice of(OrderingRule rule) {
        if (rule instanceof ToolResultPairingRule r) {
            return pairing(r);
        }
        if (rule instanceof NonEmptyTurnRule r) {
            return nonEmpty(r);
        }
        if (rule instanceof AlternationRule r) {
            return alternation(r);
        }
        if (rule instanceof RequiredMetadataRule r) {
            return metadata(r);
        }
        if (rule instanceof IdentifierFormatRule r) {
            return idFormat(r);
        }
        if (rule instanceof IdentifierUniquenessRule r) {
            return new ErrorAdvice("Two " + plural(r.kind()) + " share an id, so the provider cannot tell which result "
                    + "answers which call.", "Give every " + noun(r.kind()) + " a unique id, on the call and its result.",
                    true, "mutate mode renumbers the colliding ids, each call together with its result.");
        }
        if (rule instanceof OrderRule r) {
            return new ErrorAdvice("A " + noun(r.after()) + " comes before a " + noun(r.before()) + " that must precede "
                    + "it " + (r.scope() == OrderScope.ENTIRE_TURN ? "in the turn." : "in the same assistant message."),
                    "Put every " + noun(r.before()) + " ahead of the " + plural(r.after()) + " it belongs with.", true,
                    "mutate mode moves the misplaced entries ahead, keeping their relative order.");
        }
        if (rule instanceof AdjacencyRule r) {
            return adjacency(r);
        }
        if (rule instanceof BoundaryRule r) {
            return boundary(r);
        }
        if (rule instanceof StepContentRule r) {
            return stepContent(r);
        }
        if (rule instanceof PresenceRule r) {
            return presence(r);
        }
        if (rule instanceof ReplayCompatibilityRule r) {
            return replay(r);
        }
        if (rule instanceof PreservationRule r) {
            return preservation(r);
        }
        return new ErrorAdvice("The request breaks rule type " + rule.type() + ": see the rule's source.",
                "Change the conversation as the rule's source describes.", false,
                NO_REPAIR + "rule type " + rule.type() + " has no repair; only the producer of the conversation can fix it.");
    }

    private static ErrorAdvice pairing(ToolResultPairingRule r) {
        List<String> causes = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        List<String> repairs = new ArrayList<>();
        if (r.unanswered()) {
            causes.add("a tool call has no result in the message right after it (a memory window or trimming dropped "
                    + "the result, or the tool run was cancelled)");
            fixes.add("send each tool call's result right after the message that made the call, or remove the call");
            repairs.add("answers an unanswered call with an error result saying it was not executed");
        }
        if (r.orphans()) {
            causes.add("a tool result answers a call that is not in the message before it (a memory window dropped "
                    + "the call but kept its result)");
            fixes.add("trim history at turn boundaries, so that a call and its result are kept or dropped together");
            repairs.add("drops an orphan result, keeping its content in the repair record");
        }
        if (r.emptyErrorResults()) {
            causes.add("a tool result marked as an error has no content");
            fixes.add("give every error result a text");
            repairs.add("writes a neutral text saying the tool failed into an empty error result");
        }
        return new ErrorAdvice(sentence(String.join("; or ", causes)), sentence(String.join("; ", fixes)), true,
                "mutate mode " + String.join(", and ", repairs) + ".");
    }

    private static ErrorAdvice nonEmpty(NonEmptyTurnRule r) {
        String role = r.role().wireName();
        if (r.onlyTerminal()) {
            return new ErrorAdvice("The request ends with an " + role + " turn that is empty or whose last block is "
                    + "reasoning.", "End the request with a complete turn: drop the empty or reasoning-only " + role
                    + " turn, or send its answer text.", true, "mutate mode drops the trailing empty or reasoning-only turn, "
                    + "keeping it in the repair record.");
        }
        return new ErrorAdvice("A" + (r.role() == Role.ASSISTANT ? "n " : " ") + role + " message has no content, "
                + "or only whitespace (a client dropped its text, or a turn held nothing but reasoning).",
                "Give the message content, or remove it.", true,
                "mutate mode drops the empty message, keeping it in the repair record.");
    }

    private static ErrorAdvice alternation(AlternationRule r) {
        boolean capOnly = r.roles() == null || "cap-only".equals(r.mode());
        Integer cap = r.maxPerGroup();
        String capCause = cap == null ? "" : "an assistant response holds more than " + cap + " tool call"
                + (cap == 1 ? "" : "s") + " (parallel calls)";
        String capFix = cap == null ? "" : "send at most " + cap + " tool call" + (cap == 1 ? "" : "s")
                + " per assistant message (turn parallel tool calls off)";
        if (capOnly) {
            return new ErrorAdvice(sentence(capCause), sentence(capFix), true,
                    "mutate mode splits the calls into one assistant message each, each followed by its result.");
        }
        String first = r.roles().get(0).wireName();
        String cause = "two messages of the same role follow each other (a tool result and a user message count as "
                + "two user turns), or the conversation does not start with a " + first + " message";
        String fix = "merge consecutive messages of one role (all results of one turn go in one message) and start "
                + "with a " + first + " message";
        return new ErrorAdvice(sentence(cap == null ? cause : cause + "; or " + capCause),
                sentence(cap == null ? fix : fix + "; " + capFix), true,
                "mutate mode merges consecutive messages or puts a short filler message between them, and puts a "
                        + first + " filler first" + (cap == null ? "" : "; it splits parallel calls") + ".");
    }

    private static ErrorAdvice metadata(RequiredMetadataRule r) {
        String cause = "A " + noun(r.kind()) + " is missing its provider metadata '" + r.requiredPayloadKey()
                + "' (a client, a store or a model switch dropped it, or the entry was never produced by this model).";
        String fix = "Send every " + noun(r.kind()) + " back exactly as the provider returned it, including '"
                + r.requiredPayloadKey() + "'; keep provider metadata when storing and replaying history.";
        if (r.fallbackPayloadValue() != null && r.fallbackRepairAuthorized()) {
            return new ErrorAdvice(cause, fix, true, "mutate mode writes the provider's documented stand-in "
                    + r.fallbackPayloadValue() + " into '" + r.requiredPayloadKey() + "'.");
        }
        if (r.fallbackPayloadValue() != null) {
            return new ErrorAdvice(cause, fix, true, "mutate mode writes the stand-in " + r.fallbackPayloadValue()
                    + " only when allowed (guard check --allow-metadata-fallback, or "
                    + "allowMetadataFallbackRepair(true))" + (r.kind() == Kind.THOUGHT
                            ? "; otherwise it drops the thought." : "; otherwise no repair."));
        }
        if (r.kind() == Kind.THOUGHT) {
            return new ErrorAdvice(cause, fix, true, "mutate mode drops the thought (it cannot be signed again, and "
                    + "demoting it to text risks a refusal), keeping it in the repair record.");
        }
        return new ErrorAdvice(cause, fix, false, NO_REPAIR + "the guard never invents provider metadata.");
    }

    private static ErrorAdvice idFormat(IdentifierFormatRule r) {
        List<String> limits = new ArrayList<>();
        if (r.minLength() != null && r.minLength().equals(r.maxLength())) {
            limits.add("exactly " + r.maxLength() + " characters");
        } else {
            if (r.minLength() != null) {
                limits.add("at least " + r.minLength() + " characters");
            }
            if (r.maxLength() != null) {
                limits.add("at most " + r.maxLength() + " characters");
            }
        }
        if (r.allowedPattern() != null) {
            limits.add("only " + r.allowedPattern());
        }
        return new ErrorAdvice("A " + noun(r.kind()) + " id breaks the provider's format (" + String.join(", ", limits)
                + "), typically an id minted by another provider or a gateway.",
                "Use ids the provider accepts, renaming each call and its result together.", true,
                "mutate mode renames the id, on the call and its result together.");
    }

    private static ErrorAdvice adjacency(AdjacencyRule r) {
        Set<String> next = new TreeSet<>();
        r.disallowBetween().forEach(k -> next.add(noun(k)));
        if (r.successorRoles() == null) {
            return new ErrorAdvice("A " + String.join(" or ", next) + " directly follows a " + noun(r.first())
                    + " it may not follow.", "Move it after the entries that must come first.", true,
                    "mutate mode moves the entry past the ones that must come first.");
        }
        Set<String> roles = new TreeSet<>();
        r.successorRoles().forEach(role -> roles.add(role.wireName()));
        String who = String.join(" or ", roles) + " message";
        if (r.first() == Kind.THOUGHT) {
            return new ErrorAdvice("A reasoning item is followed by a " + who + " instead of the item it produced (the "
                    + "call or message after it was dropped).", "Keep each reasoning item together with the item that "
                    + "follows it, or drop both.", true, "mutate mode drops the lone reasoning item, keeping it in the "
                    + "repair record.");
        }
        boolean bridge = !r.successorRoles().contains(Role.ASSISTANT) || !r.successorRoles().contains(Role.USER);
        return new ErrorAdvice("A " + who + " directly follows a " + noun(r.first()) + (r.first() == Kind.TOOL_CALL
                ? " result; the model must answer the result first." : "."),
                "Put an assistant message between the tool result and the next " + who + ".", bridge, bridge
                        ? "mutate mode puts a short filler message between them."
                        : NO_REPAIR + "the rule forbids every role there, so no filler can stand between.");
    }

    private static ErrorAdvice boundary(BoundaryRule r) {
        Set<String> allowed = new TreeSet<>();
        r.allowed().forEach(s -> allowed.add(s.noun()));
        String list = String.join(" or ", allowed);
        if (r.end() == BoundaryEnd.FIRST) {
            boolean filler = r.allowed().contains(EntrySelector.USER);
            return new ErrorAdvice("The conversation does not start with a " + list + (r.skipSystem()
                    ? " (after the system prompt)" : "") + "; a memory window or compaction may have cut its "
                    + "beginning.", "Start the conversation with a user message: keep the user message that opened "
                    + "the turn when trimming history.", filler, filler ? "mutate mode drops a leading orphan "
                    + "result, or puts a short user filler first." : "mutate mode drops a leading orphan result; "
                    + "otherwise no repair.");
        }
        boolean answers = r.allowed().contains(EntrySelector.TOOL_RESULT);
        return new ErrorAdvice("The conversation ends with something other than a " + list + ".",
                "End the request with a user message or a tool result (an assistant prefill needs the provider's "
                        + "prefill flag).", answers, answers ? "mutate mode answers a trailing unanswered call; it "
                        + "does not change how a conversation ends otherwise (it cannot tell an answer from a "
                        + "prefill)." : NO_REPAIR + "the guard does not change how a conversation ends.");
    }

    private static ErrorAdvice stepContent(StepContentRule r) {
        String where = r.scope() == StepScope.CURRENT_TURN ? "in the current tool loop (since the latest user message)"
                : r.scope() == StepScope.LATEST_STEP ? "in the latest assistant step" : "in an earlier assistant step";
        String cause = "An assistant step with a " + noun(r.trigger()) + " " + where + " is sent without the "
                + noun(r.required()) + " the model produced with it" + (r.position() == StepPosition.FIRST
                        ? ", which must come first in the turn." : ".");
        return new ErrorAdvice(cause, "Send the reasoning back with every tool-calling step (keep the thinking block "
                + "or reasoning_content and its signature when storing history), or turn reasoning off for the "
                + "request.", false, NO_REPAIR + "the guard never invents reasoning.");
    }

    private static ErrorAdvice presence(PresenceRule r) {
        String noun = r.selector().noun();
        if (r.min() != null && r.min() > 0) {
            return new ErrorAdvice("The request has no " + noun + " (at least " + r.min() + " needed); compaction or "
                    + "trimming may have removed it.", "Keep at least " + r.min() + " " + noun + " in the request.",
                    false, NO_REPAIR + "the guard does not invent conversation content.");
        }
        return new ErrorAdvice("The request carries " + r.selector().withArticle() + ", which this model does not "
                + "accept" + (r.max() != null && r.max() > 0 ? " more than " + r.max() + " times." : "."),
                "Remove it, or move what it says into a message this model accepts (for a system prompt: the first "
                        + "user message).", false, NO_REPAIR + "dropping it would lose what it carries; only the "
                        + "producer of the conversation can decide that.");
    }

    private static ErrorAdvice replay(ReplayCompatibilityRule r) {
        if (r.accepted().isEmpty()) {
            return new ErrorAdvice("The request sends reasoning back to a model that does not accept reasoning in its "
                    + "input.", "Drop replayed reasoning before sending the history to this model.", true,
                    "mutate mode drops the reasoning, keeping it in the repair record.");
        }
        return new ErrorAdvice("A thought or signature produced by another model or provider is sent back; "
                + "signatures are bound to the model that made them.", "Drop reasoning and signatures produced by another model or provider; keep only this "
                + "model's own.", true, "mutate mode drops the foreign reasoning, keeping it in the repair record.");
    }

    private static ErrorAdvice preservation(PreservationRule r) {
        String cause = r.invariant() == PreservationInvariant.PRUNED_AFTER_LATEST_TURN
                ? "A " + noun(r.kind()) + " of the current turn was dropped or changed since the last request."
                : r.invariant() == PreservationInvariant.PAYLOAD_FIELD_STABLE
                        ? "Payload field '" + r.payloadField() + "' of a " + noun(r.kind()) + " changed since the "
                                + "last request."
                        : plural(r.kind()) + " were dropped from the history since the last request.";
        return new ErrorAdvice(sentence(cause), "Send the " + plural(r.kind()) + " of the current turn back "
                + "unchanged, in their original order.", false,
                NO_REPAIR + "what was lost or changed cannot be recreated.");
    }

    private static String noun(Kind kind) {
        return switch (kind) {
            case MESSAGE -> "message";
            case THOUGHT -> "thought";
            case TOOL_CALL -> "tool call";
        };
    }

    private static String plural(Kind kind) {
        return noun(kind) + "s";
    }

    private static String sentence(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1) + (text.endsWith(".") ? "" : ".");
    }
}
