package io.orderingguard.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import io.orderingguard.Mode;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The streaming decorator over the real Anthropic streaming client and the provider emulator. */
class StreamingEndToEndTest {

    static final String UNANSWERED = "messages.1: `tool_use` ids were found without `tool_result` blocks immediately "
            + "after: toolu_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.";

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    /** Collects a stream; the future completes with the response or the error. */
    static final class Outcome implements StreamingChatResponseHandler {
        final StringBuilder partial = new StringBuilder();
        final CompletableFuture<Object> done = new CompletableFuture<>();

        @Override
        public void onPartialResponse(String text) {
            partial.append(text);
        }

        @Override
        public void onCompleteResponse(ChatResponse response) {
            done.complete(response);
        }

        @Override
        public void onError(Throwable error) {
            done.complete(error);
        }

        Object await() throws Exception {
            return done.get(10, TimeUnit.SECONDS);
        }
    }

    StreamingChatModel anthropic() {
        return AnthropicStreamingChatModel.builder().baseUrl(emulator.anthropicBaseUrl()).apiKey("test-key")
                .modelName("claude-sonnet-4-5").maxTokens(256).build();
    }

    static ChatRequest cancelledRun() {
        List<ChatMessage> history = List.of(UserMessage.from("Book it"),
                AiMessage.from(ToolExecutionRequest.builder().id("toolu_1").name("book").arguments("{}").build()),
                UserMessage.from("Actually, never mind."));
        return ChatRequest.builder().messages(history).build();
    }

    @Test
    void unguarded_the_providers_400_reaches_on_error() throws Exception {
        Outcome outcome = new Outcome();

        anthropic().chat(cancelledRun(), outcome);

        Throwable error = (Throwable) outcome.await();
        assertThat(emulator.requests()).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.errorMessage()).isEqualTo(UNANSWERED);
            assertThat(error).isInstanceOf(InvalidRequestException.class).hasMessage(r.responseBody());
        });
    }

    @Test
    void enforce_reports_the_rejection_to_on_error_without_a_request() throws Exception {
        StreamingChatModel model = GuardedStreamingChatModel.wrap(anthropic(),
                TestProfiles.guard(Mode.ENFORCE, TestProfiles.anthropic()));
        Outcome outcome = new Outcome();

        model.chat(cancelledRun(), outcome);

        assertThat(outcome.await()).isInstanceOf(GuardRejectedException.class);
        assertThat((Throwable) outcome.await()).hasMessage(
                "rejected dispatch (profile anthropic-messages): 1 blocking violation(s)\n"
                        + "  - tool-use-unanswered: tool call 'toolu_1' (book) has no result [prevents: "
                        + TestProfiles.ANTHROPIC_UNANSWERED + "]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void mutate_streams_the_answer_to_the_repaired_request() throws Exception {
        StreamingChatModel model = GuardedStreamingChatModel.wrap(anthropic(),
                TestProfiles.guard(Mode.MUTATE, TestProfiles.anthropic()));
        emulator.enqueue(Answer.text("Cancelled, as you asked."));
        Outcome outcome = new Outcome();

        model.chat(cancelledRun(), outcome);

        assertThat(outcome.await()).isInstanceOf(ChatResponse.class);
        assertThat(((ChatResponse) outcome.await()).aiMessage().text()).isEqualTo("Cancelled, as you asked.");
        assertThat(outcome.partial).hasToString("Cancelled, as you asked.");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.lastRequest().json().path("stream").asBoolean()).isTrue();
        assertThat(emulator.lastRequest().json().path("messages").get(2).path("content").get(0).path("tool_use_id").asText())
                .isEqualTo("toolu_1");
    }
}
