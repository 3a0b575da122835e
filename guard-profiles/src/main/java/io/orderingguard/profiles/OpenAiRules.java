package io.orderingguard.profiles;

import static io.orderingguard.profiles.ProviderRules.pairing;
import static io.orderingguard.profiles.ProviderRules.prov;

import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.surface.ReplayTags;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.Set;

/**
 * Provider rules of OpenAI's hosted APIs: Chat Completions (tool message pairing, tool call id
 * length, the system role of o1-mini) and the Responses API used statelessly (function call/output
 * pairing, call id length, reasoning items). Labels (O1, R3, …) follow the README's audit; provenance
 * and the approximation policy are those of {@link ProviderRules}.
 */
final class OpenAiRules {

    private OpenAiRules() {}

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

    static final OrderingRule RESPONSES_REASONING_FOLLOWED_BY_ITS_ITEM = prov(
            OrderingRule.adjacency("openai-responses-reasoning-followed-by-its-item", Kind.THOUGHT, Kind.MESSAGE)
                    .withSuccessorRoles(Set.of(Role.ASSISTANT))
                    .withAcrossSteps(true)
                    .withSeverity(Severity.BLOCKING),
            "OpenAI Responses API R1: a reasoning item must be followed by the item it produced; an assistant "
                    + "message the client wrote (no server item id, so not that output item) right after it is "
                    + "rejected (a recorded 400 of a body that replayed rs_ before a plain assistant message); mutate "
                    + "mode drops the lone reasoning item, recording it; vercel/ai#7099, openai/openai-node#1567",
            "Item 'rs_<id>' of type 'reasoning' was provided without its required following item.");

    static final OrderingRule RESPONSES_FOREIGN_REASONING = prov(
            OrderingRule.replayCompatibility("openai-responses-foreign-reasoning", ReplayTags.OPENAI_RESPONSES_REASONING)
                    .withKinds(Kind.THOUGHT)
                    .withSeverity(Severity.ADVISORY),
            "OpenAI Responses API: reasoning from another wire cannot be replayed as a reasoning item (it needs "
                    + "OpenAI's encrypted_content); it is dropped or ignored, a silent quality loss; OpenAI cookbook "
                    + "'reasoning items'",
            null);
}
