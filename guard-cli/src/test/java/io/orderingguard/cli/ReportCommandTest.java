package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code guard report} over a HAR file recorded through the JDK's HTTP client against the provider
 * emulator ({@link ReportTraffic}): the exact totals and rows, the three formats, the suggested
 * overrides round trip and {@code --fail-on}.
 */
class ReportCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static Path har;

    @BeforeAll
    static void record() throws Exception {
        har = ReportTraffic.record(dir.resolve("traffic.har"), null);
    }

    static JsonNode json(CliRun run) throws Exception {
        assertThat(run.err()).isEmpty();
        return JSON.readTree(run.out());
    }

    /** The totals of {@link ReportTraffic}, as the JSON report prints them. */
    static void assertRecordedTotals(JsonNode totals, int skipped) {
        assertThat(totals.toString()).isEqualTo("{\"exchanges\":7,\"accepted\":3,\"rejected\":3,\"guardWouldBlock\":3,"
                + "\"confirmed\":1,\"contradicted\":2,\"missed\":1,\"agreed\":1,\"unjudged\":2,\"unreadable\":0,"
                + "\"skipped\":" + skipped + ",\"precision\":0.3333,\"recall\":0.5}");
    }

    @Test
    void should_count_the_recorded_traffic_exactly() throws Exception {
        // WHEN the HAR file is reported
        CliRun run = CliRun.of("report", "--format", "json", har.toString());

        // THEN the totals, rows and texts are exactly those of the recorded exchanges
        assertThat(run.exitCode()).isZero();
        JsonNode report = json(run);
        assertRecordedTotals(report.get("totals"), 1);
        assertThat(report.get("rules").toString()).isEqualTo("[{\"ruleId\":\"(no rule)\",\"profiles\":"
                + "[\"anthropic-messages\"],\"wouldBlock\":0,\"confirmed\":0,\"contradicted\":0,\"missed\":1,"
                + "\"precision\":null,\"recall\":0.0},{\"ruleId\":\"anthropic-tool-result-has-tool-use\",\"profiles\":"
                + "[\"anthropic-messages\"],\"wouldBlock\":2,\"confirmed\":0,\"contradicted\":2,\"missed\":0,"
                + "\"precision\":0.0,\"recall\":null},{\"ruleId\":\"anthropic-tool-use-has-result\",\"profiles\":"
                + "[\"anthropic-messages\"],\"wouldBlock\":1,\"confirmed\":1,\"contradicted\":0,\"missed\":0,"
                + "\"precision\":1.0,\"recall\":1.0}]");
        assertThat(report.get("families").toString()).isEqualTo("[{\"family\":\"anthropic-messages\",\"exchanges\":7,"
                + "\"accepted\":3,\"rejected\":3,\"guardWouldBlock\":3,\"confirmed\":1,\"contradicted\":2,\"missed\":1,"
                + "\"agreed\":1,\"unjudged\":2,\"precision\":0.3333,\"recall\":0.5}]");
        assertThat(report.get("unclassifiedRejections").toString()).isEqualTo("[{\"text\":\"max_tokens: 100000 > "
                + "64000, which is the maximum allowed number of output tokens\",\"outcome\":\"unjudged\",\"count\":1},"
                + "{\"text\":\"" + ReportTraffic.UNCLASSIFIED + "\",\"outcome\":\"missed\",\"count\":1}]");
        assertThat(report.get("suggestedOverrides").toString()).isEqualTo("[{\"profile\":\"anthropic-messages\","
                + "\"ruleId\":\"anthropic-tool-result-has-tool-use\",\"severity\":\"advisory\","
                + "\"reason\":\"contradicted 2, confirmed 0\"}]");
    }

    @Test
    void should_print_the_counts_as_text_and_markdown() {
        CliRun text = CliRun.of("report", har.toString());
        assertThat(text.exitCode()).isZero();
        assertThat(text.out()).startsWith("""
                7 exchanges: 3 accepted, 3 rejected (400/422); the guard would block 3
                confirmed 1, contradicted 2, missed 1, agreed 1, unjudged 2; unreadable 0, skipped 1
                precision 0.33 (1 of 3), recall 0.50 (1 of 2)
                """);
        assertThat(text.out()).contains("  anthropic-tool-use-has-result                 1          1             0"
                        + "       0       1.00    1.00\n")
                .contains("  1x \"" + ReportTraffic.UNCLASSIFIED + "\" (missed)\n")
                .contains("  anthropic-messages: demote anthropic-tool-result-has-tool-use to advisory (contradicted 2, "
                        + "confirmed 0)\n");

        CliRun markdown = CliRun.of("report", "--format", "markdown", har.toString());
        assertThat(markdown.out()).startsWith("# Ordering guard report\n\n")
                .contains("| rule | would-block | confirmed | contradicted | missed | precision | recall |\n"
                        + "|---|---:|---:|---:|---:|---:|---:|\n")
                .contains("| anthropic-tool-result-has-tool-use | 2 | 0 | 2 | 0 | 0.00 | - |\n");
    }

    @Test
    void should_remove_every_contradicted_finding_and_nothing_else_when_the_suggested_overrides_are_applied()
            throws Exception {
        for (String name : new String[] {"observed.yaml", "observed.json"}) {
            // GIVEN the overrides the report suggests
            Path overrides = dir.resolve(name);
            JsonNode before = json(CliRun.of("report", "--format", "json", "--suggest-overrides", overrides.toString(),
                    har.toString()));
            assertThat(before.get("overrideFiles").get(0).asText()).isEqualTo(overrides.toString());

            // WHEN the traffic is reported again with them
            JsonNode after = json(CliRun.of("report", "--format", "json", "--profile-file", overrides.toString(),
                    har.toString()));

            // THEN the contradicted exchanges are agreed, and every other count is unchanged
            assertThat(after.get("totals").toString()).as(name).isEqualTo("{\"exchanges\":7,\"accepted\":3,"
                    + "\"rejected\":3,\"guardWouldBlock\":1,\"confirmed\":1,\"contradicted\":0,\"missed\":1,"
                    + "\"agreed\":3,\"unjudged\":2,\"unreadable\":0,\"skipped\":1,\"precision\":1.0,\"recall\":0.5}");
            assertThat(after.get("rules").toString()).isEqualTo("[{\"ruleId\":\"(no rule)\",\"profiles\":"
                    + "[\"anthropic-messages-observed\"],\"wouldBlock\":0,\"confirmed\":0,\"contradicted\":0,"
                    + "\"missed\":1,\"precision\":null,\"recall\":0.0},{\"ruleId\":\"anthropic-tool-use-has-result\","
                    + "\"profiles\":[\"anthropic-messages-observed\"],\"wouldBlock\":1,\"confirmed\":1,\"contradicted\":0,"
                    + "\"missed\":0,\"precision\":1.0,\"recall\":1.0}]");
            assertThat(after.get("suggestedOverrides").size()).isZero();
        }
        assertThat(Files.readString(dir.resolve("observed.yaml"))).isEqualTo("""
                # Suggested by guard report: apply with --profile-file, or in code with ProfileCodec.
                name: anthropic-messages-observed
                description: Severities of anthropic-messages that 7 recorded exchanges suggest (guard report)
                extends: [anthropic-messages]
                overrides:
                  anthropic-tool-result-has-tool-use: {severity: advisory}   # contradicted 2, confirmed 0
                """);
    }

    @Test
    void should_exit_1_when_an_outcome_given_to_fail_on_occurs() throws Exception {
        assertThat(CliRun.of("report", "--fail-on", "contradicted", har.toString()).exitCode()).isEqualTo(1);
        assertThat(CliRun.of("report", "--fail-on", "missed", har.toString()).exitCode()).isEqualTo(1);
        Path overrides = dir.resolve("fail-on.yaml");
        CliRun.of("report", "--suggest-overrides", overrides.toString(), har.toString());
        assertThat(CliRun.of("report", "--fail-on", "contradicted", "--profile-file", overrides.toString(),
                har.toString()).exitCode()).isZero();
        CliRun bad = CliRun.of("report", "--fail-on", "agreed", har.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).startsWith("guard: --fail-on must be contradicted or missed, but was 'agreed'\n");
    }

    @Test
    void should_write_a_profile_read_from_a_file_with_the_severities_changed() throws Exception {
        // GIVEN a profile of its own, with one rule per pairing direction
        Path custom = dir.resolve("custom.yaml");
        Files.writeString(custom, """
                name: my-claude
                description: pairing only
                rules:
                  - {type: toolResultPairing, id: my-unanswered, unanswered: true, orphans: false, severity: blocking}
                  - {type: toolResultPairing, id: my-orphans, unanswered: false, orphans: true, severity: blocking}
                """);
        Path overrides = dir.resolve("my-claude-observed.yaml");

        // WHEN the traffic is reported with it
        JsonNode before = json(CliRun.of("report", "--format", "json", "--profile-file", custom.toString(),
                "--suggest-overrides", overrides.toString(), har.toString()));

        // THEN the suggestion is the profile itself with the contradicted rule advisory
        assertThat(before.get("suggestedOverrides").toString()).isEqualTo("[{\"profile\":\"my-claude\","
                + "\"ruleId\":\"my-orphans\",\"severity\":\"advisory\",\"reason\":\"contradicted 2, confirmed 0\"}]");
        JsonNode written = JSON.readTree(overrides.toFile());
        assertThat(written.path("name").asText()).isEqualTo("my-claude-observed");
        assertThat(written.path("rules").findValuesAsText("severity")).containsExactly("blocking", "advisory");
        JsonNode after = json(CliRun.of("report", "--format", "json", "--profile-file", overrides.toString(),
                har.toString()));
        assertThat(after.at("/totals/contradicted").asInt()).isZero();
        assertThat(after.at("/totals/confirmed").asInt()).isEqualTo(1);
        assertThat(after.at("/totals/agreed").asInt()).isEqualTo(3);
    }
}
