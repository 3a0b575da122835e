package io.orderingguard.profiles;

import io.orderingguard.surface.ProviderIds;
import static io.orderingguard.profiles.AnthropicRules.*;
import static io.orderingguard.profiles.BedrockRules.*;
import static io.orderingguard.profiles.GeminiRules.*;
import static io.orderingguard.profiles.MistralRules.*;
import static io.orderingguard.profiles.OpenAiRules.*;
import static io.orderingguard.profiles.OpenWeightRules.*;
import static io.orderingguard.profiles.ProviderRules.*;

import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The provider-grounded families: one per provider API surface (and model generation where the
 * rules differ). Each is composed of the reference behaviours the provider evidence supports,
 * unchanged, followed by provider rules with new ids and full provenance. A reference behaviour is
 * left out only where the evidence contradicts it (it fires on shapes the provider accepts); the
 * family's description says which and why. Provider rules the rule types cannot express yet are
 * listed as {@link Gap}s.
 */
final class ProviderFamilies {

    /** A provider family before resolution. */
    record Definition(String key, String description, List<String> behaviours, List<OrderingRule> rules, List<Gap> gaps) {}

    static final Gap R2 = new Gap("R2", "openai-responses-item-has-reasoning",
            "a message or function_call item (sent with its server item id) whose reasoning item was dropped is "
                    + "rejected",
            "Item 'msg_<id>' of type 'message' was provided without its required 'reasoning' item",
            "telling an item of a reasoning model's response from any other: stepContent (toolCall or message → "
                    + "thought) expresses the shape, but this family also serves models that never reason "
                    + "(gpt-4.1, gpt-4o) and items rebuilt by the client without their server id, which the "
                    + "provider accepts without reasoning; the rule would reject every such tool loop");

    /** The family profile selection falls back to for an unknown model. */
    static final String UNKNOWN_MODEL = "unknown-model";

    /** The family of a provider other than OpenAI on the Responses surface. */
    static final String RESPONSES_COMPATIBLE = "openai-responses-compatible";

    /** The family of a vendor's model behind a gateway on a surface the vendor does not serve. */
    static final String GATEWAY_TRANSLATED = "gateway-translated";

    /** Provider family key → definition, in catalogue order. */
    static final Map<String, Definition> DEFINITIONS = new LinkedHashMap<>();

    private static final String SIGNATURE = "payload_field_preservation:signature";
    private static final String UNIQUE_IDS = "tool_call_id_uniqueness";
    private static final String LEAVES_OUT_BASELINE = " Leaves out openai_shape_baseline's adjacency rule (a message "
            + "after a tool call is the ordinary completed tool turn, which the provider accepts) and keeps its "
            + "tool_call_id_uniqueness.";

    static {
        List<OrderingRule> anthropic = List.of(ANTHROPIC_TOOL_USE_HAS_RESULT, ANTHROPIC_TOOL_RESULT_HAS_TOOL_USE,
                ANTHROPIC_USER_CONTENT, ANTHROPIC_ASSISTANT_CONTENT, ANTHROPIC_ALTERNATION, ANTHROPIC_SIGNATURE_PRESENT,
                ANTHROPIC_FINAL_BLOCK_NOT_THINKING, ANTHROPIC_FOREIGN_REASONING);
        define("anthropic-messages", "Claude on the Anthropic Messages API (also Vertex AI), whatever the thinking "
                + "setting: tool_use/tool_result pairing, non-empty content, thinking signatures, no foreign "
                + "reasoning. Choose -manual-thinking, -adaptive-thinking or -no-thinking to add the rules of that "
                + "setting.", List.of(SIGNATURE), anthropic);
        define("anthropic-messages-no-thinking", "Claude on the Anthropic Messages API with thinking disabled: "
                + "anthropic-messages plus no thinking in the final assistant message.", List.of(SIGNATURE),
                plus(anthropic, ANTHROPIC_NO_THINKING_IN_FINAL));
        define("anthropic-messages-manual-thinking", "Claude on the Anthropic Messages API with manual extended "
                + "thinking: extends the reference anthropic-manual-thinking with the anthropic-messages rules, an "
                + "unmodified current-turn thinking, and a current turn (tool loop or prefill) that starts with "
                + "thinking.", List.of("thinking_before_tool_use", SIGNATURE),
                plus(anthropic, ANTHROPIC_CURRENT_THINKING_UNMODIFIED,
                        anthropicTurnStartsWithThinking(Severity.BLOCKING),
                        anthropicFinalAssistantStartsWithThinking(Severity.BLOCKING)));
        define("anthropic-messages-adaptive-thinking", "Claude on the Anthropic Messages API with adaptive thinking: "
                + "extends the reference anthropic-adaptive-thinking with the anthropic-messages rules and an "
                + "unmodified current-turn thinking; a current turn without thinking is advised against, not "
                + "blocked (adaptive thinking lets the model skip thinking on a step).", List.of(SIGNATURE),
                plus(anthropic, ANTHROPIC_CURRENT_THINKING_UNMODIFIED,
                        anthropicTurnStartsWithThinking(Severity.ADVISORY),
                        anthropicFinalAssistantStartsWithThinking(Severity.ADVISORY)));

        List<OrderingRule> openaiChat = List.of(OPENAI_TOOL_MESSAGE_FOLLOWS_CALL, OPENAI_TOOL_CALLS_ANSWERED,
                OPENAI_TOOL_CALL_ID_LENGTH);
        define("openai-chat", "OpenAI Chat Completions (GPT-4o, GPT-4.1, GPT-5, o1, o3, o4-mini): tool messages pair "
                + "with tool_calls, ids are at most 40 characters. Consecutive user messages and tool → user are "
                + "accepted." + LEAVES_OUT_BASELINE, List.of(UNIQUE_IDS), openaiChat);
        define("openai-chat-o1-mini", "OpenAI Chat Completions for o1-mini and o1-preview: openai-chat, and these "
                + "models reject system messages.", List.of(UNIQUE_IDS), plus(openaiChat, OPENAI_NO_SYSTEM_ROLE));
        define(ProviderIds.OPENAI_RESPONSES, "OpenAI Responses API used statelessly (store=false, or history sent in full): "
                + "function_call/function_call_output pairing, call ids of at most 64 characters, reasoning items "
                + "followed by what they produced (not last, not right before a user message); extends the reference "
                + "codex-responses.",
                List.of("payload_field_preservation:encrypted_content"), List.of(RESPONSES_OUTPUT_FOR_CALL,
                        RESPONSES_CALL_FOR_OUTPUT, RESPONSES_CALL_ID_LENGTH, RESPONSES_REASONING_FOLLOWED,
                        RESPONSES_REASONING_NOT_BEFORE_USER, RESPONSES_REASONING_FOLLOWED_BY_ITS_ITEM,
                        RESPONSES_FOREIGN_REASONING), R2);
        define(RESPONSES_COMPATIBLE, "A provider other than OpenAI serving the Responses API (DeepSeek, a gateway, a "
                + "local server): function_call/function_call_output pairing, which every such provider enforces. "
                + "OpenAI's own limits (call ids of at most 64 characters, its encrypted reasoning items) are not "
                + "applied: these providers translate the request to their own API.",
                List.of(), List.of(RESPONSES_OUTPUT_FOR_CALL, RESPONSES_CALL_FOR_OUTPUT));
        define(GATEWAY_TRANSLATED, "A vendor's model served through a gateway on a surface the vendor does not speak "
                + "itself (Claude or Gemini behind OpenRouter's or Vercel's Chat Completions): only a tool call "
                + "without its result or a result without its call, which the vendor rejects whatever the "
                + "translation. The vendor's native rules (thinking and thought signatures, alternation, content "
                + "blocks) check shapes the gateway rewrites, so they are not applied.",
                List.of(), List.of(GATEWAY_TOOL_PAIRING));

        List<OrderingRule> geminiPairing = List.of(GEMINI_RESPONSE_AFTER_CALL, GEMINI_RESPONSE_COUNT);
        define("gemini-legacy-api", "Gemini 1.0, 1.5 and 2.0 on the Gemini API or Vertex AI: function call/response "
                + "pairing, strict user/model alternation (a user content after a function response included), no "
                + "history starting with a function call, no empty text (refused by these generations), contents "
                + "present, a request ending with a user content or a function response. Extends the reference "
                + "gemini-2-5, leaving out function_response_adjacency.",
                List.of("thought_signature_advisory", "tool_identity", "non_empty_turn:terminal"),
                plus(geminiPairing, GEMINI_LEGACY_ALTERNATION, GEMINI_HISTORY_STARTS_WITH_USER,
                        geminiUserText(Severity.BLOCKING), geminiModelText(Severity.BLOCKING), GEMINI_CONTENTS_PRESENT,
                        geminiEndsWithUserTurn(Severity.BLOCKING), geminiForeignSignature(Severity.ADVISORY)));
        List<OrderingRule> gemini = plus(geminiPairing, GEMINI_ALTERNATION, GEMINI_HISTORY_STARTS_WITH_USER,
                geminiUserText(Severity.ADVISORY), geminiModelText(Severity.ADVISORY), GEMINI_CONTENTS_PRESENT,
                geminiEndsWithUserTurn(Severity.ADVISORY));
        define("gemini-2-5-api", "Gemini 2.5 on the Gemini API or Vertex AI: function call/response pairing, "
                + "user/model alternation (a user content right after a function response content is accepted), no "
                + "history starting with a function call, contents present; empty text parts are accepted (advisory); "
                + "thought signatures recommended, not enforced. Extends the reference gemini-2-5, leaving out "
                + "function_response_adjacency (a model reply after a function response is the ordinary turn; the "
                + "reference's live audit found it accepted).",
                List.of("thought_signature_advisory", "tool_identity", "non_empty_turn:terminal"),
                plus(gemini, geminiForeignSignature(Severity.ADVISORY)));
        define("gemini-3-api", "Gemini 3 on the Gemini API or Vertex AI: gemini-2-5-api's rules, and the first "
                + "function call of each step of the current turn carries its thoughtSignature (mutate mode may "
                + "write the documented sentinel); foreign signatures are rejected. Extends the reference gemini-3, "
                + "replacing thought_signature_required (first call per role group over the whole history, while "
                + "Gemini checks the current turn per step) and leaving out function_response_adjacency.",
                List.of("tool_identity", "non_empty_turn:terminal"),
                plus(gemini, GEMINI_3_SIGNATURE, geminiForeignSignature(Severity.BLOCKING)));

        OrderingRule[] bedrockRest = {BEDROCK_TOOL_RESULTS_PRESENT, BEDROCK_TOOL_RESULT_COUNT, BEDROCK_USER_TEXT,
                BEDROCK_ASSISTANT_TEXT, BEDROCK_TOOL_USE_ID, BEDROCK_ERROR_RESULT_CONTENT, BEDROCK_USER_MESSAGE_PRESENT};
        List<OrderingRule> bedrock = plus(List.of(BEDROCK_ALTERNATION), bedrockRest);
        List<OrderingRule> bedrockAnyStart = plus(List.of(BEDROCK_CONSECUTIVE_ROLES), bedrockRest);
        define("bedrock-converse-api", "Any model on the AWS Bedrock Converse API (Nova, Llama, Mistral, Cohere, AI21, "
                + "Writer, …): alternation starting with the user (a toolResult and user text in one user message "
                + "are one turn), toolUse/toolResult pairing, no blank text, at least one user message; toolUseIds "
                + "of 1-64 characters are advised. Replaces the reference bedrock-converse (its "
                + "converse_text_before_tool_use rule spans the whole timeline and fires on every multi-turn history "
                + "with a tool call).", List.of(),
                bedrock);
        define("bedrock-converse-claude", "Claude on the AWS Bedrock Converse API, whatever the thinking setting: "
                + "bedrock-converse-api's rules, except that a history may start with an assistant message (recorded "
                + "200). With extended thinking enabled, bedrock-converse-claude-thinking adds Claude's thinking rule "
                + "(T1) as Converse reports it.", List.of(), bedrockAnyStart);
        define("bedrock-converse-claude-thinking", "Claude on the AWS Bedrock Converse API with extended thinking "
                + "enabled: bedrock-converse-claude, and a current turn (tool loop or prefill) starts with thinking (T1, "
                + "reported by Converse as 'The model returned the following errors: …').", List.of(),
                plus(bedrockAnyStart, anthropicTurnStartsWithThinking(Severity.BLOCKING),
                        anthropicFinalAssistantStartsWithThinking(Severity.BLOCKING)));
        define("bedrock-converse-qwen", "Qwen on the AWS Bedrock Converse API: bedrock-converse-api's rules, except "
                + "that a history may start with an assistant message (pydantic/pydantic-ai PR #6255, live-verified).",
                List.of(), bedrockAnyStart);

        List<OrderingRule> mistral = List.of(MISTRAL_RESULTS_MATCH_CALLS, MISTRAL_RESULT_ID_KNOWN, MISTRAL_TOOL_CALL_ID,
                MISTRAL_ASSISTANT_CONTENT, MISTRAL_NO_USER_AFTER_TOOL, MISTRAL_FIRST_ROLE, MISTRAL_LAST_ROLE);
        define("mistral-api", "Mistral models without reasoning (Mistral Large, Devstral, Codestral, Ministral, …) on "
                + "La Plateforme or served with mistral_common: tool calls and results match, tool call ids of exactly 9 "
                + "alphanumerics, assistant messages carry content or tool calls, no reasoning input at all, no user or "
                + "system message right after a tool result, the conversation starts with a user or system message and "
                + "ends with a user message or a tool result. Consecutive user messages are accepted."
                + LEAVES_OUT_BASELINE, List.of(UNIQUE_IDS), plus(mistral, MISTRAL_FOREIGN_REASONING, MISTRAL_NO_REASONING_INPUT));
        define("mistral-reasoning-api", "Mistral reasoning models (Magistral, Mistral Medium 3.5, Mistral Small 4) on La "
                + "Plateforme: mistral-api's rules except the reasoning-input ones: these models take thinking parts back, "
                + "also reasoning another provider produced (magistral-medium-latest answered 200 to o3-mini reasoning, "
                + "pydantic/pydantic-ai cassette test_mistral_model_thinking_part)." + LEAVES_OUT_BASELINE,
                List.of(UNIQUE_IDS), mistral);

        define("llama-3-template", "Meta Llama 3.1-3.3 through the official chat template (vLLM, Ollama, NIM): one "
                + "tool call per assistant message (blocking: the template raises). Extends the reference llama-3, leaving out openai_shape_baseline "
                + "(the template neither raises on a message after a tool result nor renders tool-call ids).",
                List.of("single_tool_call_per_turn"), List.of(LLAMA_3_SINGLE_TOOL_CALL));

        define("granite-3-template", "IBM Granite 3.x through its chat template: the reference granite-3-x; the "
                + "template never raises, so every rule is advisory.", List.of("role_remap_split_tool_roles"),
                List.of(GRANITE_PAIRING));
        define("granite-4-template", "IBM Granite 4.x through its chat template: the reference granite-4-x; the "
                + "template never raises (it accepts both the 3.x and 4.x renderings), so every rule is advisory.",
                List.of("role_remap_inline_tool_call"), List.of(GRANITE_PAIRING));

        define("cohere-v2", "Cohere Command R/A on the v2 Chat API: tool messages answer assistant tool calls by id "
                + "(no error text recorded: advisory). Extends the reference cohere-command-r." + LEAVES_OUT_BASELINE,
                List.of(UNIQUE_IDS), List.of(COHERE_PAIRING));

        List<OrderingRule> deepseekPairing = List.of(DEEPSEEK_TOOL_MESSAGE_FOLLOWS_CALL, DEEPSEEK_TOOL_CALLS_ANSWERED);
        define("deepseek-r1-api", "DeepSeek R1 (the first deepseek-reasoner generation) on the DeepSeek API: strict "
                + "alternation starting with the user, tool pairing, and reasoning must NOT be sent back — the "
                + "opposite of V3.2 and V4. Leaves out the reference deepseek-thinking's full history preservation "
                + "of thoughts, which R1 rejects.", List.of(), plus(deepseekPairing, DEEPSEEK_R1_NO_REASONING_REPLAY,
                DEEPSEEK_R1_NO_REASONING_INPUT, DEEPSEEK_R1_ALTERNATION));
        define("deepseek-v3-2-api", "DeepSeek V3.2 on the DeepSeek API, whatever the thinking setting: tool pairing; "
                + "dropped reasoning is advisory. In thinking mode choose deepseek-v3-2-api-thinking, which requires "
                + "the reasoning of tool-call turns. Extends the reference deepseek-thinking.",
                List.of("strict_alternation", "full_history_preservation:thought"),
                plus(deepseekPairing, DEEPSEEK_FOREIGN_REASONING));
        define("deepseek-v3-2-api-thinking", "DeepSeek V3.2 on the DeepSeek API in thinking mode: deepseek-v3-2-api, and "
                + "every assistant step with tool calls sends its reasoning back (D4). Never chosen from a model id: "
                + "thinking is a request setting.",
                List.of("strict_alternation", "full_history_preservation:thought"),
                plus(deepseekPairing, DEEPSEEK_FOREIGN_REASONING, DEEPSEEK_V3_2_REASONING_ON_TOOL_TURNS));
        define("deepseek-v4-api", "DeepSeek V4 on the DeepSeek API (deepseek-chat since the V4 release, or any V4 "
                + "model whose thinking setting is unknown): tool pairing; dropped reasoning is advisory. In thinking "
                + "mode choose deepseek-v4-api-thinking. Extends the reference deepseek-v4.",
                List.of("strict_alternation", "full_history_preservation:thought"),
                plus(deepseekPairing, DEEPSEEK_FOREIGN_REASONING));
        define("deepseek-v4-api-thinking", "DeepSeek V4 on the DeepSeek API in thinking mode (deepseek-reasoner): "
                + "deepseek-v4-api, and every assistant step with tool calls sends its reasoning back, even when it is "
                + "empty (D5).",
                List.of("strict_alternation", "full_history_preservation:thought"),
                plus(deepseekPairing, DEEPSEEK_FOREIGN_REASONING, DEEPSEEK_V4_REASONING_ON_TOOL_TURNS));

        define("qwen-3-api", "Alibaba Qwen 3 on DashScope or through its chat template: tool pairing with "
                + "DashScope's wording; reasoning after the latest user turn is kept; at least one user message. Extends "
                + "the reference qwen-3." + LEAVES_OUT_BASELINE, List.of(UNIQUE_IDS, "reasoning_pruned_after_latest_turn"),
                List.of(QWEN_TOOL_CALLS_ANSWERED, QWEN_TOOL_MESSAGE_FOLLOWS_CALL, QWEN_USER_QUERY_PRESENT));

        define("gpt-oss-template", "OpenAI GPT-OSS through its Harmony chat template: a tool result needs its call "
                + "(else the template raises), tool calls carry a channel, and only the first of parallel tool calls "
                + "is rendered (single_tool_call_per_turn, advisory). Extends the reference gpt-oss.",
                List.of("harmony_commentary_channel", "single_tool_call_per_turn"), List.of(GPT_OSS_TOOL_RESULT_HAS_CALL));

        define(UNKNOWN_MODEL, "The conservative fallback of profile selection for a model no family is known for: "
                + "only what every provider rejects, a tool call without its result or a result without its call "
                + "(provider-executed calls exempt). Selection reports an advisory finding naming the model; name a "
                + "family (guard check -p, OrderingGuard.builder().profile) or map a deployment name to a model id "
                + "(--model-alias, Profiles.selector().alias) to get the model's own rules.",
                List.of(), List.of(UNKNOWN_MODEL_TOOL_PAIRING));
    }

    private ProviderFamilies() {}

    private static void define(String key, String description, List<String> behaviours, List<OrderingRule> rules,
            Gap... gaps) {
        StringBuilder text = new StringBuilder(description);
        if (gaps.length > 0) {
            text.append(" Not modelled yet:");
            for (int i = 0; i < gaps.length; i++) {
                text.append(i == 0 ? " " : "; ").append(gaps[i].label()).append(" (").append(gaps[i].rejects())
                        .append(")");
            }
            text.append('.');
        }
        DEFINITIONS.put(key, new Definition(key, text.toString(), behaviours, rules, List.of(gaps)));
    }

    private static List<OrderingRule> plus(List<OrderingRule> rules, OrderingRule... more) {
        List<OrderingRule> all = new ArrayList<>(rules);
        all.addAll(List.of(more));
        return all;
    }
}
