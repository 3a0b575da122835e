package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.util.List;

/**
 * What the guard checks: one request about to be sent, with the identity of its conversation and
 * of its target.
 *
 * @param conversationId the conversation the request belongs to, or {@code null} when unknown
 *     (preservation rules then have no baseline)
 * @param provider the provider, e.g. {@code anthropic}, or {@code null}
 * @param model the model id, e.g. {@code claude-sonnet-4-5}, or {@code null}
 * @param surface where the guard runs
 * @param timeline the conversation, with its declared tools
 * @param context an optional free JSON object read by sequence-policy {@code when:} conditions
 *     (deep-copied)
 * @param options the request parameters that decide which rules apply (reasoning, tool choice, …);
 *     {@code null} is taken as {@link RequestOptions#unknown()}, so {@link #options()} is never
 *     {@code null}
 */
public record Dispatch(
        String conversationId, String provider, String model, Surface surface, Timeline timeline, ObjectNode context,
        RequestOptions options) {

    /** Validates and copies the fields. */
    public Dispatch {
        Require.blankToError(conversationId, "conversationId");
        Require.blankToError(provider, "provider");
        Require.blankToError(model, "model");
        Require.nonNull(surface, "surface");
        Require.nonNull(timeline, "timeline");
        context = Payloads.copy(context);
        options = options == null ? RequestOptions.unknown() : options;
    }

    /**
     * Creates a dispatch with no identity, on the {@link Surface#DISPATCH} surface.
     *
     * @param timeline the conversation
     * @return the dispatch
     */
    public static Dispatch of(Timeline timeline) {
        return new Dispatch(null, null, null, Surface.DISPATCH, timeline, null, null);
    }

    /**
     * Creates a dispatch on the {@link Surface#DISPATCH} surface.
     *
     * @param conversationId the conversation id, or {@code null}
     * @param provider the provider, or {@code null}
     * @param model the model id, or {@code null}
     * @param timeline the conversation
     * @return the dispatch
     */
    public static Dispatch of(String conversationId, String provider, String model, Timeline timeline) {
        return new Dispatch(conversationId, provider, model, Surface.DISPATCH, timeline, null, null);
    }

    /**
     * Returns a copy of the context object.
     *
     * @return a deep copy, or {@code null}
     */
    @Override
    public ObjectNode context() {
        return context == null ? null : context.deepCopy();
    }

    /**
     * Reads a context value by dot path, without exposing the internal object.
     *
     * @param dotPath a dot path such as {@code customer.tier}
     * @return a copy of the value, or {@code null} when absent
     */
    public JsonNode contextAt(String dotPath) {
        JsonNode node = Payloads.read(context, dotPath);
        return node == null ? null : node.deepCopy();
    }

    /**
     * Returns the declared tools of the timeline.
     *
     * @return the tools
     */
    public List<DeclaredTool> tools() {
        return timeline.tools();
    }

    /**
     * Returns a copy with another timeline.
     *
     * @param newTimeline the timeline
     * @return the copy
     */
    public Dispatch withTimeline(Timeline newTimeline) {
        return new Dispatch(conversationId, provider, model, surface, newTimeline, context, options);
    }

    /**
     * Returns a copy with another conversation id.
     *
     * @param newConversationId the id, or {@code null}
     * @return the copy
     */
    public Dispatch withConversationId(String newConversationId) {
        return new Dispatch(newConversationId, provider, model, surface, timeline, context, options);
    }

    /**
     * Returns a copy with another model.
     *
     * @param newModel the model id, or {@code null}
     * @return the copy
     */
    public Dispatch withModel(String newModel) {
        return new Dispatch(conversationId, provider, newModel, surface, timeline, context, options);
    }

    /**
     * Returns a copy with another surface.
     *
     * @param newSurface the surface
     * @return the copy
     */
    public Dispatch withSurface(Surface newSurface) {
        return new Dispatch(conversationId, provider, model, newSurface, timeline, context, options);
    }

    /**
     * Returns a copy with another context object.
     *
     * @param newContext the context, or {@code null}
     * @return the copy
     */
    public Dispatch withContext(ObjectNode newContext) {
        return new Dispatch(conversationId, provider, model, surface, timeline, newContext, options);
    }

    /**
     * Returns a copy with other request options.
     *
     * @param newOptions the options, or {@code null} for {@link RequestOptions#unknown()}
     * @return the copy
     */
    public Dispatch withOptions(RequestOptions newOptions) {
        return new Dispatch(conversationId, provider, model, surface, timeline, context, newOptions);
    }
}
