package io.orderingguard.testing.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProviderEmulatorTest {

    private ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    private static final String OPENAI_HELLO =
            "{\"model\": \"gpt-4o-mini\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}";
    private static final String ANTHROPIC_HELLO =
            "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 64, \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}";

    @Test
    void should_answer_openai_with_a_chat_completion() {
        HttpResponse<String> response = Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = Http.json(response.body());
        assertThat(body.path("object").asText()).isEqualTo("chat.completion");
        assertThat(body.path("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(body.at("/choices/0/message/role").asText()).isEqualTo("assistant");
        assertThat(body.at("/choices/0/message/content").asText()).isEqualTo("OK");
        assertThat(body.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
        assertThat(body.at("/usage/total_tokens").asInt()).isPositive();
        assertThat(response.headers().firstValue("x-request-id")).isPresent();
    }

    @Test
    void should_answer_anthropic_with_a_message() {
        HttpResponse<String> response = Http.post(emulator, "/v1/messages", ANTHROPIC_HELLO);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode body = Http.json(response.body());
        assertThat(body.path("type").asText()).isEqualTo("message");
        assertThat(body.path("role").asText()).isEqualTo("assistant");
        assertThat(body.at("/content/0").toString()).isEqualTo("{\"type\":\"text\",\"text\":\"OK\"}");
        assertThat(body.path("stop_reason").asText()).isEqualTo("end_turn");
        assertThat(body.at("/usage/input_tokens").asInt()).isPositive();
        assertThat(response.headers().firstValue("request-id")).isPresent();
    }

    @Test
    void should_drive_an_openai_tool_loop_with_scripted_answers() {
        emulator.enqueue(Answer.toolCalls(Answer.call("search", Map.of("q", "Q3")), Answer.call("fetch", Map.of())),
                Answer.text("Revenue grew 12%."));

        JsonNode first = Http.json(Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO).body());
        JsonNode calls = first.at("/choices/0/message/tool_calls");
        assertThat(first.at("/choices/0/finish_reason").asText()).isEqualTo("tool_calls");
        assertThat(first.at("/choices/0/message/content").isNull()).isTrue();
        assertThat(calls.get(0).toString()).isEqualTo(
                "{\"id\":\"call_emu00000001\",\"type\":\"function\",\"function\":{\"name\":\"search\",\"arguments\":\"{\\\"q\\\":\\\"Q3\\\"}\"}}");
        assertThat(calls.get(1).path("id").asText()).isEqualTo("call_emu00000002");

        String followUp = "{\"model\": \"gpt-4o-mini\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"},"
                + "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": " + calls + "},"
                + "{\"role\": \"tool\", \"tool_call_id\": \"call_emu00000001\", \"content\": \"3 hits\"},"
                + "{\"role\": \"tool\", \"tool_call_id\": \"call_emu00000002\", \"content\": \"page\"}]}";
        JsonNode second = Http.json(Http.post(emulator, "/v1/chat/completions", followUp).body());

        assertThat(second.at("/choices/0/message/content").asText()).isEqualTo("Revenue grew 12%.");
        assertThat(emulator.rejections()).isEmpty();
        assertThat(emulator.requestCount()).isEqualTo(2);
    }

    @Test
    void should_drive_an_anthropic_tool_loop_with_scripted_answers() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "Q3")).withText("Let me search."));

        JsonNode first = Http.json(Http.post(emulator, "/v1/messages", ANTHROPIC_HELLO).body());
        assertThat(first.path("stop_reason").asText()).isEqualTo("tool_use");
        assertThat(first.path("content").toString()).isEqualTo("[{\"type\":\"text\",\"text\":\"Let me search.\"},"
                + "{\"type\":\"tool_use\",\"id\":\"toolu_emu00000001\",\"name\":\"search\",\"input\":{\"q\":\"Q3\"}}]");

        String followUp = "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 64, \"messages\": ["
                + "{\"role\": \"user\", \"content\": \"hi\"},"
                + "{\"role\": \"assistant\", \"content\": " + first.path("content") + "},"
                + "{\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_emu00000001\", \"content\": \"3 hits\"}]}]}";
        HttpResponse<String> second = Http.post(emulator, "/v1/messages", followUp);

        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(Http.json(second.body()).at("/content/0/text").asText()).isEqualTo("OK");
    }

    @Test
    void should_not_use_a_scripted_answer_for_a_rejected_request() {
        emulator.enqueue(Answer.text("first answer"));

        Http.post(emulator, "/v1/chat/completions", "{\"model\": \"m\", \"messages\": [{\"role\": \"tool\", "
                + "\"tool_call_id\": \"x\", \"content\": \"orphan\"}]}");
        JsonNode accepted = Http.json(Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO).body());

        assertThat(accepted.at("/choices/0/message/content").asText()).isEqualTo("first answer");
        assertThat(emulator.rejections()).hasSize(1);
    }

    @Test
    void should_answer_a_scripted_http_error_in_the_provider_shape() {
        emulator.enqueue(Answer.httpError(529, "overloaded_error", "Overloaded"),
                Answer.httpError(429, "rate_limit_error", "Rate limit reached"));

        HttpResponse<String> anthropic = Http.post(emulator, "/v1/messages", ANTHROPIC_HELLO);
        HttpResponse<String> openAi = Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO);

        assertThat(anthropic.statusCode()).isEqualTo(529);
        assertThat(anthropic.body()).isEqualTo(
                "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"},\"request_id\":\"req_emu1\"}");
        assertThat(openAi.statusCode()).isEqualTo(429);
        assertThat(openAi.body()).isEqualTo(Http.json(
                "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"rate_limit_error\",\"param\":null,\"code\":null}}").toString());
        assertThat(emulator.lastRequest().violatedRule()).isNull();
        assertThat(emulator.lastRequest().rejected()).isTrue();
    }

    @Test
    void should_stream_openai_chunks_when_asked() {
        emulator.enqueue(Answer.toolCall("search", Map.of("q", "x")).withText("Looking."));
        String body = "{\"model\": \"gpt-4o-mini\", \"stream\": true, \"stream_options\": {\"include_usage\": true}, "
                + "\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}";

        HttpResponse<String> response = Http.post(emulator, "/v1/chat/completions", body);

        assertThat(response.headers().firstValue("Content-Type")).contains("text/event-stream");
        List<JsonNode> chunks = new ArrayList<>();
        for (String event : response.body().split("\n\n")) {
            assertThat(event).startsWith("data: ");
            if (!event.equals("data: [DONE]")) {
                chunks.add(Http.json(event.substring("data: ".length())));
            }
        }
        assertThat(response.body()).endsWith("data: [DONE]\n\n");
        assertThat(chunks).allSatisfy(c -> assertThat(c.path("object").asText()).isEqualTo("chat.completion.chunk"));
        assertThat(chunks.get(0).at("/choices/0/delta/role").asText()).isEqualTo("assistant");
        assertThat(chunks.get(1).at("/choices/0/delta/content").asText()).isEqualTo("Looking.");
        assertThat(chunks.get(2).at("/choices/0/delta/tool_calls/0/function/name").asText()).isEqualTo("search");
        assertThat(chunks.get(3).at("/choices/0/delta/tool_calls/0/function/arguments").asText()).isEqualTo("{\"q\":\"x\"}");
        assertThat(chunks.get(4).at("/choices/0/finish_reason").asText()).isEqualTo("tool_calls");
        assertThat(chunks.get(5).path("usage").path("total_tokens").asInt()).isPositive();
    }

    @Test
    void should_stream_anthropic_events_when_asked() {
        String body = "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 64, \"stream\": true, "
                + "\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}";

        HttpResponse<String> response = Http.post(emulator, "/v1/messages", body);

        assertThat(response.headers().firstValue("Content-Type")).contains("text/event-stream");
        List<String> names = new ArrayList<>();
        for (String event : response.body().split("\n\n")) {
            String[] lines = event.split("\n");
            names.add(lines[0].substring("event: ".length()));
            assertThat(Http.json(lines[1].substring("data: ".length())).path("type").asText()).isEqualTo(names.get(names.size() - 1));
        }
        assertThat(names).containsExactly("message_start", "content_block_start", "content_block_delta",
                "content_block_stop", "message_delta", "message_stop");
        assertThat(response.body()).contains("{\"type\":\"text_delta\",\"text\":\"OK\"}");
    }

    @Test
    void should_record_every_request() {
        Http.post(emulator, "/v1/messages", ANTHROPIC_HELLO);
        Http.post(emulator, "/chat/completions", OPENAI_HELLO);

        List<RecordedRequest> requests = emulator.requests();
        assertThat(requests).extracting(RecordedRequest::wire)
                .containsExactly(Wire.ANTHROPIC_MESSAGES, Wire.OPENAI_CHAT_COMPLETIONS);
        RecordedRequest first = requests.get(0);
        assertThat(first.method()).isEqualTo("POST");
        assertThat(first.path()).isEqualTo("/v1/messages");
        assertThat(first.header("X-API-KEY")).isEqualTo("test-key");
        assertThat(first.header("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(first.json().path("max_tokens").asInt()).isEqualTo(64);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.errorMessage()).isNull();
        assertThat(requests.get(1).header("authorization")).isEqualTo("Bearer test-key");
        assertThat(emulator.requestCount()).isEqualTo(2);
    }

    @Test
    void should_forget_requests_answers_and_ids_on_reset() {
        emulator.enqueue(Answer.text("scripted"));
        emulator.enqueue(Answer.toolCall("a", Map.of()));
        Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO);

        emulator.reset();

        assertThat(emulator.requests()).isEmpty();
        assertThat(emulator.requestCount()).isZero();
        emulator.enqueue(Answer.toolCall("a", Map.of()));
        JsonNode body = Http.json(Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO).body());
        assertThat(body.at("/choices/0/message/tool_calls/0/id").asText()).isEqualTo("call_emu00000001");
        assertThatThrownBy(() -> ProviderEmulator.create().lastRequest())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the provider emulator has received no request");
    }

    @Test
    void should_use_a_fixed_id_of_a_scripted_call() {
        String foreign = "call_" + "z".repeat(60);
        emulator.enqueue(Answer.toolCalls(Answer.call("search", Map.of()).withId(foreign)));

        JsonNode body = Http.json(Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO).body());

        assertThat(body.at("/choices/0/message/tool_calls/0/id").asText()).isEqualTo(foreign);
    }

    @Test
    void should_answer_404_for_an_unknown_path_and_405_for_another_method() {
        HttpResponse<String> unknown = Http.post(emulator, "/v1/embeddings", OPENAI_HELLO);
        HttpResponse<String> get = Http.send(HttpRequest.newBuilder(URI.create(emulator.baseUrl() + "/v1/messages")).GET().build());

        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(Http.json(unknown.body()).at("/error/message").asText()).isEqualTo("Unknown request URL: POST "
                + "/v1/embeddings. The provider emulator serves POST /v1/chat/completions, /chat/completions, "
                + "/v1/messages, /messages, /v1/responses, /responses, /v1beta/models/<model>:generateContent, "
                + "/model/<modelId>/converse and /model/<modelId>/converse-stream.");
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(Http.json(get.body()).at("/error/message").asText()).isEqualTo("Method GET is not allowed on /v1/messages; use POST.");
        assertThat(emulator.requests()).extracting(RecordedRequest::wire).containsExactly(null, Wire.ANTHROPIC_MESSAGES);
    }

    @Test
    void should_start_and_stop() {
        ProviderEmulator other = ProviderEmulator.builder().defaultAnswer(Answer.text("hello")).build();
        assertThat(other.isRunning()).isFalse();
        assertThatThrownBy(other::port).isInstanceOf(IllegalStateException.class)
                .hasMessage("the provider emulator is not running");

        other.start();
        other.start();
        int port = other.port();
        assertThat(port).isPositive();
        assertThat(other.baseUrl()).isEqualTo("http://127.0.0.1:" + port);
        assertThat(other.openAiBaseUrl()).isEqualTo("http://127.0.0.1:" + port + "/v1");
        assertThat(other.anthropicBaseUrl()).isEqualTo("http://127.0.0.1:" + port + "/v1");
        assertThat(Http.json(Http.post(other, "/v1/messages", ANTHROPIC_HELLO).body()).at("/content/0/text").asText())
                .isEqualTo("hello");

        other.stop();
        other.close();
        assertThat(other.isRunning()).isFalse();
        assertThat(other.requestCount()).isEqualTo(1);
    }

    @Test
    void should_serve_concurrent_requests() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                futures.add(CompletableFuture.supplyAsync(
                        () -> Http.post(emulator, "/v1/chat/completions", OPENAI_HELLO).statusCode(), pool));
            }
            for (CompletableFuture<Integer> f : futures) {
                assertThat(f.get(20, TimeUnit.SECONDS)).isEqualTo(200);
            }
        } finally {
            pool.shutdown();
        }
        assertThat(emulator.requestCount()).isEqualTo(12);
    }

    @Test
    void should_reject_bad_builder_values() {
        assertThatThrownBy(() -> ProviderEmulator.builder().port(70000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port must be within 0..65535, but was 70000");
        assertThatThrownBy(() -> Answer.httpError(200, "x", "y"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("status must be within 400..599, but was 200");
        assertThatThrownBy(() -> Answer.toolCalls())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("calls must not be empty");
    }
}
