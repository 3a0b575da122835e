/**
 * Ordering Guard provider wire formats: reads a provider request body into a guard
 * {@link io.orderingguard.timeline.Dispatch} and renders a repaired dispatch back into a body of the
 * same surface. Only {@code io.orderingguard.wire} is exported; the codecs live in a package of
 * their own.
 */
module io.orderingguard.wire {
    requires transitive io.orderingguard.core;
    requires transitive com.fasterxml.jackson.databind;

    exports io.orderingguard.wire;

    // the codecs are found by WireFormat.codec(), so the API package never names the internal one
    uses io.orderingguard.wire.WireCodec;
    provides io.orderingguard.wire.WireCodec with
            io.orderingguard.wire.internal.AnthropicMessagesCodec,
            io.orderingguard.wire.internal.OpenAiChatCodec,
            io.orderingguard.wire.internal.OpenAiResponsesCodec,
            io.orderingguard.wire.internal.GeminiCodec,
            io.orderingguard.wire.internal.BedrockConverseCodec;
}
