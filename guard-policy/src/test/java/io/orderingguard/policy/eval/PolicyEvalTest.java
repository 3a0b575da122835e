package io.orderingguard.policy.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyEvalTest {

    private static final Path EXAMPLES = Path.of("..", "guard-examples", "policies");

    @TempDir
    Path dir;

    @Test
    void should_run_the_example_suite_over_its_traces() {
        EvalRun run = PolicyEval.run(EXAMPLES.resolve("eval.yaml"), EXAMPLES.resolve("traces.jsonl"));

        assertThat(run.suite()).isEqualTo("customer-support");
        assertThat(run.passed()).isFalse();
        assertThat(run.status()).isEqualTo(EvalStatus.FAIL);
        assertThat(run.results()).extracting(EvalResult::testId)
                .containsExactly("verify_before_delete", "close_account", "newsletter");
        assertThat(run.failures()).extracting(EvalResult::testId).containsExactly("verify_before_delete");
        assertThat(run.result("verify_before_delete")).get().extracting(EvalResult::message)
                .isEqualTo("sequence_valid rule failed: tool 'DeleteCustomer' was found (index 1) but required preceding "
                        + "tool 'VerifyIdentity' was missing");
        assertThat(run.result("close_account")).get().extracting(EvalResult::status).isEqualTo(EvalStatus.PASS);
        assertThat(run.result("no_such_test")).isEmpty();
    }

    @Test
    void should_read_every_trace_file_given() throws IOException {
        Path config = Files.writeString(dir.resolve("eval.yaml"), String.join("\n",
                "suite: two-files",
                "tests:",
                "  - id: first",
                "    rules: [{type: require, tool: A}]",
                "  - id: second",
                "    rules: [{type: blocklist, pattern: admin_}]",
                ""));
        Path one = Files.writeString(dir.resolve("one.jsonl"), "{\"prompt\": \"p1\", \"request_id\": \"first\", "
                + "\"tool_calls\": [{\"tool_name\": \"A\"}]}\n");
        Path two = Files.writeString(dir.resolve("two.jsonl"), "{\"prompt\": \"p2\", \"request_id\": \"second\", "
                + "\"tool_calls\": [{\"tool_name\": \"admin_reset\"}]}\n");

        EvalRun run = PolicyEval.run(config, one, two);

        assertThat(run.results()).extracting(EvalResult::status).containsExactly(EvalStatus.PASS, EvalStatus.FAIL);
        assertThat(run.failures()).singleElement().extracting(EvalResult::message)
                .isEqualTo("sequence_valid rule failed: tool 'admin_reset' matches blocklist pattern 'admin_'");
    }

    @Test
    void should_apply_the_input_limits_to_the_trace_files() throws IOException {
        Path config = Files.writeString(dir.resolve("eval.yaml"), "tests: [{id: t, rules: [{type: require, tool: A}]}]\n");
        Path traces = Files.writeString(dir.resolve("t.jsonl"), "{\"prompt\": \"p\", \"request_id\": \"t\", "
                + "\"tool_calls\": [\"A\", \"B\", \"C\"]}\n");
        InputLimits strict = InputLimits.defaults().withMaxEntries(2);

        assertThatThrownBy(() -> PolicyEval.run(config, List.of(traces), strict))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(traces + ":1: $.tool_calls[2]: the trace file has more than 2 tool calls");
    }

    @Test
    void should_reject_a_run_without_trace_files() {
        assertThatThrownBy(() -> PolicyEval.run(EXAMPLES.resolve("eval.yaml")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("traces must name at least one trace file, but was empty");
    }

    @Test
    void should_name_the_missing_config_file() {
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> PolicyEval.run(missing, EXAMPLES.resolve("traces.jsonl")))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(missing + ": file not found");
    }
}
