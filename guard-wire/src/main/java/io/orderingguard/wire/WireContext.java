package io.orderingguard.wire;

import io.orderingguard.support.Require;

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
