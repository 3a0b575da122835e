package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {

    private static final String PROFILE = """
            {"name": "pairing", "description": "calls and results pair up",
             "rules": [{"type": "toolResultPairing", "id": "pairing", "severity": "blocking",
                        "providerError": "tool_use ids were found without tool_result blocks"},
                       {"type": "alternation", "id": "alt", "roles": ["user", "assistant"]}]}
            """;
    private static final String BROKEN = """
            {"conversationId": "c-1", "model": "m",
             "entries": [{"kind": "message", "id": "u1", "role": "user", "content": "q"},
                         {"kind": "message", "id": "u2", "role": "user", "content": "again"},
                         {"kind": "toolCall", "id": "call_1", "tool": "search", "args": {"q": "x"}}]}
            """;
    private static final String HEALTHY = """
            {"conversationId": "c-2",
             "entries": [{"kind": "message", "id": "u1", "role": "user", "content": "q"},
                         {"kind": "message", "id": "a1", "role": "assistant", "content": "a"}]}
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void should_print_the_result_object_and_exit_1_when_rejected() throws IOException {
        CliRun run = CliRun.of("check", "--format", "json", "--profile-file", write("p.json", PROFILE).toString(),
                write("d.json", BROKEN).toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).isEmpty();
        JsonNode envelope = new ObjectMapper().readTree(run.out());
        assertThat(envelope.get("mode").asText()).isEqualTo("enforce");
        assertThat(envelope.get("summary").toString()).isEqualTo("{\"dispatches\":1,\"sent\":0,\"rejected\":1,\"badInputs\":0}");
        assertThat(envelope.get("results").size()).isEqualTo(1);
        JsonNode result = envelope.get("results").get(0);
        assertThat(result.get("file").asText()).isEqualTo(dir.resolve("d.json").toString());
        assertThat(result.has("line")).isFalse();
        assertThat(result.has("wire")).isFalse();
        assertThat(result.get("sent").asBoolean()).isFalse();
        assertThat(result.get("conversationId").asText()).isEqualTo("c-1");
        assertThat(result.get("outcome").asText()).isEqualTo("rejected");
        assertThat(result.get("profile").asText()).isEqualTo("pairing");
        assertThat(result.get("blocking").toString()).isEqualTo("[{\"ruleId\":\"pairing\",\"ruleType\":\"toolResultPairing\","
                + "\"severity\":\"blocking\",\"profile\":\"pairing\",\"primitiveIds\":[\"call_1\"],"
                + "\"detail\":\"tool call 'call_1' (search) has no result\","
                + "\"providerError\":\"tool_use ids were found without tool_result blocks\"}]");
        assertThat(result.get("advisories").get(0).get("ruleId").asText()).isEqualTo("alt");
        assertThat(result.get("repairs").size()).isZero();
        assertThat(result.get("unrepaired").size()).isEqualTo(1);
        assertThat(result.get("repairFailures").size()).isZero();
        assertThat(result.get("timeline").get("entries").size()).isEqualTo(3);
    }

    @Test
    void should_print_repairs_and_the_repaired_timeline_in_mutate_mode() throws IOException {
        CliRun run = CliRun.of("check", "--mode", "mutate", "--format", "json", "--profile-file",
                write("p.json", PROFILE).toString(), write("d.json", BROKEN).toString());
        assertThat(run.exitCode()).isZero();
        JsonNode result = new ObjectMapper().readTree(run.out()).get("results").get(0);
        assertThat(result.get("outcome").asText()).isEqualTo("repaired");
        assertThat(result.get("sent").asBoolean()).isTrue();
        assertThat(result.get("repairs").get(0).get("strategy").asText()).isEqualTo("synthesize-missing-tool-result");
        JsonNode call = null;
        for (JsonNode entry : result.at("/timeline/entries")) {
            if ("call_1".equals(entry.path("id").asText())) {
                call = entry;
            }
        }
        assertThat(call).isNotNull();
        assertThat(call.at("/result/isError").asBoolean()).isTrue();
    }

    @Test
    void should_show_findings_and_the_provider_error_in_text() throws IOException {
        Path d = write("d.json", BROKEN);
        CliRun run = CliRun.of("check", "--profile-file", write("p.json", PROFILE).toString(), d.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).isEqualTo(d + ": REJECTED (profile pairing, model m, conversation c-1)\n"
                + "  selection  the profiles configured on the guard\n"
                + "  blocking  pairing [toolResultPairing] call_1\n"
                + "      tool call 'call_1' (search) has no result\n"
                + "      prevents: tool_use ids were found without tool_result blocks\n"
                + "  advisory  alt [alternation] u1, u2\n"
                + "      roles must alternate, but 'u1' and 'u2' both have role user\n"
                + "\n"
                + "1 dispatch checked: 0 sent, 1 rejected\n");
    }

    @Test
    void should_check_a_jsonl_batch_as_successive_dispatches_each_result_naming_its_line() throws IOException {
        Path batch = write("b.jsonl", BROKEN.replace("\n", " ") + "\n\n" + HEALTHY.replace("\n", " ") + "\n");
        CliRun run = CliRun.of("check", "--format", "json", "--profile-file", write("p.json", PROFILE).toString(),
                batch.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode envelope = new ObjectMapper().readTree(run.out());
        JsonNode results = envelope.get("results");
        assertThat(results.size()).isEqualTo(2);
        assertThat(results.get(0).get("file").asText()).isEqualTo(batch.toString());
        assertThat(results.get(0).get("line").asInt()).isEqualTo(1);
        assertThat(results.get(0).get("outcome").asText()).isEqualTo("rejected");
        assertThat(results.get(1).get("line").asInt()).isEqualTo(3);
        assertThat(results.get(1).get("outcome").asText()).isEqualTo("passed");
        assertThat(envelope.get("summary").toString()).isEqualTo("{\"dispatches\":2,\"sent\":1,\"rejected\":1,\"badInputs\":0}");
    }

    @Test
    void should_print_one_envelope_whatever_the_number_of_files_with_bad_inputs_in_place() throws IOException {
        Path profile = write("p.json", PROFILE);
        Path healthy = write("h.json", HEALTHY);
        Path broken = write("d.json", BROKEN);
        Path bad = write("bad.json", "{\"entries\": 3}");
        CliRun one = CliRun.of("check", "--format", "json", "--profile-file", profile.toString(), healthy.toString());
        CliRun three = CliRun.of("check", "--format", "json", "--profile-file", profile.toString(), healthy.toString(),
                bad.toString(), broken.toString());

        JsonNode single = new ObjectMapper().readTree(one.out());
        JsonNode batch = new ObjectMapper().readTree(three.out());

        assertThat(one.exitCode()).isZero();
        assertThat(single.get("results").get(0)).isEqualTo(batch.get("results").get(0));
        assertThat(three.exitCode()).isEqualTo(2);
        assertThat(batch.get("summary").toString()).isEqualTo("{\"dispatches\":2,\"sent\":1,\"rejected\":1,\"badInputs\":1}");
        assertThat(batch.get("results").get(1).toString()).isEqualTo("{\"file\":\"" + bad + "\",\"error\":\"" + bad
                + ": $.entries: expected an array, but was a number (3)\"}");
        assertThat(batch.get("results").get(2).get("file").asText()).isEqualTo(broken.toString());
        assertThat(three.err()).isEqualTo("guard: " + bad + ": $.entries: expected an array, but was a number (3)\n");
    }

    @Test
    void should_compare_with_the_previous_document_as_baseline() throws IOException {
        String profile = """
                {"name": "keep", "rules": [{"type": "preservation", "id": "keep-thoughts", "kind": "thought",
                  "invariant": "count-non-decreasing", "severity": "blocking"}]}
                """;
        Path previous = write("prev.json", """
                {"conversationId": "c", "entries": [{"kind": "message", "id": "u1", "role": "user", "content": "q"},
                  {"kind": "thought", "id": "t1", "content": "hm"},
                  {"kind": "message", "id": "a1", "role": "assistant", "content": "a"}]}
                """);
        Path current = write("cur.json", """
                {"conversationId": "c", "entries": [{"kind": "message", "id": "u1", "role": "user", "content": "q"},
                  {"kind": "message", "id": "a1", "role": "assistant", "content": "a"}]}
                """);
        Path p = write("keep.json", profile);
        assertThat(CliRun.of("check", "--profile-file", p.toString(), current.toString()).exitCode()).isZero();
        CliRun run = CliRun.of("check", "--profile-file", p.toString(), "--previous", previous.toString(), current.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("preservation invariant count-non-decreasing violated for thought: 1 before, 0 now; "
                + "gone: 't1'");
    }

    @Test
    void should_answer_bad_input_with_one_line_and_exit_2() throws IOException {
        Path profile = write("p.json", PROFILE);
        Path good = write("d.json", HEALTHY);
        assertBad(new String[] {"check", "--profile-file", profile.toString(), dir.resolve("missing.json").toString()},
                "guard: " + dir.resolve("missing.json") + ": file not found\n");
        assertBad(new String[] {"check", "--profile-file", profile.toString(), write("bad.json", "{\"entries\": [").toString()},
                null);
        assertBad(new String[] {"check", "--profile-file", profile.toString(),
            write("u.json", "{\"entries\": [], \"colour\": 1}").toString()}, null);
        assertBad(new String[] {"check", "--profile-file", write("pt.json",
                "{\"name\": \"x\", \"rules\": [{\"type\": \"sorting\", \"id\": \"a\"}]}").toString(), good.toString()},
                null);
        assertBad(new String[] {"check", "--mode", "fix", "--profile-file", profile.toString(), good.toString()},
                "guard: --mode must be enforce, mutate or shadow, but was 'fix'\nTry 'guard check --help' for usage.\n");
        assertBad(new String[] {"check", "--format", "xml", "--profile-file", profile.toString(), good.toString()},
                "guard: --format must be text or json, but was 'xml'\nTry 'guard check --help' for usage.\n");
        assertBad(new String[] {"check", "--composition", "all", "--profile-file", profile.toString(), good.toString()},
                "guard: --composition must be one of union, each, first-match, but was 'all'\n"
                        + "Try 'guard check --help' for usage.\n");
        assertBad(new String[] {"check", "--profile-file", profile.toString(),
            write("l.jsonl", HEALTHY.replace("\n", " ") + "\n{\"entries\": 3}\n").toString()}, null);
        assertBad(new String[] {"check", "--profile-file", write("y.yaml", "name: [unclosed").toString(), good.toString()},
                null);
        assertBad(new String[] {"check", "--profile-file", profile.toString(), "--previous",
            dir.resolve("nope.json").toString(), good.toString()}, "guard: " + dir.resolve("nope.json") + ": file not found\n");
        assertBad(new String[] {"check"}, null);
    }

    @Test
    void should_name_the_file_and_path_of_a_bad_field() throws IOException {
        Path bad = write("role.json", "{\"entries\": [{\"kind\": \"message\", \"id\": \"u1\", \"role\": \"bot\"}]}");
        CliRun run = CliRun.of("check", "--profile-file", write("p.json", PROFILE).toString(), bad.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("guard: " + bad + ": $.entries[0].role: expected one of user, assistant, system");
        assertThat(run.err().lines().count()).isEqualTo(1);
    }

    @Test
    void should_report_every_problem_of_a_profile_file() throws IOException {
        Path profile = write("bad-profile.json", """
                {"name": "x", "rules": [{"type": "order", "id": "o", "before": "thought", "after": "tool"},
                                        {"type": "alternation", "id": "a", "maxPerGroup": -1}]}
                """);
        CliRun run = CliRun.of("check", "--profile-file", profile.toString(), write("d.json", HEALTHY).toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("guard: " + profile + ": 2 problems:\n"
                + "  $.rules[0].after: expected one of message, thought, toolCall, but was 'tool'\n"
                + "  $.rules[1]: maxPerGroup must be >= 0, but was -1\n");
    }

    private static void assertBad(String[] args, String expectedErr) {
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
        assertThat(run.err()).as(String.join(" ", args)).startsWith("guard: ").doesNotContain("\tat ");
        if (expectedErr != null) {
            assertThat(run.err()).isEqualTo(expectedErr);
        }
    }
}
