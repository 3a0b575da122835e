package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.InputNode;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.wire.WireContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What the streaming reads share besides walking tokens ({@link Tokens}): the fields around a message
 * list and how they are read with the codecs' own tree code, the dispatch a read makes, and the checks
 * of a kept value that mirror what the tree read accepts.
 *
 * <p>Stateless.
 */
final class StreamParts {

    private StreamParts() {}

    /**
     * A body's top-level fields other than its message list.
     *
     * @param tree the fields as a small tree
     * @param tools the tools declared in the tools field when it was read through a cache, else {@code null}
     */
    record Rest(ObjectNode tree, List<DeclaredTool> tools) {

        /** Returns the declared tools: those read through the cache, else what {@code read} reads from the tree. */
        List<DeclaredTool> tools(InputNode root, Function<InputNode, List<DeclaredTool>> read) {
            return tools != null ? tools : read.apply(root);
        }
    }

    /**
     * A tools field as read once: its tree and the tools declared in it.
     *
     * @param tree the field's value
     * @param tools the declared tools
     */
    record Declared(JsonNode tree, List<DeclaredTool> tools) {}

    /**
     * Reads a small tree of top-level fields with the codec's own tree code.
     *
     * @return what {@code read} makes of it, or {@code null} when the tree code refuses it (the tree read of
     *     the whole body then names the problem)
     */
    static <T> T fromRest(ObjectNode rest, Function<InputNode, T> read) {
        try {
            return read.apply(InputNode.root(rest, null, 0));
        } catch (GuardInputException e) {
            return null;
        }
    }

    /**
     * Reads part of a body with the codec's tree code, refusing it (a {@link GuardInputException}, which
     * {@link #fromRest} turns into the tree read of the whole body) when it holds a shape the vocabulary
     * does not describe: only the tree read reports those.
     */
    static <T> T withoutUnknown(InputNode root, BiFunction<WireParse, InputNode, T> read) {
        WireParse scratch = WireParse.forCheck();
        T value = read.apply(scratch, root);
        if (!scratch.unknown.isEmpty()) {
            throw root.error("holds a shape the tree read reports");
        }
        return value;
    }

    /** Returns the entries of a body's system fields followed by those of its message list. */
    static List<Entry> withSystem(List<Entry> system, List<Entry> messages) {
        if (system.isEmpty()) {
            return messages;
        }
        List<Entry> entries = new ArrayList<>(system.size() + messages.size());
        entries.addAll(system);
        entries.addAll(messages);
        return entries;
    }

    /**
     * The dispatch of a body read: the context's provider and model win over the surface's and the
     * body's, as in the tree read.
     */
    static Dispatch dispatch(WireContext ctx, ProviderSurface surface, String model, List<Entry> entries,
            List<DeclaredTool> tools, ObjectNode context, RequestOptions options) {
        return new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : surface.provider(),
                ctx.model() != null ? ctx.model() : model, Surface.DISPATCH, Timeline.of(entries, tools), context,
                options.withApi(surface));
    }

    /** Returns whether a kept value is a string. */
    static boolean isString(Object value) {
        return value instanceof String;
    }

    /**
     * The optional string a tree read accepts: absent ({@code null}) or a string; {@code false} for any
     * other value, which the tree read refuses.
     */
    static boolean isOptString(Object value) {
        return value == null || value instanceof String;
    }

    /** Returns whether a kept value is a non-blank string (what a required non-blank field must be). */
    static boolean isNonBlank(Object value) {
        return value instanceof String s && !s.isBlank();
    }

    /** The optional non-blank string a tree read accepts: absent or non-blank. */
    static boolean isOptNonBlank(Object value) {
        return value == null || isNonBlank(value);
    }

    /** The optional boolean a tree read accepts: absent or a boolean. */
    static boolean isOptBoolean(Object value) {
        return value == null || value instanceof Boolean;
    }

    /** The optional integer {@code >= 1} a tree read accepts: absent or such an integer. */
    static boolean isOptPositive(Object value) {
        return value == null || value instanceof Integer i && i >= 1;
    }

}
