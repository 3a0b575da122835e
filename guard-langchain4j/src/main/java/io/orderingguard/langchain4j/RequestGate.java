package io.orderingguard.langchain4j;

import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;

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
        return check(guard, codec, cache, request, conversationId).request();
    }

    /**
     * Checks a request, keeping the check to join with the provider's answer.
     *
     * @param guard the guard
     * @param codec the codec for the target model
     * @param cache the decorator's memory of each conversation's previous encoding, or {@code null}
     * @param request the request as the application built it
     * @param conversationId the conversation id, or {@code null}
     * @return what to send and the check of it
     * @throws GuardRejectedException when the guard rejects it
     */
    static Admitted check(OrderingGuard guard, ChatRequestCodec codec, EncodingCache cache, ChatRequest request,
            String conversationId) {
        EncodedChatRequest encoded = codec.encode(request, conversationId, cache);
        GuardResult result = guard.check(encoded.dispatch());
        if (!result.sent()) {
            throw new GuardRejectedException(result);
        }
        return new Admitted(guard, encoded.toChatRequest(result.dispatch()), result);
    }

    /**
     * A request the guard let through, and its check: the provider's answer to it is reported with
     * {@link #answered}.
     *
     * @param guard the guard that checked it
     * @param request the request to send: the application's own, or the repair
     * @param result the check
     */
    record Admitted(OrderingGuard guard, ChatRequest request, GuardResult result) {

        /** Reports a response: the provider accepted the request. */
        void accepted() {
            guard.answered(result, ProviderAnswer.status(200));
        }

        /** Reports a failure: its status and error text, as far as the exception tells them. */
        void failed(Throwable error) {
            guard.answered(result, ProviderAnswers.of(error));
        }
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
