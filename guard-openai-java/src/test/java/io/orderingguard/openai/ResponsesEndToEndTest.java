package io.orderingguard.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.OpenAIClientImpl;
import com.openai.client.okhttp.OkHttpClient;
import com.openai.core.ClientOptions;
import com.openai.core.JsonValue;
import com.openai.core.http.HttpClient;
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
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The official openai-java client's Responses API ({@code client.responses()}), stateless
 * ({@code store: false}, reasoning replayed as {@code encrypted_content}), with its OkHttp transport
 * wrapped in a {@link GuardedHttpClient}, against the provider emulator on loopback. The emulator
 * checks every {@code encrypted_content} sent back against the ones it handed out. The history: the
 * model reasoned and called {@code search}, and the user moved on before the call was answered.
 */
class ResponsesEndToEndTest {

    static final String MODEL = "o4-mini";
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
        HttpClient transport = OkHttpClient.builder().build();
        if (mode != null) {
            transport = GuardedHttpClient.wrap(transport,
                    OrderingGuard.builder().selectProfiles(Profiles.selector()).mode(mode).build());
        }
        OpenAIClient client = new OpenAIClientImpl(ClientOptions.builder().httpClient(transport)
                .baseUrl(emulator.openAiBaseUrl()).apiKey("test-key").maxRetries(0).build());
        clients.add(client);
        return client;
    }

    static ResponseCreateParams.Builder stateless() {
        return ResponseCreateParams.builder().model(MODEL).store(false)
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

    /** The model's first answer, from the emulator: a reasoning item (encrypted) and a function call. */
    Response firstRound() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withReasoning("I should search first."));
        Response first = client(null).responses().create(stateless().input(QUESTION).build());
        emulator.reset();
        return first;
    }

    /** The question, the first answer's reasoning and call replayed, then a follow-up: no function_call_output. */
    static List<ResponseInputItem> abandonedCall(Response first) {
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
        return items;
    }

    static String encrypted(Response first) {
        return first.output().get(0).asReasoning().encryptedContent().orElseThrow();
    }

    static String callId(Response first) {
        return first.output().get(1).asFunctionCall().callId();
    }

    static String rejection(String callId) {
        return "rejected dispatch (profile openai-responses): 1 blocking violation(s)\n"
                + "  - openai-responses-function-call-has-output: tool call '" + callId + "' (search) has no result "
                + "[prevents: No tool output found for function call call_<id>.]";
    }

    @Test
    void should_let_the_provider_400_reach_the_application_when_unguarded() {
        Response first = firstRound();

        Throwable thrown = catchThrowable(() -> client(null).responses()
                .create(stateless().inputOfResponse(abandonedCall(first)).build()));

        assertThat(thrown).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("No tool output found for function call " + callId(first) + ".");
        assertThat(emulator.requestCount()).isEqualTo(1);
        assertThat(emulator.lastRequest().violatedRule()).isEqualTo(EmulatorRule.OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT);
    }

    @Test
    void should_throw_the_guard_exception_and_send_nothing_in_enforce_mode() {
        Response first = firstRound();

        Throwable thrown = catchThrowable(() -> client(Mode.ENFORCE).responses()
                .create(stateless().inputOfResponse(abandonedCall(first)).build()));

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(rejection(callId(first)));
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_fail_the_future_and_send_nothing_in_enforce_mode_async() {
        Response first = firstRound();

        Throwable thrown = catchThrowable(() -> client(Mode.ENFORCE).async().responses()
                .create(stateless().inputOfResponse(abandonedCall(first)).build()).join());

        assertThat(thrown).isInstanceOf(CompletionException.class).cause()
                .isInstanceOf(OrderingViolationException.class).hasMessage(rejection(callId(first)));
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_send_the_repaired_body_with_the_encrypted_content_intact_in_mutate_mode() {
        Response first = firstRound();
        emulator.enqueue(Answer.text("Q4 is not reported yet."));

        Response answer = client(Mode.MUTATE).responses().create(stateless().inputOfResponse(abandonedCall(first)).build());

        answer.validate();
        assertThat(answer.output().get(0).asMessage().content().get(0).asOutputText().text())
                .isEqualTo("Q4 is not reported yet.");
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.status()).isEqualTo(200);
        assertThat(summary(received.json())).containsExactly(
                "message user " + QUESTION,
                "reasoning rs_emu00000001 " + encrypted(first),
                "function_call " + callId(first) + " search {\"q\":\"Q3\"}",
                "function_call_output " + callId(first) + " Tool call was not executed: the conversation has no "
                        + "result for it.",
                "message user Never mind, what about Q4?");
        assertThat(received.header("Content-Length"))
                .isEqualTo(Integer.toString(received.body().getBytes(StandardCharsets.UTF_8).length));
        assertThat(emulator.rejections()).isEmpty();
    }

    @Test
    void should_stream_the_repaired_request_through_the_same_http_client_in_mutate_mode() {
        Response first = firstRound();
        emulator.enqueue(Answer.text("Q4 is not reported yet."));
        ResponseAccumulator accumulator = ResponseAccumulator.create();

        try (StreamResponse<ResponseStreamEvent> stream = client(Mode.MUTATE).responses()
                .createStreaming(stateless().inputOfResponse(abandonedCall(first)).build())) {
            stream.stream().forEach(accumulator::accumulate);
        }

        assertThat(accumulator.response().output().get(0).asMessage().content().get(0).asOutputText().text())
                .isEqualTo("Q4 is not reported yet.");
        RecordedRequest received = emulator.lastRequest();
        assertThat(received.json().path("stream").booleanValue()).isTrue();
        assertThat(received.json().at("/input/1/encrypted_content").textValue()).isEqualTo(encrypted(first));
        assertThat(received.json().at("/input/3/type").textValue()).isEqualTo("function_call_output");
        assertThat(emulator.rejections()).isEmpty();
    }

    @Test
    void should_refuse_a_streaming_request_before_sending_in_enforce_mode() {
        Response first = firstRound();

        Throwable thrown = catchThrowable(() -> client(Mode.ENFORCE).responses()
                .createStreaming(stateless().inputOfResponse(abandonedCall(first)).build()).close());

        assertThat(thrown).isInstanceOf(OrderingViolationException.class).hasMessage(rejection(callId(first)));
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_send_a_valid_stateless_history_byte_for_byte() {
        Response first = firstRound();
        List<ResponseInputItem> answered = new ArrayList<>(abandonedCall(first));
        answered.set(3, ResponseInputItem.ofFunctionCallOutput(ResponseInputItem.FunctionCallOutput.builder()
                .callId(callId(first)).output("3 hits").build()));
        ResponseCreateParams params = stateless().inputOfResponse(answered).build();
        client(null).responses().create(params);
        String unguarded = emulator.lastRequest().body();

        client(Mode.MUTATE).responses().create(params);

        assertThat(emulator.lastRequest().body()).isEqualTo(unguarded);
        assertThat(emulator.rejections()).isEmpty();
    }

    /** One line per input item: its type and what identifies it. */
    static List<String> summary(JsonNode body) {
        List<String> lines = new ArrayList<>();
        for (JsonNode item : body.path("input")) {
            String type = item.path("type").asText("message");
            lines.add(switch (type) {
                case "message" -> "message " + item.path("role").asText() + " "
                        + item.at("/content/0/text").asText(item.path("content").asText());
                case "reasoning" -> "reasoning " + item.path("id").asText() + " " + item.path("encrypted_content").asText();
                case "function_call" -> "function_call " + item.path("call_id").asText() + " "
                        + item.path("name").asText() + " " + item.path("arguments").asText();
                case "function_call_output" -> "function_call_output " + item.path("call_id").asText() + " "
                        + item.path("output").asText();
                default -> type;
            });
        }
        return lines;
    }
}
