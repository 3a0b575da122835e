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
     * Makes a requested call with these arguments: kept as text to be parsed when a rule reads them, or
     * the tree.
     *
     * @param input an {@code Input}, or {@code null} when the call has no arguments
     */
    static ToolCall call(String id, String tool, Object input, ObjectNode payload, String tag, String step,
            String wire, boolean providerExecuted) {
        Object value = input instanceof Input in ? in.value() : null;
        if (value instanceof String text && !providerExecuted) {
            return ToolCall.ofArgumentText(id, tool, text, null, payload, tag, step, wire);
        }
        ToolCall call = new ToolCall(id, tool, value instanceof ObjectNode tree ? tree : null, null, true, payload, tag,
                step, wire, providerExecuted);
        return value instanceof String text ? call.withArgumentText(text) : call;
    }
}
