package io.orderingguard.policy.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.InputLimits;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.policy.eval.EvalConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalMigrationTest {

    @TempDir
    Path dir;

    private static JsonNode yaml(String text) {
        return JsonInput.defaults().parseYaml(text, "test");
    }

    @Test
    void should_convert_the_seed_v0_example_to_the_seed_v1_rules() {
        JsonNode v0 = yaml("tests:\n  - id: t\n    metric: sequence_valid\n    sequences:\n      - [GetCustomer, UpdateCustomer]\n");
        EvalMigration.Result result = EvalMigration.migrate(v0, dir.resolve("eval.yaml"), false, InputLimits.defaults());
        assertThat(result.migrated()).isEqualTo(yaml("tests:\n  - id: t\n    metric: sequence_valid\n    rules:\n"
                + "      - type: before\n        first: GetCustomer\n        then: UpdateCustomer\n"));
        assertThat(result.changes()).containsExactly("tests[0] t: sequences [GetCustomer, UpdateCustomer] → before "
                + "GetCustomer → UpdateCustomer");
        assertThat(v0.path("tests").get(0).has("sequences")).as("the input is not modified").isTrue();
        assertThat(EvalMigration.toYaml(result.migrated())).isEqualTo(String.join("\n",
                "tests:",
                "  - id: t",
                "    metric: sequence_valid",
                "    rules:",
                "      - type: before",
                "        first: GetCustomer",
                "        then: UpdateCustomer",
                ""));
    }

    @Test
    void should_convert_chains_legacy_fields_and_count_keeping_key_order() {
        JsonNode v0 = yaml(String.join("\n",
                "configVersion: 0",
                "tests:",
                "  - id: t",
                "    must_call: Auth",
                "    description: keep me here",
                "    sequences: [[A, B, C], {type: count, tool: X, max: 2}]",
                "    must_not_call: [admin]",
                "  - id: e",
                "    expected: [{type: sequence, sequence: [a]}]",
                "  - id: current",
                "    rules: [{type: require, tool: A}]",
                ""));
        EvalMigration.Result result = EvalMigration.migrate(v0, dir.resolve("eval.yaml"), false, InputLimits.defaults());
        assertThat(result.migrated()).isEqualTo(yaml(String.join("\n",
                "configVersion: 1",
                "tests:",
                "  - id: t",
                "    rules:",
                "      - {type: before, first: A, then: B}",
                "      - {type: before, first: B, then: C}",
                "      - {type: max_calls, tool: X, max: 2}",
                "      - {type: require, tool: Auth}",
                "      - {type: blocklist, pattern: admin}",
                "    description: keep me here",
                "  - id: e",
                "    expected: {type: sequence_valid, sequence: [a]}",
                "  - id: current",
                "    rules: [{type: require, tool: A}]",
                "")));
        assertThat(result.changes()).containsExactly(
                "configVersion: 0 → 1",
                "tests[0] t: sequences [A, B, C] → before A → B, before B → C (read as a chain, so each tool must also "
                        + "precede the next; if only A must come first, write before A → X for each X instead)",
                "tests[0] t: type: count → max_calls",
                "tests[0] t: sequences item moved to rules: {\"type\":\"count\",\"tool\":\"X\",\"max\":2}",
                "tests[0] t: must_call Auth → require Auth",
                "tests[0] t: must_not_call admin → blocklist admin (note: a blocklist matches by substring, so it also "
                        + "blocks tools whose names contain 'admin')",
                "tests[1] e: expected: a one-element list → an object",
                "tests[1] e: expected.type: sequence → sequence_valid");
        EvalConfig.parse(result.migrated(), dir.resolve("eval.yaml"), null, InputLimits.defaults());
        assertThat(EvalMigration.migrate(result.migrated(), dir.resolve("eval.yaml"), false, InputLimits.defaults())
                .changed()).as("migration is idempotent").isFalse();
    }

    @Test
    void should_convert_v0_chains_that_an_inlined_policy_brings_along() throws IOException {
        Files.writeString(dir.resolve("v0.yaml"), "sequences: [[A, B]]\n");
        JsonNode config = yaml("tests:\n  - {id: x, expected: {type: sequence_valid, policy: v0.yaml}}\n");
        EvalMigration.Result result = EvalMigration.migrate(config, dir.resolve("eval.yaml"), true, InputLimits.defaults());
        assertThat(result.migrated()).isEqualTo(yaml("tests:\n  - {id: x, expected: {type: sequence_valid, "
                + "rules: [{type: before, first: A, then: B}]}}\n"));
        assertThat(result.changes()).containsExactly("tests[0] x expected: policy v0.yaml inlined",
                "tests[0] x expected: rules [A, B] → before A → B");
    }

    @Test
    void should_inline_policy_references_with_their_aliases_when_asked() throws IOException {
        Files.writeString(dir.resolve("p.yaml"), "version: '1'\ntools: {deny: [admin_*]}\naliases: {W: [a, b]}\n"
                + "sequences: [{type: require, tool: W}]\n");
        Files.writeString(dir.resolve("exact.yaml"), "[a, b]\n");
        JsonNode config = yaml("tests:\n  - {id: x, expected: {type: sequence_valid, policy: p.yaml}}\n"
                + "  - {id: y, expected: {type: sequence_valid, policy: exact.yaml}}\n");
        Path file = dir.resolve("eval.yaml");
        assertThat(EvalMigration.migrate(config, file, false, InputLimits.defaults()).changed()).isFalse();
        EvalMigration.Result result = EvalMigration.migrate(config, file, true, InputLimits.defaults());
        assertThat(result.migrated()).isEqualTo(yaml("tests:\n"
                + "  - {id: x, expected: {type: sequence_valid, rules: [{type: tools, deny: [admin_*]}, {type: require, tool: W}],"
                + " aliases: {W: [a, b]}}}\n"
                + "  - {id: y, expected: {type: sequence_valid, sequence: [a, b]}}\n"));
        assertThat(result.changes()).containsExactly("tests[0] x expected: policy p.yaml inlined",
                "tests[1] y expected: policy exact.yaml inlined");
        EvalConfig before = EvalConfig.parse(config, file, null, InputLimits.defaults());
        EvalConfig after = EvalConfig.parse(result.migrated(), file, null, InputLimits.defaults());
        assertThat(after.tests().get(0).policy().rules()).isEqualTo(before.tests().get(0).policy().rules());
        assertThat(after.tests().get(0).policy().aliases()).isEqualTo(before.tests().get(0).policy().aliases());
        assertThat(after.tests().get(1).exactSequence()).isEqualTo(before.tests().get(1).exactSequence());
    }
}
