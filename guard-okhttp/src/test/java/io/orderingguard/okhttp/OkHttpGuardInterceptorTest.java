package io.orderingguard.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import io.orderingguard.testing.emulator.RecordedRequest;
import io.orderingguard.wire.WireGuard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A plain OkHttp client, the interceptor as application and as network interceptor, on loopback. */
class OkHttpGuardInterceptorTest {

    static final MediaType JSON = MediaType.get("application/json");
    static final String ORPHAN = "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":64,\"messages\":[{\"role\":\"user\","
            + "\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_gone\",\"content\":\"late\"},"
            + "{\"type\":\"text\",\"text\":\"And now?\"}]}]}";

    ProviderEmulator emulator;

    @BeforeEach
    void start() {
        emulator = ProviderEmulator.create().start();
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    static OrderingGuard guard(Mode mode) {
        return OrderingGuard.builder()
                .profile(OrderingProfile.of("pairing", ToolResultPairingRule.builder("pairing")
                        .orphans(true).build().withSeverity(Severity.BLOCKING)))
                .mode(mode).build();
    }

    Request post(String path, RequestBody body) {
        return new Request.Builder().url(emulator.baseUrl() + path).post(body)
                .header(WireGuard.CONVERSATION_HEADER, "c-42").build();
    }

    @Test
    void should_send_the_repaired_body_with_its_own_length_from_a_network_interceptor() throws IOException {
        OkHttpClient client = new OkHttpClient.Builder().addNetworkInterceptor(OkHttpGuardInterceptor.of(guard(Mode.MUTATE))).build();

        try (Response response = client.newCall(post("/v1/messages", RequestBody.create(ORPHAN, JSON))).execute()) {
            assertThat(response.code()).isEqualTo(200);
        }

        RecordedRequest received = emulator.lastRequest();
        assertThat(received.body()).isEqualTo("{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":64,\"messages\":["
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"And now?\"}]}]}");
        assertThat(received.header("Content-Length")).isEqualTo(
                Integer.toString(received.body().getBytes(StandardCharsets.UTF_8).length));
        assertThat(received.header(WireGuard.CONVERSATION_HEADER)).isNull();
    }

    @Test
    void should_fail_the_call_before_anything_is_sent_in_enforce_mode() {
        OkHttpClient client = new OkHttpClient.Builder().addInterceptor(OkHttpGuardInterceptor.of(guard(Mode.ENFORCE))).build();

        Throwable thrown = catchThrowable(() -> client.newCall(post("/v1/messages", RequestBody.create(ORPHAN, JSON))).execute());

        assertThat(thrown).isInstanceOf(OrderingViolationException.class)
                .hasMessage("rejected dispatch of conversation c-42 (profile pairing): 1 blocking violation(s)\n"
                        + "  - pairing: tool result 'toolu_gone' answers no tool call in the conversation");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_replay_a_one_shot_body_it_had_to_read() throws IOException {
        OkHttpClient client = new OkHttpClient.Builder().addInterceptor(OkHttpGuardInterceptor.of(guard(Mode.ENFORCE))).build();
        String valid = "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":64,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}";
        RequestBody oneShot = new RequestBody() {
            @Override
            public MediaType contentType() {
                return JSON;
            }

            @Override
            public boolean isOneShot() {
                return true;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                sink.writeUtf8(valid);
            }
        };

        try (Response response = client.newCall(post("/v1/messages", oneShot)).execute()) {
            assertThat(response.code()).isEqualTo(200);
        }

        assertThat(emulator.lastRequest().body()).isEqualTo(valid);
    }

    @Test
    void should_leave_other_endpoints_untouched() throws IOException {
        OkHttpClient client = new OkHttpClient.Builder().addInterceptor(OkHttpGuardInterceptor.of(guard(Mode.ENFORCE))).build();

        try (Response response = client.newCall(post("/v1/embeddings", RequestBody.create(ORPHAN, JSON))).execute()) {
            assertThat(response.code()).isEqualTo(404);
        }

        assertThat(emulator.lastRequest().body()).isEqualTo(ORPHAN);
    }
}
