package io.orderingguard.profiles;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.rule.AlternationMode;
import io.orderingguard.rule.AlternationRule;
import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.BoundaryEnd;
import io.orderingguard.rule.BoundaryRule;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.Set;

/**
 * Provider-grounded rules: what each provider really rejects (blocking, with the error text it
 * answers) or silently degrades on (advisory). Every rule id is new (none reuses a reference id) and
 * every rule carries provenance. The labels (A1, O2, G7, …) are those of the research notes on
 * provider behaviour.
 *
 * <p>A blocking rule here may under-approximate the provider's check (miss a shape the provider
 * rejects) but never over-approximate it (reject a shape the provider accepts) — except where a
 * rule's source names a known, narrow over-approximation.
 */
final class ProviderRules {

    /** When the provider behaviour was last checked. */
    static final String VERIFIED = "2026-11 (public issue reports and provider documentation; not a live call)";

    private static final String ANTHROPIC_TAG = "anthropic-messages-thinking-v1";

    private ProviderRules() {}

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

    // ---- OpenAI Chat Completions -----------------------------------------------------------------

    static final OrderingRule OPENAI_TOOL_MESSAGE_FOLLOWS_CALL = prov(
            pairing("openai-tool-message-follows-tool-calls", false, true, Severity.BLOCKING),
            "OpenAI Chat Completions O1: a tool message answers a preceding assistant tool_calls message; "
                    + "langchain4j/langchain4j#585, #3133, miurla/morphic#136",
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with "
                    + "'tool_calls'.");

    static final OrderingRule OPENAI_TOOL_CALLS_ANSWERED = prov(
            pairing("openai-tool-calls-answered", true, false, Severity.BLOCKING),
            "OpenAI Chat Completions O2: every tool_call_id is answered by a following tool message; "
                    + "BerriAI/litellm#10083, #10696, router-for-me/CLIProxyAPI#2798",
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                    + "'tool_call_id'. The following tool_call_ids did not have response messages: <ids>");

    static final OrderingRule OPENAI_TOOL_CALL_ID_LENGTH = prov(
            OrderingRule.identifierFormat("openai-tool-call-id-length", Kind.TOOL_CALL, 40, null)
                    .withSeverity(Severity.BLOCKING),
            "OpenAI Chat Completions O3: tool_calls[].id is at most 40 characters (foreign or gateway-generated ids "
                    + "break it); Portkey-AI/gateway#1062, anomalyco/opencode#12653",
            "Invalid 'messages[N].tool_calls[0].id': string too long. Expected a string with maximum length 40, but "
                    + "got a string with length 44 instead.");

    static final OrderingRule OPENAI_NO_SYSTEM_ROLE = prov(
            OrderingRule.presence("openai-no-system-role", EntrySelector.SYSTEM, null, 0)
                    .withSeverity(Severity.BLOCKING),
            "OpenAI Chat Completions O4: o1-mini and o1-preview reject the system role (o1, o3 and o4-mini accept it; "
                    + "developer is the newer name); no repair (dropping a system message loses its instructions); "
                    + "BerriAI/litellm#5671, open-webui/open-webui#5683, microsoft/agent-framework#1077",
            "Unsupported value: 'messages[0].role' does not support 'system' with this model.");

    // ---- OpenAI Responses API (stateless) --------------------------------------------------------

    static final OrderingRule RESPONSES_OUTPUT_FOR_CALL = prov(
            pairing("openai-responses-function-call-has-output", true, false, Severity.BLOCKING),
            "OpenAI Responses API R3: every function_call needs a function_call_output with its call_id; "
                    + "router-for-me/CLIProxyAPI#2368",
            "No tool output found for function call call_<id>.");

    static final OrderingRule RESPONSES_CALL_FOR_OUTPUT = prov(
            pairing("openai-responses-output-has-function-call", false, true, Severity.BLOCKING),
            "OpenAI Responses API R4: every function_call_output needs a preceding function_call; "
                    + "continuedev/continue#10092, microsoft/vscode#320060",
            "No tool call found for function call output with call_id call_<id>.");

    static final OrderingRule RESPONSES_CALL_ID_LENGTH = prov(
            OrderingRule.identifierFormat("openai-responses-call-id-length", Kind.TOOL_CALL, 64, null)
                    .withSeverity(Severity.BLOCKING),
            "OpenAI Responses API O3: call_id is at most 64 characters; AnswerDotAI/fastllm#45",
            "Invalid 'input[N].call_id': string too long. Expected a string with maximum length 64…");

    static final OrderingRule RESPONSES_REASONING_FOLLOWED = prov(
            OrderingRule.nonEmptyTurn("openai-responses-reasoning-followed", Role.ASSISTANT, true)
                    .withSeverity(Severity.BLOCKING),
            "OpenAI Responses API R1: a reasoning item is followed by the item it produced; this rule checks an input "
                    + "that ends in a reasoning item, openai-responses-reasoning-not-before-user one followed by a "
                    + "user message; vercel/ai#7099, openai/openai-node#1567",
            "Item 'rs_<id>' of type 'reasoning' was provided without its required following item.");

    static final OrderingRule RESPONSES_REASONING_NOT_BEFORE_USER = prov(
            OrderingRule.adjacency("openai-responses-reasoning-not-before-user", Kind.THOUGHT, Kind.MESSAGE)
                    .withSuccessorRoles(Set.of(Role.USER))
                    .withSeverity(Severity.BLOCKING),
            "OpenAI Responses API R1: a reasoning item followed by a user message (the item it produced was dropped) "
                    + "is rejected; mutate mode drops the lone reasoning item; vercel/ai#7099, #8031, "
                    + "continuedev/continue#8933, #10428",
            "Item 'rs_<id>' of type 'reasoning' was provided without its required following item.");

    static final OrderingRule RESPONSES_FOREIGN_REASONING = prov(
            OrderingRule.replayCompatibility("openai-responses-foreign-reasoning", "openai-responses-reasoning-v1")
                    .withKinds(Kind.THOUGHT)
                    .withSeverity(Severity.ADVISORY),
            "OpenAI Responses API: reasoning from another wire cannot be replayed as a reasoning item (it needs "
                    + "OpenAI's encrypted_content); it is dropped or ignored, a silent quality loss; OpenAI cookbook "
                    + "'reasoning items'",
            null);

    // ---- Google Gemini API / Vertex AI -----------------------------------------------------------

    static final OrderingRule GEMINI_RESPONSE_AFTER_CALL = prov(
            pairing("gemini-function-response-after-call", false, true, Severity.BLOCKING),
            "Gemini G2 (and G1 for orphan responses): a functionResponse turn directly follows its functionCall turn; "
                    + "langchain-ai/langchain#27799, google-gemini/gemini-cli#11814",
            "Please ensure that function response turn comes immediately after a function call turn");

    static final OrderingRule GEMINI_RESPONSE_COUNT = prov(
            pairing("gemini-function-response-count", true, false, Severity.BLOCKING),
            "Gemini G3: as many functionResponse parts as functionCall parts in that turn; "
                    + "google-gemini/gemini-cli#4217, #5443, #16415",
            "Please ensure that the number of function response parts is equal to the number of function call parts "
                    + "of the function call turn.");

    static final OrderingRule GEMINI_LEGACY_ALTERNATION = prov(
            OrderingRule.alternation("gemini-legacy-role-alternation", Role.USER, Role.ASSISTANT)
                    .withSeverity(Severity.BLOCKING),
            "Gemini G4 (Gemini 1.x and 2.0): contents alternate between user and model, starting with the user (a "
                    + "user message after a function response makes two user contents in a row); Portkey-AI/gateway PR "
                    + "#246, breadboard-ai/breadboard PR #3469 (2024)",
            "Please ensure that multiturn requests alternate between user and model");

    static final OrderingRule GEMINI_ALTERNATION = prov(
            OrderingRule.alternation("gemini-role-alternation", Role.USER, Role.ASSISTANT)
                    .withMode(AlternationMode.USER_AFTER_RESULT)
                    .withSeverity(Severity.BLOCKING),
            "Gemini G4 (Gemini 2.5 and 3): contents alternate between user and model, starting with the user: two "
                    + "user texts or two model turns in a row are refused (NousResearch/hermes-agent#55125, PR #55623, "
                    + "2026-06); a user content right after a function response content is accepted "
                    + "(pydantic/pydantic-ai#4210: gemini-3.5-flash and gemini-3.6-flash answer the split contents; "
                    + "anomalyco/opencode PR #43479 on Vertex gemini-3.7-flash)",
            "Please ensure that multiturn requests alternate between user and model");

    /**
     * G6 for user turns: blocking where it was recorded (Gemini 1.x and 2.0), advisory on 2.5 and 3,
     * which answer 200 to empty text parts.
     */
    static OrderingRule geminiUserText(Severity severity) {
        return prov(OrderingRule.nonEmptyTurn("gemini-user-text-non-empty", Role.USER, false).withSeverity(severity),
                "Gemini G6: an empty text part or content; blocking on Gemini 1.x and 2.0, where it was refused "
                        + "(vercel/ai#3775, langchain-ai/langchain-google#691); advisory on 2.5 and 3, which answer 200 "
                        + "to an empty user text (pydantic/pydantic-ai cassettes test_google_model_empty_user_prompt on "
                        + "gemini-2.5-flash, test_google_instructions_only_with_tool_calls on gemini-3-flash-preview); "
                        + "the timeline cannot tell an empty text part from a content without parts",
                "Unable to submit request because it has an empty text parameter.");
    }

    /** G6 for model turns: as {@link #geminiUserText(Severity)}. */
    static OrderingRule geminiModelText(Severity severity) {
        return prov(OrderingRule.nonEmptyTurn("gemini-model-text-non-empty", Role.ASSISTANT, false)
                        .withSeverity(severity),
                "Gemini G6: an empty model text (a model turn next to a function call renders the call instead); "
                        + "blocking on Gemini 1.x and 2.0 (router-for-me/CLIProxyAPI#1292); advisory on 2.5 and 3, "
                        + "which answer 200 to an empty model text (pydantic/pydantic-ai cassette "
                        + "test_google_model_empty_assistant_response on gemini-2.5-flash)",
                "Unable to submit request because it has an empty text parameter.");
    }

    /**
     * G5: blocking on Gemini 1.x and 2.0, where the text was recorded; advisory on 2.5 and 3, where a
     * rejection is reported without its text.
     */
    static OrderingRule geminiEndsWithUserTurn(Severity severity) {
        return prov(OrderingRule.boundary("gemini-ends-with-user-turn", BoundaryEnd.LAST, EntrySelector.USER,
                        EntrySelector.TOOL_RESULT).withSeverity(severity),
                "Gemini G5: a request ends with a user content or a function response; blocking on Gemini 1.x and "
                        + "2.0 (songquanpeng/one-api#836, gemini-pro); advisory on 2.5 and 3, where crewAIInc/crewAI PRs "
                        + "#6973 and #7134 (2026-08) report a refusal of a history ending on a model turn but quote no "
                        + "error text; mutate mode answers a trailing unanswered call with an error result and never "
                        + "invents a user turn (crewAI appends \"Please continue.\")",
                "Please ensure that multiturn requests ends with a user role or a function response.");
    }

    static final OrderingRule GEMINI_CONTENTS_PRESENT = prov(
            OrderingRule.presence("gemini-contents-present", EntrySelector.USER, 1, null)
                    .withSeverity(Severity.BLOCKING),
            "Gemini: a request needs contents; instructions alone (systemInstruction and no contents) are refused; "
                    + "counted as at least one user message (a request of model turns only is refused by the "
                    + "alternation rule's first-role check anyway); no repair (a user turn cannot be invented); "
                    + "langgenius/dify-official-plugins#2775 (2026-03), ikechan8370/chatgpt-plugin#733",
            "* GenerateContentRequest.contents: contents is not specified");

    static final OrderingRule GEMINI_3_SIGNATURE = prov(
            RequiredMetadataRule.builder("gemini-3-function-call-signature", Kind.TOOL_CALL, "thoughtSignature")
                    .applyTo(ApplyTo.FIRST_IN_STEP)
                    .fallbackPayloadValue(JsonNodeFactory.instance.textNode("skip_thought_signature_validator"))
                    .fallbackReplayCompatibility("gemini-thought-signature-sentinel-v1")
                    .fallbackRepairAuthorized(true)
                    .onlyCurrentTurn(true)
                    .severity(Severity.BLOCKING)
                    .build(),
            "Gemini 3 G7: the first functionCall part of each step of the current turn (after the latest user message "
                    + "with ordinary content) carries its thoughtSignature; older turns are not validated; parallel "
                    + "calls carry one signature on the first; the documented sentinel "
                    + "skip_thought_signature_validator may stand in for histories not produced by Gemini 3; "
                    + "ai.google.dev thought-signatures documentation, nanbingxyz/5ire#405",
            "Function call is missing a thought_signature in functionCall parts. This is required for tools to work "
                    + "correctly … function call `default_api:<name>` , position N.");

    static final OrderingRule GEMINI_HISTORY_STARTS_WITH_USER = prov(
            OrderingRule.boundary("gemini-history-starts-with-user", BoundaryEnd.FIRST, EntrySelector.USER,
                    EntrySelector.ASSISTANT, EntrySelector.THOUGHT, EntrySelector.TOOL_RESULT)
                    .withSeverity(Severity.BLOCKING),
            "Gemini G1: a history may not start with a function call, even when a user message follows it (a model "
                    + "turn first is gemini-role-alternation's, a leading function response "
                    + "gemini-function-response-after-call's); mutate mode puts a short user filler before the call; "
                    + "google-gemini/gemini-cli#11814, #26486, continuedev/continue#11164",
            "Please ensure that function call turn comes immediately after a user turn or after a function response "
                    + "turn.");

    static OrderingRule geminiForeignSignature(Severity severity) {
        return prov(
                OrderingRule.replayCompatibility("gemini-foreign-thought-signature", "gemini-thought-signature-v1",
                        "gemini-thought-signature-sentinel-v1")
                        .withSeverity(severity),
                "Gemini G8: thought signatures are model-family specific; another model's signature is rejected "
                        + "(blocking for Gemini 3; advisory for Gemini 2.5, which does not enforce signatures); "
                        + "decolua/9router#4136, badrisnarayanan/antigravity-claude-proxy#18",
                "Corrupted thought signature.");
    }

    // ---- AWS Bedrock Converse --------------------------------------------------------------------

    static final OrderingRule BEDROCK_ALTERNATION = prov(
            OrderingRule.alternation("bedrock-converse-role-alternation", Role.USER, Role.ASSISTANT)
                    .withSeverity(Severity.BLOCKING),
            "Bedrock Converse B1/B2: roles alternate (Converse does not merge consecutive same-role messages; a "
                    + "toolResult and user text in one user message are one turn) and the conversation starts with a "
                    + "user message (Nova, Llama, Mistral, Cohere, AI21 and Writer refuse a leading assistant message: "
                    + "pydantic/pydantic-ai PR #6255, live-verified 2026-07-03); langchain-ai/langchain-aws#130, "
                    + "langgenius/dify#12340",
            "ValidationException: A conversation must alternate between user and assistant roles. Make sure the "
                    + "conversation alternates between user and assistant roles and try again. / A conversation must "
                    + "start with a user message. Try again with a conversation that starts with a user message.");

    static final OrderingRule BEDROCK_CONSECUTIVE_ROLES = prov(
            OrderingRule.alternation("bedrock-converse-consecutive-roles", Role.USER, Role.ASSISTANT)
                    .withMode(AlternationMode.CONSECUTIVE_ONLY)
                    .withSeverity(Severity.BLOCKING),
            "Bedrock Converse B1 for the models that accept a leading assistant message: roles alternate (no two "
                    + "user or assistant messages in a row; a toolResult and user text in one user message are one "
                    + "turn), but any role may come first: Claude Sonnet 4.5 answered 200 to a history starting with an "
                    + "assistant message (pydantic/pydantic-ai cassette "
                    + "test_bedrock_anthropic_message_history_starting_with_response) and PR #6255 verified the same "
                    + "for Qwen; langchain-ai/langchain-aws#130",
            "ValidationException: A conversation must alternate between user and assistant roles. Make sure the "
                    + "conversation alternates between user and assistant roles and try again.");

    static final OrderingRule BEDROCK_TOOL_RESULTS_PRESENT = prov(
            pairing("bedrock-converse-tool-results-present", true, false, Severity.BLOCKING),
            "Bedrock Converse B3: the toolResults of an assistant turn come in the next user message; "
                    + "camel-ai/camel#3954, agno-agi/agno PR #6694",
            "Expected toolResult blocks at messages.N.content for the following Ids: tooluse_<id>");

    static final OrderingRule BEDROCK_TOOL_RESULT_COUNT = prov(
            pairing("bedrock-converse-tool-result-count", false, true, Severity.BLOCKING),
            "Bedrock Converse B4: no more toolResults than the previous turn's toolUses (typically after context "
                    + "pruning); Just-Curieous/Curie#16, pydantic/pydantic-ai#2327",
            "The number of toolResult blocks at messages.N.content exceeds the number of toolUse blocks of previous "
                    + "turn.");

    static final OrderingRule BEDROCK_USER_TEXT = prov(
            OrderingRule.nonEmptyTurn("bedrock-converse-user-text-not-blank", Role.USER, false)
                    .withSeverity(Severity.BLOCKING),
            "Bedrock Converse B5/B6: text blocks are not blank (whitespace-only counts) and content is not empty; "
                    + "langchain-ai/langchain-aws#403, langchain-ai/langchain#26968",
            "The text field in the ContentBlock object at messages.N.content.0 is blank. Add text to the text field, "
                    + "and try again.");

    static final OrderingRule BEDROCK_ASSISTANT_TEXT = prov(
            OrderingRule.nonEmptyTurn("bedrock-converse-assistant-text-not-blank", Role.ASSISTANT, false)
                    .withSeverity(Severity.BLOCKING),
            "Bedrock Converse B5/B6: an assistant message carries text or a toolUse; boto/botocore#3525, "
                    + "aws-samples/bedrock-engineer#8",
            "The content field in the Message object at messages.N is empty. Add a ContentBlock object to the content "
                    + "field and try again.");

    static final OrderingRule BEDROCK_TOOL_USE_ID = prov(
            OrderingRule.identifierFormat("bedrock-converse-tool-use-id-format", Kind.TOOL_CALL, 64, "[a-zA-Z0-9_.:-]")
                    .withSeverity(Severity.ADVISORY),
            "Bedrock Converse B8: the API reference gives toolUseId as 1-64 characters of [a-zA-Z0-9_-], but "
                    + "Converse accepted functions.get_temperature:0 minted by Kimi K2 (pydantic/pydantic-ai cassette "
                    + "test_bedrock_moonshotai_tool_call), so '.' and ':' are allowed here; no rejection was ever "
                    + "recorded, so advisory; mutate mode renames other ids",
            null);

    static final OrderingRule BEDROCK_USER_MESSAGE_PRESENT = prov(
            OrderingRule.presence("bedrock-converse-user-message-present", EntrySelector.USER, 1, null)
                    .withSeverity(Severity.BLOCKING),
            "Bedrock Converse B2: a request needs a message; instructions alone are refused (Claude Haiku 4.5, "
                    + "pydantic/pydantic-ai#4495; fixed by PR #4498 with a user message); known over-approximation for "
                    + "the models that accept a leading assistant message (Claude, Qwen): a request of assistant "
                    + "messages only, never recorded either way, is reported too; no repair",
            "ValidationException: A conversation must start with a user message. Try again with a conversation that "
                    + "starts with a user message.");

    static final OrderingRule BEDROCK_ERROR_RESULT_CONTENT = prov(
            ToolResultPairingRule.builder("bedrock-converse-error-result-content")
                    .unanswered(false)
                    .orphans(false)
                    .emptyErrorResults(true)
                    .severity(Severity.BLOCKING)
                    .build(),
            "Bedrock Converse B7: a toolResult with status error needs content (status is sent for Nova and Claude "
                    + "3/4; for other models an empty result is caught by the blank-content checks B5/B6 anyway); "
                    + "mutate mode writes a neutral text saying the tool failed; "
                    + "aws-samples/sample-multi-agent-orchestration-chat-on-agentcore#15",
            "The content field at messages.N.content.0.toolResult cannot be empty when status value is error.");

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

    // ---- DeepSeek --------------------------------------------------------------------------------

    static final OrderingRule DEEPSEEK_R1_NO_REASONING_REPLAY = prov(
            OrderingRule.replayCompatibility("deepseek-r1-no-reasoning-replay")
                    .withKinds(Kind.THOUGHT)
                    .withSeverity(Severity.BLOCKING),
            "DeepSeek R1 D1: reasoning_content is display-only and must not be sent back (the opposite of V3.2 and "
                    + "V4); every replay-tagged thought is dropped; Euyug/Mirai-Gpt-Plugin#4",
            "The reasoning_content is an intermediate result for display purposes only and will not be included in "
                    + "the context for inference. Please remove the reasoning_content from your message to reduce "
                    + "network traffic.");

    static final OrderingRule DEEPSEEK_R1_NO_REASONING_INPUT = prov(
            OrderingRule.presence("deepseek-r1-no-reasoning-input", EntrySelector.THOUGHT, null, 0)
                    .withSeverity(Severity.BLOCKING),
            "DeepSeek R1 D1: any reasoning_content sent back is refused, also a thought without a replay tag "
                    + "(deepseek-r1-no-reasoning-replay sees only tagged ones, and drops them in mutate mode); "
                    + "Euyug/Mirai-Gpt-Plugin#4",
            "The reasoning_content is an intermediate result for display purposes only and will not be included in "
                    + "the context for inference. Please remove the reasoning_content from your message to reduce "
                    + "network traffic.");

    static final OrderingRule DEEPSEEK_R1_ALTERNATION = prov(
            OrderingRule.alternation("deepseek-r1-alternation", Role.USER, Role.ASSISTANT)
                    .withSeverity(Severity.BLOCKING),
            "DeepSeek R1 D2/D3: no successive user or assistant messages; the first non-system message is a user "
                    + "message; deepseek-ai/DeepSeek-R1#21, lobehub/lobehub#5620",
            "deepseek-reasoner does not support successive user or assistant messages (messages[1] and messages[2] in "
                    + "your input). You should interleave the user/assistant messages in the message sequence. / The "
                    + "first message (except the system message) of deepseek-reasoner must be a user message, but an "
                    + "assistant message detected.");

    static final OrderingRule DEEPSEEK_TOOL_MESSAGE_FOLLOWS_CALL = prov(
            pairing("deepseek-tool-message-follows-tool-calls", false, true, Severity.BLOCKING),
            "DeepSeek O5: the OpenAI rule O1 with DeepSeek's wording; FoundationAgents/OpenManus#23",
            "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'");

    static final OrderingRule DEEPSEEK_TOOL_CALLS_ANSWERED = prov(
            pairing("deepseek-tool-calls-answered", true, false, Severity.BLOCKING),
            "DeepSeek O5: the OpenAI rule O2 with DeepSeek's wording; FoundationAgents/OpenManus#744",
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                    + "'tool_call_id'. The following tool_call_ids did not have response messages: <ids>");

    static final OrderingRule DEEPSEEK_V3_2_REASONING_ON_TOOL_TURNS = prov(
            OrderingRule.stepContent("deepseek-v3-2-reasoning-on-tool-turns", Kind.TOOL_CALL, Kind.THOUGHT,
                    StepPosition.ANY, StepScope.EVERY_STEP)
                    .withSeverity(Severity.BLOCKING),
            "DeepSeek V3.2 D4 (thinking mode): every assistant message with tool calls sends its reasoning_content "
                    + "back in all later requests (turns without tool calls need none); no repair (the guard never "
                    + "invents reasoning); continuedev/continue#9606, #9720, AstrBotDevs/AstrBot#4174, "
                    + "api-docs.deepseek.com/guides/thinking_mode",
            "Missing `reasoning_content` field in the assistant message at message index N.");

    static final OrderingRule DEEPSEEK_V4_REASONING_ON_TOOL_TURNS = prov(
            OrderingRule.stepContent("deepseek-v4-reasoning-on-tool-turns", Kind.TOOL_CALL, Kind.THOUGHT,
                    StepPosition.ANY, StepScope.EVERY_STEP)
                    .withSeverity(Severity.BLOCKING),
            "DeepSeek V4 D5 (thinking mode): every assistant message with tool calls sends its reasoning_content "
                    + "back, even when it is empty (keep an empty thought rather than dropping it); no repair; "
                    + "langchain-ai/langchain#37713, anomalyco/opencode#24083, #24722, Factory-AI/factory#1091",
            "The `reasoning_content` in the thinking mode must be passed back to the API.");

    static final OrderingRule DEEPSEEK_FOREIGN_REASONING = prov(
            OrderingRule.replayCompatibility("deepseek-foreign-reasoning", "deepseek-reasoning-content-v1")
                    .withKinds(Kind.THOUGHT)
                    .withSeverity(Severity.ADVISORY),
            "DeepSeek V3.2/V4: reasoning from another provider is not DeepSeek reasoning_content; gateways drop it "
                    + "(LiteLLM drop_params), a silent loss",
            null);

    // ---- Alibaba Qwen (DashScope; chat templates) -------------------------------------------------

    static final OrderingRule QWEN_TOOL_CALLS_ANSWERED = prov(
            pairing("qwen-tool-calls-answered", true, false, Severity.BLOCKING),
            "DashScope O5: the OpenAI rule O2 with DashScope's prefix; QwenLM/qwen-code#315, #606, #869",
            "<400> InternalError.Algo.InvalidParameter: An assistant message with \"tool_calls\" must be followed by "
                    + "tool messages …");

    static final OrderingRule QWEN_TOOL_MESSAGE_FOLLOWS_CALL = prov(
            pairing("qwen-tool-message-follows-tool-calls", false, true, Severity.BLOCKING),
            "DashScope O5: the OpenAI rule O1 with DashScope's prefix; philschmid/mcp-openai-gemini-llama-example PR "
                    + "#5",
            "<400> InternalError.Algo.InvalidParameter: messages with role 'tool' must be a response to a preceeding "
                    + "message with 'tool_calls'");

    static final OrderingRule QWEN_USER_QUERY_PRESENT = prov(
            OrderingRule.presence("qwen-user-query-present", EntrySelector.USER, 1, null)
                    .withSeverity(Severity.BLOCKING),
            "Qwen 3/3.5 chat templates: the template looks for the last user query and raises when there is none "
                    + "(e.g. after compaction removed it; llama.cpp --jinja answers 500, vLLM and gateways 400); no "
                    + "repair (a user turn cannot be invented)",
            "No user query found in messages.");

    // ---- Meta Llama 3 (official chat template) ---------------------------------------------------

    static final OrderingRule LLAMA_3_SINGLE_TOOL_CALL = prov(
            AlternationRule.builder("llama-3-single-tool-call")
                    .mode(AlternationMode.CAP_ONLY)
                    .maxPerGroup(1)
                    .severity(Severity.BLOCKING)
                    .build(),
            "Meta Llama 3.1-3.3 L2: the official chat template raises on two or more tool calls in one assistant "
                    + "message, and the history is re-rendered every turn, so one parallel call poisons every later "
                    + "request; the template does not enforce alternation (cap-only); counted per step, and per role "
                    + "group where steps are unknown (then sequential calls of one group count together: a known "
                    + "over-approximation); mutate mode splits the step; vllm-project/vllm PR #12938",
            "This model only supports single tool-calls at once!");

    // ---- OpenAI GPT-OSS (Harmony chat template) ---------------------------------------------------

    static final OrderingRule GPT_OSS_TOOL_RESULT_HAS_CALL = prov(
            pairing("gpt-oss-tool-result-has-call", false, true, Severity.BLOCKING),
            "GPT-OSS Harmony chat template (openai/gpt-oss chat_template.jinja): a tool message needs a previous "
                    + "assistant tool call, else the template raises",
            "Message has tool role, but there was no previous assistant message with a tool call!");

    // ---- IBM Granite, Cohere: no documented 400 ---------------------------------------------------

    static final OrderingRule GRANITE_PAIRING = prov(
            pairing("granite-tool-result-pairing", true, true, Severity.ADVISORY),
            "IBM Granite chat templates never raise: an unanswered call or an orphan result is rendered as it is and "
                    + "silently confuses the model (inferred from the Granite 3.0 template, which skips roles it does "
                    + "not know)",
            null);

    static final OrderingRule COHERE_PAIRING = prov(
            pairing("cohere-v2-tool-result-pairing", true, true, Severity.ADVISORY),
            "Cohere v2 Chat C1: every tool message carries the tool_call_id of an assistant tool call; the error text "
                    + "for a broken pair was not recorded, so advisory; docs.cohere.com migrating-v1-to-v2",
            null);

    // ---- Unknown models: the conservative fallback of profile selection ---------------------------

    static final OrderingRule UNKNOWN_MODEL_TOOL_PAIRING = prov(
            pairing("unknown-model-tool-result-pairing", true, true, Severity.BLOCKING),
            "every provider API in the research notes rejects a tool call without its result and a result without "
                    + "its call (Anthropic A1/A2, OpenAI O1/O2, Responses R3/R4, Gemini G2/G3, Bedrock B3/B4, Mistral "
                    + "M5, DeepSeek and DashScope O5), each in its own words; provider-executed calls are exempt",
            "(any provider) a tool call is missing its result, or a tool result answers no call");

    private static ToolResultPairingRule pairing(String id, boolean unanswered, boolean orphans, Severity severity) {
        return ToolResultPairingRule.builder(id).unanswered(unanswered).orphans(orphans).severity(severity).build();
    }

    private static OrderingRule prov(OrderingRule rule, String source, String providerError) {
        return rule.withProvenance(Provenance.of(source, providerError, VERIFIED));
    }
}
