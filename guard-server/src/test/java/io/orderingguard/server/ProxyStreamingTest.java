package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Answers stream through as they arrive; a client that goes away cancels the upstream call. */
class ProxyStreamingTest {

    static ScriptedUpstream upstream;
    static GuardServer proxy;

    @BeforeAll
    static void start() throws Exception {
        upstream = new ScriptedUpstream();
        proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").upstream("openai", upstream.baseUrl())
                .upstream("anthropic", upstream.baseUrl()).shutdownTimeout("5s").build(), null);
    }

    @AfterAll
    static void stop() throws Exception {
        proxy.close();
        upstream.close();
    }

    static final String HELLO = "{\"model\":\"gpt-4o-mini\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    @Test
    void should_stream_each_event_as_the_upstream_sends_it() throws Exception {
        long start = System.nanoTime();
        HttpResponse<java.util.stream.Stream<String>> r = Http.CLIENT.send(HttpRequest.newBuilder(
                URI.create(proxy.baseUrl() + "/v1/chat/completions")).POST(HttpRequest.BodyPublishers.ofString(HELLO))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofLines());
        List<String> data = new ArrayList<>();
        long firstEventMillis = -1;
        for (String line : (Iterable<String>) r.body()::iterator) {
            if (line.startsWith("data: ")) {
                if (firstEventMillis < 0) {
                    firstEventMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                }
                data.add(line);
            }
        }
        long totalMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(r.headers().firstValue("content-type")).hasValue("text/event-stream");
        assertThat(data).hasSize(ScriptedUpstream.EVENTS + 1).endsWith("data: [DONE]");
        assertThat(totalMillis).isGreaterThanOrEqualTo((ScriptedUpstream.EVENTS - 1) * ScriptedUpstream.GAP_MS);
        assertThat(firstEventMillis).as("the first event arrives long before the stream ends (no buffering)")
                .isLessThan(totalMillis / 3);
    }

    @Test
    void should_cancel_the_upstream_call_when_the_client_goes_away() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + HELLO.length() + "\r\n\r\n" + HELLO).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            int events = 0;
            while ((line = in.readLine()) != null && events < 2) {
                events += line.startsWith("data: ") ? 1 : 0;
            }
            assertThat(events).isEqualTo(2);
        }
        assertThat(upstream.streamCut.await((ScriptedUpstream.EVENTS - 4) * ScriptedUpstream.GAP_MS, TimeUnit.MILLISECONDS))
                .as("the upstream's stream is cut long before its end").isTrue();
    }

    @Test
    void should_pass_other_endpoints_through_unguarded_with_query_and_headers() throws Exception {
        HttpResponse<String> r = Http.get(proxy.baseUrl() + "/v1/models?limit=5", "Authorization", "Bearer sk-models",
                "X-Ordering-Guard-Conversation", "c-9");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("unguarded");
        com.fasterxml.jackson.databind.JsonNode echo = ProxyEnforceTest.JSON.readTree(r.body());
        assertThat(echo.path("method").asText()).isEqualTo("GET");
        assertThat(echo.path("path").asText()).isEqualTo("/v1/models");
        assertThat(echo.path("query").asText()).isEqualTo("limit=5");
        assertThat(echo.path("headers").path("authorization").asText()).isEqualTo("Bearer sk-models");
        assertThat(echo.path("headers").path("host").asText()).isEqualTo(URI.create(upstream.baseUrl()).getAuthority());
        assertThat(echo.path("headers").has("x-ordering-guard-conversation")).isFalse();
        assertThat(echo.path("headers").has("user-agent")).as("the proxy adds no User-Agent of its own").isTrue();
    }

    @Test
    void should_hand_the_upstreams_cookies_to_the_client_and_keep_none_for_the_next_request() throws Exception {
        HttpResponse<String> first = Http.get(proxy.baseUrl() + "/v1/files", "Authorization", "Bearer sk-client-a");
        assertThat(first.headers().firstValue("set-cookie")).hasValueSatisfying(c -> assertThat(c).startsWith("__cf_bm="));
        // another client's request: a cookie the upstream set for the first must not ride along
        HttpResponse<String> second = Http.get(proxy.baseUrl() + "/v1/files", "Authorization", "Bearer sk-client-b");
        assertThat(ProxyEnforceTest.JSON.readTree(second.body()).path("headers").has("cookie")).isFalse();
        // a client's own cookie goes through as it sent it
        HttpResponse<String> third = Http.get(proxy.baseUrl() + "/v1/files", "Cookie", "team=blue");
        assertThat(ProxyEnforceTest.JSON.readTree(third.body()).path("headers").path("cookie").asText())
                .isEqualTo("team=blue");
    }

    @Test
    void should_send_the_key_the_proxy_holds_instead_of_the_clients() throws Exception {
        try (GuardServer keyed = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0")
                .upstream("anthropic", upstream.baseUrl(), "sk-ant-held-by-the-proxy").build(), null)) {
            HttpResponse<String> r = Http.post(keyed.baseUrl() + "/v1/messages/count_tokens", "{}",
                    "anthropic-version", "2023-06-01", "x-api-key", "sk-ant-from-the-client");
            com.fasterxml.jackson.databind.JsonNode headers = ProxyEnforceTest.JSON.readTree(r.body()).path("headers");
            assertThat(headers.path("x-api-key").asText()).isEqualTo("sk-ant-held-by-the-proxy");
            assertThat(headers.path("anthropic-version").asText()).isEqualTo("2023-06-01");
        }
    }

    @Test
    void should_let_in_flight_requests_finish_on_a_graceful_stop() throws Exception {
        GuardServer own = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0")
                .upstream("openai", upstream.baseUrl()).shutdownTimeout("5s").build(), null);
        CompletableFuture<HttpResponse<String>> slow = Http.CLIENT.sendAsync(HttpRequest.newBuilder(
                URI.create(own.baseUrl() + "/v1/slow")).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(300);
        int port = own.port();
        long start = System.nanoTime();
        own.close();
        long closeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        HttpResponse<String> answered = slow.get(5, TimeUnit.SECONDS);
        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(answered.body()).isEqualTo("{\"slow\":true}");
        assertThat(closeMillis).as("close waited for the request in flight").isGreaterThan(300);
        assertThat(canConnect(port)).as("nothing listens after the stop").isFalse();
    }

    static boolean canConnect(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
