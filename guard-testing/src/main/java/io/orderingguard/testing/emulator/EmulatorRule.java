package io.orderingguard.testing.emulator;

import java.util.Map;

/**
 * The rules the {@link ProviderEmulator} enforces: one constant per rule, with the error text the
 * provider answers when a request breaks it ({@code {placeholders}} are filled per request). The
 * {@link #source()} names the row of the team's provider research ({@code providers.md}) where the
 * rule and its text are documented, with the public issues that quote it.
 *
 * <p>Rules that today's first-party APIs no longer enforce but gateways and older API versions do
 * (Anthropic's first-message-user and role alternation) are off by default; enable them with
 * {@link ProviderEmulator.Builder#enable(EmulatorRule...)} to emulate the strict variants.
 * Structural rules (unparseable JSON, a missing or mistyped field) cannot be disabled: the emulator
 * cannot read such a request any further.
 */
public enum EmulatorRule {

    // ---- OpenAI Chat Completions ------------------------------------------------------------

    /** The body is not JSON. */
    OPENAI_INVALID_JSON(Wire.OPENAI_CHAT_COMPLETIONS, "openai.invalid-json", "OpenAI API", true, true,
            "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your "
                    + "HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not "
                    + "valid JSON. If you have trouble figuring out how to fix this, please contact us through our "
                    + "help center at help.openai.com.)"),

    /** A required field is missing or has the wrong type; the text names the field in OpenAI's wording. */
    OPENAI_MALFORMED_REQUEST(Wire.OPENAI_CHAT_COMPLETIONS, "openai.malformed-request", "OpenAI API", true, true,
            "{detail}"),

    /** An assistant {@code tool_calls[].id} is longer than 40 characters. */
    OPENAI_TOOL_CALL_ID_TOO_LONG(Wire.OPENAI_CHAT_COMPLETIONS, "openai.tool-call-id-too-long", "providers.md O3, §13",
            true, false,
            "Invalid 'messages[{message}].tool_calls[{call}].id': string too long. Expected a string with maximum "
                    + "length 40, but got a string with length {length} instead."),

    /** A {@code tool} message does not answer a call of the assistant message right before it (orphan result). */
    OPENAI_TOOL_MESSAGE_WITHOUT_CALL(Wire.OPENAI_CHAT_COMPLETIONS, "openai.tool-message-without-call",
            "providers.md O1", true, false,
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."),

    /** An assistant message's {@code tool_calls} are not all answered by the tool messages after it. */
    OPENAI_UNANSWERED_TOOL_CALLS(Wire.OPENAI_CHAT_COMPLETIONS, "openai.unanswered-tool-calls", "providers.md O2",
            true, false,
            "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                    + "'tool_call_id'. The following tool_call_ids did not have response messages: {ids}"),

    // ---- Anthropic Messages -----------------------------------------------------------------

    /** The body is not JSON (the emulator's own wording; no provider text is on record). */
    ANTHROPIC_INVALID_JSON(Wire.ANTHROPIC_MESSAGES, "anthropic.invalid-json", "emulator", true, true,
            "The request body is not valid JSON: {detail}"),

    /** A required field is missing or has the wrong type, in the API's validation wording. */
    ANTHROPIC_MALFORMED_REQUEST(Wire.ANTHROPIC_MESSAGES, "anthropic.malformed-request", "Anthropic API", true, true,
            "{detail}"),

    /** A {@code tool_use} id has characters outside {@code [a-zA-Z0-9_-]}. */
    ANTHROPIC_TOOL_USE_ID_PATTERN(Wire.ANTHROPIC_MESSAGES, "anthropic.tool-use-id-pattern",
            "providers.md §13; CommandCodeAI/command-code#323, BlockRunAI/ClawRouter#17", true, false,
            "messages.{message}.content.{block}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"),

    /** A {@code thinking} block has no {@code signature}. */
    ANTHROPIC_THINKING_SIGNATURE_REQUIRED(Wire.ANTHROPIC_MESSAGES, "anthropic.thinking-signature-required",
            "providers.md T3", true, false,
            "messages.{message}.content.{block}.thinking.signature: Field required"),

    /** A message other than a final assistant message has empty content. */
    ANTHROPIC_EMPTY_CONTENT(Wire.ANTHROPIC_MESSAGES, "anthropic.empty-content", "providers.md A5", true, false,
            "messages.{message}: all messages must have non-empty content except for the optional final assistant message"),

    /** A text content block is empty. */
    ANTHROPIC_EMPTY_TEXT_BLOCK(Wire.ANTHROPIC_MESSAGES, "anthropic.empty-text-block", "providers.md A6", true, false,
            "messages: text content blocks must be non-empty"),

    /** A text content block holds only whitespace. */
    ANTHROPIC_WHITESPACE_TEXT_BLOCK(Wire.ANTHROPIC_MESSAGES, "anthropic.whitespace-text-block", "providers.md A6",
            true, false,
            "messages: text content blocks must contain non-whitespace text"),

    /** The first message is not a user message (Bedrock and older API versions; off by default). */
    ANTHROPIC_FIRST_MESSAGE_NOT_USER(Wire.ANTHROPIC_MESSAGES, "anthropic.first-message-not-user", "providers.md A8",
            false, false,
            "messages: first message must use the \"user\" role"),

    /** Two messages in a row have the same role (gateways and older API versions; off by default). */
    ANTHROPIC_ROLES_NOT_ALTERNATING(Wire.ANTHROPIC_MESSAGES, "anthropic.roles-not-alternating", "providers.md A7",
            false, false,
            "messages: roles must alternate between \"user\" and \"assistant\", but found multiple \"{role}\" roles in a row"),

    /** An assistant message's {@code tool_use} blocks are not all answered in the next message. */
    ANTHROPIC_TOOL_USE_WITHOUT_RESULT(Wire.ANTHROPIC_MESSAGES, "anthropic.tool-use-without-result", "providers.md A1",
            true, false,
            "messages.{message}: `tool_use` ids were found without `tool_result` blocks immediately after: {ids}. "
                    + "Each `tool_use` block must have a corresponding `tool_result` block in the next message."),

    /** The message after tool use answers every call, but does not begin with the results. */
    ANTHROPIC_TOOL_RESULTS_NOT_FIRST(Wire.ANTHROPIC_MESSAGES, "anthropic.tool-results-not-first", "providers.md A3",
            true, false,
            "messages.{message}: Did not find {count} `tool_result` block(s) at the beginning of this message. "
                    + "Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks."),

    /** A {@code tool_result} answers no {@code tool_use} of the previous message (orphan result). */
    ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE(Wire.ANTHROPIC_MESSAGES, "anthropic.tool-result-without-tool-use",
            "providers.md A2", true, false,
            "messages.{message}.content.{block}: unexpected `tool_use_id` found in `tool_result` blocks: {id}. "
                    + "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."),

    /** With thinking enabled, the assistant turn of the current tool loop does not start with thinking. */
    ANTHROPIC_THINKING_MUST_LEAD_TOOL_LOOP(Wire.ANTHROPIC_MESSAGES, "anthropic.thinking-must-lead-tool-loop",
            "providers.md T1", true, false,
            "messages.{message}.content.0.type: Expected `thinking` or `redacted_thinking`, but found `{type}`. "
                    + "When `thinking` is enabled, a final `assistant` message must start with a thinking block "
                    + "(preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include "
                    + "thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please "
                    + "consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"),

    /** With thinking disabled, a final assistant message contains thinking. */
    ANTHROPIC_THINKING_WHILE_DISABLED(Wire.ANTHROPIC_MESSAGES, "anthropic.thinking-while-disabled", "providers.md T7",
            true, false,
            "messages.{message}.content.{block}: When thinking is disabled, an `assistant` message in the final "
                    + "position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."),

    // ---- Gemini generateContent -------------------------------------------------------------

    /** The body is not JSON. */
    GEMINI_INVALID_JSON(Wire.GEMINI_GENERATE_CONTENT, "gemini.invalid-json", "Gemini API", true, true,
            "Invalid JSON payload received. Unexpected token."),

    /** A required field is missing or has the wrong type, in the API's validation wording. */
    GEMINI_MALFORMED_REQUEST(Wire.GEMINI_GENERATE_CONTENT, "gemini.malformed-request", "Gemini API; providers.md G6",
            true, true, "{detail}"),

    /** A content has no parts. */
    GEMINI_EMPTY_PARTS(Wire.GEMINI_GENERATE_CONTENT, "gemini.empty-parts", "providers.md G6", true, false,
            "* GenerateContentRequest.contents[{content}].parts: contents.parts must not be empty."),

    /**
     * Two contents in a row have the same role (off by default: Gemini 2.5 and 3 accept a function
     * response followed by a separate user content; older models and strict gateways reject).
     */
    GEMINI_ROLES_NOT_ALTERNATING(Wire.GEMINI_GENERATE_CONTENT, "gemini.roles-not-alternating", "providers.md G4",
            false, false, "Please ensure that multiturn requests alternate between user and model."),

    /** A model content with a function call does not come right after a user content. */
    GEMINI_CALL_NOT_AFTER_USER_TURN(Wire.GEMINI_GENERATE_CONTENT, "gemini.call-not-after-user-turn",
            "providers.md G1", true, false,
            "Please ensure that function call turn comes immediately after a user turn or after a function response "
                    + "turn."),

    /** A content with function responses does not come right after a content with function calls. */
    GEMINI_RESPONSE_NOT_AFTER_CALL(Wire.GEMINI_GENERATE_CONTENT, "gemini.response-not-after-call", "providers.md G2",
            true, false, "Please ensure that function response turn comes immediately after a function call turn."),

    /** A content answers a different number of function calls than the content before it made. */
    GEMINI_RESPONSE_COUNT(Wire.GEMINI_GENERATE_CONTENT, "gemini.response-count", "providers.md G3", true, false,
            "Please ensure that the number of function response parts is equal to the number of function call parts "
                    + "of the function call turn."),

    /**
     * Gemini 3: the first function call of a model content in the current turn has no thought
     * signature ({@code position} is the content's 1-based index).
     */
    GEMINI_MISSING_THOUGHT_SIGNATURE(Wire.GEMINI_GENERATE_CONTENT, "gemini.missing-thought-signature",
            "providers.md G7; nanbingxyz/5ire#405, JetBrains/koog#1148", true, false,
            "Function call is missing a thought_signature in functionCall parts. This is required for tools to work "
                    + "correctly, and missing thought_signature may lead to degraded model performance. Additional "
                    + "data, function call `default_api:{name}` , position {position}. Please refer to "
                    + "https://ai.google.dev/gemini-api/docs/thought-signatures for more details."),

    /**
     * A thought signature is neither one this emulator minted nor a documented dummy value (off by
     * default; enable it to prove that every signature went back unchanged).
     */
    GEMINI_CORRUPTED_THOUGHT_SIGNATURE(Wire.GEMINI_GENERATE_CONTENT, "gemini.corrupted-thought-signature",
            "providers.md G8", false, false, "Corrupted thought signature."),

    // ---- OpenAI Responses -------------------------------------------------------------------

    /** The body is not JSON. */
    OPENAI_RESPONSES_INVALID_JSON(Wire.OPENAI_RESPONSES, "openai-responses.invalid-json", "OpenAI API", true, true,
            OPENAI_INVALID_JSON.errorTemplate),

    /** A required field is missing or has the wrong type; the text names the field in OpenAI's wording. */
    OPENAI_RESPONSES_MALFORMED_REQUEST(Wire.OPENAI_RESPONSES, "openai-responses.malformed-request", "OpenAI API",
            true, true, "{detail}"),

    /** A {@code function_call} or {@code function_call_output} {@code call_id} is longer than 64 characters. */
    OPENAI_RESPONSES_CALL_ID_TOO_LONG(Wire.OPENAI_RESPONSES, "openai-responses.call-id-too-long",
            "providers.md O3, §13", true, false,
            "Invalid 'input[{item}].call_id': string too long. Expected a string with maximum length 64, but got a "
                    + "string with length {length} instead."),

    /** A {@code reasoning} input item has no {@code summary} (an empty list is allowed). */
    OPENAI_RESPONSES_REASONING_SUMMARY_REQUIRED(Wire.OPENAI_RESPONSES, "openai-responses.reasoning-summary-required",
            "providers.md R6", true, false, "Input[{item}] missing required field `summary`"),

    /**
     * With {@code "store": false}, an item is sent by reference only (an {@code item_reference}, or a
     * {@code reasoning} item without {@code encrypted_content}); answered with HTTP 404.
     */
    OPENAI_RESPONSES_ITEM_NOT_PERSISTED(Wire.OPENAI_RESPONSES, "openai-responses.item-not-persisted",
            "providers.md R5", true, false, 404,
            "Item with id '{id}' not found. Items are not persisted when `store` is set to false. Try again with "
                    + "`store` set to true, or remove this item from your input."),

    /** A {@code reasoning} item is not followed by the output item it produced. */
    OPENAI_RESPONSES_REASONING_WITHOUT_FOLLOWING_ITEM(Wire.OPENAI_RESPONSES,
            "openai-responses.reasoning-without-following-item", "providers.md R1", true, false,
            "Item '{id}' of type 'reasoning' was provided without its required following item."),

    /**
     * A message or function call the emulator produced together with a reasoning item is sent back
     * without that reasoning item before it.
     */
    OPENAI_RESPONSES_ITEM_WITHOUT_REASONING(Wire.OPENAI_RESPONSES, "openai-responses.item-without-reasoning",
            "providers.md R2", true, false,
            "Item '{id}' of type '{type}' was provided without its required 'reasoning' item: '{reasoning}'."),

    /** A {@code function_call} has no {@code function_call_output} with its {@code call_id} after it. */
    OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT(Wire.OPENAI_RESPONSES, "openai-responses.call-without-output",
            "providers.md R3", true, false, "No tool output found for function call {id}."),

    /** A {@code function_call_output} has no {@code function_call} with its {@code call_id} before it. */
    OPENAI_RESPONSES_OUTPUT_WITHOUT_CALL(Wire.OPENAI_RESPONSES, "openai-responses.output-without-call",
            "providers.md R4", true, false, "No tool call found for function call output with call_id {id}."),

    // ---- Bedrock Converse -------------------------------------------------------------------

    /** The body is not JSON (the emulator's wording; answered as a {@code ValidationException}). */
    BEDROCK_INVALID_JSON(Wire.BEDROCK_CONVERSE, "bedrock.invalid-json", "emulator", true, true,
            "Malformed input request, please reformat your input and try again."),

    /** A required field is missing or has the wrong type, in AWS's validation wording. */
    BEDROCK_MALFORMED_REQUEST(Wire.BEDROCK_CONVERSE, "bedrock.malformed-request", "AWS validation wording", true, true,
            "{detail}"),

    /** The first message is not a user message. */
    BEDROCK_FIRST_MESSAGE_NOT_USER(Wire.BEDROCK_CONVERSE, "bedrock.first-message-not-user", "providers.md B2", true,
            false, "A conversation must start with a user message. Try again with a conversation that starts with a "
                    + "user message."),

    /** A message has an empty content list. */
    BEDROCK_EMPTY_CONTENT(Wire.BEDROCK_CONVERSE, "bedrock.empty-content", "providers.md B6", true, false,
            "The content field in the Message object at messages.{message} is empty. Add a ContentBlock object to "
                    + "the content field and try again."),

    /** A text block is empty or holds only whitespace. */
    BEDROCK_BLANK_TEXT(Wire.BEDROCK_CONVERSE, "bedrock.blank-text", "providers.md B5", true, false,
            "The text field in the ContentBlock object at messages.{message}.content.{block} is blank. Add text to "
                    + "the text field, and try again."),

    /** A {@code toolResult} with status {@code error} has no content. */
    BEDROCK_EMPTY_ERROR_RESULT(Wire.BEDROCK_CONVERSE, "bedrock.empty-error-result", "providers.md B7", true, false,
            "The content field at messages.{message}.content.{block}.toolResult cannot be empty when status value is "
                    + "error."),

    /** Two messages in a row have the same role (Converse does not merge them). */
    BEDROCK_ROLES_NOT_ALTERNATING(Wire.BEDROCK_CONVERSE, "bedrock.roles-not-alternating", "providers.md B1", true,
            false, "A conversation must alternate between user and assistant roles. Make sure the conversation "
                    + "alternates between user and assistant roles and try again."),

    /** The message after an assistant turn with {@code toolUse} does not answer every call. */
    BEDROCK_MISSING_TOOL_RESULTS(Wire.BEDROCK_CONVERSE, "bedrock.missing-tool-results", "providers.md B3", true, false,
            "Expected toolResult blocks at messages.{message}.content for the following Ids: {ids}"),

    /** A message holds more {@code toolResult} blocks than the turn before it made calls (orphan results). */
    BEDROCK_TOO_MANY_TOOL_RESULTS(Wire.BEDROCK_CONVERSE, "bedrock.too-many-tool-results", "providers.md B4", true,
            false, "The number of toolResult blocks at messages.{message}.content exceeds the number of toolUse "
                    + "blocks of previous turn.");

    private final Wire wire;
    private final String id;
    private final String source;
    private final boolean enabledByDefault;
    private final boolean structural;
    private final int status;
    private final String errorTemplate;

    EmulatorRule(Wire wire, String id, String source, boolean enabledByDefault, boolean structural, String errorTemplate) {
        this(wire, id, source, enabledByDefault, structural, 400, errorTemplate);
    }

    EmulatorRule(Wire wire, String id, String source, boolean enabledByDefault, boolean structural, int status,
            String errorTemplate) {
        this.status = status;
        this.wire = wire;
        this.id = id;
        this.source = source;
        this.enabledByDefault = enabledByDefault;
        this.structural = structural;
        this.errorTemplate = errorTemplate;
    }

    /**
     * Returns the wire the rule belongs to.
     *
     * @return the wire
     */
    public Wire wire() {
        return wire;
    }

    /**
     * Returns the stable rule id, e.g. {@code anthropic.tool-use-without-result}.
     *
     * @return the id
     */
    public String id() {
        return id;
    }

    /**
     * Returns where the rule and its error text are documented.
     *
     * @return the source
     */
    public String source() {
        return source;
    }

    /**
     * Returns whether the emulator enforces the rule unless told otherwise.
     *
     * @return {@code true} when on by default
     */
    public boolean enabledByDefault() {
        return enabledByDefault;
    }

    /**
     * Returns whether this is a structural rule, which cannot be disabled.
     *
     * @return {@code true} for unparseable or malformed requests
     */
    public boolean structural() {
        return structural;
    }

    /**
     * Returns the HTTP status the provider answers when the rule is broken.
     *
     * @return 400 for most rules; 404 for a Responses item that was not persisted
     */
    public int status() {
        return status;
    }

    /**
     * Returns the error text with its {@code {placeholders}}.
     *
     * @return the template
     */
    public String errorTemplate() {
        return errorTemplate;
    }

    /**
     * Finds a rule by id.
     *
     * @param id the id
     * @return the rule
     * @throws IllegalArgumentException when no rule has that id
     */
    public static EmulatorRule byId(String id) {
        for (EmulatorRule rule : values()) {
            if (rule.id.equals(id)) {
                return rule;
            }
        }
        throw new IllegalArgumentException("no emulator rule has the id '" + id + "'");
    }

    String format(Map<String, ?> values) {
        String text = errorTemplate;
        for (Map.Entry<String, ?> e : values.entrySet()) {
            text = text.replace("{" + e.getKey() + "}", String.valueOf(e.getValue()));
        }
        return text;
    }
}
