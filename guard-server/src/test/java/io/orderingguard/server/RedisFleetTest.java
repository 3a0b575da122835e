package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.StashFailureMode;
import io.orderingguard.redis.RedisServer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two proxy instances behind one (imagined) load balancer share a real {@code redis-server}: the
 * conversation's preservation baseline written through one is enforced by the other; then Redis is
 * killed mid-run, in both stash failure modes, and comes back.
 */
class RedisFleetTest {

    static RedisServer redis;
    static ProviderEmulator emulator;

    @BeforeAll
    static void start() {
        redis = RedisServer.start();
        emulator = ProviderEmulator.create().start();
    }

    @AfterAll
    static void stop() {
        if (emulator != null) {
            emulator.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    @BeforeEach
    void reset() {
        emulator.reset();
        if (!redisAnswers()) {
            redis.restart();
        }
    }

    /** A tool loop with extended thinking: the assistant's thinking block carries its signature. */
    static String turn(String signature) {
        return "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":2048,\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":1024},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Paris?\"},"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"thinking\",\"thinking\":\"I should call weather.\","
                + "\"signature\":\"" + signature + "\"},{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"weather\","
                + "\"input\":{\"city\":\"Paris\"}}]},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_1\",\"content\":\"22\"}]}],"
                + "\"tools\":[{\"name\":\"weather\",\"input_schema\":{\"type\":\"object\"}}]}";
    }

    static GuardServer proxy(String stash, StashFailureMode failure) {
        ServerConfig.Builder b = ServerConfig.builder().listen("127.0.0.1:0").upstream("anthropic", emulator.baseUrl())
                .stashFailureMode(failure);
        if (stash.equals("redis")) {
            b.redis(redis.uri());
        }
        return GuardServer.start(b.build(), null);
    }

    static HttpResponse<String> send(GuardServer proxy, String conversation, String body) {
        return conversation == null
                ? Http.post(proxy.baseUrl() + "/v1/messages", body, "anthropic-version", "2023-06-01")
                : Http.post(proxy.baseUrl() + "/v1/messages", body, "anthropic-version", "2023-06-01",
                        "X-Ordering-Guard-Conversation", conversation);
    }

    @Test
    void a_baseline_written_through_one_instance_is_enforced_by_the_other() throws Exception {
        try (GuardServer a = proxy("redis", StashFailureMode.FAIL_CLOSED);
                GuardServer b = proxy("redis", StashFailureMode.FAIL_CLOSED)) {
            assertThat(send(a, "fleet-1", turn("sig-original")).statusCode()).isEqualTo(200);
            HttpResponse<String> forged = send(b, "fleet-1", turn("sig-edited-by-the-client"));
            assertThat(forged.statusCode()).isEqualTo(400);
            JsonNode error = ProxyEnforceTest.JSON.readTree(forged.body()).path("error");
            assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
            assertThat(error.path("message").asText()).contains("anthropic-current-thinking-unmodified at messages[1].content[0]");
            assertThat(emulator.requestCount()).isEqualTo(1);
            assertThat(send(b, "fleet-1", turn("sig-original")).statusCode()).isEqualTo(200);
        }
        try (GuardServer a = proxy("memory", StashFailureMode.FAIL_CLOSED);
                GuardServer b = proxy("memory", StashFailureMode.FAIL_CLOSED)) {
            assertThat(send(a, "fleet-2", turn("sig-original")).statusCode()).isEqualTo(200);
            assertThat(send(b, "fleet-2", turn("sig-edited-by-the-client")).statusCode())
                    .as("an in-memory stash is per instance: the other one has no baseline").isEqualTo(200);
        }
    }

    @Test
    void redis_killed_mid_run_fail_closed_answers_503_in_the_envelope_and_recovers() throws Exception {
        try (GuardServer a = proxy("redis", StashFailureMode.FAIL_CLOSED);
                GuardServer b = proxy("redis", StashFailureMode.FAIL_CLOSED)) {
            assertThat(send(a, "closed-1", turn("sig-1")).statusCode()).isEqualTo(200);
            assertThat(Http.get(b.baseUrl() + "/ready").statusCode()).isEqualTo(200);
            redis.kill();
            HttpResponse<String> down = send(b, "closed-1", turn("sig-1"));
            assertThat(down.statusCode()).isEqualTo(503);
            JsonNode error = ProxyEnforceTest.JSON.readTree(down.body()).path("error");
            assertThat(error.path("type").asText()).isEqualTo("overloaded_error");
            assertThat(error.path("message").asText()).startsWith("Ordering Guard could not check this request: ")
                    .endsWith("Retry later; nothing was sent to the provider.");
            assertThat(send(a, null, turn("sig-1")).statusCode()).as("without a conversation id the stash is not read")
                    .isEqualTo(200);
            HttpResponse<String> ready = Http.get(a.baseUrl() + "/ready");
            assertThat(ready.statusCode()).isEqualTo(503);
            assertThat(ready.body()).startsWith("{\"status\":\"DOWN\",\"reason\":\"stash: ");
            assertThat(emulator.requestCount()).isEqualTo(2);

            redis.restart();
            awaitStatus(b, "closed-1", 200);
            // each instance's connection comes back on its own (Lettuce's reconnect backoff), so a may lag b
            awaitReady(a);
        }
    }

    @Test
    void redis_killed_mid_run_fail_open_keeps_serving_and_recovers() throws Exception {
        try (GuardServer a = proxy("redis", StashFailureMode.FAIL_OPEN);
                GuardServer b = proxy("redis", StashFailureMode.FAIL_OPEN)) {
            assertThat(send(a, "open-1", turn("sig-1")).statusCode()).isEqualTo(200);
            redis.kill();
            assertThat(send(b, "open-1", turn("sig-1")).statusCode()).isEqualTo(200);
            assertThat(send(a, "open-1", turn("sig-edited")).statusCode())
                    .as("preservation rules are skipped while the stash is down").isEqualTo(200);
            assertThat(send(b, "open-2", "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":64,\"messages\":[{\"role\":\"user\","
                    + "\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_9\",\"content\":\"x\"}]}]}")
                    .statusCode()).as("the stateless rules still hold").isEqualTo(400);
            assertThat(Http.get(a.baseUrl() + "/ready").statusCode()).as("fail-open stays in the load balancer")
                    .isEqualTo(200);
            assertThat(emulator.requestCount()).isEqualTo(3);

            redis.restart();
            // each instance's connection comes back on its own; then a baseline written through one binds the other
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int forged = -1;
            for (int i = 0; forged != 400 && System.nanoTime() < deadline; i++) {
                if (send(a, "open-back-" + i, turn("sig-1")).statusCode() == 200) {
                    forged = send(b, "open-back-" + i, turn("sig-edited")).statusCode();
                }
                Thread.sleep(50);
            }
            assertThat(forged).as("preservation is back once Redis answers").isEqualTo(400);
        }
    }

    static void awaitStatus(GuardServer proxy, String conversation, int status) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int last = -1;
        while (System.nanoTime() < deadline) {
            last = send(proxy, conversation, turn("sig-1")).statusCode();
            if (last == status) {
                return;
            }
            Thread.sleep(100);
        }
        assertThat(last).as("status after Redis came back").isEqualTo(status);
    }

    static void awaitReady(GuardServer proxy) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int last = -1;
        while (System.nanoTime() < deadline) {
            last = Http.get(proxy.baseUrl() + "/ready").statusCode();
            if (last == 200) {
                return;
            }
            Thread.sleep(100);
        }
        assertThat(last).as("readiness after Redis came back").isEqualTo(200);
    }

    static boolean redisAnswers() {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", redis.port())) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
