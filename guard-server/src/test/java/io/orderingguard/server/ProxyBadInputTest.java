package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Not JSON, a 40 MB body, unknown paths, a slow client, an upstream that is down; health, readiness, metrics. */
class ProxyBadInputTest {

    static ProviderEmulator emulator;
    static GuardServer proxy;
    static final List<String> ACCESS = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        emulator = ProviderEmulator.create().start();
        proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").upstream("openai", emulator.baseUrl())
                .upstream("gemini", emulator.baseUrl()).idleTimeout("1s").build(), ACCESS::add);
    }

    @AfterAll
    static void stop() {
        proxy.close();
        emulator.close();
    }

    @BeforeEach
    void reset() {
        emulator.reset();
        ACCESS.clear();
    }

    @Test
    void should_leave_a_body_that_is_not_json_to_the_provider() {
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/v1/chat/completions", "{\"model\": oops",
                "Content-Type", "application/json");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("unguarded");
        assertThat(emulator.requestCount()).as("the provider answers what it cannot parse").isEqualTo(1);
        assertThat(emulator.lastRequest().body()).isEqualTo("{\"model\": oops");
    }

    @Test
    void should_answer_413_for_a_40_mb_body_and_send_nothing() throws Exception {
        byte[] body = new byte[40 * 1024 * 1024];
        Arrays.fill(body, (byte) ' ');
        body[0] = '{';
        body[body.length - 1] = '}';
        HttpResponse<byte[]> r = Http.postBytes(proxy.baseUrl() + "/v1/chat/completions", body,
                "Content-Type", "application/json");
        assertThat(r.statusCode()).isEqualTo(413);
        JsonNode error = ProxyEnforceTest.JSON.readTree(r.body()).path("error");
        assertThat(error.path("message").asText()).isEqualTo("The request body is larger than the ordering guard "
                + "proxy's limit of 33554432 bytes (ordering-guard.server.max-body-size).");
        assertThat(error.path("code").asText()).isEqualTo("request_too_large");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_answer_404_naming_the_served_paths() throws Exception {
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/v2/chat", "{}");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(ProxyEnforceTest.JSON.readTree(r.body()).path("error").path("message").asText()).isEqualTo(
                "The ordering guard proxy serves no upstream for POST /v2/chat. Served paths: openai: "
                        + "/v1/chat/completions, /v1/responses, /v1/* (models, files, embeddings: not guarded); gemini: "
                        + "/v1beta/models/{model}:generateContent, /v1beta/models/{model}:streamGenerateContent, "
                        + "/v1beta/* (not guarded); and GET /health, /ready, /metrics.");
        HttpResponse<String> anthropic = Http.post(proxy.baseUrl() + "/v1/messages", "{}", "anthropic-version", "2023-06-01");
        assertThat(anthropic.statusCode()).isEqualTo(404);
        JsonNode body = ProxyEnforceTest.JSON.readTree(anthropic.body());
        assertThat(body.path("error").path("type").asText()).isEqualTo("not_found_error");
        assertThat(body.path("error").path("message").asText()).contains("The path belongs to anthropic, which is not "
                + "configured (add --upstream anthropic=URL).");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_drop_a_slow_client_without_holding_up_the_others() throws Exception {
        try (Socket slow = new Socket("127.0.0.1", proxy.port())) {
            OutputStream out = slow.getOutputStream();
            out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n\r\n{\"model\":").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            long start = System.nanoTime();
            List<Integer> others = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                others.add(Http.post(proxy.baseUrl() + "/v1/chat/completions", "{\"model\":\"gpt-4o-mini\",\"messages\":"
                        + "[{\"role\":\"user\",\"content\":\"hi " + i + "\"}]}").statusCode());
            }
            assertThat(others).containsOnly(200);
            slow.setSoTimeout(10_000);
            InputStream in = slow.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(millis).as("dropped after the 1 s idle timeout, not at once and not never").isBetween(900L, 8000L);
            assertThat(answer).satisfiesAnyOf(a -> assertThat(a).isEmpty(), a -> assertThat(a).startsWith("HTTP/1.1 4"),
                    a -> assertThat(a).startsWith("HTTP/1.1 5"));
        }
        assertThat(emulator.requestCount()).isEqualTo(20);
    }

    @Test
    void should_answer_502_in_the_envelope_when_the_upstream_is_down() throws Exception {
        try (GuardServer down = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0")
                .upstream("gemini", "http://127.0.0.1:" + freePort()).build(), null)) {
            HttpResponse<String> r = Http.post(down.baseUrl() + "/v1beta/models/gemini-2.5-flash:generateContent",
                    "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]}]}");
            assertThat(r.statusCode()).isEqualTo(502);
            JsonNode error = ProxyEnforceTest.JSON.readTree(r.body()).path("error");
            assertThat(error.path("status").asText()).isEqualTo("UNAVAILABLE");
            assertThat(error.path("message").asText()).startsWith("The ordering guard proxy could not get an answer from "
                    + "gemini (http://127.0.0.1:");
        }
    }

    @Test
    void should_report_health_readiness_and_prometheus_metrics() {
        Http.post(proxy.baseUrl() + "/v1/chat/completions", Bodies.OPENAI_ORPHAN);
        assertThat(Http.get(proxy.baseUrl() + "/health").body()).isEqualTo("{\"status\":\"UP\"}");
        HttpResponse<String> ready = Http.get(proxy.baseUrl() + "/ready");
        assertThat(ready.statusCode()).isEqualTo(200);
        HttpResponse<String> metrics = Http.get(proxy.baseUrl() + "/metrics");
        assertThat(metrics.headers().firstValue("content-type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
        assertThat(metrics.body())
                .contains("ordering_guard_proxy_requests_seconds_count{status=\"400\",upstream=\"openai\",verdict=\"rejected\"} 1")
                .contains("ordering_guard_proxy_guard_seconds_count{upstream=\"openai\"}")
                .contains("ordering_guard_proxy_inflight")
                .contains("ordering_guard_checks_seconds_count{error=\"none\",mode=\"enforce\",outcome=\"rejected\"")
                .contains("ordering_guard_checks_active_seconds_count{provider=\"openai\"} 0")
                .contains("jvm_memory_used_bytes");
        assertThat(awaitLog(ACCESS, "POST /v1/chat/completions")).singleElement().asString().matches("\\S+Z 127\\.0\\.0\\.1 \"POST /v1/chat/completions\" 400 "
                + "upstream=openai guard=rejected rules=openai-tool-message-follows-tool-calls ms=\\d+\\.\\d in=\\d+ out=\\d+");
    }

    @Test
    void should_log_a_client_chosen_conversation_id_without_letting_it_break_the_line() {
        Http.post(proxy.baseUrl() + "/v1/chat/completions",
                "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}",
                "X-Ordering-Guard-Conversation", "thread 7 \"admin\" ok=1");
        assertThat(awaitLog(ACCESS, "POST /v1/chat/completions")).filteredOn(line -> line.contains("conversation="))
                .singleElement().asString().endsWith(" conversation=thread_7__admin__ok=1");
    }

    @Test
    void should_never_log_a_key_in_the_query() {
        Http.post(proxy.baseUrl() + "/v1beta/models/gemini-2.5-flash:generateContent?key=AIza-very-secret",
                "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]}]}");
        assertThat(emulator.lastRequest().path()).isEqualTo("/v1beta/models/gemini-2.5-flash:generateContent");
        assertThat(awaitLog(ACCESS, "POST /v1beta/models/gemini-2.5-flash:generateContent")).singleElement().asString().contains("\"POST /v1beta/models/gemini-2.5-flash:generateContent\" 200")
                .doesNotContain("AIza-very-secret").doesNotContain("key=");
    }

    /**
     * Waits for the access-log lines of one request line ({@code "POST /v1/messages"}): a line is written
     * once its response is sent, so the line of the test before may still arrive after a reset.
     */
    static List<String> awaitLog(List<String> log, String requestLine) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        List<String> found = List.of();
        while (found.isEmpty() && System.nanoTime() < deadline) {
            found = log.stream().filter(line -> line.contains("\"" + requestLine + "\"")).toList();
            Thread.onSpinWait();
        }
        return found;
    }

    static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
