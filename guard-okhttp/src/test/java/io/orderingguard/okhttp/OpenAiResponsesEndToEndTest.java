package io.orderingguard.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.JsonValue;
import com.openai.core.http.StreamResponse;
import com.openai.errors.BadRequestException;
import com.openai.helpers.ResponseAccumulator;
import com.openai.models.Reasoning;
import com.openai.models.ReasoningEffort;
import com.openai.models.responses.FunctionTool;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseIncludable;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseOutputItem;
import com.openai.models.responses.ResponseStreamEvent;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The official openai-java client's Responses API, stateless ({@code store: false}, reasoning replayed
 * as {@code encrypted_content}), with {@link OkHttpGuardInterceptor} registered through
 * {@code OpenAIOkHttpClient.Builder.addInterceptor}, against the provider emulator on loopback, which
 * verifies every {@code encrypted_content} sent back. The history: the model reasoned and called
 * {@code search}, and the user moved on before the call was answered.
 */
class OpenAiResponsesEndToEndTest {

    static final String QUESTION = "How did Q3 go?";

    ProviderEmulator emulator;
    final List<OpenAIClient> clients = new ArrayList<>();

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.builder().enable(EmulatorRule.OPENAI_RESPONSES_INVALID_ENCRYPTED_CONTENT).start();
    }

    @AfterEach
    void stop() {
        clients.forEach(OpenAIClient::close);
        emulator.close();
    }

    OpenAIClient client(Mode mode) {
        OpenAIOkHttpClient.Builder builder = OpenAIOkHttpClient.builder()
                .baseUrl(emulator.openAiBaseUrl()).apiKey("test-key").maxRetries(0);
        if (mode != null) {
            builder.addInterceptor(OkHttpGuardInterceptor.of(
                    OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build()));
        }
        OpenAIClient client = builder.build();
        clients.add(client);
        return client;
    }

    static ResponseCreateParams.Builder stateless() {
        return ResponseCreateParams.builder().model("o4-mini").store(false)
                .reasoning(Reasoning.builder().effort(ReasoningEffort.LOW).build())
                .addInclude(ResponseIncludable.REASONING_ENCRYPTED_CONTENT)
                .addTool(FunctionTool.builder().name("search").strict(false)
                        .parameters(FunctionTool.Parameters.builder()
                                .putAdditionalProperty("type", JsonValue.from("object")).build())
                        .build());
    }

    static ResponseInputItem user(String text) {
        return ResponseInputItem.ofMessage(ResponseInputItem.Message.builder()
                .role(ResponseInputItem.Message.Role.USER).addInputTextContent(text).build());
    }

    Response firstRound() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withReasoning("I should search first."));
        Response first = client(null).responses().create(stateless().input(QUESTION).build());
        emulator.reset();
        return first;
    }

    static ResponseCreateParams abandonedCall(Response first) {
        List<ResponseInputItem> items = new ArrayList<>();
        items.add(user(QUESTION));
        for (ResponseOutputItem item : first.output()) {
            if (item.isReasoning()) {
                items.add(ResponseInputItem.ofReasoning(item.asReasoning()));
            } else if (item.isFunctionCall()) {
                items.add(ResponseInputItem.ofFunctionCall(item.asFunctionCall()));
            }
        }
        items.add(user("Never mind, what about Q4?"));
        return stateless().inputOfResponse(items).build();
    }

    static String callId(Response first) {
        return first.output().get(1).asFunctionCall().callId();
    }

    @Test
    void should_let_the_provider_400_reach_the_application_when_unguarded() {
        Response first = firstRound();

        Throwable thrown = catchThrowable(() -> client(null).responses().create(abandonedCall(first)));

        assertThat(thrown).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("No tool output found for function call " + callId(first) + ".");
        assertThat(emulator.requestCount()).isEqualTo(1);
    }

    @Test
    void should_throw_the_guard_exception_and_send_nothing_in_enforce_mode() {
        Response first = firstRound();

        Throwable thrown = catchThrowable(() -> client(Mode.ENFORCE).responses().create(abandonedCall(first)));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(
                "rejected dispatch (profile openai-responses): 1 blocking violation(s)\n"
                        + "  - openai-responses-function-call-has-output: tool call '" + callId(first) + "' (search) "
                        + "has no result [prevents: No tool output found for function call call_<id>.]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_send_the_repaired_body_with_the_encrypted_content_intact_in_mutate_mode() {
        Response first = firstRound();
        String encrypted = first.output().get(0).asReasoning().encryptedContent().orElseThrow();
        emulator.enqueue(Answer.text("Q4 is not reported yet."));

        Response answer = client(Mode.MUTATE).responses().create(abandonedCall(first));

        assertThat(answer.output().get(0).asMessage().content().get(0).asOutputText().text())
                .isEqualTo("Q4 is not reported yet.");
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.status()).isEqualTo(200);
        assertThat(received.json().at("/input/1/encrypted_content").textValue()).isEqualTo(encrypted);
        assertThat(received.json().at("/input/3").toString()).isEqualTo("{\"type\":\"function_call_output\",\"call_id\":\""
                + callId(first) + "\",\"output\":\"Tool call was not executed: the conversation has no result for it.\"}");
        assertThat(received.json().at("/input/4/content/0/text").textValue()).isEqualTo("Never mind, what about Q4?");
        assertThat(received.header("Content-Length"))
                .isEqualTo(Integer.toString(received.body().getBytes(StandardCharsets.UTF_8).length));
    }

    @Test
    void should_stream_the_repaired_request_in_mutate_mode() {
        Response first = firstRound();
        emulator.enqueue(Answer.text("Q4 is not reported yet."));
        ResponseAccumulator accumulator = ResponseAccumulator.create();

        try (StreamResponse<ResponseStreamEvent> stream = client(Mode.MUTATE).responses()
                .createStreaming(abandonedCall(first))) {
            stream.stream().forEach(accumulator::accumulate);
        }

        assertThat(accumulator.response().output().get(0).asMessage().content().get(0).asOutputText().text())
                .isEqualTo("Q4 is not reported yet.");
        assertThat(emulator.lastRequest().json().at("/input/3/call_id").textValue()).isEqualTo(callId(first));
        assertThat(emulator.rejections()).isEmpty();
    }
}
