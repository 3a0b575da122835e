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
        // a gateway's embeddings endpoint: no provider host, no chat path, a body with input that is no Responses input
        entry(entries, "POST", "https://llm-gateway.internal/embeddings",
                "{\"model\": \"text-embedding-3-small\", \"input\": \"hi\"}", 200, "{}");
        Path file = dir.resolve("providers.har");
        JSON.writeValue(file.toFile(), har);

        // WHEN it is reported
        JsonNode report = ReportCommandTest.json(CliRun.of("report", "--format", "json", file.toString()));

        // THEN each chat call is judged by its own family, and the other three are skipped
        assertThat(report.at("/totals/exchanges").asInt()).isEqualTo(4);
        assertThat(report.at("/totals/agreed").asInt()).isEqualTo(4);
        assertThat(report.at("/totals/skipped").asInt()).isEqualTo(3);
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

    @Test
    void should_name_a_rule_the_provider_both_confirmed_and_contradicted_and_suggest_nothing_for_it() throws Exception {
        // GIVEN the same unanswered tool call sent twice: refused once, accepted once (a gateway in between)
        ObjectNode har = JSON.createObjectNode();
        ArrayNode entries = har.putObject("log").put("version", "1.2").putArray("entries");
        String unanswered = "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}, "
                + "{\"role\": \"assistant\", \"tool_calls\": [{\"id\": \"call_1\", \"type\": \"function\", "
                + "\"function\": {\"name\": \"search\", \"arguments\": \"{}\"}}]}]}";
        entry(entries, "POST", "https://api.openai.com/v1/chat/completions", unanswered, 400, "{\"error\": {\"message\": "
                + "\"An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                + "'tool_call_id'. The following tool_call_ids did not have response messages: call_1\", "
                + "\"type\": \"invalid_request_error\"}}");
        entry(entries, "POST", "https://api.openai.com/v1/chat/completions", unanswered, 200, "{}");
        Path file = dir.resolve("mixed.har");
        JSON.writeValue(file.toFile(), har);
        Path overrides = dir.resolve("observed.yaml");

        // WHEN it is reported with suggestions asked for
        CliRun text = CliRun.of("report", "--suggest-overrides", overrides.toString(), file.toString());
        JsonNode report = ReportCommandTest.json(CliRun.of("report", "--format", "json", file.toString()));

        // THEN the rule is named with both counts, nothing is suggested and no file is written
        assertThat(report.at("/totals/confirmed").asInt()).isEqualTo(1);
        assertThat(report.at("/totals/contradicted").asInt()).isEqualTo(1);
        assertThat(report.get("mixedEvidence")).hasSize(1);
        JsonNode mixed = report.get("mixedEvidence").get(0);
        assertThat(mixed.get("profile").asText()).isEqualTo("openai-chat");
        assertThat(mixed.get("confirmed").asInt()).isEqualTo(1);
        assertThat(mixed.get("contradicted").asInt()).isEqualTo(1);
        assertThat(report.get("suggestedOverrides")).isEmpty();
        assertThat(text.out()).contains("Rules with mixed evidence (no suggestion: read their requests):\n  openai-chat: "
                + mixed.get("ruleId").asText() + " (confirmed 1, contradicted 1)\n");
        assertThat(text.err()).isEqualTo("guard: --suggest-overrides: the evidence suggests no change, so " + overrides
                + " was not written" + System.lineSeparator());
        assertThat(overrides).doesNotExist();
    }
}
