package io.orderingguard.profiles;

import io.orderingguard.surface.ReplayTags;
import static io.orderingguard.profiles.ProviderRules.pairing;
import static io.orderingguard.profiles.ProviderRules.prov;

import io.orderingguard.rule.AlternationMode;
import io.orderingguard.rule.AlternationRule;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;

/**
 * Provider rules of open-weight model families, served by their own API or through their chat
 * template: DeepSeek (R1, V3.2, V4 reasoning replay and tool pairing), Alibaba Qwen (DashScope
 * wording, a user query present), Meta Llama 3 (one tool call per message), OpenAI GPT-OSS (Harmony
 * template), and the advisory pairing of IBM Granite and Cohere, which document no rejection. Labels
 * (D1, L2, …) follow the README's audit; provenance and the approximation policy are those of
 * {@link ProviderRules}.
 */
final class OpenWeightRules {

    private OpenWeightRules() {}

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
            OrderingRule.replayCompatibility("deepseek-foreign-reasoning", ReplayTags.DEEPSEEK_REASONING_CONTENT)
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
}
