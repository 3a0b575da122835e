package io.orderingguard.testing.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of the emulator, each with a raw request that breaks it (status and exact body) and a
 * close request that keeps it (200).
 */
class EmulatorRulesTest {

    private static final String OPENAI = "/v1/chat/completions";
    private static final String ANTHROPIC = "/v1/messages";
    private static final String GEMINI_3 = "/v1beta/models/gemini-3-pro-preview:generateContent";
    private static final String GEMINI_25 = "/v1beta/models/gemini-2.5-flash:generateContent";

    /** A signature the emulator minted (the first of a run). */
    static final String MINTED = java.util.Base64.getEncoder().encodeToString(
            "emulator-thought-signature-00000001".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    private static String gemini(String contents) {
        return "{\"contents\": " + contents + ", \"generationConfig\": {\"thinkingConfig\": {\"includeThoughts\": true}}}";
    }

    private static final String USER_TEXT = "{\"role\": \"user\", \"parts\": [{\"text\": \"Weather in Paris?\"}]}";

    private static String modelCall(String signature) {
        return "{\"role\": \"model\", \"parts\": [{\"functionCall\": {\"name\": \"weather\", \"args\": {\"city\": \"Paris\"}}"
                + (signature == null ? "" : ", \"thoughtSignature\": \"" + signature + "\"") + "}]}";
    }

    private static final String RESPONSE = "{\"role\": \"user\", \"parts\": [{\"functionResponse\": "
            + "{\"name\": \"weather\", \"response\": {\"response\": \"18C\"}}}]}";

    private static String openAi(String messages) {
        return "{\"model\": \"gpt-4o-mini\", \"messages\": " + messages + "}";
    }

    private static String anthropic(String messages) {
        return "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 1024, \"messages\": " + messages + "}";
    }

    private static String anthropicThinking(String messages) {
        return "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 4096, "
                + "\"thinking\": {\"type\": \"enabled\", \"budget_tokens\": 2048}, \"messages\": " + messages + "}";
    }

    private static final String LONG_ID = "call_" + "x".repeat(39);

    private static final String RESPONSES = "/v1/responses";
    private static final String BEDROCK = "/model/anthropic.claude-sonnet-4-5-20250929-v1:0/converse";

    private static String responses(String input) {
        return "{\"model\": \"o4-mini\", \"store\": false, \"include\": [\"reasoning.encrypted_content\"], "
                + "\"input\": " + input + "}";
    }

    private static final String R_USER = "{\"role\": \"user\", \"content\": \"How did Q3 go?\"}";
    private static final String R_REASONING = "{\"type\": \"reasoning\", \"id\": \"rs_1\", \"summary\": [], "
            + "\"encrypted_content\": \"gAAAAB\"}";

    private static String functionCall(String callId) {
        return "{\"type\": \"function_call\", \"id\": \"fc_1\", \"call_id\": \"" + callId
                + "\", \"name\": \"search\", \"arguments\": \"{}\"}";
    }

    private static String functionOutput(String callId) {
        return "{\"type\": \"function_call_output\", \"call_id\": \"" + callId + "\", \"output\": \"3 hits\"}";
    }

    private static String converse(String messages) {
        return "{\"messages\": " + messages + ", \"inferenceConfig\": {\"maxTokens\": 512}}";
    }

    private static final String B_USER = "{\"role\": \"user\", \"content\": [{\"text\": \"How did Q3 go?\"}]}";

    private static String toolUse(String... ids) {
        StringBuilder blocks = new StringBuilder();
        for (String id : ids) {
            blocks.append(blocks.length() == 0 ? "" : ", ").append("{\"toolUse\": {\"toolUseId\": \"").append(id)
                    .append("\", \"name\": \"search\", \"input\": {}}}");
        }
        return "{\"role\": \"assistant\", \"content\": [" + blocks + "]}";
    }

    private static String toolResult(String id) {
        return "{\"toolResult\": {\"toolUseId\": \"" + id + "\", \"content\": [{\"text\": \"3 hits\"}]}}";
    }

    static Stream<Arguments> violations() {
        return Stream.of(
                Arguments.argumentSet("openai.invalid-json", EmulatorRule.OPENAI_INVALID_JSON, OPENAI,
                        "{\"model\": ",
                        Http.openAiError("We could not parse the JSON body of your request. (HINT: This likely means "
                                + "you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, "
                                + "but what was sent was not valid JSON. If you have trouble figuring out how to fix "
                                + "this, please contact us through our help center at help.openai.com.)", null, null)),
                Arguments.argumentSet("openai.malformed-request", EmulatorRule.OPENAI_MALFORMED_REQUEST, OPENAI,
                        "{\"model\": \"gpt-4o-mini\"}",
                        Http.openAiError("Missing required parameter: 'messages'.", "messages", "missing_required_parameter")),
                Arguments.argumentSet("openai.tool-call-id-too-long", EmulatorRule.OPENAI_TOOL_CALL_ID_TOO_LONG, OPENAI,
                        openAi("[{\"role\": \"user\", \"content\": \"hi\"},"
                                + "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"" + LONG_ID
                                + "\", \"type\": \"function\", \"function\": {\"name\": \"search\", \"arguments\": \"{}\"}}]},"
                                + "{\"role\": \"tool\", \"tool_call_id\": \"" + LONG_ID + "\", \"content\": \"3 hits\"}]"),
                        Http.openAiError("Invalid 'messages[1].tool_calls[0].id': string too long. Expected a string "
                                + "with maximum length 40, but got a string with length 44 instead.",
                                "messages[1].tool_calls[0].id", "string_above_max_length")),
                Arguments.argumentSet("openai.tool-message-without-call", EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL,
                        OPENAI,
                        openAi("[{\"role\": \"user\", \"content\": \"hi\"},"
                                + "{\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"content\": \"late\"}]"),
                        Http.openAiError("Invalid parameter: messages with role 'tool' must be a response to a "
                                + "preceeding message with 'tool_calls'.", "messages.[1].role", null)),
                Arguments.argumentSet("openai.unanswered-tool-calls", EmulatorRule.OPENAI_UNANSWERED_TOOL_CALLS, OPENAI,
                        openAi("[{\"role\": \"user\", \"content\": \"hi\"},"
                                + "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": ["
                                + "{\"id\": \"call_1\", \"type\": \"function\", \"function\": {\"name\": \"a\", \"arguments\": \"{}\"}},"
                                + "{\"id\": \"call_2\", \"type\": \"function\", \"function\": {\"name\": \"b\", \"arguments\": \"{}\"}}]},"
                                + "{\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"content\": \"ok\"},"
                                + "{\"role\": \"user\", \"content\": \"and?\"}]"),
                        Http.openAiError("An assistant message with 'tool_calls' must be followed by tool messages "
                                + "responding to each 'tool_call_id'. The following tool_call_ids did not have response "
                                + "messages: call_2", "messages.[1].role", null)),
                Arguments.argumentSet("anthropic.invalid-json", EmulatorRule.ANTHROPIC_INVALID_JSON, ANTHROPIC,
                        "not json",
                        Http.anthropicError("The request body is not valid JSON: the body is empty or malformed", "req_emu1")),
                Arguments.argumentSet("anthropic.malformed-request", EmulatorRule.ANTHROPIC_MALFORMED_REQUEST, ANTHROPIC,
                        "{\"model\": \"claude-sonnet-4-5\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}",
                        Http.anthropicError("max_tokens: Field required", "req_emu1")),
                Arguments.argumentSet("anthropic.tool-use-id-pattern", EmulatorRule.ANTHROPIC_TOOL_USE_ID_PATTERN,
                        ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": \"find x\"},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"Searching.\"},"
                                + "{\"type\": \"tool_use\", \"id\": \"functions.search:0\", \"name\": \"search\", \"input\": {}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"functions.search:0\", \"content\": \"3 hits\"}]}]"),
                        Http.anthropicError("messages.1.content.1.tool_use.id: String should match pattern "
                                + "'^[a-zA-Z0-9_-]+$'", "req_emu1")),
                Arguments.argumentSet("anthropic.thinking-signature-required",
                        EmulatorRule.ANTHROPIC_THINKING_SIGNATURE_REQUIRED, ANTHROPIC,
                        anthropicThinking("[{\"role\": \"user\", \"content\": \"find x\"},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"thinking\", \"thinking\": \"Let me search.\"},"
                                + "{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"search\", \"input\": {}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\", \"content\": \"3 hits\"}]}]"),
                        Http.anthropicError("messages.1.content.0.thinking.signature: Field required", "req_emu1")),
                Arguments.argumentSet("anthropic.empty-content", EmulatorRule.ANTHROPIC_EMPTY_CONTENT, ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", \"content\": \"\"},"
                                + "{\"role\": \"user\", \"content\": \"again\"}]"),
                        Http.anthropicError("messages.1: all messages must have non-empty content except for the "
                                + "optional final assistant message", "req_emu1")),
                Arguments.argumentSet("anthropic.empty-text-block", EmulatorRule.ANTHROPIC_EMPTY_TEXT_BLOCK, ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"\"},"
                                + "{\"type\": \"text\", \"text\": \"hi\"}]}]"),
                        Http.anthropicError("messages: text content blocks must be non-empty", "req_emu1")),
                Arguments.argumentSet("anthropic.whitespace-text-block", EmulatorRule.ANTHROPIC_WHITESPACE_TEXT_BLOCK,
                        ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": \"  \\n \"}]"),
                        Http.anthropicError("messages: text content blocks must contain non-whitespace text", "req_emu1")),
                Arguments.argumentSet("anthropic.tool-use-without-result", EmulatorRule.ANTHROPIC_TOOL_USE_WITHOUT_RESULT,
                        ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": \"find x and y\"},"
                                + "{\"role\": \"assistant\", \"content\": ["
                                + "{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"search\", \"input\": {\"q\": \"x\"}},"
                                + "{\"type\": \"tool_use\", \"id\": \"toolu_2\", \"name\": \"search\", \"input\": {\"q\": \"y\"}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\", \"content\": \"3 hits\"}]}]"),
                        Http.anthropicError("messages.1: `tool_use` ids were found without `tool_result` blocks "
                                + "immediately after: toolu_2. Each `tool_use` block must have a corresponding "
                                + "`tool_result` block in the next message.", "req_emu1")),
                Arguments.argumentSet("anthropic.tool-results-not-first", EmulatorRule.ANTHROPIC_TOOL_RESULTS_NOT_FIRST,
                        ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": \"find x\"},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"search\", \"input\": {}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"here you go\"},"
                                + "{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\", \"content\": \"3 hits\"}]}]"),
                        Http.anthropicError("messages.2: Did not find 1 `tool_result` block(s) at the beginning of "
                                + "this message. Messages following `tool_use` blocks must begin with a matching number "
                                + "of `tool_result` blocks.", "req_emu1")),
                Arguments.argumentSet("anthropic.tool-result-without-tool-use",
                        EmulatorRule.ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE, ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": "
                                + "\"toolu_015cqXRmSf7tsfMgJ9ibV1z3\", \"content\": \"late\"}, {\"type\": \"text\", \"text\": \"go on\"}]}]"),
                        Http.anthropicError("messages.0.content.0: unexpected `tool_use_id` found in `tool_result` "
                                + "blocks: toolu_015cqXRmSf7tsfMgJ9ibV1z3. Each `tool_result` block must have a "
                                + "corresponding `tool_use` block in the previous message.", "req_emu1")),
                Arguments.argumentSet("anthropic.thinking-must-lead-tool-loop",
                        EmulatorRule.ANTHROPIC_THINKING_MUST_LEAD_TOOL_LOOP, ANTHROPIC,
                        anthropicThinking("[{\"role\": \"user\", \"content\": \"find x\"},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"Let me search.\"},"
                                + "{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"search\", \"input\": {}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\", \"content\": \"3 hits\"}]}]"),
                        Http.anthropicError("messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, "
                                + "but found `text`. When `thinking` is enabled, a final `assistant` message must start "
                                + "with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` "
                                + "blocks). We recommend you include thinking blocks from previous turns. To avoid this "
                                + "requirement, disable `thinking`. Please consult our documentation at "
                                + "https://docs.claude.com/en/docs/build-with-claude/extended-thinking", "req_emu1")),
                Arguments.argumentSet("anthropic.thinking-while-disabled", EmulatorRule.ANTHROPIC_THINKING_WHILE_DISABLED,
                        ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": \"hi\"},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"thinking\", \"thinking\": \"hm\", "
                                + "\"signature\": \"EqQB\"}, {\"type\": \"text\", \"text\": \"Hello\"}]}]"),
                        Http.anthropicError("messages.1.content.0: When thinking is disabled, an `assistant` message "
                                + "in the final position cannot contain `thinking`. To use thinking blocks, enable "
                                + "`thinking` in your request.", "req_emu1")),
                Arguments.argumentSet("gemini.invalid-json", EmulatorRule.GEMINI_INVALID_JSON, GEMINI_3, "not json",
                        Http.geminiError("Invalid JSON payload received. Unexpected token.")),
                Arguments.argumentSet("gemini.malformed-request", EmulatorRule.GEMINI_MALFORMED_REQUEST, GEMINI_3, "{}",
                        Http.geminiError("* GenerateContentRequest.contents: contents is not specified")),
                Arguments.argumentSet("gemini.empty-parts", EmulatorRule.GEMINI_EMPTY_PARTS, GEMINI_3,
                        gemini("[" + USER_TEXT + ", {\"role\": \"model\", \"parts\": []}]"),
                        Http.geminiError("* GenerateContentRequest.contents[1].parts: contents.parts must not be empty.")),
                Arguments.argumentSet("gemini.call-not-after-user-turn", EmulatorRule.GEMINI_CALL_NOT_AFTER_USER_TURN,
                        GEMINI_3, gemini("[" + modelCall("skip_thought_signature_validator") + ", " + RESPONSE + "]"),
                        Http.geminiError("Please ensure that function call turn comes immediately after a user turn or "
                                + "after a function response turn.")),
                Arguments.argumentSet("gemini.response-not-after-call", EmulatorRule.GEMINI_RESPONSE_NOT_AFTER_CALL,
                        GEMINI_3, gemini("[" + USER_TEXT + ", " + RESPONSE + "]"),
                        Http.geminiError("Please ensure that function response turn comes immediately after a function "
                                + "call turn.")),
                Arguments.argumentSet("gemini.response-count", EmulatorRule.GEMINI_RESPONSE_COUNT, GEMINI_3,
                        gemini("[" + USER_TEXT + ", {\"role\": \"model\", \"parts\": ["
                                + "{\"functionCall\": {\"name\": \"weather\", \"args\": {}}, \"thoughtSignature\": \"" + MINTED + "\"},"
                                + "{\"functionCall\": {\"name\": \"clock\", \"args\": {}}}]}, " + RESPONSE + "]"),
                        Http.geminiError("Please ensure that the number of function response parts is equal to the "
                                + "number of function call parts of the function call turn.")),
                Arguments.argumentSet("gemini.missing-thought-signature", EmulatorRule.GEMINI_MISSING_THOUGHT_SIGNATURE,
                        GEMINI_3, gemini("[" + USER_TEXT + ", " + modelCall(null) + ", " + RESPONSE + "]"),
                        Http.geminiError("Function call is missing a thought_signature in functionCall parts. This is "
                                + "required for tools to work correctly, and missing thought_signature may lead to "
                                + "degraded model performance. Additional data, function call `default_api:weather` , "
                                + "position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures "
                                + "for more details.")),
                Arguments.argumentSet("openai-responses.invalid-json", EmulatorRule.OPENAI_RESPONSES_INVALID_JSON,
                        RESPONSES, "{\"model\": ",
                        Http.openAiError(EmulatorRule.OPENAI_INVALID_JSON.errorTemplate(), null, null)),
                Arguments.argumentSet("openai-responses.malformed-request", EmulatorRule.OPENAI_RESPONSES_MALFORMED_REQUEST,
                        RESPONSES, "{\"input\": \"hi\"}",
                        Http.openAiError("Missing required parameter: 'model'.", "model", "missing_required_parameter")),
                Arguments.argumentSet("openai-responses.call-id-too-long", EmulatorRule.OPENAI_RESPONSES_CALL_ID_TOO_LONG,
                        RESPONSES, responses("[" + R_USER + ", " + functionCall("call_" + "x".repeat(60)) + ", "
                                + functionOutput("call_" + "x".repeat(60)) + "]"),
                        Http.openAiError("Invalid 'input[1].call_id': string too long. Expected a string with maximum "
                                + "length 64, but got a string with length 65 instead.", "input[1].call_id",
                                "string_above_max_length")),
                Arguments.argumentSet("openai-responses.reasoning-summary-required",
                        EmulatorRule.OPENAI_RESPONSES_REASONING_SUMMARY_REQUIRED, RESPONSES,
                        responses("[" + R_USER + ", {\"type\": \"reasoning\", \"id\": \"rs_1\", \"encrypted_content\": "
                                + "\"gAAAAB\"}, " + functionCall("call_1") + ", " + functionOutput("call_1") + "]"),
                        Http.openAiError("Input[1] missing required field `summary`", "input[1]",
                                "missing_required_parameter")),
                Arguments.argumentSet("openai-responses.item-not-persisted", EmulatorRule.OPENAI_RESPONSES_ITEM_NOT_PERSISTED,
                        RESPONSES, responses("[" + R_USER + ", {\"type\": \"reasoning\", \"id\": \"rs_1\", \"summary\": []}, "
                                + functionCall("call_1") + ", " + functionOutput("call_1") + "]"),
                        Http.openAiError("Item with id 'rs_1' not found. Items are not persisted when `store` is set to "
                                + "false. Try again with `store` set to true, or remove this item from your input.",
                                "input", null)),
                Arguments.argumentSet("openai-responses.reasoning-without-following-item",
                        EmulatorRule.OPENAI_RESPONSES_REASONING_WITHOUT_FOLLOWING_ITEM, RESPONSES,
                        responses("[" + R_USER + ", " + R_REASONING + ", {\"role\": \"user\", \"content\": \"and?\"}]"),
                        Http.openAiError("Item 'rs_1' of type 'reasoning' was provided without its required following "
                                + "item.", "input", null)),
                Arguments.argumentSet("openai-responses.call-without-output", EmulatorRule.OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT,
                        RESPONSES, responses("[" + R_USER + ", " + R_REASONING + ", " + functionCall("call_1")
                                + ", {\"role\": \"user\", \"content\": \"and?\"}]"),
                        Http.openAiError("No tool output found for function call call_1.", "input", null)),
                Arguments.argumentSet("openai-responses.output-without-call", EmulatorRule.OPENAI_RESPONSES_OUTPUT_WITHOUT_CALL,
                        RESPONSES, responses("[" + R_USER + ", " + functionOutput("call_9") + "]"),
                        Http.openAiError("No tool call found for function call output with call_id call_9.", "input", null)),
                Arguments.argumentSet("bedrock.invalid-json", EmulatorRule.BEDROCK_INVALID_JSON, BEDROCK,
                        "{\"messages\": ",
                        Http.bedrockError("Malformed input request, please reformat your input and try again.")),
                Arguments.argumentSet("bedrock.malformed-request", EmulatorRule.BEDROCK_MALFORMED_REQUEST, BEDROCK,
                        converse("[{\"role\": \"tool\", \"content\": [{\"text\": \"x\"}]}]"),
                        Http.bedrockError("1 validation error detected: Value 'tool' at 'messages.0.member.role' failed "
                                + "to satisfy constraint: Member must satisfy enum value set: [user, assistant]")),
                Arguments.argumentSet("bedrock.first-message-not-user", EmulatorRule.BEDROCK_FIRST_MESSAGE_NOT_USER, BEDROCK,
                        converse("[{\"role\": \"assistant\", \"content\": [{\"text\": \"Hello\"}]}, " + B_USER + "]"),
                        Http.bedrockError("A conversation must start with a user message. Try again with a conversation "
                                + "that starts with a user message.")),
                Arguments.argumentSet("bedrock.empty-content", EmulatorRule.BEDROCK_EMPTY_CONTENT, BEDROCK,
                        converse("[{\"role\": \"user\", \"content\": []}]"),
                        Http.bedrockError("The content field in the Message object at messages.0 is empty. Add a "
                                + "ContentBlock object to the content field and try again.")),
                Arguments.argumentSet("bedrock.blank-text", EmulatorRule.BEDROCK_BLANK_TEXT, BEDROCK,
                        converse("[" + B_USER + ", {\"role\": \"assistant\", \"content\": [{\"text\": \"Hi\"}, "
                                + "{\"text\": \" \\n\"}]}]"),
                        Http.bedrockError("The text field in the ContentBlock object at messages.1.content.1 is blank. "
                                + "Add text to the text field, and try again.")),
                Arguments.argumentSet("bedrock.empty-error-result", EmulatorRule.BEDROCK_EMPTY_ERROR_RESULT, BEDROCK,
                        converse("[" + B_USER + ", " + toolUse("t1") + ", {\"role\": \"user\", \"content\": ["
                                + "{\"toolResult\": {\"toolUseId\": \"t1\", \"content\": [], \"status\": \"error\"}}]}]"),
                        Http.bedrockError("The content field at messages.2.content.0.toolResult cannot be empty when "
                                + "status value is error.")),
                Arguments.argumentSet("bedrock.roles-not-alternating", EmulatorRule.BEDROCK_ROLES_NOT_ALTERNATING, BEDROCK,
                        converse("[" + B_USER + ", " + B_USER + "]"),
                        Http.bedrockError("A conversation must alternate between user and assistant roles. Make sure the "
                                + "conversation alternates between user and assistant roles and try again.")),
                Arguments.argumentSet("bedrock.missing-tool-results", EmulatorRule.BEDROCK_MISSING_TOOL_RESULTS, BEDROCK,
                        converse("[" + B_USER + ", " + toolUse("t1", "t2") + ", {\"role\": \"user\", \"content\": ["
                                + toolResult("t1") + "]}]"),
                        Http.bedrockError("Expected toolResult blocks at messages.2.content for the following Ids: t2")),
                Arguments.argumentSet("bedrock.too-many-tool-results", EmulatorRule.BEDROCK_TOO_MANY_TOOL_RESULTS, BEDROCK,
                        converse("[" + B_USER + ", {\"role\": \"assistant\", \"content\": [{\"text\": \"Hello\"}]}, "
                                + "{\"role\": \"user\", \"content\": [" + toolResult("t9") + "]}]"),
                        Http.bedrockError("The number of toolResult blocks at messages.2.content exceeds the number of "
                                + "toolUse blocks of previous turn.")));
    }

    @ParameterizedTest
    @MethodSource("violations")
    void should_answer_400_with_the_provider_error(EmulatorRule rule, String path, String body, String expected) {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            HttpResponse<String> response = Http.post(emulator, path, body);

            assertThat(response.statusCode()).isEqualTo(rule.status());
            assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
            assertThat(response.body()).isEqualTo(expected);
            assertThat(emulator.lastRequest().violatedRule()).isEqualTo(rule);
            JsonNode error = Http.json(expected);
            assertThat(emulator.lastRequest().errorMessage())
                    .isEqualTo((error.has("error") ? error.path("error") : error).path("message").textValue());
            if (rule.wire() == Wire.BEDROCK_CONVERSE) {
                assertThat(response.headers().firstValue("x-amzn-ErrorType")).contains("ValidationException");
            }
        }
    }

    /** Rules that are off by default: enforced only when enabled. */
    static Stream<Arguments> strictRules() {
        return Stream.of(
                Arguments.argumentSet("gemini.roles-not-alternating", EmulatorRule.GEMINI_ROLES_NOT_ALTERNATING, GEMINI_3,
                        gemini("[" + USER_TEXT + ", " + USER_TEXT + "]"),
                        Http.geminiError("Please ensure that multiturn requests alternate between user and model.")),
                Arguments.argumentSet("gemini.corrupted-thought-signature", EmulatorRule.GEMINI_CORRUPTED_THOUGHT_SIGNATURE,
                        GEMINI_3, gemini("[" + USER_TEXT + ", " + modelCall("Q29ycnVwdA==") + ", " + RESPONSE + "]"),
                        Http.geminiError("Corrupted thought signature.")),
                Arguments.argumentSet("openai-responses.invalid-encrypted-content",
                        EmulatorRule.OPENAI_RESPONSES_INVALID_ENCRYPTED_CONTENT, RESPONSES,
                        responses("[" + R_USER + ", " + R_REASONING + ", " + functionCall("call_1") + ", "
                                + functionOutput("call_1") + "]"),
                        Http.openAiError("The encrypted content for item rs_1 could not be verified. Reason: Encrypted "
                                + "content could not be decrypted or parsed.", null, "invalid_encrypted_content")),
                Arguments.argumentSet("bedrock.invalid-reasoning-signature", EmulatorRule.BEDROCK_INVALID_REASONING_SIGNATURE,
                        BEDROCK, converse("[" + B_USER + ", {\"role\": \"assistant\", \"content\": [{\"reasoningContent\": "
                                + "{\"reasoningText\": {\"text\": \"hm\", \"signature\": \"c2ln\"}}}, {\"text\": \"Hi\"}]}, "
                                + B_USER + "]"),
                        Http.bedrockError("The model returned the following errors: messages.1.content.0: Invalid "
                                + "`signature` in `thinking` block")),
                Arguments.argumentSet("anthropic.first-message-not-user", EmulatorRule.ANTHROPIC_FIRST_MESSAGE_NOT_USER,
                        ANTHROPIC, anthropic("[{\"role\": \"assistant\", \"content\": \"Hello, how can I help?\"},"
                                + "{\"role\": \"user\", \"content\": \"hi\"}]"),
                        Http.anthropicError("messages: first message must use the \"user\" role", "req_emu1")),
                Arguments.argumentSet("anthropic.roles-not-alternating", EmulatorRule.ANTHROPIC_ROLES_NOT_ALTERNATING,
                        ANTHROPIC, anthropic("[{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"user\", \"content\": \"still there?\"}]"),
                        Http.anthropicError("messages: roles must alternate between \"user\" and \"assistant\", but "
                                + "found multiple \"user\" roles in a row", "req_emu1")));
    }

    @ParameterizedTest
    @MethodSource("strictRules")
    void should_enforce_a_strict_rule_only_when_enabled(EmulatorRule rule, String path, String body, String expected) {
        assertThat(rule.enabledByDefault()).isFalse();
        try (ProviderEmulator lenient = ProviderEmulator.create().start()) {
            assertThat(Http.post(lenient, path, body).statusCode()).isEqualTo(200);
        }
        try (ProviderEmulator strict = ProviderEmulator.builder().enable(rule).start()) {
            HttpResponse<String> response = Http.post(strict, path, body);

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).isEqualTo(expected);
            assertThat(strict.lastRequest().violatedRule()).isEqualTo(rule);
        }
    }

    /** Requests close to the violations above that keep every rule. */
    static Stream<Arguments> validRequests() {
        return Stream.of(
                Arguments.argumentSet("openai tool loop with a 40-character id", OPENAI,
                        openAi("[{\"role\": \"system\", \"content\": \"be brief\"}, {\"role\": \"user\", \"content\": \"hi\"},"
                                + "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": ["
                                + "{\"id\": \"" + "c".repeat(40) + "\", \"type\": \"function\", \"function\": {\"name\": \"a\", \"arguments\": \"{}\"}},"
                                + "{\"id\": \"call_2\", \"type\": \"function\", \"function\": {\"name\": \"b\", \"arguments\": \"{}\"}}]},"
                                + "{\"role\": \"tool\", \"tool_call_id\": \"call_2\", \"content\": \"ok\"},"
                                + "{\"role\": \"tool\", \"tool_call_id\": \"" + "c".repeat(40) + "\", \"content\": \"ok\"},"
                                + "{\"role\": \"user\", \"content\": \"and?\"}, {\"role\": \"user\", \"content\": \"hello?\"}]")),
                Arguments.argumentSet("openai request at the unversioned path", "/chat/completions",
                        openAi("[{\"role\": \"developer\", \"content\": \"x\"}, {\"role\": \"user\", \"content\": \"hi\"}]")),
                Arguments.argumentSet("anthropic tool loop with thinking", ANTHROPIC,
                        anthropicThinking("[{\"role\": \"user\", \"content\": \"find x\"},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"thinking\", \"thinking\": \"\", \"signature\": \"EqQB\"},"
                                + "{\"type\": \"tool_use\", \"id\": \"toolu_01A-b_c\", \"name\": \"search\", \"input\": {}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_01A-b_c\", \"content\": \"3 hits\"},"
                                + "{\"type\": \"text\", \"text\": \"thanks\"}]},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": \"toolu_2\", \"name\": \"fetch\", \"input\": {}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_2\", \"content\": \"page\"}]}]")),
                Arguments.argumentSet("gemini 3 tool loop with its minted signature, then user text after the "
                                + "function response", GEMINI_3,
                        gemini("[" + USER_TEXT + ", " + modelCall(MINTED) + ", " + RESPONSE + ", " + USER_TEXT + ", "
                                + modelCall("context_engineering_is_the_way_to_go") + ", " + RESPONSE + "]")),
                Arguments.argumentSet("gemini 3 with an unsigned call in an older turn", GEMINI_3,
                        gemini("[" + USER_TEXT + ", " + modelCall(null) + ", " + RESPONSE + ", "
                                + "{\"role\": \"model\", \"parts\": [{\"text\": \"18C.\"}]}, " + USER_TEXT + "]")),
                Arguments.argumentSet("gemini 2.5 does not enforce signatures", GEMINI_25,
                        gemini("[" + USER_TEXT + ", " + modelCall(null) + ", " + RESPONSE + "]")),
                Arguments.argumentSet("gemini streaming path", "/v1beta/models/gemini-3-flash-preview:streamGenerateContent",
                        gemini("[" + USER_TEXT + "]")),
                Arguments.argumentSet("anthropic prefill with an empty final assistant message", "/messages",
                        anthropic("[{\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", \"content\": \"\"}]")),
                Arguments.argumentSet("openai-responses string input", RESPONSES, "{\"model\": \"gpt-4.1\", \"input\": \"hi\"}"),
                Arguments.argumentSet("openai-responses stateless tool loop with reasoning, at the unversioned path",
                        "/responses", responses("[{\"role\": \"developer\", \"content\": \"be brief\"}, " + R_USER + ", "
                                + R_REASONING + ", " + functionCall("call_" + "x".repeat(59)) + ", "
                                + functionOutput("call_" + "x".repeat(59)) + ", {\"type\": \"message\", \"role\": \"assistant\", "
                                + "\"content\": [{\"type\": \"output_text\", \"text\": \"3 hits\"}]}, "
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"input_text\", \"text\": \"and?\"}]}]")),
                Arguments.argumentSet("openai-responses stored reasoning sent by id (store on)", RESPONSES,
                        "{\"model\": \"o4-mini\", \"input\": [" + R_USER + ", {\"type\": \"reasoning\", \"id\": \"rs_1\", "
                                + "\"summary\": []}, {\"type\": \"item_reference\", \"id\": \"fc_1\"}, "
                                + functionCall("call_1") + ", " + functionOutput("call_1") + "]}"),
                Arguments.argumentSet("bedrock tool loop with reasoning and an error result", BEDROCK,
                        "{\"system\": [{\"text\": \"be brief\"}], \"messages\": [" + B_USER + ", {\"role\": \"assistant\", "
                                + "\"content\": [{\"reasoningContent\": {\"reasoningText\": {\"text\": \"search\", "
                                + "\"signature\": \"c2ln\"}}}, {\"toolUse\": {\"toolUseId\": \"t1\", \"name\": \"search\", "
                                + "\"input\": {}}}, {\"toolUse\": {\"toolUseId\": \"t2\", \"name\": \"search\", \"input\": {}}}]}, "
                                + "{\"role\": \"user\", \"content\": [" + toolResult("t2") + ", {\"toolResult\": {\"toolUseId\": "
                                + "\"t1\", \"content\": [{\"text\": \"timeout\"}], \"status\": \"error\"}}, {\"text\": \"go on\"}]}]}"),
                Arguments.argumentSet("anthropic redacted thinking replayed with thinking on", ANTHROPIC,
                        anthropicThinking("[{\"role\": \"user\", \"content\": \"q\"},"
                                + "{\"role\": \"assistant\", \"content\": [{\"type\": \"redacted_thinking\", \"data\": \"xyz\"},"
                                + "{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"a\", \"input\": {}}]},"
                                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\", \"content\": \"r\"}]}]")));
    }

    @ParameterizedTest
    @MethodSource("validRequests")
    void should_answer_200_to_a_request_that_keeps_the_rules(String path, String body) {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            HttpResponse<String> response = Http.post(emulator, path, body);

            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(emulator.rejections()).isEmpty();
        }
    }

    /** Structural problems, in each provider's validation wording. */
    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.argumentSet("openai: no model", OPENAI, "{\"messages\": []}",
                        Http.openAiError("you must provide a model parameter", null, null)),
                Arguments.argumentSet("openai: empty messages", OPENAI, openAi("[]"),
                        Http.openAiError("Invalid 'messages': empty array. Expected an array with minimum length 1, but "
                                + "got an empty array instead.", "messages", "empty_array")),
                Arguments.argumentSet("openai: messages not an array", OPENAI, openAi("\"hi\""),
                        Http.openAiError("Invalid type for 'messages': expected an array of objects, but got a string "
                                + "instead.", "messages", "invalid_type")),
                Arguments.argumentSet("openai: unknown role", OPENAI, openAi("[{\"role\": \"bot\", \"content\": \"hi\"}]"),
                        Http.openAiError("Invalid value: 'bot'. Supported values are: 'system', 'assistant', 'user', "
                                + "'function', 'tool', and 'developer'.", "messages[0].role", "invalid_value")),
                Arguments.argumentSet("openai: tool message without tool_call_id", OPENAI,
                        openAi("[{\"role\": \"tool\", \"content\": \"x\"}]"),
                        Http.openAiError("Missing required parameter: 'messages[0].tool_call_id'.",
                                "messages[0].tool_call_id", "missing_required_parameter")),
                Arguments.argumentSet("openai: tool call without id", OPENAI,
                        openAi("[{\"role\": \"assistant\", \"tool_calls\": [{\"type\": \"function\", "
                                + "\"function\": {\"name\": \"a\", \"arguments\": \"{}\"}}]}]"),
                        Http.openAiError("Missing required parameter: 'messages[0].tool_calls[0].id'.",
                                "messages[0].tool_calls[0].id", "missing_required_parameter")),
                Arguments.argumentSet("anthropic: messages not a list", ANTHROPIC,
                        "{\"model\": \"m\", \"max_tokens\": 5, \"messages\": {}}",
                        Http.anthropicError("messages: Input should be a valid list", "req_emu1")),
                Arguments.argumentSet("anthropic: unknown role", ANTHROPIC,
                        anthropic("[{\"role\": \"tool\", \"content\": \"x\"}]"),
                        Http.anthropicError("messages.0.role: Input should be 'user' or 'assistant'", "req_emu1")),
                Arguments.argumentSet("anthropic: thinking block without its text", ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": \"q\"}, {\"role\": \"assistant\", "
                                + "\"content\": [{\"type\": \"thinking\", \"signature\": \"EqQB\"}]}]"),
                        Http.anthropicError("messages.1.content.0.thinking.thinking: Field required", "req_emu1")),
                Arguments.argumentSet("anthropic: tool_result without its id", ANTHROPIC,
                        anthropic("[{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"content\": \"x\"}]}]"),
                        Http.anthropicError("messages.0.content.0.tool_result.tool_use_id: Field required", "req_emu1")),
                Arguments.argumentSet("openai-responses: input not a string or list", RESPONSES,
                        "{\"model\": \"o4-mini\", \"input\": 3}",
                        Http.openAiError("Invalid type for 'input': expected one of a string or array of input items, "
                                + "but got an integer instead.", "input", "invalid_type")),
                Arguments.argumentSet("openai-responses: function call without call_id", RESPONSES,
                        responses("[" + R_USER + ", {\"type\": \"function_call\", \"name\": \"a\", \"arguments\": \"{}\"}]"),
                        Http.openAiError("Missing required parameter: 'input[1].call_id'.", "input[1].call_id",
                                "missing_required_parameter")),
                Arguments.argumentSet("openai-responses: unknown role", RESPONSES,
                        responses("[{\"role\": \"tool\", \"content\": \"x\"}]"),
                        Http.openAiError("Invalid value: 'tool'. Supported values are: 'user', 'assistant', 'system', and "
                                + "'developer'.", "input[0].role", "invalid_value")),
                Arguments.argumentSet("bedrock: no messages", BEDROCK, "{\"system\": []}",
                        Http.bedrockError("1 validation error detected: Value null at 'messages' failed to satisfy "
                                + "constraint: Member must not be null")),
                Arguments.argumentSet("bedrock: a block with no known key", BEDROCK, converse("[{\"role\": \"user\", "
                                + "\"content\": [{\"type\": \"text\", \"text_\": \"hi\"}]}]"),
                        Http.bedrockError("The ContentBlock object at messages.0.content.0 must set one of the following "
                                + "keys: text, image, document, video, audio, toolUse, toolResult, guardContent, cachePoint, "
                                + "reasoningContent, citationsContent, searchResult.")),
                Arguments.argumentSet("bedrock: toolUse without its name", BEDROCK, converse("[" + B_USER
                                + ", {\"role\": \"assistant\", \"content\": [{\"toolUse\": {\"toolUseId\": \"t1\", \"input\": {}}}]}]"),
                        Http.bedrockError("1 validation error detected: Value null at 'messages.1.content.0.toolUse.name' "
                                + "failed to satisfy constraint: Member must not be null")));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void should_answer_400_to_a_malformed_request(String path, String body, String expected) {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            HttpResponse<String> response = Http.post(emulator, path, body);

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).isEqualTo(expected);
            assertThat(emulator.lastRequest().violatedRule().structural()).isTrue();
        }
    }

    @Test
    void should_let_a_disabled_rule_pass() {
        try (ProviderEmulator emulator = ProviderEmulator.builder()
                .disable(EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL).start()) {
            HttpResponse<String> response = Http.post(emulator, OPENAI, openAi("[{\"role\": \"user\", \"content\": \"hi\"},"
                    + "{\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"content\": \"late\"}]"));

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(emulator.rules()).doesNotContain(EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL);
        }
    }

    @Test
    void should_report_the_violation_at_the_earliest_message() {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            // an orphan result at message 0 and an unanswered call at message 1
            HttpResponse<String> response = Http.post(emulator, ANTHROPIC, anthropic(
                    "[{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_9\", \"content\": \"x\"}]},"
                            + "{\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"a\", \"input\": {}}]},"
                            + "{\"role\": \"user\", \"content\": \"next\"}]"));

            assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE);
            assertThat(response.statusCode()).isEqualTo(400);
        }
    }

    @Test
    void should_refuse_to_disable_a_structural_rule() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ProviderEmulator.builder().disable(EmulatorRule.OPENAI_INVALID_JSON))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("openai.invalid-json is structural and cannot be disabled");
    }

    @Test
    void should_find_rules_by_id() {
        for (EmulatorRule rule : EmulatorRule.values()) {
            assertThat(EmulatorRule.byId(rule.id())).isSameAs(rule);
            assertThat(rule.id()).startsWith(switch (rule.wire()) {
                case OPENAI_CHAT_COMPLETIONS -> "openai.";
                case ANTHROPIC_MESSAGES -> "anthropic.";
                case GEMINI_GENERATE_CONTENT -> "gemini.";
                case OPENAI_RESPONSES -> "openai-responses.";
                case BEDROCK_CONVERSE -> "bedrock.";
            });
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> EmulatorRule.byId("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no emulator rule has the id 'nope'");
    }

    @Test
    void should_name_public_evidence_as_each_rule_source() {
        java.util.regex.Pattern thread = java.util.regex.Pattern.compile("[\\w.-]+/[\\w.-]+(#| PR #)\\d+");
        for (EmulatorRule rule : EmulatorRule.values()) {
            assertThat(rule.source()).as(rule.id()).isNotBlank().doesNotContain(".md", "§");
            if (!rule.structural()) {
                assertThat(rule.source()).as(rule.id()).containsPattern(thread);
            }
        }
        assertThat(EmulatorRule.ANTHROPIC_TOOL_USE_WITHOUT_RESULT.source())
                .isEqualTo("anthropics/claude-code#1237, #2697, #5989; Kilo-Org/kilocode#5163");
        assertThat(EmulatorRule.OPENAI_TOOL_CALL_ID_TOO_LONG.source())
                .isEqualTo("Portkey-AI/gateway#1062, camel-ai/camel#2215, anomalyco/opencode#12653, vercel/ai#8132");
    }

    @Test
    void should_have_a_breaking_request_for_every_rule() {
        Set<EmulatorRule> covered = EnumSet.noneOf(EmulatorRule.class);
        Stream.concat(violations(), strictRules()).forEach(a -> covered.add((EmulatorRule) a.get()[0]));
        covered.add(EmulatorRule.OPENAI_RESPONSES_ITEM_WITHOUT_REASONING); // needs an earlier answer: see below

        assertThat(covered).containsExactlyInAnyOrder(EmulatorRule.values());
    }

    @Test
    void should_reject_a_history_that_drops_the_reasoning_item_of_an_answer() {
        try (ProviderEmulator emulator = ProviderEmulator.create().start()) {
            emulator.enqueue(Answer.text("Revenue grew 12%.").withReasoning("Recall the report."));
            Http.post(emulator, RESPONSES, responses("[" + R_USER + "]"));
            String withReasoning = responses("[" + R_USER + ", {\"type\": \"reasoning\", \"id\": \"rs_emu00000001\", "
                    + "\"summary\": [], \"encrypted_content\": \"x\"}, {\"type\": \"message\", \"id\": \"msg_emu00000002\", "
                    + "\"role\": \"assistant\", \"content\": [{\"type\": \"output_text\", \"text\": \"Revenue grew 12%.\"}]}, "
                    + "{\"role\": \"user\", \"content\": \"and Q4?\"}]");
            String without = withReasoning.replace("{\"type\": \"reasoning\", \"id\": \"rs_emu00000001\", "
                    + "\"summary\": [], \"encrypted_content\": \"x\"}, ", "");

            assertThat(Http.post(emulator, RESPONSES, withReasoning).statusCode()).isEqualTo(200);
            HttpResponse<String> response = Http.post(emulator, RESPONSES, without);

            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).isEqualTo(Http.openAiError("Item 'msg_emu00000002' of type 'message' was "
                    + "provided without its required 'reasoning' item: 'rs_emu00000001'.", "input", null));
            assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.OPENAI_RESPONSES_ITEM_WITHOUT_REASONING);
        }
    }
}
