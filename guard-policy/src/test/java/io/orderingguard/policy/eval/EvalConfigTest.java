package io.orderingguard.policy.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardInputException;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.ToolInvocation;
import io.orderingguard.policy.trace.TraceRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EvalConfigTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    @Test
    void should_read_the_seed_shape_and_the_assay_shape() throws IOException {
        write("policies/support.yaml", "version: '1.1'\nname: support\naliases: {Deletes: [DeleteCustomer, PurgeCustomer]}\n"
                + "sequences:\n  - {type: before, first: VerifyIdentity, then: Deletes}\n");
        write("policies/exact.yaml", "[init, work, shutdown]\n");
        Path config = write("eval.yaml", String.join("\n",
                "suite: support-agent",
                "model: gpt-4o",
                "tests:",
                "  - id: verify_before_delete",
                "    metric: sequence_valid",
                "    rules:",
                "      - type: before",
                "        first: VerifyIdentity",
                "        then: DeleteCustomer",
                "  - id: from_policy",
                "    input: {prompt: \"Purge customer 7\"}",
                "    expected:",
                "      type: sequence_valid",
                "      policy: policies/support.yaml",
                "  - id: inline_rules_use_the_policy_aliases",
                "    expected:",
                "      type: sequence_valid",
                "      policy: policies/support.yaml",
                "      rules: [{type: max_calls, tool: Deletes, max: 1}]",
                "  - id: exact",
                "    expected: [{sequence: [init, work]}]",
                "  - id: exact_from_file",
                "    expected: {type: sequence, policy: policies/exact.yaml}",
                "  - id: v0",
                "    metric: sequence_valid",
                "    sequences: [[GetCustomer, UpdateCustomer]]",
                ""));
        EvalConfig eval = EvalConfig.load(config);
        assertThat(eval.suite()).isEqualTo("support-agent");
        assertThat(eval.model()).isEqualTo("gpt-4o");
        assertThat(eval.tests()).extracting(EvalTest::id).containsExactly("verify_before_delete", "from_policy",
                "inline_rules_use_the_policy_aliases", "exact", "exact_from_file", "v0");
        assertThat(eval.tests()).extracting(EvalTest::line).containsExactly(4, 10, 15, 20, 22, 24);
        EvalTest fromPolicy = eval.tests().get(1);
        assertThat(fromPolicy.prompt()).isEqualTo("Purge customer 7");
        assertThat(fromPolicy.policy().name()).isEqualTo("support");
        assertThat(fromPolicy.policy().rules()).extracting(SequenceRule::id).containsExactly("before:VerifyIdentity->Deletes");
        EvalTest inline = eval.tests().get(2);
        assertThat(inline.policy().rules()).extracting(SequenceRule::id).containsExactly("max_calls:Deletes<=1");
        assertThat(inline.policy().aliases().isAlias("Deletes")).isTrue();
        assertThat(eval.tests().get(3).exactSequence()).containsExactly("init", "work");
        assertThat(eval.tests().get(3).policy().rules()).isEmpty();
        assertThat(eval.tests().get(4).exactSequence()).containsExactly("init", "work", "shutdown");
        assertThat(eval.tests().get(5).policy().rules()).extracting(SequenceRule::id)
                .containsExactly("before:GetCustomer->UpdateCustomer");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        no tests                        | tests: []                                                                  | $.tests: expected at least one test, but the list is empty
        asserts nothing                 | 'tests: [{id: a, metric: sequence_valid}]'                                 | $.tests[0]: the test asserts nothing: give rules, sequence or policy
        explicit empty rules            | 'tests: [{id: a, rules: []}]'                                              | $.tests[0].rules: the list is empty, so the test asserts nothing (an empty inline list also overrides a policy file's rules)
        duplicate ids                   | 'tests: [{id: a, rules: [{type: require, tool: X}]}, {id: a, rules: [{type: require, tool: Y}]}]' | $.tests[1].id: duplicate test id "a" (also at $.tests[0])
        unknown test key                | 'tests: [{id: a, rule: [{type: require, tool: X}]}]'                       | $.tests[0].rule: unknown field; expected one of aliases, context, description, expected, id, input, metadata, metric, policy, rules, sequence, sequences, tags
        another metric                  | 'tests: [{id: a, metric: must_contain, rules: [{type: require, tool: X}]}]' | $.tests[0].metric: guard eval checks tool-call sequences only (metric sequence_valid), but was "must_contain"
        another expected type           | 'tests: [{id: a, expected: {type: regex_match}}]'                          | $.tests[0].expected.type: guard eval checks tool-call sequences only (type sequence_valid), but was "regex_match"
        checks in both places           | 'tests: [{id: a, rules: [{type: require, tool: X}], expected: {sequence: [X]}}]' | $.tests[0].rules: give the checks either in expected: or at test level (metric: sequence_valid), not both
        two expected checks             | 'tests: [{id: a, expected: [{sequence: [X]}, {sequence: [Y]}]}]'           | $.tests[0].expected: expected one check, but the list has 2
        sequence must be names          | 'tests: [{id: a, expected: {type: sequence_valid, sequence: 42}}]'         | $.tests[0].expected.sequence: expected an array, but was a number (42)
        missing policy file             | 'tests: [{id: a, expected: {policy: nope.yaml}}]'                          | $.tests[0].expected.policy: policy file not found: DIR/nope.yaml
        v0 must_call                    | 'tests: [{id: a, must_call: X}]'                                           | $.tests[0].must_call: a v0 field; run 'guard migrate' to turn it into require rules
        assay settings                  | 'settings: {parallel: 4}'                                                  | $.settings: not supported: guard eval replays recorded traces and runs no model; remove settings
        config version 2                | 'configVersion: 2'                                                         | $.configVersion: expected 0 (legacy) or 1, but was 2
        rules and sequences             | 'tests: [{id: a, rules: [{type: require, tool: X}], sequences: [[A, B]]}]' | $.tests[0].sequences: give either rules (v1) or sequences (v0), not both; 'guard migrate' turns sequences into rules
        input with unknown field        | 'tests: [{id: a, input: {prompt: p, context: [x]}, rules: [{type: require, tool: X}]}]' | $.tests[0].input.context: unknown field; expected one of prompt
        inline rule error               | 'tests: [{id: a, rules: [{type: eventually, tool: X, within: 0}]}]'        | $.tests[0].rules[0].within: within must be >= 1, but was 0 (an eventually rule with within 0 can never hold)
        """)
    void should_fail_with_the_file_and_path_when(String label, String yaml, String message) throws IOException {
        Path file = write("eval.yaml", yaml);
        assertThatThrownBy(() -> EvalConfig.load(file)).isInstanceOf(GuardInputException.class)
                .hasMessage(file + ": " + message.replace("DIR", dir.toAbsolutePath().toString()));
    }

    @Test
    void should_name_the_policy_file_when_the_referenced_policy_is_bad() throws IOException {
        Path policy = write("p.yaml", "sequences: [{type: before, first: A, then: A}]\n");
        Path file = write("eval.yaml", "tests: [{id: a, expected: {policy: p.yaml}}]\n");
        assertThatThrownBy(() -> EvalConfig.load(file)).isInstanceOf(GuardInputException.class)
                .hasMessage(dir.toAbsolutePath().resolve("p.yaml") + ": $.sequences[0]: a before rule with identical first "
                        + "and then ('A') cannot constrain a trace");
        assertThat(policy).exists();
    }

    @Test
    void should_match_tests_by_prompt_then_by_id_and_explain_a_miss() throws IOException {
        Path file = write("eval.yaml", "tests:\n"
                + "  - {id: by_prompt, input: {prompt: 'delete 42'}, rules: [{type: require, tool: A}]}\n"
                + "  - {id: by_id, rules: [{type: require, tool: A}]}\n");
        EvalConfig eval = EvalConfig.load(file);
        List<TraceRecord> traces = List.of(
                TraceRecord.of("t.jsonl", 1, "ep1", "delete 42", ToolInvocation.names("A"), null),
                TraceRecord.of("t.jsonl", 2, "by_id", null, ToolInvocation.names("B"), null));
        EvalRun run = eval.run(traces);
        assertThat(run.results()).extracting(r -> r.status().wireName()).containsExactly("pass", "fail");
        assertThat(run.results().get(1).message()).isEqualTo("sequence_valid rule failed: required tool 'A' not found in trace");

        List<TraceRecord> miss = List.of(TraceRecord.of("t.jsonl", 1, "by_ix", null, List.of(), null),
                TraceRecord.of("t.jsonl", 2, null, "delete 42", List.of(), null));
        assertThatThrownBy(() -> eval.run(miss)).isInstanceOf(GuardInputException.class)
                .hasMessage(file + ": $.tests[1]: no trace for test 'by_id': no record with id \"by_id\" among 2 "
                        + "recorded run(s); did you mean \"by_ix\" (t.jsonl:1)?");
        List<TraceRecord> twice = List.of(TraceRecord.of("t.jsonl", 1, null, "delete 42", List.of(), null),
                TraceRecord.of("t.jsonl", 4, null, "delete 42", List.of(), null));
        assertThatThrownBy(() -> eval.run(twice))
                .hasMessage(file + ": $.tests[0]: test 'by_prompt' matches 2 recorded runs by prompt (t.jsonl:1, t.jsonl:4); "
                        + "give each run a distinct prompt");
    }

    @Test
    void should_report_vacuous_passes_exact_mismatches_and_unreadable_runs() throws IOException {
        Path file = write("eval.yaml", "tests:\n"
                + "  - {id: vacuous, rules: [{type: before, first: A, then: B}]}\n"
                + "  - {id: exact, expected: {sequence: [A, B]}}\n"
                + "  - {id: broken, rules: [{type: require, tool: A}]}\n"
                + "  - {id: context, context: {role: standard}, rules: [{type: require, tool: A, when: {context.role: standard}}]}\n");
        EvalConfig eval = EvalConfig.load(file);
        EvalRun run = eval.run(List.of(
                TraceRecord.of("t", 1, "vacuous", null, ToolInvocation.names("X"), null),
                TraceRecord.of("t", 2, "exact", null, ToolInvocation.names("A", "C"), null),
                new TraceRecord("t", 3, "broken", null, List.of(), null, "could not read the tool calls: t:3: $.tool_name: required field is missing"),
                TraceRecord.of("t", 4, "context", null, List.of(), null)));
        assertThat(run.results()).extracting(r -> r.status().wireName()).containsExactly("pass", "fail", "error", "fail");
        assertThat(run.results().get(0).message()).isEqualTo("every configured sequence rule was vacuous for this trace");
        assertThat(run.results().get(1).message()).isEqualTo("sequence_valid mismatch. Mismatch at index [1]: Expected 'B', "
                + "Found 'C', (Expected 2: [\"A\", \"B\"], Actual 2: [\"A\", \"C\"])");
        assertThat(run.results().get(2).message()).isEqualTo("could not read the tool calls: t:3: $.tool_name: required field is missing");
        assertThat(run.status()).isEqualTo(EvalStatus.ERROR);
        assertThat(SequenceMismatch.compare(List.of("A"), ToolInvocation.names("A", "B")).message())
                .isEqualTo("sequence_valid mismatch. Unexpected extra tool at index [1]: 'B', (Expected 1: [\"A\"], Actual 2: [\"A\", \"B\"])");
        assertThat(SequenceMismatch.compare(List.of("A", "B"), ToolInvocation.names("A")).message())
                .isEqualTo("sequence_valid mismatch. Missing expected tool at index [1]: 'B', (Expected 2: [\"A\", \"B\"], Actual 1: [\"A\"])");
        assertThat(SequenceMismatch.compare(List.of(), List.of())).isNull();
    }
}
