package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.testing.emulator.EmulatorRule;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code guard report} reads what a HAR entry's URL says (the surface from the path, the model of a
 * Gemini or Bedrock path, the provider from the host), skips the calls that are no chat, and suggests
 * promoting an advisory the provider confirms.
 */
class ReportSelectionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static void entry(ArrayNode entries, String method, String url, String body, int status, String response) {
        ObjectNode e = entries.addObject();
        ObjectNode request = e.putObject("request").put("method", method).put("url", url);
        if (body != null) {
            request.putObject("postData").put("mimeType", "application/json").put("text", body);
        }
        e.putObject("response").put("status", status).putObject("content").put("text", response);
    }

    @Test
    void should_select_each_family_from_the_url_and_skip_calls_that_are_no_chat() throws Exception {
        // GIVEN calls to the providers' own hosts, recorded by a browser-like client
        ObjectNode har = JSON.createObjectNode();
        ArrayNode entries = har.putObject("log").put("version", "1.2").putArray("entries");
        String user = "{\"role\": \"user\", \"content\": \"hi\"}";
        entry(entries, "POST", "https://api.openai.com/v1/chat/completions",
                "{\"model\": \"gpt-4o\", \"messages\": [" + user + "]}", 200, "{}");
        entry(entries, "POST", "https://api.openai.com/v1/responses",
                "{\"model\": \"gpt-5\", \"input\": [" + user + "]}", 200, "{}");
        entry(entries, "POST", "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent",
                "{\"contents\": [{\"role\": \"user\", \"parts\": [{\"text\": \"hi\"}]}]}", 200, "{}");
        entry(entries, "POST", "https://bedrock-runtime.us-east-1.amazonaws.com/model/"
                        + "us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse",
                "{\"messages\": [{\"role\": \"user\", \"content\": [{\"text\": \"hi\"}]}]}", 200, "{}");
        entry(entries, "GET", "https://api.openai.com/v1/models", null, 200, "{}");
        entry(entries, "POST", "https://api.openai.com/v1/embeddings",
                "{\"model\": \"text-embedding-3-small\", \"input\": [\"hi\"]}", 200, "{}");
        Path file = dir.resolve("providers.har");
        JSON.writeValue(file.toFile(), har);

        // WHEN it is reported
        JsonNode report = ReportCommandTest.json(CliRun.of("report", "--format", "json", file.toString()));

        // THEN each chat call is judged by its own family, and the other two are skipped
        assertThat(report.at("/totals/exchanges").asInt()).isEqualTo(4);
        assertThat(report.at("/totals/agreed").asInt()).isEqualTo(4);
        assertThat(report.at("/totals/skipped").asInt()).isEqualTo(2);
        assertThat(report.get("families").findValuesAsText("family")).containsExactly("bedrock-converse-claude",
                "gemini-2-5-api", "openai-chat", "openai-responses");
    }

    @Test
    void should_suggest_promoting_an_advisory_the_provider_confirms() throws Exception {
        // GIVEN a gateway that rejects consecutive user turns, which the family only advises against
        HarRecorder recorder = new HarRecorder();
        String consecutive = "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 64, \"messages\": ["
                + "{\"role\": \"user\", \"content\": \"one\"}, {\"role\": \"user\", \"content\": \"two\"}]}";
        try (ProviderEmulator gateway = ProviderEmulator.builder().enable(EmulatorRule.ANTHROPIC_ROLES_NOT_ALTERNATING)
                .start()) {
            recorder.post(gateway.anthropicBaseUrl() + "/messages", consecutive);
        }
        Path file = recorder.write(dir.resolve("gateway.har"));
        Path overrides = dir.resolve("observed.yaml");

        // WHEN it is reported
        JsonNode before = ReportCommandTest.json(CliRun.of("report", "--format", "json", "--suggest-overrides",
                overrides.toString(), file.toString()));

        // THEN the rejection is missed with the advisory's rule, and promoting it turns it into confirmed
        assertThat(before.at("/totals/missed").asInt()).isEqualTo(1);
        assertThat(before.get("suggestedOverrides").toString()).isEqualTo("[{\"profile\":\"anthropic-messages\","
                + "\"ruleId\":\"anthropic-role-alternation\",\"severity\":\"blocking\","
                + "\"reason\":\"advisory confirmed by 1 rejection(s), never accepted\"}]");
        assertThat(Files.readString(overrides)).contains(
                "  anthropic-role-alternation: {severity: blocking}   # advisory confirmed by 1 rejection(s), never accepted\n");
        JsonNode after = ReportCommandTest.json(CliRun.of("report", "--format", "json", "--profile-file",
                overrides.toString(), file.toString()));
        assertThat(after.at("/totals/missed").asInt()).isZero();
        assertThat(after.at("/totals/confirmed").asInt()).isEqualTo(1);
    }
}
