package io.orderingguard.genai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.genai.JsonSerializable;
import com.google.genai.Models;
import com.google.genai.ResponseStream;
import com.google.genai.errors.ApiException;
import com.google.genai.types.Content;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.GenerateContentResponse;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.support.Require;
import io.orderingguard.wire.WireAdmission;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The google-genai SDK's {@link Models#generateContent} and {@link Models#generateContentStream},
 * checked with an {@link OrderingGuard} before the SDK sends anything: the contents go out unchanged,
 * go out repaired (mutate mode), or the call fails with {@link OrderingViolationException} and the SDK
 * is never called (enforce mode).
 *
 * <pre>{@code
 * GuardedModels models = GuardedModels.wrap(client.models, guard);
 * GenerateContentResponse answer = models.generateContent("gemini-3-pro-preview", history, config);
 * }</pre>
 *
 * <p>google-genai builds its HTTP client privately and offers no interceptor, so this wrapper guards
 * at the call: it lays the request out as the {@code generateContent} body the Gemini API receives
 * ({@code contents}, {@code systemInstruction}, {@code tools}, {@code toolConfig} and the
 * {@code generationConfig} fields rules read: {@code thinkingConfig}, {@code maxOutputTokens}), runs
 * it through {@link WireGuard} with the URL path of the call (so the model, and with it the shipped
 * profile, come from where the SDK would put them), and on a repair hands the SDK the repaired
 * {@code contents}, read back from the repaired body: every part the repair did not touch —
 * {@code thoughtSignature} bytes included — is the part the application passed.
 *
 * <p><b>Automatic function calling must be off for the guard to see each round.</b> When the config's
 * tools include Java methods, the SDK runs the tool loop itself (calls the model, runs the tools,
 * calls again) inside one {@code generateContent} call; this wrapper sees only the first request of
 * such a loop. Disable it ({@code GenerateContentConfig.builder().automaticFunctionCalling(
 * AutomaticFunctionCallingConfig.builder().disable(true).build())}) and run the loop in the
 * application, calling this wrapper once per round.
 *
 * <p>A {@code conversationId} overload names the conversation for preservation rules.
 *
 * <p>The provider's answer to every guarded call is joined with its check ({@link WireGuard#answered}):
 * a response (for a stream: the SDK returning its stream, once the head arrived) is an acceptance —
 * the SDK hands over no status, so it counts as 200 — and an {@code ApiException}
 * ({@code ClientException} for 4xx, {@code ServerException} for 5xx) gives the status ({@code code()})
 * and Gemini's message ({@code message()}); any other failure is no answer (unjudged). {@link #admit}
 * alone sends nothing and reports nothing.
 *
 * <p>Thread-safe when the wrapped {@link Models} is (the SDK's is).
 */
public final class GuardedModels {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Models models;
    private final WireGuard wire;

    private GuardedModels(Models models, WireGuard wire) {
        this.models = models;
        this.wire = wire;
    }

    /**
     * Wraps the SDK's models service, guarding with the wire defaults.
     *
     * @param models the SDK's {@code client.models}
     * @param guard the guard
     * @return the guarded service
     */
    public static GuardedModels wrap(Models models, OrderingGuard guard) {
        return wrap(models, WireGuard.of(Require.nonNull(guard, "guard")));
    }

    /**
     * Wraps the SDK's models service, guarding with a configured wire guard.
     *
     * @param models the SDK's {@code client.models}
     * @param wire the wire guard
     * @return the guarded service
     */
    public static GuardedModels wrap(Models models, WireGuard wire) {
        return new GuardedModels(Require.nonNull(models, "models"), Require.nonNull(wire, "wire"));
    }

    /**
     * Returns the wrapped service.
     *
     * @return the SDK's models service
     */
    public Models delegate() {
        return models;
    }

    /**
     * Checks the request and, unless it is rejected, sends it (or its repair) through the SDK.
     *
     * @param model the model id, e.g. {@code gemini-3-pro-preview}
     * @param contents the conversation
     * @param config the request configuration, or {@code null}
     * @return the SDK's response
     * @throws OrderingViolationException when the guard rejects the request; nothing was sent
     */
    public GenerateContentResponse generateContent(String model, List<Content> contents, GenerateContentConfig config) {
        return generateContent(model, contents, config, null);
    }

    /**
     * Checks the request of a conversation and, unless it is rejected, sends it (or its repair).
     *
     * @param model the model id
     * @param contents the conversation
     * @param config the request configuration, or {@code null}
     * @param conversationId the conversation the request belongs to, or {@code null}
     * @return the SDK's response
     * @throws OrderingViolationException when the guard rejects the request; nothing was sent
     */
    public GenerateContentResponse generateContent(String model, List<Content> contents, GenerateContentConfig config,
            String conversationId) {
        Admitted admitted = check(model, contents, config, false, conversationId);
        GenerateContentResponse response;
        try {
            response = models.generateContent(model, admitted.contents(), config);
        } catch (RuntimeException e) {
            answered(admitted, e);
            throw e;
        }
        answered(admitted, null);
        return response;
    }

    /**
     * Checks the request and, unless it is rejected, streams the answer through the SDK.
     *
     * @param model the model id
     * @param contents the conversation
     * @param config the request configuration, or {@code null}
     * @return the SDK's response stream
     * @throws OrderingViolationException when the guard rejects the request; nothing was sent
     */
    public ResponseStream<GenerateContentResponse> generateContentStream(String model, List<Content> contents,
            GenerateContentConfig config) {
        Admitted admitted = check(model, contents, config, true, null);
        ResponseStream<GenerateContentResponse> stream;
        try {
            stream = models.generateContentStream(model, admitted.contents(), config);
        } catch (RuntimeException e) {
            answered(admitted, e);
            throw e;
        }
        answered(admitted, null);
        return stream;
    }

    /**
     * Checks a request without sending it and returns the contents to send.
     *
     * @param model the model id
     * @param contents the conversation
     * @param config the request configuration, or {@code null}
     * @param stream whether the request streams (its URL path is {@code :streamGenerateContent})
     * @param conversationId the conversation the request belongs to, or {@code null}
     * @return {@code contents} itself when it passes, or the repaired contents
     * @throws OrderingViolationException when the guard rejects the request
     */
    public List<Content> admit(String model, List<Content> contents, GenerateContentConfig config, boolean stream,
            String conversationId) {
        return check(model, contents, config, stream, conversationId).contents();
    }

    /** Reports a call's outcome: the response ({@code error == null}) or the failure. */
    private void answered(Admitted admitted, RuntimeException error) {
        ProviderAnswer answer = error == null ? ProviderAnswer.status(200)
                : error instanceof ApiException api && api.code() >= 100 && api.code() <= 599
                        ? ProviderAnswer.of(api.code(), api.message()) : ProviderAnswer.none();
        wire.answered(admitted.verdict(), answer);
    }

    /**
     * The contents to send and what the wire guard decided.
     *
     * @param contents the application's contents, or the repaired ones
     * @param verdict the wire guard's decision, to report the answer to
     */
    private record Admitted(List<Content> contents, WireVerdict verdict) {}

    private Admitted check(String model, List<Content> contents, GenerateContentConfig config, boolean stream,
            String conversationId) {
        Require.nonBlank(model, "model");
        Require.nonNull(contents, "contents");
        ObjectNode body = body(contents, config);
        String id = model.startsWith("models/") ? model.substring("models/".length()) : model;
        String path = "/v1beta/models/" + id + (stream ? ":streamGenerateContent" : ":generateContent");
        WireAdmission admission = WireAdmission.decide(wire, path, conversationId,
                body.toString().getBytes(StandardCharsets.UTF_8), true);
        if (!admission.replacesBody()) {
            return new Admitted(contents, admission.verdict());
        }
        try {
            return new Admitted(contentsOf(MAPPER.readTree(admission.body())), admission.verdict());
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot read back the repaired generateContent body", e);
        }
    }

    /** The {@code generateContent} body of a call, as far as the guard's rules read it. */
    static ObjectNode body(List<Content> contents, GenerateContentConfig config) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        ArrayNode array = body.putArray("contents");
        for (int i = 0; i < contents.size(); i++) {
            array.add(JsonSerializable.toJsonNode(Require.nonNullAt(contents.get(i), "contents", i)));
        }
        if (config == null) {
            return body;
        }
        config.systemInstruction().ifPresent(s -> body.set("systemInstruction", JsonSerializable.toJsonNode(s)));
        config.tools().ifPresent(tools -> {
            ArrayNode declared = body.putArray("tools");
            tools.forEach(t -> declared.add(JsonSerializable.toJsonNode(t)));
        });
        config.toolConfig().ifPresent(t -> body.set("toolConfig", JsonSerializable.toJsonNode(t)));
        ObjectNode generation = JsonNodeFactory.instance.objectNode();
        config.thinkingConfig().ifPresent(t -> generation.set("thinkingConfig", JsonSerializable.toJsonNode(t)));
        config.maxOutputTokens().ifPresent(n -> generation.put("maxOutputTokens", n));
        if (!generation.isEmpty()) {
            body.set("generationConfig", generation);
        }
        return body;
    }

    private static List<Content> contentsOf(JsonNode body) {
        List<Content> contents = new ArrayList<>();
        for (JsonNode content : body.path("contents")) {
            contents.add(JsonSerializable.fromJsonNode(content, Content.class));
        }
        return List.copyOf(contents);
    }

    @Override
    public String toString() {
        return "GuardedModels{" + wire + "}";
    }
}
