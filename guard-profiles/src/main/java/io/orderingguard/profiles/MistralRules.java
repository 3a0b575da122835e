package io.orderingguard.profiles;

import static io.orderingguard.profiles.ProviderRules.pairing;
import static io.orderingguard.profiles.ProviderRules.prov;

import io.orderingguard.rule.BoundaryEnd;
import io.orderingguard.rule.BoundaryRule;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.Set;

/**
 * Provider rules of Mistral on La Plateforme and of servers validating with mistral_common: tool
 * calls and results match, 9-character tool call ids, assistant content, the roles allowed after a
 * tool result and at either end, and reasoning input. Labels (M1, M8, …) follow the README's audit;
 * provenance and the approximation policy are those of {@link ProviderRules}.
 */
final class MistralRules {

    private MistralRules() {}

    // ---- Mistral (La Plateforme; vLLM with mistral_common) ---------------------------------------

    static final OrderingRule MISTRAL_RESULTS_MATCH_CALLS = prov(
            pairing("mistral-tool-results-match-calls", true, false, Severity.BLOCKING),
            "Mistral M5: as many tool results as tool calls before the next assistant message (mistral-common "
                    + "MistralRequestValidator); charmbracelet/crush#279",
            "Not the same number of function calls and responses");

    static final OrderingRule MISTRAL_RESULT_ID_KNOWN = prov(
            pairing("mistral-tool-result-id-known", false, true, Severity.BLOCKING),
            "Mistral M5 (tokenizer v13+): a tool result answers a known tool call id (mistral-common "
                    + "MistralRequestValidator)",
            "Unexpected tool call id <id> in tool results");

    static final OrderingRule MISTRAL_TOOL_CALL_ID = prov(
            OrderingRule.identifierFormat("mistral-tool-call-id-format", Kind.TOOL_CALL, 9, "[a-zA-Z0-9]")
                    .withMinLength(9)
                    .withSeverity(Severity.BLOCKING),
            "Mistral M4 (tokenizer v3+): tool call ids are exactly 9 characters of [a-zA-Z0-9]; mutate mode renames "
                    + "foreign ids to 9 such characters, call and result together; anomalyco/opencode#1680, "
                    + "langchain-ai/langchain PR #24668",
            "Tool call id was <id> but must be a-z, A-Z, 0-9, with a length of 9.");

    static final OrderingRule MISTRAL_ASSISTANT_CONTENT = prov(
            OrderingRule.nonEmptyTurn("mistral-assistant-content-or-tool-calls", Role.ASSISTANT, false)
                    .withSeverity(Severity.BLOCKING),
            "Mistral: an assistant message carries content or tool calls (measured by the reference; mistral-common "
                    + "validator); known over-approximation: whitespace-only content is reported although the "
                    + "validator accepts it",
            "Assistant message must have either content or tool_calls, but not none.");

    static final OrderingRule MISTRAL_NO_USER_AFTER_TOOL = prov(
            OrderingRule.adjacency("mistral-no-user-after-tool", Kind.TOOL_CALL, Kind.MESSAGE)
                    .withSuccessorRoles(Set.of(Role.USER, Role.SYSTEM))
                    .withSeverity(Severity.BLOCKING),
            "Mistral M1 (mistral-common MistralRequestValidator): after a tool message only an assistant or another "
                    + "tool message may follow; mutate mode puts a short assistant filler between (the bridge avante "
                    + "and pi use); avante-corp/avante.nvim PR #2695, charmbracelet/crush#279, "
                    + "mistralai/mistral-common#169",
            "Unexpected role 'user' after role 'tool'");

    static final OrderingRule MISTRAL_LAST_ROLE = prov(
            BoundaryRule.builder("mistral-last-role", BoundaryEnd.LAST)
                    .allowed(EntrySelector.USER, EntrySelector.TOOL_RESULT)
                    .skipSystem(false)
                    .severity(Severity.BLOCKING)
                    .build(),
            "Mistral M2 (mistral-common MistralRequestValidator): the last message is a user or tool message; known "
                    + "over-approximation: an assistant message sent with prefix=true (a prefill) is accepted by "
                    + "Mistral and reported here, as the timeline does not carry the flag; no repair; "
                    + "0xPlaygrounds/rig PR #1130, huggingface/smolagents#757, crewAIInc/crewAI#2194",
            "Expected last role User or Tool (or Assistant with prefix True) for serving but got assistant");

    static final OrderingRule MISTRAL_FIRST_ROLE = prov(
            BoundaryRule.builder("mistral-first-role", BoundaryEnd.FIRST)
                    .allowed(EntrySelector.USER, EntrySelector.SYSTEM)
                    .skipSystem(false)
                    .severity(Severity.BLOCKING)
                    .build(),
            "Mistral M7 (mistral-common MistralRequestValidator): the conversation starts with a user or system "
                    + "message (consecutive user messages are accepted, so this is not strict alternation); mutate "
                    + "mode puts a short user filler first, or drops a leading orphan tool result",
            "Conversation must start with a user message or system message");

    static final OrderingRule MISTRAL_FOREIGN_REASONING = prov(
            OrderingRule.replayCompatibility("mistral-foreign-reasoning")
                    .withKinds(Kind.THOUGHT)
                    .withSeverity(Severity.BLOCKING),
            "Mistral M8: reasoning parts produced by another provider are rejected on non-reasoning models; "
                    + "suitenumerique/conversations#402",
            "Reasoning input is not enabled for this model");

    static final OrderingRule MISTRAL_NO_REASONING_INPUT = prov(
            OrderingRule.presence("mistral-no-reasoning-input", EntrySelector.THOUGHT, null, 0)
                    .withSeverity(Severity.BLOCKING),
            "Mistral M8: a model without reasoning (Mistral Large, Devstral, Codestral, Ministral, …) refuses any "
                    + "thinking part, whoever produced it and whether or not it carries a replay tag "
                    + "(mistralai/mistral-vibe#758: reasoning of Mistral Medium 3.5 sent to devstral-small-latest; "
                    + "suitenumerique/conversations#402); Mistral's reasoning models accept it (family "
                    + "mistral-reasoning-api); no repair here (mistral-foreign-reasoning drops tagged reasoning)",
            "Reasoning input is not enabled for this model");
}
