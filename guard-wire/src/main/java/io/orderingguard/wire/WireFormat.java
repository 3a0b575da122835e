package io.orderingguard.wire;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.InputNode;
import io.orderingguard.wire.internal.AnthropicMessagesCodec;
import io.orderingguard.wire.internal.GeminiCodec;
import io.orderingguard.wire.internal.OpenAiChatCodec;
import io.orderingguard.wire.internal.OpenAiResponsesCodec;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A provider request surface, named as {@code guard check --wire} names it.
 *
 * <p>Codecs exist for {@link #ANTHROPIC_MESSAGES}, {@link #OPENAI_CHAT}, {@link #OPENAI_RESPONSES}
 * and {@link #GEMINI}; {@link #codec()} is empty for the others.
 *
 * <p>Thread-safe (an enum).
 */
public enum WireFormat {
    /** Anthropic Messages API ({@code POST /v1/messages}, also on Vertex AI and Bedrock InvokeModel). */
    ANTHROPIC_MESSAGES("anthropic-messages"),
    /** OpenAI Chat Completions ({@code POST /v1/chat/completions}) and the compatible APIs. */
    OPENAI_CHAT("openai-chat"),
    /** OpenAI Responses ({@code POST /v1/responses}). */
    OPENAI_RESPONSES("openai-responses"),
    /** Gemini {@code generateContent} (Gemini API and Vertex AI). */
    GEMINI("gemini"),
    /** Amazon Bedrock Converse ({@code POST /model/{id}/converse}). */
    BEDROCK_CONVERSE("bedrock-converse");

    private static final Set<String> OPENAI_CHAT_ROLES = Set.of("system", "developer", "tool", "function");
    private static final Set<String> OPENAI_CHAT_FIELDS = Set.of(
            "reasoning_effort", "max_completion_tokens", "parallel_tool_calls", "response_format", "n",
            "logprobs", "frequency_penalty", "presence_penalty", "seed", "modalities", "stream_options");
    private static final Set<String> ANTHROPIC_FIELDS = Set.of(
            "system", "anthropic_version", "stop_sequences", "top_k", "container", "mcp_servers");
    private static final Set<String> ANTHROPIC_BLOCKS = Set.of(
            "tool_use", "tool_result", "thinking", "redacted_thinking", "server_tool_use", "document",
            "search_result");
    private static final Set<String> OPENAI_CHAT_PARTS = Set.of("image_url", "input_audio", "file", "refusal");

    private final String wireName;

    WireFormat(String wireName) {
        this.wireName = wireName;
    }

    /**
     * Returns the name {@code --wire} uses.
     *
     * @return e.g. {@code anthropic-messages}
     */
    public String wireName() {
        return wireName;
    }

    /**
     * Returns the codec of this surface.
     *
     * @return the codec, or empty when this surface has none yet
     */
    public Optional<WireCodec> codec() {
        switch (this) {
            case ANTHROPIC_MESSAGES:
                return Optional.of(AnthropicMessagesCodec.INSTANCE);
            case OPENAI_CHAT:
                return Optional.of(OpenAiChatCodec.INSTANCE);
            case OPENAI_RESPONSES:
                return Optional.of(OpenAiResponsesCodec.INSTANCE);
            case GEMINI:
                return Optional.of(GeminiCodec.INSTANCE);
            default:
                return Optional.empty();
        }
    }

    /**
     * Parses a wire name.
     *
     * @param name e.g. {@code openai-chat}
     * @return the surface
     * @throws IllegalArgumentException when the name is not a surface
     */
    public static WireFormat fromWire(String name) {
        for (WireFormat format : values()) {
            if (format.wireName.equals(name)) {
                return format;
            }
        }
        throw new IllegalArgumentException("wire format must be one of anthropic-messages, openai-chat, "
                + "openai-responses, gemini, bedrock-converse, but was '" + name + "'");
    }

    /**
     * Picks the surface of a request body: from the URL path when one is given and names an endpoint
     * ({@code /v1/messages}, {@code /chat/completions}, {@code /responses}, {@code :generateContent},
     * {@code /converse}), else from the body's shape: {@code contents} is Gemini, {@code input} is
     * OpenAI Responses, {@code messages} is Anthropic, OpenAI Chat or Bedrock Converse by their
     * blocks, roles and top-level fields (Anthropic's {@code thinking} has a {@code budget_tokens} or is
     * {@code adaptive}; DeepSeek's has neither); a body that fits both Anthropic and OpenAI Chat (only
     * string contents) is Anthropic when its model starts with {@code claude} or it sets
     * {@code max_tokens} without any OpenAI-only field, else OpenAI Chat.
     *
     * @param body the request body
     * @param urlPathOrNull the request's URL path, or {@code null}
     * @return the surface
     * @throws GuardInputException when the body is not an object, or has none of {@code messages},
     *     {@code contents} and {@code input}
     */
    public static WireFormat detect(JsonNode body, String urlPathOrNull) {
        if (urlPathOrNull != null) {
            WireFormat fromPath = fromPath(urlPathOrNull);
            if (fromPath != null) {
                return fromPath;
            }
        }
        InputNode root = InputNode.root(body, null, 0).requireObject();
        if (body.has("contents")) {
            return GEMINI;
        }
        if (body.has("input") && !body.has("messages")) {
            return OPENAI_RESPONSES;
        }
        if (!body.has("messages")) {
            throw root.error("expected a request body with messages (Anthropic Messages, OpenAI Chat, Bedrock "
                    + "Converse), contents (Gemini) or input (OpenAI Responses), but found none of them");
        }
        return fromMessages(body);
    }

    private static WireFormat fromPath(String path) {
        String p = path.toLowerCase(Locale.ROOT);
        int query = p.indexOf('?');
        if (query >= 0) {
            p = p.substring(0, query);
        }
        if (p.endsWith("/messages")) {
            return ANTHROPIC_MESSAGES;
        }
        if (p.endsWith("/chat/completions")) {
            return OPENAI_CHAT;
        }
        if (p.endsWith("/responses")) {
            return OPENAI_RESPONSES;
        }
        if (p.endsWith(":generatecontent") || p.endsWith(":streamgeneratecontent")) {
            return GEMINI;
        }
        if (p.endsWith("/converse") || p.endsWith("/converse-stream")) {
            return BEDROCK_CONVERSE;
        }
        return null;
    }

    private static WireFormat fromMessages(JsonNode body) {
        if (body.has("inferenceConfig") || body.has("toolConfig") || body.has("additionalModelRequestFields")) {
            return BEDROCK_CONVERSE;
        }
        for (String field : ANTHROPIC_FIELDS) {
            if (body.has(field)) {
                return ANTHROPIC_MESSAGES;
            }
        }
        if (body.path("thinking").has("budget_tokens") || "adaptive".equals(body.path("thinking").path("type").asText())) {
            return ANTHROPIC_MESSAGES;
        }
        for (String field : OPENAI_CHAT_FIELDS) {
            if (body.has(field)) {
                return OPENAI_CHAT;
            }
        }
        for (JsonNode message : body.path("messages")) {
            if (OPENAI_CHAT_ROLES.contains(message.path("role").asText()) || message.has("tool_calls")) {
                return OPENAI_CHAT;
            }
            for (JsonNode block : message.path("content")) {
                String type = block.path("type").asText("");
                if (ANTHROPIC_BLOCKS.contains(type)) {
                    return ANTHROPIC_MESSAGES;
                }
                if (OPENAI_CHAT_PARTS.contains(type)) {
                    return OPENAI_CHAT;
                }
                if (block.isObject() && !block.has("type")
                        && (block.has("text") || block.has("toolUse") || block.has("toolResult"))) {
                    return BEDROCK_CONVERSE;
                }
            }
        }
        if (body.path("model").asText("").startsWith("claude") || body.has("max_tokens")) {
            return ANTHROPIC_MESSAGES;
        }
        return OPENAI_CHAT;
    }

    @Override
    public String toString() {
        return wireName;
    }
}
