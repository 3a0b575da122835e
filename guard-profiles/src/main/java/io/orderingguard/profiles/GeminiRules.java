package io.orderingguard.profiles;

import io.orderingguard.surface.ReplayTags;
import static io.orderingguard.profiles.ProviderRules.pairing;
import static io.orderingguard.profiles.ProviderRules.prov;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.rule.AlternationMode;
import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.BoundaryEnd;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;

/**
 * Provider rules of the Gemini API and Vertex AI: function call/response pairing, user/model
 * alternation (strict on 1.x and 2.0, a user content after a function response accepted on 2.5 and
 * 3), empty text, contents present, the first and last turn, and Gemini 3 thought signatures. The
 * factories take the severity, which differs between model generations. Labels (G1, G7, …) follow
 * the README's audit; provenance and the approximation policy are those of {@link ProviderRules}.
 */
final class GeminiRules {

    private GeminiRules() {}

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
                    .fallbackPayloadValue(JsonNodeFactory.instance.textNode(ReplayTags.GEMINI_SKIP_VALIDATOR))
                    .fallbackReplayCompatibility(ReplayTags.GEMINI_SIGNATURE_SENTINEL)
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
                OrderingRule.replayCompatibility("gemini-foreign-thought-signature", ReplayTags.GEMINI_THOUGHT_SIGNATURE,
                        ReplayTags.GEMINI_SIGNATURE_SENTINEL)
                        .withSeverity(severity),
                "Gemini G8: thought signatures are model-family specific; another model's signature is rejected "
                        + "(blocking for Gemini 3; advisory for Gemini 2.5, which does not enforce signatures); "
                        + "decolua/9router#4136, badrisnarayanan/antigravity-claude-proxy#18",
                "Corrupted thought signature.");
    }
}
