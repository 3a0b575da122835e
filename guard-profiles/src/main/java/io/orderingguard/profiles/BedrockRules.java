package io.orderingguard.profiles;

import static io.orderingguard.profiles.ProviderRules.pairing;
import static io.orderingguard.profiles.ProviderRules.prov;

import io.orderingguard.rule.AlternationMode;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;

/**
 * Provider rules of the AWS Bedrock Converse API, whatever the model: role alternation (with or
 * without a leading user message), toolUse/toolResult pairing, blank text, toolUseId format, error
 * results with content, and a user message present. Claude's thinking rules on Converse come from
 * {@link AnthropicRules}. Labels (B1, B7, …) follow the README's audit; provenance and the
 * approximation policy are those of {@link ProviderRules}.
 */
final class BedrockRules {

    private BedrockRules() {}

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
                    .withWholeMessage(true)
                    .withSeverity(Severity.BLOCKING),
            "Bedrock Converse B5/B6: a message is not blank (whitespace-only counts) and content is not empty; a "
                    + "whitespace-only text block beside other content of the same message is accepted (a recorded "
                    + "2xx), so the message is judged as a whole; langchain-ai/langchain-aws#403, "
                    + "langchain-ai/langchain#26968",
            "The text field in the ContentBlock object at messages.N.content.0 is blank. Add text to the text field, "
                    + "and try again.");

    static final OrderingRule BEDROCK_ASSISTANT_TEXT = prov(
            OrderingRule.nonEmptyTurn("bedrock-converse-assistant-text-not-blank", Role.ASSISTANT, false)
                    .withWholeMessage(true)
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
}
