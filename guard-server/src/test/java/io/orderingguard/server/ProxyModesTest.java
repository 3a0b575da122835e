package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Mutate and shadow in front of the emulator, byte-identical pass-through, and 50 conversations at once. */
class ProxyModesTest {

    static ProviderEmulator emulator;
    static GuardServer enforce;
    static GuardServer mutate;
    static GuardServer shadow;

    @BeforeAll
    static void start() {
        emulator = ProviderEmulator.create().start();
        enforce = proxy(ServeMode.ENFORCE);
        mutate = proxy(ServeMode.MUTATE);
        shadow = proxy(ServeMode.SHADOW);
    }

    static GuardServer proxy(ServeMode mode) {
        return GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").mode(mode)
                .upstream("openai", emulator.baseUrl()).upstream("anthropic", emulator.baseUrl())
                .upstream("bedrock", emulator.baseUrl()).build(), null);
    }

    @AfterAll
    static void stop() {
        enforce.close();
        mutate.close();
        shadow.close();
        emulator.close();
    }

    @BeforeEach
    void reset() {
        emulator.reset();
    }

    @Test
    void should_forward_the_repaired_body_in_mutate_mode() throws Exception {
        HttpResponse<String> r = Http.post(mutate.baseUrl() + "/v1/chat/completions", Bodies.OPENAI_ORPHAN,
                "Content-Type", "application/json", "Authorization", "Bearer sk-test");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("repaired");
        RecordedRequest sent = emulator.lastRequest();
        assertThat(sent.rejected()).isFalse();
        JsonNode messages = sent.json().path("messages");
        assertThat(messages).hasSize(2);
        assertThat(messages.get(0).path("role").asText()).isEqualTo("system");
        assertThat(messages.get(1).path("content").asText()).isEqualTo("And tomorrow?");
        assertThat(sent.header("content-length")).isEqualTo(Integer.toString(sent.body().getBytes(StandardCharsets.UTF_8).length));
        assertThat(sent.header("authorization")).isEqualTo("Bearer sk-test");
    }

    @Test
    void should_refuse_to_send_a_repaired_bedrock_body_the_client_signed() throws Exception {
        String path = "/model/anthropic.claude-3-5-sonnet-20240620-v1:0/converse";
        HttpResponse<String> signed = Http.post(mutate.baseUrl() + path, Bodies.BEDROCK_ORPHAN, "Content-Type",
                "application/json", "X-Amz-Date", "20261207T180000Z", "Authorization", "AWS4-HMAC-SHA256 "
                        + "Credential=AKIDEXAMPLE/20261207/us-east-1/bedrock/aws4_request, SignedHeaders=host;x-amz-date, "
                        + "Signature=abc");
        assertThat(signed.statusCode()).isEqualTo(400);
        assertThat(signed.headers().firstValue("x-amzn-ErrorType")).hasValue("ValidationException");
        assertThat(signed.headers().firstValue("x-ordering-guard")).hasValue("repair-unsigned");
        assertThat(ProxyEnforceTest.JSON.readTree(signed.body()).path("message").asText())
                .startsWith("Ordering Guard repaired this request (rules bedrock-converse-tool-result-count), but the "
                        + "body is signed with AWS SigV4 by the client and the proxy holds no AWS credentials to sign it "
                        + "again, so it cannot be sent changed.");
        assertThat(emulator.requestCount()).isZero();

        HttpResponse<String> unsigned = Http.post(mutate.baseUrl() + path, Bodies.BEDROCK_ORPHAN,
                "Content-Type", "application/json");
        assertThat(unsigned.statusCode()).as("an unsigned body (a gateway that signs) is repaired").isEqualTo(200);
        assertThat(emulator.lastRequest().json().path("messages").get(0).path("content")).hasSize(1);
    }

    @Test
    void should_reject_an_orphan_function_call_output_on_the_responses_api() throws Exception {
        HttpResponse<String> r = Http.post(enforce.baseUrl() + "/v1/responses", "{\"model\":\"gpt-4.1\",\"input\":["
                + "{\"type\":\"function_call_output\",\"call_id\":\"call_gone\",\"output\":\"22\"},"
                + "{\"role\":\"user\",\"content\":\"And tomorrow?\"}]}", "Content-Type", "application/json");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(ProxyEnforceTest.JSON.readTree(r.body()).path("error").path("code").asText())
                .isEqualTo("ordering_guard_rejected");
        assertThat(emulator.requestCount()).isZero();
        HttpResponse<String> fixed = Http.post(mutate.baseUrl() + "/v1/responses", "{\"model\":\"gpt-4.1\",\"input\":["
                + "{\"type\":\"function_call_output\",\"call_id\":\"call_gone\",\"output\":\"22\"},"
                + "{\"role\":\"user\",\"content\":\"And tomorrow?\"}]}", "Content-Type", "application/json");
        assertThat(fixed.statusCode()).isEqualTo(200);
        assertThat(emulator.rejections()).isEmpty();
    }

    @Test
    void should_forward_the_original_and_record_the_verdict_in_shadow_mode() {
        HttpResponse<String> r = Http.post(shadow.baseUrl() + "/v1/chat/completions", Bodies.OPENAI_ORPHAN,
                "Content-Type", "application/json");
        assertThat(r.statusCode()).as("the emulator's own 400 comes back").isEqualTo(400);
        assertThat(r.body()).contains("messages with role 'tool' must be a response to a preceeding message");
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("shadow-rejected");
        assertThat(emulator.lastRequest().body()).isEqualTo(Bodies.OPENAI_ORPHAN);
        assertThat(shadow.meters().get("ordering.guard.proxy.verdicts").tag("verdict", "shadow-rejected")
                .tag("rule", "openai-tool-message-follows-tool-calls").counter().count()).isEqualTo(1.0);
        String scrape = Http.get(shadow.baseUrl() + "/metrics").body();
        assertThat(scrape).contains("ordering_guard_proxy_verdicts_total{rule=\"openai-tool-message-follows-tool-calls\","
                + "upstream=\"openai\",verdict=\"shadow-rejected\"} 1.0");
    }

    @Test
    void should_send_a_passing_body_byte_identical_with_its_headers_and_without_the_conversation_header() {
        byte[] body = Bodies.OPENAI_ODD_BUT_VALID.getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> r = Http.postBytes(enforce.baseUrl() + "/v1/chat/completions?trace=1", body,
                "Content-Type", "application/json", "Authorization", "Bearer sk-pass", "OpenAI-Organization", "org-1",
                "X-Ordering-Guard-Conversation", "conv-7");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("passed");
        RecordedRequest sent = emulator.lastRequest();
        assertThat(sent.body().getBytes(StandardCharsets.UTF_8)).isEqualTo(body);
        assertThat(sent.header("authorization")).isEqualTo("Bearer sk-pass");
        assertThat(sent.header("openai-organization")).isEqualTo("org-1");
        assertThat(sent.header("content-type")).isEqualTo("application/json");
        assertThat(sent.headers()).doesNotContainKey("x-ordering-guard-conversation");
        assertThat(r.headers().firstValue("x-request-id")).as("the upstream's headers come back").isPresent();
    }

    @Test
    void should_stream_anthropic_events_and_bedrock_frames_back_byte_identical() {
        byte[] stream = Bodies.ANTHROPIC_STREAM.getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> direct = Http.postBytes(emulator.baseUrl() + "/v1/messages", stream,
                "Content-Type", "application/json", "anthropic-version", "2023-06-01");
        emulator.reset();
        HttpResponse<byte[]> proxied = Http.postBytes(enforce.baseUrl() + "/v1/messages", stream,
                "Content-Type", "application/json", "anthropic-version", "2023-06-01");
        assertThat(direct.statusCode()).isEqualTo(200);
        assertThat(proxied.headers().firstValue("content-type")).hasValue("text/event-stream");
        // the emulator numbers its messages; the rest of the stream is the same, byte for byte
        assertThat(new String(proxied.body(), StandardCharsets.UTF_8).replaceAll("msg_emu\\d+", "msg_emu"))
                .isEqualTo(new String(direct.body(), StandardCharsets.UTF_8).replaceAll("msg_emu\\d+", "msg_emu"))
                .contains("event: message_stop");

        String converse = "/model/anthropic.claude-3-5-sonnet-20240620-v1:0/converse-stream";
        byte[] hello = Bodies.BEDROCK_HELLO.getBytes(StandardCharsets.UTF_8);
        emulator.reset();
        HttpResponse<byte[]> proxiedFrames = Http.postBytes(enforce.baseUrl() + converse, hello,
                "Content-Type", "application/json", "Authorization", "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261207/"
                        + "us-east-1/bedrock/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc");
        assertThat(proxiedFrames.statusCode()).isEqualTo(200);
        assertThat(proxiedFrames.headers().firstValue("content-type")).hasValue("application/vnd.amazon.eventstream");
        // every frame arrives whole (its CRCs hold) and carries what the emulator sent
        assertThat(String.join("", frames(proxiedFrames.body()))).isEqualTo(emulator.lastRequest().responseBody()
                .lines().map(line -> line.substring(line.indexOf(' ') + 1)).collect(java.util.stream.Collectors.joining()));
        assertThat(emulator.lastRequest().header("authorization")).startsWith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE");
    }

    /** Decodes AWS event-stream frames (prelude, headers, payload, CRC-32s) into their payload texts. */
    static List<String> frames(byte[] bytes) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
        List<String> payloads = new ArrayList<>();
        while (b.hasRemaining()) {
            int start = b.position();
            int total = b.getInt();
            int headers = b.getInt();
            java.util.zip.CRC32 prelude = new java.util.zip.CRC32();
            prelude.update(bytes, start, 8);
            assertThat((int) prelude.getValue()).isEqualTo(b.getInt());
            b.position(b.position() + headers);
            byte[] payload = new byte[total - headers - 16];
            b.get(payload);
            java.util.zip.CRC32 message = new java.util.zip.CRC32();
            message.update(bytes, start, total - 4);
            assertThat((int) message.getValue()).isEqualTo(b.getInt());
            payloads.add(new String(payload, StandardCharsets.UTF_8));
        }
        return payloads;
    }

    @Test
    void should_serve_50_conversations_at_once_each_with_its_own_stash_entry() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(50);
        try {
            List<Future<int[]>> results = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int n = i;
                results.add(pool.submit(() -> {
                    String conv = "conv-" + n;
                    String first = "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"weather " + n
                            + "?\"}]}";
                    String second = "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"weather " + n
                            + "?\"},{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_" + n
                            + "\",\"type\":\"function\",\"function\":{\"name\":\"weather\",\"arguments\":\"{}\"}}]},"
                            + "{\"role\":\"tool\",\"tool_call_id\":\"call_" + n + "\",\"content\":\"sunny\"}]}";
                    // every fifth conversation loses the call from its window: the orphan is rejected
                    String third = n % 5 == 0
                            ? "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"tool\",\"tool_call_id\":\"call_" + n
                                    + "\",\"content\":\"sunny\"},{\"role\":\"user\",\"content\":\"thanks\"}]}"
                            : second;
                    return new int[] {
                        Http.post(enforce.baseUrl() + "/v1/chat/completions", first, "X-Ordering-Guard-Conversation", conv)
                                .statusCode(),
                        Http.post(enforce.baseUrl() + "/v1/chat/completions", second, "X-Ordering-Guard-Conversation", conv)
                                .statusCode(),
                        Http.post(enforce.baseUrl() + "/v1/chat/completions", third, "X-Ordering-Guard-Conversation", conv)
                                .statusCode()};
                }));
            }
            int rejected = 0;
            for (int i = 0; i < 50; i++) {
                int[] codes = results.get(i).get();
                assertThat(codes[0]).as("conversation %d, first request", i).isEqualTo(200);
                assertThat(codes[1]).as("conversation %d, second request", i).isEqualTo(200);
                assertThat(codes[2]).as("conversation %d, third request", i).isEqualTo(i % 5 == 0 ? 400 : 200);
                rejected += codes[2] == 400 ? 1 : 0;
            }
            assertThat(rejected).isEqualTo(10);
            assertThat(emulator.requestCount()).isEqualTo(140);
            assertThat(emulator.rejections()).isEmpty();
        } finally {
            pool.shutdownNow();
        }
    }
}
