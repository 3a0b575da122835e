package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code guard check --wire}: provider request bodies and request logs, with findings at their wire positions. */
class CheckWireTest {

    /** An Anthropic body whose last tool call has no result. */
    static final String ANTHROPIC = "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 1024, \"messages\": ["
            + "{\"role\": \"user\", \"content\": \"weather in Paris?\"},"
            + "{\"role\": \"assistant\", \"content\": [{\"type\": \"text\", \"text\": \"Checking.\"},"
            + "{\"type\": \"tool_use\", \"id\": \"toolu_01\", \"name\": \"weather\", \"input\": {\"city\": \"Paris\"},"
            + " \"cache_control\": {\"type\": \"ephemeral\"}}]},"
            + "{\"role\": \"user\", \"content\": \"and Rome?\"}],"
            + " \"tools\": [{\"name\": \"weather\", \"input_schema\": {\"type\": \"object\"}}]}";
    /** An OpenAI Chat body whose tool message answers no call (a memory window evicted it). */
    static final String OPENAI = "{\"model\": \"gpt-4o\", \"messages\": ["
            + "{\"role\": \"system\", \"content\": \"Be brief.\"},"
            + "{\"role\": \"user\", \"content\": \"hi\"},"
            + "{\"role\": \"tool\", \"tool_call_id\": \"call_9\", \"content\": \"late\"}]}";
    /** A healthy OpenAI Chat body. */
    static final String OPENAI_OK = "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}";

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void should_name_the_wire_position_of_each_finding_in_text() throws IOException {
        Path body = write("claude.json", ANTHROPIC);

        CliRun run = CliRun.of("check", "--wire", "auto", body.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).startsWith(body + ": REJECTED (wire anthropic-messages, profile anthropic-messages, model "
                + "claude-sonnet-4-5)\n");
        assertThat(run.out()).contains("\n  blocking  anthropic-tool-use-has-result [toolResultPairing] toolu_01 at "
                + "messages[1].content[1]\n      tool call 'toolu_01' (weather) has no result\n");
        assertThat(run.out()).endsWith("\n1 dispatch checked: 0 sent, 1 rejected\n");
    }

    @Test
    void should_check_a_request_log_line_by_line_and_name_file_line_surface_and_positions_in_json() throws IOException {
        Path log = write("requests.jsonl", ANTHROPIC + "\n" + OPENAI + "\n\n" + OPENAI_OK + "\n");

        CliRun run = CliRun.of("check", "--wire", "auto", "--format", "json", log.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode envelope = JSON.readTree(run.out());
        assertThat(envelope.get("summary").toString())
                .isEqualTo("{\"dispatches\":3,\"sent\":1,\"rejected\":2,\"badInputs\":0}");
        JsonNode results = envelope.get("results");
        assertThat(results.size()).isEqualTo(3);
        assertThat(results.get(0).get("file").asText()).isEqualTo(log.toString());
        assertThat(results.get(0).get("line").asInt()).isEqualTo(1);
        assertThat(results.get(0).get("wire").asText()).isEqualTo("anthropic-messages");
        assertThat(results.get(0).at("/blocking/0/wirePositions").toString())
                .isEqualTo("{\"toolu_01\":\"messages[1].content[1]\"}");
        assertThat(results.get(1).get("line").asInt()).isEqualTo(2);
        assertThat(results.get(1).get("wire").asText()).isEqualTo("openai-chat");
        assertThat(results.get(1).get("blocking").toString()).isEqualTo("[{\"ruleId\":"
                + "\"openai-tool-message-follows-tool-calls\",\"ruleType\":\"toolResultPairing\",\"severity\":\"blocking\","
                + "\"profile\":\"openai-chat\",\"primitiveIds\":[\"call_9\"],"
                + "\"detail\":\"tool result 'call_9' answers no tool call in the conversation\",\"providerError\":"
                + "\"Invalid parameter: messages with role 'tool' must be a response to a preceeding message with "
                + "'tool_calls'.\",\"wirePositions\":{\"call_9\":\"messages[2]\"}}]");
        assertThat(results.get(2).get("line").asInt()).isEqualTo(4);
        assertThat(results.get(2).get("outcome").asText()).isEqualTo("passed");
    }

    @Test
    void should_take_the_model_from_the_option_only_when_the_body_names_none() throws IOException {
        Path noModel = write("no-model.json", OPENAI_OK.replace("\"model\": \"gpt-4o\", ", ""));
        Path own = write("own.json", OPENAI_OK);

        CliRun without = CliRun.of("check", "--wire", "openai-chat", noModel.toString());
        CliRun with = CliRun.of("check", "--wire", "openai-chat", "--model", "o3", "--format", "json", noModel.toString(),
                own.toString());

        assertThat(without.exitCode()).isEqualTo(2);
        assertThat(without.err()).isEqualTo("guard: " + noModel + ": the openai-chat body names no model, so no profile "
                + "can be chosen for it: give --model MODEL (the model of its URL path) or a profile with -p\n");
        assertThat(without.out()).isEqualTo("0 dispatches checked: 0 sent, 0 rejected; 1 bad input (see stderr)\n");
        assertThat(with.exitCode()).isZero();
        JsonNode results = JSON.readTree(with.out()).get("results");
        assertThat(results.get(0).at("/timeline/model").asText()).isEqualTo("o3");
        assertThat(results.get(1).at("/timeline/model").asText()).isEqualTo("gpt-4o");
    }

    @Test
    void should_let_the_provider_option_name_a_gateway_or_host() throws IOException {
        Path body = write("deepseek.json", "{\"model\": \"deepseek-chat\", \"messages\": [{\"role\": \"user\", "
                + "\"content\": \"hi\"}]}");

        CliRun run = CliRun.of("check", "--wire", "openai-chat", "--provider", "deepseek", "--format", "json",
                body.toString());

        assertThat(run.exitCode()).isZero();
        JsonNode result = JSON.readTree(run.out()).at("/results/0");
        assertThat(result.at("/timeline/provider").asText()).isEqualTo("deepseek");
        assertThat(result.at("/selection/reason").asText()).startsWith("model 'deepseek-chat' on 'deepseek' -> ");
    }

    @Test
    void should_report_each_bad_body_with_file_line_and_path_and_go_on_with_the_batch() throws IOException {
        Path log = write("log.jsonl", "not json\n"
                + "[1, 2]\n"
                + "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": 5}]}\n"
                + "{\"model\": \"gpt-4o\"}\n"
                + OPENAI_OK + "\n");
        Path notJson = write("body.json", "{\"model\": \"gpt-4o\",\n \"messages\": [\n");
        Path wrongType = write("multi-line.json", "{\"model\": \"claude-sonnet-4-5\", \"max_tokens\": 10,\n"
                + " \"messages\": [\n  {\"role\": \"user\", \"content\": \"hi\"},\n"
                + "  {\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": 7}]}]}\n");

        CliRun run = CliRun.of("check", "--wire", "auto", log.toString(), notJson.toString(), wrongType.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("guard: " + log + ":1: malformed JSON: Unrecognized token 'not': was expecting "
                + "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')\n"
                + "guard: " + log + ":2: $: expected an object, but was an array\n"
                + "guard: " + log + ":3: $.messages[0].content: expected a string or an array of content parts, "
                + "but was a number (5)\n"
                + "guard: " + log + ":4: $: expected a request body with messages (Anthropic Messages, OpenAI Chat, "
                + "Bedrock Converse), contents (Gemini) or input (OpenAI Responses), but found none of them\n"
                + "guard: " + notJson + ":3: malformed JSON: Unexpected end-of-input: expected close marker for Array (start marker at line 2, column 14)\n"
                + "guard: " + wrongType + ":4: $.messages[1].content[0].id: expected a string, but was a number (7)\n");
        assertThat(run.err()).doesNotContain("\tat ");
        assertThat(run.out()).startsWith(log + ":5: PASSED (wire openai-chat, profile openai-chat, model gpt-4o)\n");
        assertThat(run.out()).endsWith("1 dispatch checked: 1 sent, 0 rejected; 6 bad inputs (see stderr)\n");
    }

    @Test
    void should_say_which_surface_a_body_looks_like_when_the_given_one_does_not_read_it() throws IOException {
        Path body = write("claude.json", ANTHROPIC);

        CliRun run = CliRun.of("check", "--wire", "openai-chat", body.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("guard: " + body + ": $.messages[1].content[1].type: unknown content part type "
                + "\"tool_use\", kept as a placeholder (the body looks like anthropic-messages, not openai-chat: try --wire "
                + "auto)\n");
    }

    @Test
    void should_reject_bad_wire_options_with_exit_2() throws IOException {
        Path body = write("b.json", OPENAI_OK);
        Path document = write("d.json", "{\"entries\": []}");

        assertUsage("guard: --wire must be auto or one of anthropic-messages, openai-chat, openai-responses, gemini, "
                + "bedrock-converse, but was 'anthropic'", "check", "--wire", "anthropic", body.toString());
        assertUsage("guard: --provider applies to provider bodies read with --wire; a dispatch document names its own "
                + "provider", "check", "--provider", "azure", document.toString());
        assertUsage("guard: --model must not be blank", "check", "--model", "", document.toString());
        assertUsage("guard: --model must not be blank", "check", "--wire", "auto", "--model", " ", body.toString());
        assertUsage("guard: --previous takes a dispatch document of a conversation, but provider bodies (--wire) name "
                + "no conversation: each body is checked on its own", "check", "--wire", "auto", "--previous",
                document.toString(), body.toString());
    }

    static void assertUsage(String message, String... args) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
        assertThat(run.err()).as(String.join(" ", args)).isEqualTo(message + "\nTry 'guard check --help' for usage.\n");
        assertThat(run.out()).isEmpty();
    }
}
