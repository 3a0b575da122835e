package io.orderingguard.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardInputException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.Verdict;
import io.orderingguard.support.Require;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * Guards HTTP request bodies: reads the body a client is about to send (picked by its URL path, then
 * its shape), checks it with an {@link OrderingGuard} and says what to send — the same bytes, a
 * repaired body, or nothing. The HTTP adapters (OkHttp, the official SDKs' HTTP clients, the AWS SDK)
 * are thin shells around {@link #inspect}.
 *
 * <pre>{@code
 * WireGuard wire = WireGuard.of(OrderingGuard.builder().selectProfiles(Profiles.selector()).build());
 * byte[] toSend = wire.admit(body, "/v1/messages", null);   // OrderingViolationException when rejected
 * }</pre>
 *
 * <p>What is guarded: a request whose URL path names a chat surface ({@code /v1/messages},
 * {@code /chat/completions}, {@code /responses}, {@code :generateContent},
 * {@code :streamGenerateContent}, {@code /converse}, {@code /converse-stream}) or, when no path is
 * given, a JSON body of one of those shapes. Everything else (embeddings, files, token counts) is
 * {@link WireVerdict.Unguarded} and sent unchanged, as is a body on a surface without a codec.
 * Gemini and Bedrock carry the model in the path; it is taken from there
 * ({@link WireContext#withUrlPath}, which also names the provider {@code vertex} for a Vertex AI path).
 * A Responses body is checked as provider {@code openai-responses} unless
 * {@link Builder#provider(String)} names another, so the model selects the Responses profiles and not
 * the Chat Completions ones.
 *
 * <p>Bytes: a body that passes is sent as the very array the client wrote — not re-serialised — so
 * opaque signatures, unknown fields, key order and number spelling reach the provider exactly. Only a
 * repaired body is written anew, from the original JSON tree edited where the repair changed it
 * (numbers keep their decimal spelling).
 *
 * <p>A body on a guarded path that cannot be read (not JSON, the wrong shape) is by default sent
 * unchanged, so the provider answers it as it would without the guard; with
 * {@link Builder#failOnUnreadableBody(boolean)} the guard refuses it with the
 * {@link GuardInputException} that names the JSON path.
 *
 * <p>Thread-safe and immutable; share one per guard.
 */
public final class WireGuard {

    /**
     * The request header an application may set to name the conversation a request belongs to (for
     * preservation rules, which compare with the conversation's last dispatched request). The HTTP
     * adapters read it and remove it, so the provider never sees it.
     */
    public static final String CONVERSATION_HEADER = "X-Ordering-Guard-Conversation";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    static {
        // request bodies carry base64 images and PDFs: allow strings up to the providers' own limits
        MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxStringLength(256 * 1024 * 1024).build());
    }

    /** The mapper request bodies are read and repaired bodies written with (decimals kept as spelled). */
    static ObjectMapper mapper() {
        return MAPPER;
    }

    private final OrderingGuard guard;
    private final String provider;
    private final String model;
    private final boolean failOnUnreadable;
    private final boolean strict;

    private WireGuard(Builder b) {
        this.guard = b.guard;
        this.provider = b.provider;
        this.model = b.model;
        this.failOnUnreadable = b.failOnUnreadable;
        this.strict = b.strict;
    }

    /**
     * Wraps a guard with the defaults: provider and model from the body and path, unreadable bodies
     * sent unchanged.
     *
     * @param guard the guard
     * @return the wire guard
     */
    public static WireGuard of(OrderingGuard guard) {
        return builder(guard).build();
    }

    /**
     * Starts configuring a wire guard.
     *
     * @param guard the guard
     * @return the builder
     */
    public static Builder builder(OrderingGuard guard) {
        return new Builder(Require.nonNull(guard, "guard"));
    }

    /**
     * Returns the guard.
     *
     * @return the guard
     */
    public OrderingGuard guard() {
        return guard;
    }

    /**
     * Decides about a request body. Never throws for findings.
     *
     * @param body the request body as the client wrote it (not modified)
     * @param urlPath the request's URL path (a query is ignored), or {@code null} to pick the surface
     *     from the body's shape alone
     * @param conversationId the conversation the request belongs to, or {@code null}
     * @return the verdict
     * @throws GuardInputException when the body on a guarded path cannot be read and
     *     {@link Builder#failOnUnreadableBody(boolean)} is set
     * @throws GuardConfigException when the guard selects profiles by model and none matches
     */
    public WireVerdict inspect(byte[] body, String urlPath, String conversationId) {
        Require.nonNull(body, "body");
        WireFormat format = null;
        if (urlPath != null) {
            Optional<WireFormat> fromPath = WireFormat.forPath(urlPath);
            if (fromPath.isEmpty()) {
                return new WireVerdict.Unguarded(body, "path " + stripQuery(urlPath) + " names no chat surface");
            }
            format = fromPath.get();
            Optional<WireCodec> codec = format.codec();
            if (codec.isPresent()) {
                // the common case: the body is read in one pass over its bytes, without a tree
                WireContext ctx = context(format, urlPath, conversationId);
                try {
                    Optional<ParsedBody> read = codec.get().readBytes(body, ctx);
                    if (read.isPresent()) {
                        return decide(body, read.get(), null, codec.get(), ctx);
                    }
                } catch (GuardInputException e) {
                    return unreadable(body, e);
                }
            }
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            return unreadable(body, new GuardInputException(urlPath, 0, null, "expected a JSON request body, but it "
                    + "does not parse" + where(e) + ": " + shortMessage(e)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (tree == null || !tree.isObject()) {
            return unreadable(body, new GuardInputException(urlPath, 0, "$",
                    "expected a JSON object, but the body is " + (tree == null ? "empty" : tree.getNodeType())));
        }
        ObjectNode json = (ObjectNode) tree;
        try {
            if (format == null) {
                if (WireFormat.embeddings(json)) {
                    // not a body it cannot read: a request with no conversation, like a path that names none
                    return new WireVerdict.Unguarded(body, "an embeddings request: nothing to check");
                }
                format = WireFormat.detect(json, null);
            }
            Optional<WireCodec> codec = format.codec();
            if (codec.isEmpty()) {
                return new WireVerdict.Unguarded(body, "no codec reads " + format.wireName() + " bodies yet");
            }
            return decide(body, json, codec.get(), context(format, urlPath, conversationId));
        } catch (GuardInputException e) {
            return unreadable(body, e);
        }
    }

    /**
     * Decides about a request body and returns what to send.
     *
     * @param body the request body as the client wrote it (not modified)
     * @param urlPath the request's URL path, or {@code null}
     * @param conversationId the conversation the request belongs to, or {@code null}
     * @return the body to send: the same array, or the repaired body
     * @throws OrderingViolationException when the guard rejects the request
     * @throws GuardInputException when the body cannot be read and that is configured to fail
     */
    public byte[] admit(byte[] body, String urlPath, String conversationId) {
        return inspect(body, urlPath, conversationId).bodyToSend();
    }

    /**
     * Reports the provider's answer to a request this wire guard let through, joining it with the
     * request's check ({@link OrderingGuard#answered}): the guard's listeners hear the verdict
     * (confirmed, contradicted, missed, agreed or unjudged). The HTTP adapters call it once per
     * request that went out, when the response status is known; for a 4xx they read the (small) error
     * body first, for a 2xx stream they call it when the head arrives.
     *
     * <pre>{@code
     * WireVerdict decided = wire.inspect(body, "/v1/messages", null);
     * HttpResponse<String> response = send(decided.bodyToSend());
     * wire.answered(decided, ProviderAnswer.of(response.statusCode(), response.body()));
     * }</pre>
     *
     * @param decided what this wire guard decided about the request
     * @param answer what the provider answered
     * @return the verdict, or empty for a body the guard did not read ({@link WireVerdict.Unguarded})
     *     or a request it rejected ({@link WireVerdict.Rejected}: nothing was sent, nobody answered)
     */
    public Optional<Verdict> answered(WireVerdict decided, ProviderAnswer answer) {
        Require.nonNull(decided, "decided");
        Require.nonNull(answer, "answer");
        if (decided instanceof WireVerdict.Unguarded || decided instanceof WireVerdict.Rejected) {
            return Optional.empty();
        }
        return Optional.of(guard.answered(decided.guardResult().orElseThrow(), answer));
    }

    private WireVerdict decide(byte[] body, ObjectNode json, WireCodec codec, WireContext ctx) {
        return decide(body, codec.read(json, ctx), json, codec, ctx);
    }

    /** Decides about a body read from its bytes ({@code tree} null) or from its tree. */
    private WireVerdict decide(byte[] body, ParsedBody parsed, ObjectNode tree, WireCodec codec, WireContext ctx) {
        if (strict && !parsed.unknownShapes().isEmpty()) {
            UnknownShape first = parsed.unknownShapes().get(0);
            throw new GuardInputException(ctx.source(), 0, first.path(), first.detail() + " (strict reading: "
                    + parsed.unknownShapes().size() + " part(s) the " + first.surface() + " vocabulary does not describe)");
        }
        GuardResult result = parsed.advise(guard.check(parsed.dispatch()), guard);
        if (!result.sent()) {
            return new WireVerdict.Rejected(parsed, result);
        }
        if (result.shadow() || result.dispatch().timeline().equals(parsed.dispatch().timeline())) {
            return new WireVerdict.Passed(body, parsed, result);
        }
        // spliced into the client's bytes: what the repair left equal goes out exactly as it was written (a
        // body read from its bytes is not parsed into a tree again: the codec reads what it changes)
        return new WireVerdict.Repaired(body, codec.renderBytes(result.dispatch(), tree, body), parsed, result);
    }

    private WireContext context(WireFormat format, String urlPath, String conversationId) {
        String path = urlPath == null ? null : stripQuery(urlPath);
        WireContext ctx = WireContext.of(path, 0)
                .withConversationId(conversationId == null || conversationId.isBlank() ? null : conversationId)
                .withProvider(provider)
                .withModel(model);
        // Gemini and Bedrock carry the model in the path; the builder's model and provider win
        return ctx.withUrlPath(path);
    }

    private WireVerdict unreadable(byte[] body, GuardInputException e) {
        if (failOnUnreadable) {
            throw e;
        }
        return new WireVerdict.Unguarded(body, "unreadable body: " + e.getMessage());
    }

    private static String where(JsonProcessingException e) {
        return e.getLocation() == null ? ""
                : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
    }

    private static String shortMessage(JsonProcessingException e) {
        String message = String.valueOf(e.getOriginalMessage());
        for (String cut : new String[] {"\n", " (for ", " at [Source"}) {
            int at = message.indexOf(cut);
            if (at > 0) {
                message = message.substring(0, at);
            }
        }
        return message;
    }

    private static String stripQuery(String path) {
        int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }

    @Override
    public String toString() {
        return "WireGuard{mode=" + guard.mode().wireName() + (provider == null ? "" : ", provider=" + provider)
                + (model == null ? "" : ", model=" + model) + "}";
    }

    /** Configures a {@link WireGuard}. Not thread-safe. */
    public static final class Builder {
        private final OrderingGuard guard;
        private String provider;
        private String model;
        private boolean failOnUnreadable;
        private boolean strict;

        private Builder(OrderingGuard guard) {
            this.guard = guard;
        }

        /**
         * Names the provider behind the surface (default: the surface's own, e.g. {@code openai} for
         * OpenAI Chat): for gateways and hosts that serve another provider's surface, e.g.
         * {@code deepseek} behind an OpenAI-compatible URL.
         *
         * @param value the provider
         * @return this
         * @throws IllegalArgumentException when blank
         */
        public Builder provider(String value) {
            this.provider = Require.nonBlank(value, "provider");
            return this;
        }

        /**
         * Names the model, winning over the body's and the path's (default: theirs).
         *
         * @param value the model id
         * @return this
         * @throws IllegalArgumentException when blank
         */
        public Builder model(String value) {
            this.model = Require.nonBlank(value, "model");
            return this;
        }

        /**
         * Refuses a body on a guarded path that cannot be read, instead of sending it unchanged
         * (default: {@code false}).
         *
         * @param value whether to throw the {@link GuardInputException}
         * @return this
         */
        public Builder failOnUnreadableBody(boolean value) {
            this.failOnUnreadable = value;
            return this;
        }

        /**
         * Refuses a body that holds a role, type or value its surface's vocabulary does not describe,
         * instead of carrying it through with an advisory finding ({@value UnknownShape#RULE_ID}) — for
         * users who want to hear about new provider shapes before they reach the provider (default:
         * {@code false}). The body is then unreadable: sent unchanged, or refused with
         * {@link #failOnUnreadableBody(boolean)}.
         *
         * @param value whether to refuse unknown shapes
         * @return this
         */
        public Builder strict(boolean value) {
            this.strict = value;
            return this;
        }

        /**
         * Builds the wire guard.
         *
         * @return the wire guard
         */
        public WireGuard build() {
            return new WireGuard(this);
        }
    }
}
