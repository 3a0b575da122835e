package io.orderingguard.wire;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.surface.ProviderSurface;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * A provider request surface, named as {@code guard check --wire} names it.
 *
 * <p>Every surface has a codec ({@link #codec()} is never empty today; it stays optional so a
 * surface can be named before its codec exists).
 *
 * <p>Thread-safe (an enum).
 */
public enum WireFormat {
    /** Anthropic Messages API ({@code POST /v1/messages}, also on Vertex AI and Bedrock InvokeModel). */
    ANTHROPIC_MESSAGES(ProviderSurface.ANTHROPIC_MESSAGES),
    /** OpenAI Chat Completions ({@code POST /v1/chat/completions}) and the compatible APIs. */
    OPENAI_CHAT(ProviderSurface.OPENAI_CHAT),
    /** OpenAI Responses ({@code POST /v1/responses}). */
    OPENAI_RESPONSES(ProviderSurface.OPENAI_RESPONSES),
    /** Gemini {@code generateContent} (Gemini API and Vertex AI). */
    GEMINI(ProviderSurface.GEMINI),
    /** Amazon Bedrock Converse ({@code POST /model/{id}/converse}). */
    BEDROCK_CONVERSE(ProviderSurface.BEDROCK_CONVERSE);

    private static final Set<String> OPENAI_CHAT_ROLES = Set.of("system", "developer", "tool", "function");
    private static final Set<String> OPENAI_CHAT_FIELDS = Set.of(
            "reasoning_effort", "max_completion_tokens", "parallel_tool_calls", "response_format", "n",
            "logprobs", "frequency_penalty", "presence_penalty", "seed", "modalities", "stream_options");
    private static final Set<String> ANTHROPIC_FIELDS = Set.of(
            "system", "anthropic_version", "stop_sequences", "top_k", "container", "mcp_servers");
    private static final Set<String> ANTHROPIC_BLOCKS = Set.of(
            "tool_use", "tool_result", "thinking", "redacted_thinking", "server_tool_use", "document",
            "search_result");
    private static final List<String> BEDROCK_FIELDS = List.of("inferenceConfig", "toolConfig",
            "additionalModelRequestFields", "modelId", "guardrailConfig", "additionalModelResponseFieldPaths",
            "promptVariables", "performanceConfig");
    private static final List<String> BEDROCK_BLOCKS = List.of("text", "toolUse", "toolResult", "reasoningContent",
            "cachePoint", "image", "document", "video", "guardContent", "citationsContent");
        private static final Set<String> OPENAI_CHAT_PARTS = Set.of("image_url", "input_audio", "file", "refusal");

    private final ProviderSurface surface;
    private final String wireName;

    WireFormat(ProviderSurface surface) {
        this.surface = surface;
        this.wireName = surface.wireName();
    }

    /**
     * Returns the surface's description: its vocabulary, provider and endpoint paths.
     *
     * @return the description
     */
    public ProviderSurface surface() {
        return surface;
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
        return Optional.ofNullable(Codecs.BY_FORMAT.get(this));
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
            if (embeddings(body)) {
                throw root.error("expected a request body with messages, contents or input items, but this is an "
                        + "embeddings request (input of strings or token ids, or encoding_format / dimensions): "
                        + "nothing to check");
            }
            return OPENAI_RESPONSES;
        }
        if (!body.has("messages")) {
            throw root.error("expected a request body with messages (Anthropic Messages, OpenAI Chat, Bedrock "
                    + "Converse), contents (Gemini) or input (OpenAI Responses), but found none of them");
        }
        return fromMessages(body);
    }

    /**
     * Whether a body is an embeddings request rather than a Responses one: a Responses input is a text or
     * a list of items (objects), an embeddings input a text, a list of texts or token ids, or a list of
     * such lists; {@code encoding_format} and {@code dimensions} are embeddings fields. A lone text input
     * counts as embeddings only for a model whose id names it ({@code text-embedding-3-small},
     * {@code mistral-embed}: a segment {@code embed}, {@code embedding} or {@code embeddings}).
     */
    static boolean embeddings(JsonNode body) {
        JsonNode input = body.get("input");
        if (input == null || body.has("messages") || body.has("contents")) {
            return false;
        }
        if (body.has("encoding_format") || body.has("dimensions")) {
            return true;
        }
        if (input.isArray()) {
            for (JsonNode element : input) {
                if (!element.isTextual() && !element.isArray() && !element.isIntegralNumber()) {
                    return false;
                }
            }
            return !input.isEmpty();
        }
        if (!input.isTextual()) {
            return false;
        }
        for (String segment : body.path("model").asText("").toLowerCase(java.util.Locale.ROOT).split("[-:/_.]")) {
            if (segment.equals("embed") || segment.equals("embedding") || segment.equals("embeddings")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Picks the surface an endpoint path names, without looking at a body: what an HTTP-level guard
     * uses to leave other endpoints (embeddings, files, token counts) alone.
     *
     * @param urlPath the request's URL path; a query is ignored
     * @return the surface, or empty when the path names no chat endpoint
     */
    public static Optional<WireFormat> forPath(String urlPath) {
        return Optional.ofNullable(fromPath(java.util.Objects.requireNonNull(urlPath, "urlPath must not be null")));
    }

    private static WireFormat fromPath(String path) {
        return ProviderSurface.forPath(path).map(WireFormat::of).orElse(null);
    }

    /**
     * Returns the wire format of a surface.
     *
     * @param surface the surface
     * @return the format
     */
    public static WireFormat of(ProviderSurface surface) {
        for (WireFormat format : values()) {
            if (format.surface == surface) {
                return format;
            }
        }
        throw new IllegalArgumentException("no wire format for " + surface);
    }

    private static WireFormat fromMessages(JsonNode body) {
        for (String field : BEDROCK_FIELDS) {
            if (body.has(field)) {
                return BEDROCK_CONVERSE;
            }
        }
        JsonNode system = body.path("system");
        if (system.isArray() && system.size() > 0 && system.get(0).isObject() && !system.get(0).has("type")) {
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
            if (message.has("tool_calls") || OPENAI_CHAT_ROLES.contains(message.path("role").asText())
                    && !hasAnthropicBlock(message)) {
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
                if (block.isObject() && !block.has("type") && isBedrockBlock(block)) {
                    return BEDROCK_CONVERSE;
                }
            }
        }
        if (body.path("model").asText("").startsWith("claude") || body.has("max_tokens")) {
            return ANTHROPIC_MESSAGES;
        }
        return OPENAI_CHAT;
    }

    /**
     * Whether a message holds a block only Anthropic documents (a {@code system} message of deferred
     * tool loading carries {@code tool_addition} blocks): such a message does not make a body OpenAI Chat.
     */
    private static boolean hasAnthropicBlock(JsonNode message) {
        for (JsonNode block : message.path("content")) {
            String type = block.path("type").asText("");
            if (!type.isEmpty() && ProviderSurface.ANTHROPIC_MESSAGES.knowsType(type)
                    && !ProviderSurface.OPENAI_CHAT.otherTypes().contains(type)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isBedrockBlock(JsonNode block) {
        for (String member : BEDROCK_BLOCKS) {
            if (block.has(member)) {
                return true;
            }
        }
        return false;
    }

        @Override
    public String toString() {
        return wireName;
    }

    /**
     * The codecs, found once with {@link ServiceLoader}: the API package never names the codec
     * classes, so it does not depend on the package that implements it.
     */
    private static final class Codecs {
        static final Map<WireFormat, WireCodec> BY_FORMAT = load();

        private static Map<WireFormat, WireCodec> load() {
            Map<WireFormat, WireCodec> found = new EnumMap<>(WireFormat.class);
            for (WireCodec codec : ServiceLoader.load(WireCodec.class, WireFormat.class.getClassLoader())) {
                found.putIfAbsent(codec.format(), codec);
            }
            return found;
        }
    }
}
