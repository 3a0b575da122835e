package io.orderingguard.langchain4j;

import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;

/**
 * Runs one request through a guard: encode, check, and either refuse or render what to send. Shared
 * by the decorators and the AiServices transformer. Not public API.
 *
 * <p>Thread-safe: stateless (the cache it is given is thread-safe).
 */
final class RequestGate {

    private RequestGate() {}

    /**
     * Checks a request.
     *
     * @param guard the guard
     * @param codec the codec for the target model
     * @param cache the decorator's memory of each conversation's previous encoding, or {@code null}
     * @param request the request as the application built it
     * @param conversationId the conversation id, or {@code null}
     * @return the request itself when it passed, or the repaired request
     * @throws GuardRejectedException when the guard rejects it
     */
    static ChatRequest admit(OrderingGuard guard, ChatRequestCodec codec, EncodingCache cache, ChatRequest request,
            String conversationId) {
        EncodedChatRequest encoded = codec.encode(request, conversationId, cache);
        GuardResult result = guard.check(encoded.dispatch());
        if (!result.sent()) {
            throw new GuardRejectedException(result);
        }
        return encoded.toChatRequest(result.dispatch());
    }

    /** Turns whatever identifies a conversation into the guard's id: {@code null} for none. */
    static String conversationId(Object value) {
        if (value == null) {
            return null;
        }
        String id = String.valueOf(value);
        return id.isBlank() ? null : id;
    }
}
