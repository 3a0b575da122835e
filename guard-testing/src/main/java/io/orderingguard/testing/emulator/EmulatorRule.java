package io.orderingguard.testing.emulator;

import java.util.Map;

/**
 * The rules the {@link ProviderEmulator} enforces: one constant per rule, with the error text the
 * provider answers when a request breaks it ({@code {placeholders}} are filled per request). The
 * {@link #source()} names the public evidence for the rule and its text: issue and pull-request
 * threads that quote the provider's answer ({@code owner/repo#number}, {@code owner/repo PR #number}),
 * the provider's documentation where it states the rule, or, for the structural rules, the provider's
 * API whose validation wording the text follows ({@code "emulator"} where the wording is the emulator's
 * own).
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
    OPENAI_TOOL_CALL_ID_TOO_LONG(Wire.OPENAI_CHAT_COMPLETIONS, "openai.tool-call-id-too-long",
            "Portkey-AI/gateway#1062, camel-ai/camel#2215, anomalyco/opencode#12653, vercel/ai#8132",
            true, false,
            "Invalid 'messages[{message}].tool_calls[{call}].id': string too long. Expected a string with maximum "
                    + "length 40, but got a string with length {length} instead."),

    /** A {@code tool} message does not answer a call of the assistant message right before it (orphan result). */
    OPENAI_TOOL_MESSAGE_WITHOUT_CALL(Wire.OPENAI_CHAT_COMPLETIONS, "openai.tool-message-without-call",
            "miurla/morphic#136, smarter-sh/smarter#264, langchain4j/langchain4j#585, #3133", true, false,
            "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."),

    /** An assistant message's {@code tool_calls} are not all answered by the tool messages after it. */
    OPENAI_UNANSWERED_TOOL_CALLS(Wire.OPENAI_CHAT_COMPLETIONS, "openai.unanswered-tool-calls",
            "router-for-me/CLIProxyAPI#2798, BerriAI/litellm#10083, #10696, aliasrobotics/cai#111, "
                    + "agno-agi/agno#3105",
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
            "CommandCodeAI/command-code#323, BlockRunAI/ClawRouter#17", true, false,
            "messages.{message}.content.{block}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"),

    /** A {@code thinking} block has no {@code signature}. */
    ANTHROPIC_THINKING_SIGNATURE_REQUIRED(Wire.ANTHROPIC_MESSAGES, "anthropic.thinking-signature-required",
            "anomalyco/opencode#25005", true, false,
            "messages.{message}.content.{block}.thinking.signature: Field required"),

    /** A message other than a final assistant message has empty content. */
    ANTHROPIC_EMPTY_CONTENT(Wire.ANTHROPIC_MESSAGES, "anthropic.empty-content",
            "anthropics/claude-code#3196, #6774; vercel/ai PR #5783", true, false,
            "messages.{message}: all messages must have non-empty content except for the optional final assistant message"),

    /** A text content block is empty. */
    ANTHROPIC_EMPTY_TEXT_BLOCK(Wire.ANTHROPIC_MESSAGES, "anthropic.empty-text-block",
            "anthropics/claude-code#59812, #23440, #23369; aliasrobotics/cai#182; "
                    + "anthropics/anthropic-sdk-python#461", true, false,
            "messages: text content blocks must be non-empty"),

    /** A text content block holds only whitespace. */
    ANTHROPIC_WHITESPACE_TEXT_BLOCK(Wire.ANTHROPIC_MESSAGES, "anthropic.whitespace-text-block",
            "anthropics/claude-code#59812, #23440, #23369; aliasrobotics/cai#182",
            true, false,
            "messages: text content blocks must contain non-whitespace text"),

    /** The first message is not a user message (Bedrock and older API versions; off by default). */
    ANTHROPIC_FIRST_MESSAGE_NOT_USER(Wire.ANTHROPIC_MESSAGES, "anthropic.first-message-not-user",
            "anthropics/anthropic-sdk-typescript#622, lobehub/lobehub#1601",
            false, false,
            "messages: first message must use the \"user\" role"),

    /** Two messages in a row have the same role (gateways and older API versions; off by default). */
    ANTHROPIC_ROLES_NOT_ALTERNATING(Wire.ANTHROPIC_MESSAGES, "anthropic.roles-not-alternating",
            "FlowiseAI/Flowise#2006, coaidev/coai#209, modelcontextprotocol/quickstart-resources#20",
            false, false,
            "messages: roles must alternate between \"user\" and \"assistant\", but found multiple \"{role}\" roles in a row"),

    /** An assistant message's {@code tool_use} blocks are not all answered in the next message. */
    ANTHROPIC_TOOL_USE_WITHOUT_RESULT(Wire.ANTHROPIC_MESSAGES, "anthropic.tool-use-without-result",
            "anthropics/claude-code#1237, #2697, #5989; Kilo-Org/kilocode#5163",
            true, false,
            "messages.{message}: `tool_use` ids were found without `tool_result` blocks immediately after: {ids}. "
                    + "Each `tool_use` block must have a corresponding `tool_result` block in the next message."),

    /** The message after tool use answers every call, but does not begin with the results. */
    ANTHROPIC_TOOL_RESULTS_NOT_FIRST(Wire.ANTHROPIC_MESSAGES, "anthropic.tool-results-not-first",
            "Amazon-Q-Developer/language-servers PR #1235, langchain-ai/langchain-aws#451",
            true, false,
            "messages.{message}: Did not find {count} `tool_result` block(s) at the beginning of this message. "
                    + "Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks."),

    /** A {@code tool_result} answers no {@code tool_use} of the previous message (orphan result). */
    ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE(Wire.ANTHROPIC_MESSAGES, "anthropic.tool-result-without-tool-use",
            "anthropics/claude-code#13460, #18947; decocms/studio#1803; spring-projects/spring-ai#5940; "
                    + "JetBrains/koog#2169", true, false,
            "messages.{message}.content.{block}: unexpected `tool_use_id` found in `tool_result` blocks: {id}. "
                    + "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."),

    /** With thinking enabled, the assistant turn of the current tool loop does not start with thinking. */
    ANTHROPIC_THINKING_MUST_LEAD_TOOL_LOOP(Wire.ANTHROPIC_MESSAGES, "anthropic.thinking-must-lead-tool-loop",
            "pydantic/pydantic-ai#2040, #2075; vercel/ai#8865; OpenRouterTeam/ai-sdk-provider#162; "
                    + "openai/openai-agents-python#1704", true, false,
            "messages.{message}.content.0.type: Expected `thinking` or `redacted_thinking`, but found `{type}`. "
                    + "When `thinking` is enabled, a final `assistant` message must start with a thinking block "
                    + "(preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include "
                    + "thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please "
                    + "consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"),

    /** With thinking disabled, a final assistant message contains thinking. */
    ANTHROPIC_THINKING_WHILE_DISABLED(Wire.ANTHROPIC_MESSAGES, "anthropic.thinking-while-disabled",
            "tailcallhq/forgecode#1853",
            true, false,
            "messages.{message}.content.{block}: When thinking is disabled, an `assistant` message in the final "
                    + "position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."),

    // ---- Gemini generateContent -------------------------------------------------------------

    /** The body is not JSON. */
    GEMINI_INVALID_JSON(Wire.GEMINI_GENERATE_CONTENT, "gemini.invalid-json", "Gemini API", true, true,
            "Invalid JSON payload received. Unexpected token."),

    /** A required field is missing or has the wrong type, in the API's validation wording. */
    GEMINI_MALFORMED_REQUEST(Wire.GEMINI_GENERATE_CONTENT, "gemini.malformed-request",
            "Gemini API; vercel/ai#3775, langchain-ai/langchain-google#691, router-for-me/CLIProxyAPI#1292, "
                    + "NousResearch/hermes-agent PR #57942", true, true, "{detail}"),

    /** A content has no parts. */
    GEMINI_EMPTY_PARTS(Wire.GEMINI_GENERATE_CONTENT, "gemini.empty-parts",
            "vercel/ai#3775, langchain-ai/langchain-google#691, router-for-me/CLIProxyAPI#1292, "
                    + "NousResearch/hermes-agent PR #57942", true, false,
            "* GenerateContentRequest.contents[{content}].parts: contents.parts must not be empty."),

    /**
     * Two contents in a row have the same role (off by default: Gemini 2.5 and 3 accept a function
     * response followed by a separate user content; older models and strict gateways reject).
     */
    GEMINI_ROLES_NOT_ALTERNATING(Wire.GEMINI_GENERATE_CONTENT, "gemini.roles-not-alternating",
            "NousResearch/hermes-agent PR #55623, Portkey-AI/gateway PR #246",
            false, false, "Please ensure that multiturn requests alternate between user and model."),

    /** A model content with a function call does not come right after a user content. */
    GEMINI_CALL_NOT_AFTER_USER_TURN(Wire.GEMINI_GENERATE_CONTENT, "gemini.call-not-after-user-turn",
            "google-gemini/gemini-cli#11814, #26486, #26956; continuedev/continue#11164", true, false,
            "Please ensure that function call turn comes immediately after a user turn or after a function response "
                    + "turn."),

    /** A content with function responses does not come right after a content with function calls. */
    GEMINI_RESPONSE_NOT_AFTER_CALL(Wire.GEMINI_GENERATE_CONTENT, "gemini.response-not-after-call",
            "langchain-ai/langchain#27799",
            true, false, "Please ensure that function response turn comes immediately after a function call turn."),

    /** A content answers a different number of function calls than the content before it made. */
    GEMINI_RESPONSE_COUNT(Wire.GEMINI_GENERATE_CONTENT, "gemini.response-count",
            "google-gemini/gemini-cli#4217, #5443, #16415", true, false,
            "Please ensure that the number of function response parts is equal to the number of function call parts "
                    + "of the function call turn."),

    /**
     * Gemini 3: the first function call of a model content in the current turn has no thought
     * signature ({@code position} is the content's 1-based index).
     */
    GEMINI_MISSING_THOUGHT_SIGNATURE(Wire.GEMINI_GENERATE_CONTENT, "gemini.missing-thought-signature",
            "ai.google.dev/gemini-api/docs/thought-signatures; nanbingxyz/5ire#405, "
                    + "chatboxai/chatbox#3308, JetBrains/koog#1148", true, false,
            "Function call is missing a thought_signature in functionCall parts. This is required for tools to work "
                    + "correctly, and missing thought_signature may lead to degraded model performance. Additional "
                    + "data, function call `default_api:{name}` , position {position}. Please refer to "
                    + "https://ai.google.dev/gemini-api/docs/thought-signatures for more details."),

    /**
     * A thought signature is neither one this emulator minted nor a documented dummy value (off by
     * default; enable it to prove that every signature went back unchanged).
     */
    GEMINI_CORRUPTED_THOUGHT_SIGNATURE(Wire.GEMINI_GENERATE_CONTENT, "gemini.corrupted-thought-signature",
            "decolua/9router#4136, badrisnarayanan/antigravity-claude-proxy#18",
            false, false, "Corrupted thought signature."),

    // ---- OpenAI Responses -------------------------------------------------------------------

    /** The body is not JSON. */
    OPENAI_RESPONSES_INVALID_JSON(Wire.OPENAI_RESPONSES, "openai-responses.invalid-json", "OpenAI API", true, true,
            OPENAI_INVALID_JSON.errorTemplate),

    /** A required field is missing or has the wrong type; the text names the field in OpenAI's wording. */
    OPENAI_RESPONSES_MALFORMED_REQUEST(Wire.OPENAI_RESPONSES, "openai-responses.malformed-request", "OpenAI API",
            true, true, "{detail}"),

    /** A {@code function_call} or {@code function_call_output} {@code call_id} is longer than 64 characters. */
    OPENAI_RESPONSES_CALL_ID_TOO_LONG(Wire.OPENAI_RESPONSES, "openai-responses.call-id-too-long",
            "AnswerDotAI/fastllm#45", true, false,
            "Invalid 'input[{item}].call_id': string too long. Expected a string with maximum length 64, but got a "
                    + "string with length {length} instead."),

    /** A {@code reasoning} input item has no {@code summary} (an empty list is allowed). */
    OPENAI_RESPONSES_REASONING_SUMMARY_REQUIRED(Wire.OPENAI_RESPONSES, "openai-responses.reasoning-summary-required",
            "newo-ether/Agora#141", true, false, "Input[{item}] missing required field `summary`"),

    /**
     * With {@code "store": false}, an item is sent by reference only (an {@code item_reference}, or a
     * {@code reasoning} item without {@code encrypted_content}); answered with HTTP 404.
     */
    OPENAI_RESPONSES_ITEM_NOT_PERSISTED(Wire.OPENAI_RESPONSES, "openai-responses.item-not-persisted",
            "anomalyco/opencode#7724, #8987; can1357/oh-my-pi#41; vercel/ai#7543", true, false, 404,
            "Item with id '{id}' not found. Items are not persisted when `store` is set to false. Try again with "
                    + "`store` set to true, or remove this item from your input."),

    /**
     * A {@code reasoning} item's {@code encrypted_content} is not one the emulator minted (off by
     * default; enable it to prove that every reasoning item went back unchanged).
     */
    OPENAI_RESPONSES_INVALID_ENCRYPTED_CONTENT(Wire.OPENAI_RESPONSES, "openai-responses.invalid-encrypted-content",
            "openai/codex#8145, continuedev/continue#10643, smallmain/vscode-unify-chat-provider#178", false, false,
            "The encrypted content for item {id} could not be verified. Reason: Encrypted content could not be "
                    + "decrypted or parsed."),

    /** A {@code reasoning} item is not followed by the output item it produced. */
    OPENAI_RESPONSES_REASONING_WITHOUT_FOLLOWING_ITEM(Wire.OPENAI_RESPONSES,
            "openai-responses.reasoning-without-following-item",
            "vercel/ai#7099, #8031, #8379; openai/openai-node#1567; continuedev/continue#8933, #10428", true, false,
            "Item '{id}' of type 'reasoning' was provided without its required following item."),

    /**
     * A message or function call the emulator produced together with a reasoning item is sent back
     * without that reasoning item before it.
     */
    OPENAI_RESPONSES_ITEM_WITHOUT_REASONING(Wire.OPENAI_RESPONSES, "openai-responses.item-without-reasoning",
            "continuedev/continue#12620", true, false,
            "Item '{id}' of type '{type}' was provided without its required 'reasoning' item: '{reasoning}'."),

    /** A {@code function_call} has no {@code function_call_output} with its {@code call_id} after it. */
    OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT(Wire.OPENAI_RESPONSES, "openai-responses.call-without-output",
            "router-for-me/CLIProxyAPI#2368", true, false, "No tool output found for function call {id}."),

    /** A {@code function_call_output} has no {@code function_call} with its {@code call_id} before it. */
    OPENAI_RESPONSES_OUTPUT_WITHOUT_CALL(Wire.OPENAI_RESPONSES, "openai-responses.output-without-call",
            "continuedev/continue#10092, microsoft/vscode#320060",
            true, false, "No tool call found for function call output with call_id {id}."),

    // ---- Bedrock Converse -------------------------------------------------------------------

    /** The body is not JSON (the emulator's wording; answered as a {@code ValidationException}). */
    BEDROCK_INVALID_JSON(Wire.BEDROCK_CONVERSE, "bedrock.invalid-json", "emulator", true, true,
            "Malformed input request, please reformat your input and try again."),

    /** A required field is missing or has the wrong type, in AWS's validation wording. */
    BEDROCK_MALFORMED_REQUEST(Wire.BEDROCK_CONVERSE, "bedrock.malformed-request", "AWS validation wording", true, true,
            "{detail}"),

    /** The first message is not a user message. */
    BEDROCK_FIRST_MESSAGE_NOT_USER(Wire.BEDROCK_CONVERSE, "bedrock.first-message-not-user",
            "langgenius/dify#12340, pydantic/pydantic-ai#4495", true,
            false, "A conversation must start with a user message. Try again with a conversation that starts with a "
                    + "user message."),

    /**
     * A {@code reasoningText} signature is not one the emulator minted (off by default; enable it to
     * prove that every reasoning block went back unchanged). Claude on Bedrock reports Anthropic's
     * error inside Bedrock's wrapper.
     */
    BEDROCK_INVALID_REASONING_SIGNATURE(Wire.BEDROCK_CONVERSE, "bedrock.invalid-reasoning-signature",
            "anomalyco/opencode#3077 (Bedrock's wrapper); maximhq/bifrost#5093 and Anthropic's "
                    + "extended-thinking documentation, \"Preserving thinking blocks\" (Anthropic's text)",
            false, false,
            "The model returned the following errors: messages.{message}.content.{block}: Invalid `signature` in "
                    + "`thinking` block"),

    /** A message has an empty content list. */
    BEDROCK_EMPTY_CONTENT(Wire.BEDROCK_CONVERSE, "bedrock.empty-content", "langchain-ai/langchain#26968", true, false,
            "The content field in the Message object at messages.{message} is empty. Add a ContentBlock object to "
                    + "the content field and try again."),

    /** A text block is empty or holds only whitespace. */
    BEDROCK_BLANK_TEXT(Wire.BEDROCK_CONVERSE, "bedrock.blank-text",
            "langchain-ai/langchain-aws#403, aws-samples/bedrock-engineer#8, boto/botocore#3525", true, false,
            "The text field in the ContentBlock object at messages.{message}.content.{block} is blank. Add text to "
                    + "the text field, and try again."),

    /** A {@code toolResult} with status {@code error} has no content. */
    BEDROCK_EMPTY_ERROR_RESULT(Wire.BEDROCK_CONVERSE, "bedrock.empty-error-result",
            "aws-samples/sample-multi-agent-orchestration-chat-on-agentcore#15", true, false,
            "The content field at messages.{message}.content.{block}.toolResult cannot be empty when status value is "
                    + "error."),

    /** Two messages in a row have the same role (Converse does not merge them). */
    BEDROCK_ROLES_NOT_ALTERNATING(Wire.BEDROCK_CONVERSE, "bedrock.roles-not-alternating",
            "langchain-ai/langchain-aws#130, #192; langchain-ai/langchainjs#6724; "
                    + "microsoft/semantic-kernel#10281", true,
            false, "A conversation must alternate between user and assistant roles. Make sure the conversation "
                    + "alternates between user and assistant roles and try again."),

    /** The message after an assistant turn with {@code toolUse} does not answer every call. */
    BEDROCK_MISSING_TOOL_RESULTS(Wire.BEDROCK_CONVERSE, "bedrock.missing-tool-results",
            "camel-ai/camel#3954, genkit-ai/aws-bedrock-js-plugin#664", true, false,
            "Expected toolResult blocks at messages.{message}.content for the following Ids: {ids}"),

    /** A message holds more {@code toolResult} blocks than the turn before it made calls (orphan results). */
    BEDROCK_TOO_MANY_TOOL_RESULTS(Wire.BEDROCK_CONVERSE, "bedrock.too-many-tool-results",
            "Just-Curieous/Curie#16, pydantic/pydantic-ai#2327, strands-agents/harness-sdk#1435", true,
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
     * Returns the public evidence for the rule and its error text, e.g.
     * {@code "anthropics/claude-code#1237, #2697, #5989; Kilo-Org/kilocode#5163"}.
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
