package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.ToolCall;

/**
 * A tool call's arguments object as a streaming read found it ({@link Tokens#arguments()}): its JSON
 * text, or its tree when the text would not read back as the tree read's copy.
 *
 * @param value the text ({@link String}) or the tree ({@link ObjectNode})
 */
record Input(Object value) {

    /**
     * Returns the arguments to give a call's constructor: the tree, or {@code null} when the arguments
     * are text (given with {@link #withText}) or absent.
     *
     * @param input an {@code Input}, or {@code null} when the call has no arguments
     */
    static ObjectNode tree(Object input) {
        return input instanceof Input in && in.value() instanceof ObjectNode tree ? tree : null;
    }

    /** Returns the call with the arguments text, when the arguments are text; else the call itself. */
    static ToolCall withText(ToolCall call, Object input) {
        return input instanceof Input in && in.value() instanceof String text ? call.withArgumentText(text) : call;
    }
}
