package io.orderingguard.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.orderingguard.micrometer.GuardMicrometer;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trust from traffic through {@code guard serve} in shadow mode: the upstream's answer to each guarded
 * request joins its verdict, counted in {@value GuardMicrometer#VERDICTS} and scraped from
 * {@code /metrics}.
 */
class ProxyVerdictTest {

    static final String OPENAI_ORPHAN_ERROR = "Invalid parameter: messages with role 'tool' must be a response to a "
            + "preceeding message with 'tool_calls'.";
    static final String MISSED_TEXT = "Invalid 'messages[0]': this turn cannot be continued.";
    static final String HELLO = "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"Hello\"}]}";

    ProviderEmulator emulator;
    GuardServer proxy;

    GuardServer shadow(ProviderEmulator upstream) {
        emulator = upstream.start();
        proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").mode(ServeMode.SHADOW)
                .upstream("openai", emulator.baseUrl()).upstream("anthropic", emulator.baseUrl()).build(), null);
        return proxy;
    }

    @AfterEach
    void stop() {
        proxy.close();
        emulator.close();
    }

    static HttpResponse<String> post(GuardServer proxy, String path, String body) {
        return path.equals("/v1/messages")
                ? Http.post(proxy.baseUrl() + path, body, "Content-Type", "application/json", "x-api-key", "sk-test",
                        "anthropic-version", "2023-06-01")
                : Http.post(proxy.baseUrl() + path, body, "Content-Type", "application/json",
                        "Authorization", "Bearer sk-test");
    }

    @Test
    void should_count_confirmed_missed_and_agreed_requests_and_pass_the_error_body_on() {
        GuardServer proxy = shadow(ProviderEmulator.create());

        HttpResponse<String> confirmed = post(proxy, "/v1/chat/completions", Bodies.OPENAI_ORPHAN);
        emulator.enqueue(Answer.httpError(400, "invalid_request_error", MISSED_TEXT));
        HttpResponse<String> missed = post(proxy, "/v1/chat/completions", HELLO);
        HttpResponse<String> agreed = post(proxy, "/v1/chat/completions", HELLO);
        HttpResponse<String> streamed = post(proxy, "/v1/messages", Bodies.ANTHROPIC_STREAM);

        assertThat(confirmed.statusCode()).isEqualTo(400);
        assertThat(confirmed.body()).contains(OPENAI_ORPHAN_ERROR);
        assertThat(confirmed.headers().firstValue("x-ordering-guard")).hasValue("shadow-rejected");
        assertThat(missed.statusCode()).isEqualTo(400);
        assertThat(missed.body()).isEqualTo(emulator.requests().get(1).responseBody());
        assertThat(agreed.statusCode()).isEqualTo(200);
        assertThat(streamed.statusCode()).isEqualTo(200);
        assertThat(streamed.body()).contains("message_stop");
        assertThat(counters(proxy.meters())).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "agreed none anthropic-messages anthropic", 1.0,
                "agreed none openai-chat openai", 1.0,
                "confirmed openai-tool-message-follows-tool-calls openai-chat openai", 1.0,
                "missed none openai-chat openai", 1.0)));
        assertThat(Http.get(proxy.baseUrl() + "/metrics").body()).contains("ordering_guard_verdicts_total{outcome="
                + "\"confirmed\",profile=\"openai-chat\",provider=\"openai\",rule=\"openai-tool-message-follows-tool-calls\"}"
                + " 1.0");
    }

    @Test
    void should_count_a_flagged_request_the_upstream_accepts_as_contradicted() {
        GuardServer proxy = shadow(ProviderEmulator.builder().disable(EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL).build());

        HttpResponse<String> accepted = post(proxy, "/v1/chat/completions", Bodies.OPENAI_ORPHAN);

        assertThat(accepted.statusCode()).isEqualTo(200);
        assertThat(counters(proxy.meters())).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                "contradicted openai-tool-message-follows-tool-calls openai-chat openai", 1.0)));
    }

    @Test
    void should_write_one_exchange_line_per_answered_request_without_the_conversations_text(@TempDir Path dir)
            throws Exception {
        Path log = dir.resolve("exchanges.jsonl");
        emulator = ProviderEmulator.create().start();
        proxy = GuardServer.start(ServerConfig.builder().listen("127.0.0.1:0").mode(ServeMode.SHADOW)
                .upstream("openai", emulator.baseUrl()).exchangeLog(log).build(), null);

        post(proxy, "/v1/chat/completions", Bodies.OPENAI_ORPHAN);
        post(proxy, "/v1/chat/completions", HELLO);
        proxy.close();

        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).contains("\"outcome\":\"confirmed\"").doesNotContain("22 degrees")
                .doesNotContain("And tomorrow?");
        assertThat(lines.get(1)).contains("\"outcome\":\"agreed\"").doesNotContain("Hello");
    }

    /** Every verdict counter as {@code outcome rule profile provider} to its count. */
    static TreeMap<String, Double> counters(MeterRegistry meters) {
        TreeMap<String, Double> counts = new TreeMap<>();
        for (Counter c : meters.find(GuardMicrometer.VERDICTS).counters()) {
            counts.put(c.getId().getTag("outcome") + " " + c.getId().getTag("rule") + " "
                    + c.getId().getTag("profile") + " " + c.getId().getTag("provider"), c.count());
        }
        return counts;
    }
}
