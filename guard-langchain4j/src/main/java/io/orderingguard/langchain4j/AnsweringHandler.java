package io.orderingguard.langchain4j;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.CompleteToolCall;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.PartialToolCallContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Passes every callback of a stream on to the application's handler, reporting the provider's answer
 * once: an acceptance at the first event, or the failure when the stream fails before one. Not public
 * API.
 *
 * <p>Thread-safe: the report happens once, whichever thread gets there first.
 */
final class AnsweringHandler implements StreamingChatResponseHandler {

    private final StreamingChatResponseHandler handler;
    private final RequestGate.Admitted admitted;
    private final AtomicBoolean answered = new AtomicBoolean();

    AnsweringHandler(StreamingChatResponseHandler handler, RequestGate.Admitted admitted) {
        this.handler = handler;
        this.admitted = admitted;
    }

    private void accepted() {
        if (answered.compareAndSet(false, true)) {
            admitted.accepted();
        }
    }

    /** Reports a failure, unless an event already told the answer. */
    void failed(Throwable error) {
        if (answered.compareAndSet(false, true)) {
            admitted.failed(error);
        }
    }

    @Override
    public void onPartialResponse(String partialResponse) {
        accepted();
        handler.onPartialResponse(partialResponse);
    }

    @Override
    public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
        accepted();
        handler.onPartialResponse(partialResponse, context);
    }

    @Override
    public void onPartialThinking(PartialThinking partialThinking) {
        accepted();
        handler.onPartialThinking(partialThinking);
    }

    @Override
    public void onPartialThinking(PartialThinking partialThinking, PartialThinkingContext context) {
        accepted();
        handler.onPartialThinking(partialThinking, context);
    }

    @Override
    public void onPartialToolCall(PartialToolCall partialToolCall) {
        accepted();
        handler.onPartialToolCall(partialToolCall);
    }

    @Override
    public void onPartialToolCall(PartialToolCall partialToolCall, PartialToolCallContext context) {
        accepted();
        handler.onPartialToolCall(partialToolCall, context);
    }

    @Override
    public void onCompleteToolCall(CompleteToolCall completeToolCall) {
        accepted();
        handler.onCompleteToolCall(completeToolCall);
    }

    @Override
    public void onUnmappedRawEvent(Object event) {
        accepted();
        handler.onUnmappedRawEvent(event);
    }

    @Override
    public void onCompleteResponse(ChatResponse completeResponse) {
        accepted();
        handler.onCompleteResponse(completeResponse);
    }

    @Override
    public void onError(Throwable error) {
        failed(error);
        handler.onError(error);
    }

    @Override
    public String toString() {
        return "AnsweringHandler{" + handler + "}";
    }
}
