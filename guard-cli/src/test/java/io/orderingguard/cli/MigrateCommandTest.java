package io.orderingguard.cli;

import static io.orderingguard.cli.EvalCommandTest.guard;
import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.cli.EvalCommandTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrateCommandTest {

    private static final String V0 = "tests:\n  - id: t\n    metric: sequence_valid\n    sequences:\n"
            + "      - [GetCustomer, UpdateCustomer]\n";
    private static final String V1 = "tests:\n  - id: t\n    metric: sequence_valid\n    rules:\n      - type: before\n"
            + "        first: GetCustomer\n        then: UpdateCustomer\n";
    private static final String CHANGE = "tests[0] t: sequences [GetCustomer, UpdateCustomer] → before GetCustomer → UpdateCustomer";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void should_convert_the_seed_v0_example_and_keep_a_backup() throws IOException {
        Path file = write("eval.yaml", V0);
        Run run = guard("migrate", file.toString());
        assertThat(run.exit()).isZero();
        assertThat(Files.readString(file)).isEqualTo(V1);
        assertThat(Files.readString(dir.resolve("eval.yaml.bak"))).isEqualTo(V0);
        assertThat(run.out()).isEqualTo("migrated " + file + " (original kept in " + file + ".bak):\n  - " + CHANGE
                + "\nnote: comments and formatting are not kept; compare with " + file + ".bak\n");

        Run again = guard("migrate", file.toString());
        assertThat(again.exit()).isZero();
        assertThat(again.out()).isEqualTo(file + ": already up to date\n");
        assertThat(guard("migrate", "--check", file.toString()).exit()).isZero();
    }

    @Test
    void should_exit_1_on_check_when_a_migration_is_needed_and_change_nothing() throws IOException {
        Path file = write("eval.yaml", V0);
        Run run = guard("migrate", "--check", file.toString());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).isEqualTo(file + ": migration needed (1 change); run 'guard migrate " + file + "'\n  - "
                + CHANGE + "\n");
        assertThat(Files.readString(file)).isEqualTo(V0);
        assertThat(dir.resolve("eval.yaml.bak")).doesNotExist();
    }

    @Test
    void should_print_the_result_on_dry_run_and_change_nothing() throws IOException {
        Path file = write("eval.yaml", V0);
        Run run = guard("migrate", "--dry-run", file.toString());
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo(V1);
        assertThat(run.err()).isEqualTo(file + ": would make 1 change:\n  - " + CHANGE + "\n");
        assertThat(Files.readString(file)).isEqualTo(V0);
    }

    @Test
    void should_migrate_the_shipped_v0_example_on_dry_run() {
        Run run = guard("migrate", "--dry-run", EvalCommandTest.EXAMPLES.resolve("v0-eval.yaml").toString());
        assertThat(run.exit()).isZero();
        assertThat(run.out()).startsWith("configVersion: 1\n").contains("      - type: before\n        first: LoadRecord\n"
                + "        then: WriteRecord\n");
    }

    @Test
    void should_migrate_json_configs_as_json() throws IOException {
        Path file = write("eval.json", "{\"tests\": [{\"id\": \"t\", \"sequences\": [[\"a\", \"b\"]]}]}");
        Run run = guard("migrate", "--dry-run", file.toString());
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo("{\n  \"tests\": [\n    {\n      \"id\": \"t\",\n      \"rules\": [\n        {\n"
                + "          \"type\": \"before\",\n          \"first\": \"a\",\n          \"then\": \"b\"\n        }\n      ]\n"
                + "    }\n  ]\n}\n");
    }

    @Test
    void should_exit_2_for_malformed_inputs() throws IOException {
        Run missing = guard("migrate", dir.resolve("nope.yaml").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("guard: " + dir.resolve("nope.yaml") + ": file not found\n");

        Path degenerate = write("bad.yaml", "tests:\n  - id: t\n    sequences: [[A, A]]\n");
        Run bad = guard("migrate", degenerate.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("guard: " + degenerate + ": $.tests[0].rules[0]: a before rule with identical first "
                + "and then ('A') cannot constrain a trace\n");
        assertThat(Files.readString(degenerate)).as("nothing written").isEqualTo("tests:\n  - id: t\n    sequences: [[A, A]]\n");

        Path file = write("eval.yaml", V0);
        write("eval.yaml.bak", "older backup\n");
        Run backup = guard("migrate", file.toString());
        assertThat(backup.exit()).isEqualTo(2);
        assertThat(backup.err()).isEqualTo("guard: " + file + ".bak: backup already exists; move it away (or use --dry-run) "
                + "before migrating " + file + " again\n");
        assertThat(Files.readString(file)).isEqualTo(V0);

        Run both = guard("migrate", "--check", "--dry-run", file.toString());
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).isEqualTo("guard: Error: --dry-run, --check are mutually exclusive (specify only one)\n"
                + "Try 'guard migrate --help' for usage.\n");

        Path scalar = write("scalar.yaml", "42\n");
        Run notAnObject = guard("migrate", scalar.toString());
        assertThat(notAnObject.exit()).isEqualTo(2);
        assertThat(notAnObject.err()).isEqualTo("guard: " + scalar + ": $: expected an eval config object, but was a number (42)\n");
    }

    @Test
    void should_show_help_with_examples() {
        Run help = guard("migrate", "--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).startsWith("Usage: guard migrate ").contains("Examples:\n  guard migrate eval.yaml ");
    }
}
