package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Enforce mode in front of the provider emulator: rejected in the provider's own envelope, nothing sent. */
class ProxyEnforceTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static ProviderEmulator emulator;
    static GuardServer proxy;
    static final List<String> ACCESS = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        emulator = ProviderEmulator.create().start();
        proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0")
                .upstream("openai", emulator.baseUrl()).upstream("anthropic", emulator.baseUrl())
                .upstream("gemini", emulator.baseUrl()).upstream("bedrock", emulator.baseUrl()).build(), ACCESS::add);
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
    void should_answer_the_emulators_400_without_the_proxy() {
        HttpResponse<String> direct = Http.post(emulator.openAiBaseUrl() + "/chat/completions", Bodies.OPENAI_ORPHAN,
                "Content-Type", "application/json", "Authorization", "Bearer sk-test");
        assertThat(direct.statusCode()).isEqualTo(400);
        assertThat(emulator.requestCount()).isEqualTo(1);
    }

    @Test
    void should_reject_an_orphan_tool_result_in_openais_envelope_and_send_nothing() throws Exception {
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/v1/chat/completions", Bodies.OPENAI_ORPHAN,
                "Content-Type", "application/json", "Authorization", "Bearer sk-test-secret");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("rejected");
        assertThat(r.headers().firstValue("x-should-retry")).hasValue("false");
        JsonNode error = JSON.readTree(r.body()).path("error");
        assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
        assertThat(error.path("code").asText()).isEqualTo("ordering_guard_rejected");
        assertThat(error.path("message").asText())
                .startsWith("Ordering Guard rejected this request before it reached the provider (profile ")
                .contains("messages[1]")
                .endsWith("Nothing was sent to the provider.");
        assertThat(emulator.requestCount()).isZero();
        assertThat(ProxyBadInputTest.awaitLog(ACCESS, "POST /v1/chat/completions")).singleElement().asString()
                .contains("\"POST /v1/chat/completions\" 400 upstream=openai guard=rejected rules=")
                .doesNotContain("sk-test-secret");
    }

    @Test
    void should_reject_an_orphan_tool_result_in_anthropics_envelope() throws Exception {
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/v1/messages", Bodies.ANTHROPIC_ORPHAN,
                "Content-Type", "application/json", "x-api-key", "sk-ant-secret", "anthropic-version", "2023-06-01");
        assertThat(r.statusCode()).isEqualTo(400);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.path("type").asText()).isEqualTo("error");
        assertThat(body.path("error").path("type").asText()).isEqualTo("invalid_request_error");
        assertThat(body.path("error").path("message").asText()).contains("messages[0].content[0]");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_reject_in_googles_envelope() throws Exception {
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/v1beta/models/gemini-2.5-flash:generateContent",
                Bodies.GEMINI_ORPHAN, "Content-Type", "application/json", "x-goog-api-key", "AIza-secret");
        assertThat(r.statusCode()).isEqualTo(400);
        JsonNode error = JSON.readTree(r.body()).path("error");
        assertThat(error.path("code").asInt()).isEqualTo(400);
        assertThat(error.path("status").asText()).isEqualTo("INVALID_ARGUMENT");
        assertThat(error.path("message").asText()).startsWith("Ordering Guard rejected this request");
        assertThat(emulator.requestCount()).isZero();
    }

    @Test
    void should_forward_a_bedrock_path_whose_model_is_an_arn_as_sent() {
        String arn = "arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Ainference-profile%2Fus.anthropic.claude-sonnet-4-5-v1%3A0";
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/model/" + arn + "/converse", Bodies.BEDROCK_HELLO,
                "Content-Type", "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("x-ordering-guard")).hasValue("passed");
        assertThat(emulator.lastRequest().path()).isEqualTo("/model/arn:aws:bedrock:us-east-1:123456789012:inference-profile/"
                + "us.anthropic.claude-sonnet-4-5-v1:0/converse");
    }

    @Test
    void should_reject_in_bedrocks_envelope_with_the_aws_error_type() throws Exception {
        HttpResponse<String> r = Http.post(proxy.baseUrl() + "/model/anthropic.claude-3-5-sonnet-20240620-v1:0/converse",
                Bodies.BEDROCK_ORPHAN, "Content-Type", "application/json");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("x-amzn-ErrorType")).hasValue("ValidationException");
        assertThat(JSON.readTree(r.body()).path("message").asText()).startsWith("Ordering Guard rejected this request");
        assertThat(emulator.requestCount()).isZero();
    }
}
