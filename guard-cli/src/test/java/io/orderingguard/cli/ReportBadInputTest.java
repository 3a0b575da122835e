package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code guard report} on bad input: one line naming the file, the line or entry and what was expected; exit 2. */
class ReportBadInputTest {

    @TempDir
    Path dir;

    private static final String OK_ENTRY = """
            {"request": {"method": "POST", "url": "https://api.anthropic.com/v1/messages",
              "postData": {"text": "{\\"model\\": \\"claude-sonnet-4-5\\", \\"max_tokens\\": 10, \\"messages\\": [{\\"role\\": \\"user\\", \\"content\\": \\"hi\\"}]}"}},
             "response": {"status": 200, "content": {"text": "{}"}}}""";

    private CliRun report(String name, String content) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return CliRun.of("report", "--format", "json", file.toString());
    }

    private String at(String name) {
        return dir.resolve(name).toString();
    }

    @Test
    void should_fail_when_a_json_file_is_neither_a_har_file_nor_an_exchange_log() throws Exception {
        CliRun run = report("x.json", "{\"entries\": []}");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("guard: " + at("x.json") + ": $: expected a HAR file ({\"log\": {\"entries\": "
                + "[...]}}) or an exchange log (a .jsonl file, one object per line), but the object has no log\n");
    }

    @Test
    void should_fail_for_one_har_entry_and_count_the_others() throws Exception {
        CliRun run = report("t.har", "{\"log\": {\"entries\": [" + OK_ENTRY + ","
                + "{\"request\": {\"method\": \"POST\", \"url\": \"https://api.anthropic.com/v1/messages\","
                + " \"postData\": {\"text\": \"not json\"}}, \"response\": {\"status\": 200}},"
                + "{\"request\": {\"method\": \"POST\", \"url\": \"https://api.anthropic.com/v1/messages\"},"
                + " \"response\": {\"status\": 200}},"
                + "{\"request\": {\"method\": \"POST\", \"url\": \"https://api.anthropic.com/v1/messages\","
                + " \"postData\": {\"text\": \"{\\\"model\\\": \\\"claude-sonnet-4-5\\\", \\\"messages\\\": 3}\"}},"
                + " \"response\": {\"status\": 200}},"
                + OK_ENTRY.replace("\"status\": 200", "\"status\": \"ok\"") + "]}}");
        assertThat(run.exitCode()).isEqualTo(2);
        String file = at("t.har");
        assertThat(run.err().lines()).containsExactly(
                "guard: " + file + ": $.log.entries[1].request.postData.text: expected a JSON request body, but found "
                        + "malformed JSON: Unrecognized token 'not': was expecting (JSON String, Number, Array, Object "
                        + "or token 'null', 'true' or 'false')",
                "guard: " + file + ": $.log.entries[2].request: expected the request body of this /v1/messages call "
                        + "in postData.text, but found none (export the HAR with content)",
                "guard: " + file + ": $.log.entries[3].request.postData.text: the /v1/messages request body cannot "
                        + "be read: $.messages: expected an array, but was a number (3)",
                "guard: " + file + ": $.log.entries[4].response.status: expected an integer, but was a string (\"ok\")");
        assertThat(run.out()).contains("\"exchanges\" : 1,").contains("\"unreadable\" : 4,");
    }

    @Test
    void should_fail_for_a_bad_exchange_log_line() throws Exception {
        CliRun run = report("log.jsonl", """
                {"dispatch": {"entries": []}}
                {"dispatch": {"entries": []}, "verdict": {"status": 700}}
                {"dispatch": {"entries": [{"kind": "message", "id": "m1", "role": "bot"}]}, "verdict": {"status": 200}}
                not json
                {"dispatch": {"entries": [{"kind": "message", "id": "m1", "role": "user", "content": "x"}]}, "verdict": {"status": 200}}
                """);
        assertThat(run.exitCode()).isEqualTo(2);
        String file = at("log.jsonl");
        assertThat(run.err().lines()).containsExactly(
                "guard: " + file + ":1: $: expected an exchange log line with dispatch and verdict (written by "
                        + "ExchangeLog), but found no verdict",
                "guard: " + file + ":2: $.verdict.status: expected an HTTP status from 0 (no answer) to 599, but was 700",
                "guard: " + file + ":3: $.dispatch.entries[0].role: expected one of user, assistant, system, but was "
                        + "\"bot\"",
                "guard: " + file + ":4: malformed JSON: Unrecognized token 'not': was expecting (JSON String, "
                        + "Number, Array, Object or token 'null', 'true' or 'false')");
        assertThat(run.out()).contains("\"exchanges\" : 1,").contains("\"unreadable\" : 4,");
        assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void should_fail_when_a_file_is_missing_or_the_format_unknown() throws Exception {
        CliRun missing = CliRun.of("report", at("none.har"));
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("guard: " + at("none.har") + ": file not found\n");
        CliRun format = CliRun.of("report", "--format", "xml", at("none.har"));
        assertThat(format.exitCode()).isEqualTo(2);
        assertThat(format.err()).startsWith("guard: --format must be text, json or markdown, but was 'xml'\n");
    }
}
