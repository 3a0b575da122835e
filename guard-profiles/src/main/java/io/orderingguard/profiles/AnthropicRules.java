package io.orderingguard.profiles;

import io.orderingguard.surface.ReplayTags;
import static io.orderingguard.profiles.ProviderRules.pairing;
import static io.orderingguard.profiles.ProviderRules.prov;

import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;

/**
 * Provider rules of the Anthropic Messages API (first party and Vertex AI): tool_use/tool_result
 * pairing, non-empty content, role alternation, and the extended-thinking rules (signatures, foreign
 * reasoning, unmodified current-turn thinking, thinking first in the turn). The thinking-first rules
 * also serve Claude on Bedrock Converse. Labels (A1, T3, …) follow the README's audit; provenance
 * and the approximation policy are those of {@link ProviderRules}.
 */
final class AnthropicRules {

    private static final String ANTHROPIC_TAG = ReplayTags.ANTHROPIC_THINKING;

    private AnthropicRules() {}

    // ---- Anthropic Messages API (1P, Vertex AI) --------------------------------------------------

    static final OrderingRule ANTHROPIC_TOOL_USE_HAS_RESULT = prov(
            pairing("anthropic-tool-use-has-result", true, false, Severity.BLOCKING),
            "Anthropic Messages API A1 (and A3: fewer results than calls): every tool_use needs its tool_result in "
                    + "the next message; anthropics/claude-code#1237, #2697, #5989",
            "messages.N: `tool_use` ids were found without `tool_result` blocks immediately after: <ids>");

    static final OrderingRule ANTHROPIC_TOOL_RESULT_HAS_TOOL_USE = prov(
            pairing("anthropic-tool-result-has-tool-use", false, true, Severity.BLOCKING),
            "Anthropic Messages API A2 (and A4 for server tools): a tool_result must answer a tool_use of the "
                    + "previous message; anthropics/claude-code#13460, spring-projects/spring-ai#5940",
            "messages.N.content.M: unexpected `tool_use_id` found in `tool_result` blocks: <id>");

    static final OrderingRule ANTHROPIC_USER_CONTENT = prov(
            OrderingRule.nonEmptyTurn("anthropic-user-content-non-empty", Role.USER, false)
                    .withSeverity(Severity.BLOCKING),
            "Anthropic Messages API A5/A6: non-empty, non-whitespace content (a user message next to a tool call "
                    + "renders its tool_result blocks instead); anthropics/claude-code#3196, #59812",
            "messages.N: all messages must have non-empty content except for the optional final assistant message");

    static final OrderingRule ANTHROPIC_ASSISTANT_CONTENT = prov(
            OrderingRule.nonEmptyTurn("anthropic-assistant-content-non-empty", Role.ASSISTANT, false)
                    .withSeverity(Severity.BLOCKING),
            "Anthropic Messages API A5/A6: an assistant message needs text or a tool_use; known over-approximation: a "
                    + "final assistant message of exactly \"\" (no whitespace) is accepted by the API when the client "
                    + "omits the empty text block; anthropics/claude-code#6774, anomalyco/opencode#31259",
            "messages.N: all messages must have non-empty content except for the optional final assistant message");

    static final OrderingRule ANTHROPIC_ALTERNATION = prov(
            OrderingRule.alternation("anthropic-role-alternation", Role.USER, Role.ASSISTANT)
                    .withSeverity(Severity.ADVISORY),
            "Anthropic Messages API A7/A8: today the API merges consecutive same-role turns and accepts an assistant "
                    + "first (since Dec 2024); older API versions and some gateways still reject; "
                    + "FlowiseAI/Flowise#2006, anthropics/anthropic-sdk-typescript#622",
            "messages: roles must alternate between \"user\" and \"assistant\", but found multiple \"user\" roles in "
                    + "a row / messages: first message must use the \"user\" role");

    static final OrderingRule ANTHROPIC_SIGNATURE_PRESENT = prov(
            RequiredMetadataRule.builder("anthropic-thinking-signature-present", Kind.THOUGHT, "signature")
                    .alternativePayloadKeys("data")
                    .gatedByReplayCompatibility(ANTHROPIC_TAG, "")
                    .severity(Severity.BLOCKING)
                    .build(),
            "Anthropic Messages API T3: a thinking block needs its signature (checked on thoughts from the Anthropic "
                    + "wire and thoughts of unknown origin); a redacted_thinking block carries `data` instead and is "
                    + "accepted; mutate mode drops an unsigned thought (it cannot be signed, and T6 forbids demoting "
                    + "it to text); anomalyco/opencode#25005",
            "messages.N.content.0.thinking.signature: Field required");

    static final OrderingRule ANTHROPIC_FINAL_BLOCK_NOT_THINKING = prov(
            OrderingRule.nonEmptyTurn("anthropic-final-block-not-thinking", Role.ASSISTANT, true)
                    .withSeverity(Severity.BLOCKING),
            "Anthropic Messages API T8: a request may not end in an assistant turn whose last block is thinking (nor "
                    + "in an empty assistant turn); tailcallhq/forgecode#2107",
            "messages.N: The final block in an assistant message cannot be `thinking`.");

    static final OrderingRule ANTHROPIC_FOREIGN_REASONING = prov(
            OrderingRule.replayCompatibility("anthropic-foreign-reasoning", ANTHROPIC_TAG)
                    .withSeverity(Severity.BLOCKING),
            "Anthropic Messages API T4/T5 and model switching: signatures minted by another wire (Gemini, OpenAI, "
                    + "Bedrock) are rejected, and demoting them to text risks a refusal; drop them; "
                    + "router-for-me/CLIProxyAPI#1584, RooCodeInc/Roo-Code#9392, can1357/oh-my-pi#7241",
            "Invalid `signature` in `thinking` block");

    static final OrderingRule ANTHROPIC_CURRENT_THINKING_UNMODIFIED = prov(
            OrderingRule.preservation("anthropic-current-thinking-unmodified", Kind.THOUGHT,
                    PreservationInvariant.PRUNED_AFTER_LATEST_TURN)
                    .withResetOnModelSwitch(true)
                    .withSeverity(Severity.BLOCKING),
            "Anthropic Messages API T2: thinking blocks of the current turn (the tool loop since the latest user "
                    + "message) come back present and unmodified; older turns' thinking may be dropped; compared with "
                    + "the last dispatch sent, reset on a model switch; Anthropic extended-thinking documentation "
                    + "'Preserving thinking blocks', maximhq/bifrost#5093",
            "`thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified");

    /**
     * T1: blocking with manual extended thinking (recorded); advisory with adaptive thinking, where the
     * model may skip thinking on a step, so a loop without thinking is what it produced.
     */
    static OrderingRule anthropicTurnStartsWithThinking(Severity severity) {
        return prov(OrderingRule.stepContent("anthropic-turn-starts-with-thinking", Kind.TOOL_CALL, Kind.THOUGHT,
                        StepPosition.FIRST, StepScope.CURRENT_TURN).withSeverity(severity),
                "Anthropic Messages API T1 (thinking enabled; on Bedrock Converse B9 wraps it in 'The model returned "
                        + "the following errors: …'): the assistant turn since the latest user message (the whole tool "
                        + "loop) starts with a thinking or redacted_thinking block when it holds a tool call; thinking "
                        + "later in the loop (interleaved) is accepted and so is its absence; blocking with manual "
                        + "thinking (pydantic/pydantic-ai#2040, #2075, #2453 on Bedrock, vercel/ai#8865, "
                        + "openai/openai-agents-python#1704, anomalyco/opencode#3077); advisory with adaptive thinking, "
                        + "which makes thinking optional at each step (a recorded Opus 4.6 adaptive response holds a "
                        + "tool_use without thinking: pydantic/pydantic-ai cassette "
                        + "test_anthropic_opus_46_adaptive_thinking_accepts_tool_output) and for which no refusal was "
                        + "recorded; no repair (the guard never invents thinking; LiteLLM turns thinking off instead)",
                "messages.N.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When "
                        + "`thinking` is enabled, a final `assistant` message must start with a thinking block …");
    }

    /**
     * A9 with thinking: a final assistant message (prefill) must start with thinking; blocking with
     * manual thinking, advisory with adaptive thinking.
     */
    static OrderingRule anthropicFinalAssistantStartsWithThinking(Severity severity) {
        return prov(OrderingRule.stepContent("anthropic-final-assistant-starts-with-thinking", Kind.MESSAGE,
                        Kind.THOUGHT, StepPosition.FIRST, StepScope.CURRENT_TURN).withSeverity(severity),
                "Anthropic Messages API A9 and T1 (thinking enabled): what the model produced since the latest user "
                        + "message, when it holds assistant text (an assistant prefill, or text in the open tool loop), "
                        + "starts with a thinking block; a prefill without thinking is refused (Aider-AI/aider#3820: "
                        + "claude-3-7-sonnet continuing with a prefill; n8n-io/n8n#22550: Opus 4.5; "
                        + "langchain-ai/langchain-aws#844 on Bedrock); blocking with manual thinking, advisory with "
                        + "adaptive thinking (no refusal recorded); a prefill that starts with thinking is not reported, "
                        + "although the documentation says prefill is not supported with thinking at all (no error text "
                        + "recorded for it); no repair",
                "messages.N.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When "
                        + "`thinking` is enabled, a final `assistant` message must start with a thinking block …");
    }

    static final OrderingRule ANTHROPIC_NO_THINKING_IN_FINAL = prov(
            OrderingRule.order("anthropic-no-thinking-in-final-assistant", Kind.MESSAGE, Kind.THOUGHT)
                    .withOnlyLatestGroup(true)
                    .withSeverity(Severity.BLOCKING),
            "Anthropic Messages API T7 (thinking disabled): a final assistant message may not contain thinking; known "
                    + "over-approximation: a tool loop followed by a final assistant prefill is reported although the "
                    + "prefill itself has no thinking; tailcallhq/forgecode#1853",
            "messages.N.content.0: When thinking is disabled, an `assistant` message in the final position cannot "
                    + "contain `thinking`.");
}
