package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.exchange.ExchangeLog;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: a real {@link OrderingGuard} in shadow mode with an {@link ExchangeLog} checks each
 * request of {@link ReportTraffic}, the request goes to the emulator, and {@code answered} joins the
 * answer; {@code guard report} over the log then counts exactly what it counts over the HAR file of
 * the same traffic, and the log holds no text the conversations sent.
 */
class ExchangeLogReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static Path log;

    @BeforeAll
    static void run() throws Exception {
        log = dir.resolve("logs/exchanges.jsonl");
        HttpClient client = HttpClient.newHttpClient();
        try (ExchangeLog exchanges = ExchangeLog.builder(log).build()) {
            OrderingGuard guard = OrderingGuard.builder().mode(Mode.SHADOW).selectProfiles(Profiles.selector())
                    .listener(exchanges).build();
            ReportTraffic.record(dir.resolve("unused.har"), (url, body) -> {
                Dispatch dispatch = WireFormat.ANTHROPIC_MESSAGES.codec().orElseThrow()
                        .read(JSON.readTree(body), WireContext.empty()).dispatch();
                GuardResult result = guard.check(dispatch);
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url))
                        .header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
                guard.answered(result, ProviderAnswer.of(response.statusCode(), response.body()));
                return response;
            });
            exchanges.flush();
            assertThat(exchanges.written()).isEqualTo(7);
            assertThat(exchanges.dropped()).isZero();
        }
    }

    @Test
    void should_report_the_exchange_log_with_the_totals_of_the_traffic() throws Exception {
        CliRun run = CliRun.of("report", "--format", "json", log.toString());
        assertThat(run.exitCode()).isZero();
        JsonNode report = ReportCommandTest.json(run);
        ReportCommandTest.assertRecordedTotals(report.get("totals"), 0);
        assertThat(report.get("suggestedOverrides").toString()).isEqualTo("[{\"profile\":\"anthropic-messages\","
                + "\"ruleId\":\"anthropic-tool-result-has-tool-use\",\"severity\":\"advisory\","
                + "\"reason\":\"contradicted 2, confirmed 0\"}]");
    }

    @Test
    void should_remove_every_contradicted_finding_and_nothing_else_with_the_suggested_overrides() throws Exception {
        Path overrides = dir.resolve("observed.yaml");
        CliRun.of("report", "--suggest-overrides", overrides.toString(), log.toString());
        JsonNode after = ReportCommandTest.json(CliRun.of("report", "--format", "json", "--profile-file",
                overrides.toString(), log.toString()));
        assertThat(after.get("totals").toString()).isEqualTo("{\"exchanges\":7,\"accepted\":3,\"rejected\":3,"
                + "\"guardWouldBlock\":1,\"confirmed\":1,\"contradicted\":0,\"missed\":1,\"agreed\":3,\"unjudged\":2,"
                + "\"unreadable\":0,\"skipped\":0,\"precision\":1.0,\"recall\":0.5}");
    }

    @Test
    void should_hold_no_text_the_conversations_sent() throws Exception {
        String written = Files.readString(log);
        assertThat(written.lines()).hasSize(7);
        for (String text : ReportTraffic.TEXTS) {
            assertThat(written).as(text).doesNotContain(text);
        }
        for (String body : ReportTraffic.BODIES) {
            JsonNode tree = JSON.readTree(body);
            for (JsonNode message : tree.path("messages")) {
                JsonNode content = message.path("content");
                if (content.isTextual()) {
                    assertThat(written).doesNotContain(content.asText());
                }
                for (JsonNode block : content) {
                    for (String field : new String[] {"text", "content"}) {
                        if (block.path(field).isTextual()) {
                            assertThat(written).doesNotContain(block.path(field).asText());
                        }
                    }
                    block.path("input").forEach(v -> assertThat(written).doesNotContain(v.asText()));
                    for (String id : new String[] {"id", "tool_use_id"}) {
                        if (block.path(id).isTextual()) {
                            assertThat(written).doesNotContain(block.path(id).asText());
                        }
                    }
                }
            }
        }
    }
}
