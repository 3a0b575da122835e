package io.orderingguard.cli;

import static io.orderingguard.cli.CheckWireTest.ANTHROPIC;
import static io.orderingguard.cli.CheckWireTest.OPENAI;
import static io.orderingguard.cli.CheckWireTest.OPENAI_OK;
import static io.orderingguard.cli.CheckWireTest.assertUsage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code guard check --mode mutate --output DIR}: what would be sent, written in the input's own format. */
class CheckOutputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Pairs calls with results (repairable) and wants a signature on each call (not repairable without one). */
    private static final String PROFILE = "{\"name\": \"strict\", \"rules\": ["
            + "{\"type\": \"toolResultPairing\", \"id\": \"pairing\", \"severity\": \"blocking\"},"
            + "{\"type\": \"requiredMetadata\", \"id\": \"signed-calls\", \"kind\": \"toolCall\", "
            + "\"applyTo\": \"first-in-group\", \"requiredPayloadKey\": \"thoughtSignature\", \"severity\": \"blocking\"}]}";
    /** A body with an unsigned call: rejected even in mutate mode under {@link #PROFILE}. */
    private static final String UNSIGNED = "{\"model\": \"gpt-4o\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"},"
            + " {\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"call_1\", \"type\": \"function\","
            + " \"function\": {\"name\": \"search\", \"arguments\": \"{}\"}}]},"
            + " {\"role\": \"tool\", \"tool_call_id\": \"call_1\", \"content\": \"ok\"}]}";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    @Test
    void should_write_each_repaired_body_under_its_file_name_changed_only_where_repaired() throws IOException {
        Path body = write("in/claude.json", ANTHROPIC);
        Path out = dir.resolve("out");

        CliRun run = CliRun.of("check", "--wire", "auto", "--mode", "mutate", "--output", out.toString(), body.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("\n  written to " + out.resolve("claude.json") + "\n");
        JsonNode expected = JSON.readTree(ANTHROPIC);
        // the one change: the unanswered call gets an error result, first in the next user message
        ((com.fasterxml.jackson.databind.node.ObjectNode) expected.at("/messages/2")).set("content", JSON.readTree(
                "[{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_01\", \"content\": \"Tool call was not executed:"
                        + " the conversation has no result for it.\", \"is_error\": true},"
                        + " {\"type\": \"text\", \"text\": \"and Rome?\"}]"));
        assertThat(JSON.readTree(out.resolve("claude.json").toFile())).isEqualTo(expected);
        // spliced into the file's bytes: only the changed content array is written anew
        String last = "{\"role\": \"user\", \"content\": ";
        int at = ANTHROPIC.lastIndexOf(last) + last.length();
        int end = at + "\"and Rome?\"".length();
        assertThat(Files.readString(out.resolve("claude.json"))).isEqualTo(ANTHROPIC.substring(0, at)
                + JSON.writeValueAsString(expected.at("/messages/2/content")) + ANTHROPIC.substring(end));
    }

    @Test
    void should_keep_a_request_log_a_request_log_with_one_line_per_sent_body() throws IOException {
        Path log = write("in/requests.jsonl", OPENAI + "\n" + UNSIGNED + "\nnot json\n" + OPENAI_OK + "\n");
        Path out = dir.resolve("out");

        CliRun run = CliRun.of("check", "--wire", "auto", "--mode", "mutate", "--profile-file",
                write("p.json", PROFILE).toString(), "--output", out.toString(), "--format", "json", log.toString());

        JsonNode results = JSON.readTree(run.out()).get("results");
        List<String> lines = Files.readAllLines(out.resolve("requests.jsonl"));
        assertThat(lines).hasSize(2);
        assertThat(results.get(1).get("outcome").asText()).isEqualTo("rejected");
        assertThat(results.get(1).has("output")).isFalse();
        assertThat(JSON.readTree(lines.get(0))).isEqualTo(JSON.readTree("{\"model\": \"gpt-4o\", \"messages\": ["
                + "{\"role\": \"system\", \"content\": \"Be brief.\"}, {\"role\": \"user\", \"content\": \"hi\"}]}"));
        assertThat(JSON.readTree(lines.get(1))).isEqualTo(JSON.readTree(OPENAI_OK));
        assertThat(results.get(0).get("output").asText()).isEqualTo(out.resolve("requests.jsonl") + ":1");
        assertThat(results.get(2).get("line").asInt()).isEqualTo(3);
        assertThat(results.get(2).has("error")).isTrue();
        assertThat(results.get(3).get("output").asText()).isEqualTo(out.resolve("requests.jsonl") + ":2");
        assertThat(run.exitCode()).isEqualTo(2);
    }

    @Test
    void should_not_write_a_rejected_request_and_remove_an_older_output_of_it() throws IOException {
        Path p = write("p.json", PROFILE);
        Path body = write("in/empty.json", UNSIGNED);
        Path out = dir.resolve("out");
        write("out/empty.json", "{\"stale\": true}");

        CliRun run = CliRun.of("check", "--wire", "auto", "--mode", "mutate", "--profile-file", p.toString(),
                "--output", out.toString(), body.toString());

        assertThat(run.out()).startsWith(body + ": REJECTED");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(out.resolve("empty.json")).doesNotExist();
    }

    @Test
    void should_write_repaired_dispatch_documents_without_wire() throws IOException {
        Path doc = write("in/d.json", "{\"conversationId\": \"c-1\", \"model\": \"gpt-4o\", \"entries\": ["
                + "{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"user\", \"content\": \"q\"},"
                + "{\"kind\": \"toolCall\", \"id\": \"call_9\", \"tool\": \"search\", \"requested\": false,"
                + " \"result\": {\"content\": \"late\"}}]}");
        Path out = dir.resolve("out");

        CliRun run = CliRun.of("check", "--mode", "mutate", "--output", out.toString(), doc.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(JSON.readTree(out.resolve("d.json").toFile())).isEqualTo(JSON.readTree("{\"conversationId\": \"c-1\","
                + " \"model\": \"gpt-4o\", \"entries\": [{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"user\","
                + " \"content\": \"q\"}]}"));
    }

    @Test
    void should_refuse_an_output_that_cannot_hold_the_results() throws IOException {
        Path body = write("in/b.json", OPENAI_OK);
        Path twin = write("other/b.json", OPENAI_OK);
        Path file = write("a-file", "x");

        assertUsage("guard: --output writes what mutate would send: it needs --mode mutate, but the mode is enforce",
                "check", "--wire", "auto", "--output", dir.resolve("out").toString(), body.toString());
        assertUsage("guard: --output writes what mutate would send: it needs --mode mutate, but the mode is shadow",
                "check", "--wire", "auto", "--mode", "shadow", "--output", dir.resolve("out").toString(), body.toString());
        assertUsage("guard: --output " + body.getParent() + ": it holds the input " + body + ", which would be "
                + "overwritten; choose another directory", "check", "--wire", "auto", "--mode", "mutate", "--output",
                body.getParent().toString(), body.toString());
        assertUsage("guard: --output " + dir.resolve("out") + ": the inputs " + body + " and " + twin + " would both be "
                + "written to " + dir.resolve("out").resolve("b.json"), "check", "--wire", "auto", "--mode", "mutate",
                "--output", dir.resolve("out").toString(), body.toString(), twin.toString());
        assertUsage("guard: --output " + file + ": expected a directory, but it is a file", "check", "--wire", "auto",
                "--mode", "mutate", "--output", file.toString(), body.toString());
    }
}
