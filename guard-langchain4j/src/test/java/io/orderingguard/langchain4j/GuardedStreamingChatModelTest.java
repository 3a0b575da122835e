package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import io.orderingguard.Mode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuardedStreamingChatModelTest {

    /** Streams "ok" in two parts and records what it was asked to send. */
    static final class RecordingStreamingModel implements StreamingChatModel {
        final List<ChatRequest> sent = new ArrayList<>();

        @Override
        public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
            sent.add(request);
            handler.onPartialResponse("o");
            handler.onPartialResponse("k");
            handler.onCompleteResponse(ChatResponse.builder().aiMessage(AiMessage.from("ok")).build());
        }

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return ChatRequestParameters.builder().modelName("claude-sonnet-4-5").build();
        }

        @Override
        public ModelProvider provider() {
            return ModelProvider.ANTHROPIC;
        }
    }

    /** Collects what a stream delivered. */
    static final class Collected implements StreamingChatResponseHandler {
        final StringBuilder partial = new StringBuilder();
        ChatResponse complete;
        Throwable error;

        @Override
        public void onPartialResponse(String text) {
            partial.append(text);
        }

        @Override
        public void onCompleteResponse(ChatResponse response) {
            complete = response;
        }

        @Override
        public void onError(Throwable e) {
            error = e;
        }
    }

    static ChatRequest assistantFirst() {
        // a window that starts on the assistant's reply
        return ChatRequest.builder().messages(AiMessage.from("Here is the summary."), UserMessage.from("Thanks, shorter?")).build();
    }

    @Test
    void should_report_a_rejection_to_on_error_without_streaming() {
        RecordingStreamingModel delegate = new RecordingStreamingModel();
        GuardedStreamingChatModel model = GuardedStreamingChatModel.wrap(delegate,
                TestProfiles.guard(Mode.ENFORCE, TestProfiles.anthropicStrict()));
        Collected handler = new Collected();

        model.chat(assistantFirst(), handler);

        assertThat(handler.error).isInstanceOf(GuardRejectedException.class).hasMessage(
                "rejected dispatch (profile anthropic-strict): 1 blocking violation(s)\n"
                        + "  - user-first-alternating: the first message must have role user, but 'messages[0]' has role "
                        + "assistant [prevents: " + TestProfiles.ANTHROPIC_ALTERNATION + "]");
        assertThat(handler.complete).isNull();
        assertThat(delegate.sent).isEmpty();
    }

    @Test
    void should_stream_the_repaired_request_in_mutate_mode() {
        RecordingStreamingModel delegate = new RecordingStreamingModel();
        GuardedStreamingChatModel model = GuardedStreamingChatModel.builder(delegate,
                TestProfiles.guard(Mode.MUTATE, TestProfiles.anthropicStrict())).conversationId(r -> "c-7").build();
        Collected handler = new Collected();

        model.chat(assistantFirst(), handler);

        assertThat(handler.error).isNull();
        assertThat(handler.partial).hasToString("ok");
        assertThat(handler.complete.aiMessage().text()).isEqualTo("ok");
        assertThat(Describe.messages(delegate.sent.get(0).messages())).containsExactly(
                "user 'Understood.'", "ai text='Here is the summary.'", "user 'Thanks, shorter?'");
        assertThat(delegate.sent.get(0).modelName()).isEqualTo("claude-sonnet-4-5");
        assertThat(model.codec().provider()).isEqualTo("anthropic");
        assertThat(model.listeners()).isEmpty();
    }
}
