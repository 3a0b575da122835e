package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official {@code openai} and {@code @anthropic-ai/sdk} npm packages and the Vercel AI SDK
 * ({@code ai} + {@code @ai-sdk/openai}), pinned by {@code src/test/node/package-lock.json}, run with Node
 * against the proxy in front of the provider emulator ({@code src/test/node/scenario.mjs} does the
 * client side; this test holds the emulator and says what must have happened).
 *
 * <p>Needs {@code node} and {@code npm ci} in {@code src/test/node} ({@code .ci/run} does both). Without
 * them the test is skipped, unless {@code CI=true}: there it fails.
 */
class NodeClientsTest {

    static final Path NODE_DIR = Path.of("src", "test", "node");
    static ProviderEmulator emulator;
    static GuardServer enforce;
    static GuardServer mutate;

    @BeforeAll
    static void start() {
        requireNode();
        emulator = ProviderEmulator.create().start();
        enforce = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").upstream("openai", emulator.baseUrl())
                .upstream("anthropic", emulator.baseUrl()).build(), null);
        mutate = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").mode(ServeMode.MUTATE)
                .upstream("openai", emulator.baseUrl()).upstream("anthropic", emulator.baseUrl()).build(), null);
    }

    @AfterAll
    static void stop() {
        if (emulator != null) {
            enforce.close();
            mutate.close();
            emulator.close();
        }
    }

    @BeforeEach
    void reset() {
        emulator.reset();
    }

    @ParameterizedTest
    @ValueSource(strings = {"openai", "anthropic", "vercel"})
    void a_window_memory_orphaning_a_tool_result_gets_the_providers_400_without_the_proxy(String sdk) {
        JsonNode r = run(sdk, "orphan", emulator.baseUrl());
        assertThat(r.path("ok").asBoolean()).isFalse();
        assertThat(r.path("status").asInt()).isEqualTo(400);
        assertThat(emulator.rejections()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"openai", "anthropic", "vercel"})
    void enforce_answers_the_orphan_with_the_sdks_own_400_error_nothing_upstream_and_no_retry(String sdk) {
        JsonNode r = run(sdk, "orphan", enforce.baseUrl());
        assertThat(r.path("ok").asBoolean()).isFalse();
        assertThat(r.path("status").asInt()).isEqualTo(400);
        assertThat(r.path("errorClass").asText()).isEqualTo(sdk.equals("vercel") ? "APICallError" : "BadRequestError");
        assertThat(r.path("errorMessage").asText()).contains("Ordering Guard rejected this request before it reached the "
                + "provider");
        assertThat(r.path("fetches").asInt()).as("the SDK did not retry").isEqualTo(1);
        if (sdk.equals("vercel")) {
            assertThat(r.path("retryable").asBoolean()).isFalse();
        }
        assertThat(emulator.requestCount()).as("nothing reached the provider").isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"openai", "anthropic", "vercel"})
    void mutate_repairs_the_orphan_and_the_sdk_gets_200(String sdk) {
        JsonNode r = run(sdk, "orphan", mutate.baseUrl());
        assertThat(r.path("ok").asBoolean()).as("%s", r).isTrue();
        assertThat(r.path("text").asText()).isEqualTo("OK");
        assertThat(emulator.requestCount()).isEqualTo(1);
        assertThat(emulator.rejections()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"openai", "anthropic"})
    void an_interrupted_turn_is_rejected_by_enforce_and_answered_by_mutate(String sdk) {
        JsonNode direct = run(sdk, "interrupted", emulator.baseUrl());
        assertThat(direct.path("status").asInt()).as("the provider refuses an unanswered call").isEqualTo(400);
        emulator.reset();
        JsonNode rejected = run(sdk, "interrupted", enforce.baseUrl());
        assertThat(rejected.path("status").asInt()).isEqualTo(400);
        assertThat(rejected.path("errorClass").asText()).isEqualTo("BadRequestError");
        assertThat(rejected.path("fetches").asInt()).isEqualTo(1);
        assertThat(emulator.requestCount()).isZero();
        JsonNode repaired = run(sdk, "interrupted", mutate.baseUrl());
        assertThat(repaired.path("ok").asBoolean()).as("%s", repaired).isTrue();
        assertThat(emulator.requestCount()).isEqualTo(1);
        assertThat(emulator.rejections()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"openai", "anthropic", "vercel"})
    void streaming_goes_through_the_proxy(String sdk) {
        JsonNode r = run(sdk, "stream", enforce.baseUrl());
        assertThat(r.path("ok").asBoolean()).as("%s", r).isTrue();
        assertThat(r.path("text").asText()).isEqualTo("OK");
        assertThat(emulator.lastRequest().json().path("stream").asBoolean()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"openai", "anthropic", "vercel"})
    void a_passing_request_reaches_the_provider_byte_identical(String sdk) {
        JsonNode r = run(sdk, "pass-through", enforce.baseUrl());
        assertThat(r.path("ok").asBoolean()).as("%s", r).isTrue();
        assertThat(emulator.lastRequest().body()).isEqualTo(r.path("sent").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openai"})
    void fifty_parallel_conversations(String sdk) {
        JsonNode r = run(sdk, "parallel", enforce.baseUrl());
        assertThat(r.path("ok").asBoolean()).as("%s", r).isTrue();
        assertThat(r.path("text").asText()).isEqualTo("50");
        assertThat(emulator.requestCount()).isEqualTo(50);
        assertThat(emulator.requests()).allSatisfy(req ->
                assertThat(req.headers()).doesNotContainKey("x-ordering-guard-conversation"));
    }

    static JsonNode run(String sdk, String scenario, String root) {
        try {
            Process p = new ProcessBuilder("node", "scenario.mjs", sdk, scenario, root).directory(NODE_DIR.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                Assertions.fail("node scenario.mjs " + sdk + " " + scenario + " did not finish in 60 s");
            }
            String text = new String(out, StandardCharsets.UTF_8).strip();
            assertThat(p.exitValue()).as("node exit code; output: %s", text).isZero();
            return ProxyEnforceTest.JSON.readTree(text);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static void requireNode() {
        String problem = null;
        if (!Files.isDirectory(NODE_DIR.resolve("node_modules").resolve("openai"))) {
            problem = "no node_modules in " + NODE_DIR + "; run 'npm ci' there (.ci/run does)";
        } else {
            try {
                Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor() != 0) {
                    problem = "node --version failed";
                }
            } catch (IOException e) {
                problem = "node is not on the PATH (" + e.getMessage() + ")";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                problem = "interrupted";
            }
        }
        if (problem != null) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail(problem + "; CI=true, so the Node client tests must run");
            }
            Assumptions.abort(problem + "; skipping the Node client tests");
        }
    }
}
