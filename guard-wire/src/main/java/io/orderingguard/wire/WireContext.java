package io.orderingguard.wire;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.support.Require;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a body does not say about itself: the model and provider when they travel outside the body
 * (Gemini and Bedrock carry the model in the URL path; a gateway serves another provider's surface),
 * the conversation id, and where the body came from, for error messages.
 *
 * <pre>{@code
 * WireContext ctx = WireContext.of("requests.jsonl", 3).withModel("claude-sonnet-4-5");
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 *
 * @param model the model id that wins over the body's, or {@code null} to take the body's
 * @param provider the provider that wins over the surface's default, or {@code null}
 * @param conversationId the conversation the body belongs to, or {@code null}
 * @param source the file or stream name for error messages, or {@code null}
 * @param line the 1-based line of the body in its source (JSONL), or 0 when not applicable
 */
public record WireContext(String model, String provider, String conversationId, String source, int line) {

    private static final WireContext EMPTY = new WireContext(null, null, null, null, 0);

    /** {@code …/models/{model}:generateContent}, Gemini API and Vertex AI. */
    private static final Pattern GEMINI_PATH =
            Pattern.compile("/models/([^/:?#]+):(?:stream)?generateContent(?:$|[?#])", Pattern.CASE_INSENSITIVE);
    /** {@code /v1/projects/{p}/locations/{l}/publishers/google/models/…}: Vertex AI. */
    private static final Pattern VERTEX_PATH = Pattern.compile("/projects/[^/]+/locations/[^/]+/publishers/google/",
            Pattern.CASE_INSENSITIVE);
    /** A {@code %} not followed by two hex digits: such an id is taken as it is. */
    private static final Pattern BAD_ESCAPE = Pattern.compile("%(?![0-9A-Fa-f]{2})");
    /** {@code /model/{modelId}/converse} and {@code /converse-stream}: Bedrock (the id percent-encoded). */
    private static final Pattern BEDROCK_PATH =
            Pattern.compile("/model/([^/?#]+)/converse(?:-stream)?(?:$|[?#])", Pattern.CASE_INSENSITIVE);

    /** Validates the fields. */
    public WireContext {
        Require.blankToError(model, "model");
        Require.blankToError(provider, "provider");
        Require.blankToError(conversationId, "conversationId");
        Require.argument(line >= 0, "line must be >= 0, but was " + line);
    }

    /**
     * Returns a context with nothing set.
     *
     * @return the context
     */
    public static WireContext empty() {
        return EMPTY;
    }

    /**
     * Returns a context naming where the body came from.
     *
     * @param source the file or stream name, or {@code null}
     * @param line the 1-based line, or 0
     * @return the context
     */
    public static WireContext of(String source, int line) {
        return new WireContext(null, null, null, source, line);
    }

    /**
     * Returns a copy with a model override.
     *
     * @param newModel the model id, or {@code null} to take the body's
     * @return the copy
     */
    public WireContext withModel(String newModel) {
        return new WireContext(newModel, provider, conversationId, source, line);
    }

    /**
     * Returns a copy that takes what a request's URL path says about the request, for the surfaces
     * that carry the model there: the model of a Gemini API or Vertex AI path
     * ({@code /v1beta/models/gemini-2.5-pro:generateContent},
     * {@code /v1/projects/p/locations/l/publishers/google/models/gemini-3-pro:streamGenerateContent})
     * or of a Bedrock path ({@code /model/us.anthropic.claude-sonnet-4-5-v1%3A0/converse}, the id
     * percent-decoded), and the provider {@code vertex} for a Vertex AI path. What this context
     * already names wins; a path of another surface changes nothing.
     *
     * <pre>{@code
     * WireContext ctx = WireContext.of("req.json", 0).withUrlPath("/model/amazon.nova-pro-v1:0/converse");
     * // ctx.model() is "amazon.nova-pro-v1:0"
     * }</pre>
     *
     * @param urlPath the URL or its path (a query is ignored), or {@code null}
     * @return the copy, or this context when the path names no model
     */
    public WireContext withUrlPath(String urlPath) {
        if (urlPath == null) {
            return this;
        }
        Matcher gemini = GEMINI_PATH.matcher(urlPath);
        if (gemini.find()) {
            boolean vertex = VERTEX_PATH.matcher(urlPath).find();
            return new WireContext(model != null ? model : gemini.group(1),
                    provider != null || !vertex ? provider : ProviderIds.VERTEX, conversationId, source, line);
        }
        Matcher bedrock = BEDROCK_PATH.matcher(urlPath);
        if (bedrock.find() && model == null) {
            String raw = bedrock.group(1);
            String id = BAD_ESCAPE.matcher(raw).find() ? raw
                    : URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
            return id.isBlank() ? this : new WireContext(id, provider, conversationId, source, line);
        }
        return this;
    }

    /**
     * Returns a copy with a provider override.
     *
     * @param newProvider the provider, or {@code null} for the surface's default
     * @return the copy
     */
    public WireContext withProvider(String newProvider) {
        return new WireContext(model, newProvider, conversationId, source, line);
    }

    /**
     * Returns a copy with a conversation id.
     *
     * @param newConversationId the id, or {@code null}
     * @return the copy
     */
    public WireContext withConversationId(String newConversationId) {
        return new WireContext(model, provider, newConversationId, source, line);
    }
}
