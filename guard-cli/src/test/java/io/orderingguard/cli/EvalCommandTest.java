package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalCommandTest {

    static final Path EXAMPLES = Path.of("../guard-examples/policies");
    static final Path SEED = Path.of("../conformance/policy/seed/error_block");

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {}

    static Run guard(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = GuardCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void should_print_the_seed_error_block_and_exit_1_when_a_test_fails() throws IOException {
        Run run = guard("eval", "--config", SEED.resolve("eval.yaml").toString(),
                "--traces", SEED.resolve("traces.jsonl").toString());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).isEqualTo(Files.readString(SEED.resolve("expected.txt")) + "1 test: 0 passed, 1 failed\n");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void should_run_the_shipped_example_suite() {
        Run run = guard("eval", "--config", EXAMPLES.resolve("eval.yaml").toString(),
                "--traces", EXAMPLES.resolve("traces.jsonl").toString());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).contains("❌ FAIL: sequence_valid (verify_before_delete)",
                "✅ PASS: sequence_valid (close_account)\n", "✅ PASS: sequence_valid (newsletter)\n")
                .endsWith("3 tests: 2 passed, 1 failed\n");
    }

    @Test
    void should_exit_0_and_print_json_when_every_test_passes() throws IOException {
        Path config = write("eval.yaml", "suite: s\ntests:\n  - id: ok\n    input: {prompt: go}\n"
                + "    rules: [{type: sequence, tools: [a, b], strict: true}]\n");
        Path traces = write("t.jsonl", "{\"prompt\": \"go\", \"response\": \"\", \"tool_calls\": [\"a\", \"b\"]}\n");
        Run run = guard("eval", "--config", config.toString(), "--traces", traces.toString(), "--format", "JSON");
        assertThat(run.exit()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.toString()).isEqualTo("{\"suite\":\"s\",\"results\":[{\"testId\":\"ok\",\"status\":\"pass\","
                + "\"message\":null,\"ruleEvaluations\":[{\"ruleId\":\"sequence:strict:a>b\",\"kind\":\"sequence\","
                + "\"outcome\":\"held\",\"spanned\":[0,1],\"reason\":null}]}]}");
    }

    @Test
    void should_write_junit_and_sarif_reports_to_a_file() throws IOException {
        Path junit = dir.resolve("reports/eval.xml");
        Run run = guard("eval", "--config", SEED.resolve("eval.yaml").toString(), "--traces",
                SEED.resolve("traces.jsonl").toString(), "--format", "junit", "--output", junit.toString());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).isEqualTo("1 test: 0 passed, 1 failed, 0 errors; junit report written to " + junit + "\n");
        assertThat(Files.readString(junit)).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"guard eval\" "
                + "tests=\"1\" failures=\"1\" errors=\"0\">").contains("<testcase classname=\"eval\" name=\"verify_before_delete\">");
        Path sarif = dir.resolve("eval.sarif");
        guard("eval", "--config", SEED.resolve("eval.yaml").toString(), "--traces", SEED.resolve("traces.jsonl").toString(),
                "--format", "sarif", "-o", sarif.toString());
        JsonNode result = new ObjectMapper().readTree(sarif.toFile()).path("runs").get(0).path("results").get(0);
        assertThat(result.path("ruleId").textValue()).isEqualTo("sequence/before");
        assertThat(result.path("locations").get(0).path("physicalLocation").path("region").path("startLine").intValue())
                .isEqualTo(3);
    }

    @Test
    void should_exit_2_when_a_run_cannot_be_read() throws IOException {
        Path config = write("eval.yaml", "tests: [{id: ep, rules: [{type: require, tool: a}]}]\n");
        Path traces = write("t.jsonl", "{\"type\":\"episode_start\",\"episode_id\":\"ep\",\"input\":{\"prompt\":\"p\"}}\n"
                + "{\"type\":\"tool_call\",\"episode_id\":\"ep\",\"step_id\":\"s\"}\n");
        Run run = guard("eval", "--config", config.toString(), "--traces", traces.toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).isEqualTo("💥 ERROR: sequence_valid (ep)\n\n   could not read the tool calls: " + traces
                + ":2: $.tool_name: required field is missing\n\n1 test: 0 passed, 0 failed, 1 error\n");
    }

    @Test
    void should_exit_2_with_one_line_when_a_test_has_no_trace() throws IOException {
        Path config = write("eval.yaml", "tests:\n  - id: verify_before_delete\n    input: {prompt: 'Delete 42'}\n"
                + "    rules: [{type: require, tool: a}]\n");
        Path traces = write("t.jsonl", "{\"prompt\": \"Delete 43\", \"response\": \"\"}\n");
        Run run = guard("eval", "--config", config.toString(), "--traces", traces.toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("guard: " + config + ": $.tests[0]: no trace for test 'verify_before_delete': no record "
                + "with prompt \"Delete 42\" or id \"verify_before_delete\" among 1 recorded run(s); did you mean \"Delete 43\" ("
                + traces + ":1)?\n");
    }

    @Test
    void should_exit_2_with_one_line_for_malformed_inputs() throws IOException {
        Path traces = write("t.jsonl", "{\"prompt\": \"p\"}\n");
        Path badYaml = write("bad.yaml", "tests:\n  - id: a\n    rules: [unclosed\n");
        Run yaml = guard("eval", "--config", badYaml.toString(), "--traces", traces.toString());
        assertThat(yaml.exit()).isEqualTo(2);
        assertThat(yaml.err()).startsWith("guard: " + badYaml + ":").contains("malformed YAML").doesNotContain("\tat ");

        Path whenTypo = write("typo.yaml", "tests:\n  - id: p\n    rules:\n      - {type: require, tool: a, wehn: {context.x: 1}}\n");
        Run typo = guard("eval", "--config", whenTypo.toString(), "--traces", traces.toString());
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.err()).isEqualTo("guard: " + whenTypo + ": $.tests[0].rules[0].wehn: unknown field; expected one of "
                + "id, tool, type, when\n");

        Path config = write("eval.yaml", "tests: [{id: p, rules: [{type: require, tool: a}]}]\n");
        Path badTrace = write("bad.jsonl", "{\"prompt\": \"p\"}\n{not json}\n");
        Run trace = guard("eval", "--config", config.toString(), "--traces", badTrace.toString());
        assertThat(trace.exit()).isEqualTo(2);
        assertThat(trace.err()).startsWith("guard: " + badTrace + ":2: malformed JSON: ");

        Run missing = guard("eval", "--config", dir.resolve("nope.yaml").toString(), "--traces", traces.toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("guard: " + dir.resolve("nope.yaml") + ": file not found\n");

        Run format = guard("eval", "--config", config.toString(), "--traces", traces.toString(), "--format", "html");
        assertThat(format.exit()).isEqualTo(2);
        assertThat(format.err()).isEqualTo("guard: Invalid value for option '--format': 'html' (expected one of text, json, "
                + "junit, sarif)\nTry 'guard eval --help' for usage.\n");

        Run noTraces = guard("eval", "--config", config.toString());
        assertThat(noTraces.exit()).isEqualTo(2);
        assertThat(noTraces.err()).isEqualTo("guard: Missing required option: '--traces=FILE'\nTry 'guard eval --help' for usage.\n");
    }

    @Test
    void should_show_help_with_examples() {
        Run help = guard("eval", "--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).startsWith("Usage: guard eval ").contains("Examples:\n  guard eval --config eval.yaml --traces "
                + "traces.jsonl\n", "Exit codes: 0 all tests pass, 1 a test fails, 2 config or input error.");
    }
}
