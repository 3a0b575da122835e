package io.orderingguard.adk;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ReplayTags;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.adk.models.LlmRequest;
import com.google.genai.JsonSerializable;
import com.google.genai.types.Content;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.Tool;
import io.orderingguard.GuardInputException;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireCodec;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.util.List;

/**
 * Translates an ADK {@link LlmRequest} into the guard's {@link Dispatch} and a repaired dispatch back
 * into google-genai {@link Content}s.
 *
 * <p>ADK's request is a Gemini {@code generateContent} request in typed form, so the codec writes it
 * as the JSON body the Gemini API receives ({@code contents}, {@code systemInstruction}, the function
 * declarations of {@code tools}, {@code generationConfig.thinkingConfig} and
 * {@code maxOutputTokens}, {@code toolConfig}) and reads that body with guard-wire's Gemini codec
 * ({@link WireFormat#GEMINI}). The same rules therefore see the same entries, ids, steps and payloads
 * as for a Gemini body checked by {@code guard check --wire gemini} or the HTTP adapters: content
 * {@code i} is wire message {@code m<i>} (a model content also step {@code m<i>}), part {@code j}
 * is entry {@code m<i>.c<j>}, a function call keeps its id (ADK gives every call an
 * {@code adk-…} id, and its response the same), a {@code thoughtSignature} (bytes, Base64 on the
 * wire) becomes the payload {@code {"thoughtSignature": …}} tagged
 * {@code gemini-thought-signature-v1} (the documented dummy values
 * {@code gemini-thought-signature-sentinel-v1}) — as guard-langchain4j's {@code MetadataLayout.GEMINI}
 * reads the Gemini modules of LangChain4j.
 *
 * <p>Rendering changes the body only where the repair changed the dispatch, and reads the contents
 * back with google-genai's own JSON mapping, so every part the guard does not model (inline data,
 * files, executable code, video metadata, unknown fields) and every signature travels unchanged.
 *
 * <p>Stateless and thread-safe.
 */
public final class LlmRequestCodec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SIGNATURE = "thoughtSignature";


    private final String provider;

    private LlmRequestCodec(String provider) {
        this.provider = provider;
    }

    /**
     * Returns the codec naming the provider {@code gemini} on every dispatch.
     *
     * @return the codec
     */
    public static LlmRequestCodec create() {
        return new LlmRequestCodec(ProviderIds.GEMINI);
    }

    /**
     * Returns a codec naming another provider on every dispatch (e.g. {@code vertex}, when profile
     * selection should tell the two apart).
     *
     * @param provider the provider name
     * @return the codec
     * @throws IllegalArgumentException when blank
     */
    public static LlmRequestCodec forProvider(String provider) {
        return new LlmRequestCodec(Require.nonBlank(provider, "provider"));
    }

    /**
     * Reads a request.
     *
     * @param request the request ADK is about to send
     * @param conversationId the conversation (ADK's session id), or {@code null}
     * @return the dispatch, with what rendering needs
     * @throws GuardInputException when a content cannot be read as Gemini reads it; the message names
     *     the JSON path (e.g. {@code $.contents[2].parts[0]}) and what was expected
     */
    public EncodedLlmRequest encode(LlmRequest request, String conversationId) {
        Require.nonNull(request, "request");
        ObjectNode body = body(request);
        WireContext ctx = WireContext.of("ADK LlmRequest", 0).withProvider(provider)
                .withModel(request.model().filter(m -> !m.isBlank()).orElse(null))
                .withConversationId(conversationId == null || conversationId.isBlank() ? null : conversationId);
        ParsedBody parsed = gemini().read(body, ctx);
        return new EncodedLlmRequest(parsed, body);
    }

    static WireCodec gemini() {
        return WireFormat.GEMINI.codec().orElseThrow(
                () -> new IllegalStateException("guard-wire on the class path has no Gemini codec"));
    }

    /** The Gemini {@code generateContent} body of a request. */
    static ObjectNode body(LlmRequest request) {
        ObjectNode body = NODES.objectNode();
        ArrayNode contents = body.putArray("contents");
        for (Content content : request.contents()) {
            contents.add(readSignatures(json(content)));
        }
        if (request.config().isPresent()) {
            GenerateContentConfig config = request.config().get();
            config.systemInstruction().ifPresent(s -> body.set("systemInstruction", json(s)));
            ArrayNode tools = NODES.arrayNode();
            for (Tool tool : config.tools().orElse(List.of())) {
                JsonNode declarations = json(tool).path("functionDeclarations");
                if (declarations.isArray() && !declarations.isEmpty()) {
                    tools.addObject().set("functionDeclarations", declarations);
                }
            }
            if (!tools.isEmpty()) {
                body.set("tools", tools);
            }
            ObjectNode generation = NODES.objectNode();
            config.thinkingConfig().ifPresent(t -> generation.set("thinkingConfig", json(t)));
            config.maxOutputTokens().ifPresent(n -> generation.put("maxOutputTokens", n));
            if (!generation.isEmpty()) {
                body.set("generationConfig", generation);
            }
            config.toolConfig().ifPresent(t -> body.set("toolConfig", json(t)));
        }
        return body;
    }

    /** The JSON google-genai writes for a value: bytes in the standard Base64 alphabet, as text. */
    private static JsonNode json(JsonSerializable value) {
        try {
            return MAPPER.readTree(value.toJson());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("google-genai wrote JSON that Jackson cannot read back", e);
        }
    }

    /**
     * Writes a documented dummy signature the way Gemini's documentation spells it. google-genai holds
     * {@code thoughtSignature} as bytes and writes them in the standard Base64 alphabet, where the dummy
     * {@code skip_thought_signature_validator} (URL-safe alphabet; proto3 JSON reads both) comes out as
     * {@code skip/thought/signature/validator}: the same bytes, which the Gemini codec's sentinel tag
     * should recognise.
     */
    private static JsonNode readSignatures(JsonNode content) {
        for (JsonNode part : content.path("parts")) {
            JsonNode signature = part.get(SIGNATURE);
            if (signature != null && signature.isTextual()) {
                String urlSafe = signature.textValue().replace('+', '-').replace('/', '_');
                if (ReplayTags.isGeminiSentinel(urlSafe)) {
                    ((ObjectNode) part).put(SIGNATURE, urlSafe);
                }
            }
        }
        return content;
    }

    /**
     * Reads a rendered content back into google-genai's type: a signature in the URL-safe alphabet (a
     * dummy a repair added) is rewritten in the standard alphabet google-genai's Base64 reader takes;
     * the bytes are the same.
     *
     * @param content a content of a rendered body
     * @return the content
     */
    static Content content(JsonNode content) {
        ObjectNode copy = content.deepCopy();
        for (JsonNode part : copy.path("parts")) {
            JsonNode signature = part.get(SIGNATURE);
            if (signature != null && signature.isTextual()) {
                ((ObjectNode) part).put(SIGNATURE, signature.textValue().replace('-', '+').replace('_', '/'));
            }
        }
        return Content.fromJson(copy.toString());
    }
}
