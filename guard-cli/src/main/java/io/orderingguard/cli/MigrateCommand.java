package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.policy.eval.EvalConfig;
import io.orderingguard.policy.migrate.EvalMigration;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code guard migrate}: converts an eval config to the current shape (v0 {@code sequences:} to
 * {@code rules:} and the other conversions of {@link EvalMigration}), keeping the original as
 * {@code FILE.bak}. {@code --check} exits 1 when a migration is needed; {@code --dry-run} prints the
 * result without writing.
 */
@Command(
        name = "migrate",
        mixinStandardHelpOptions = true,
        description = {"Convert an eval config to the current (v1) shape.",
            "v0 'sequences: [[A, B]]' become 'rules:' of before rules (longer lists are chains), must_call and "
                + "must_not_call become require and blocklist, 'count' becomes 'max_calls', configVersion 0 becomes 1, "
                + "legacy expected: forms become sequence_valid.",
            "The original is kept as FILE.bak; comments and formatting are not kept."},
        footer = {"", "Examples:",
            "  guard migrate eval.yaml                    # rewrite, keep eval.yaml.bak",
            "  guard migrate --dry-run eval.yaml          # print it, change nothing",
            "  guard migrate --check eval.yaml            # exit 1 if needed (for CI)",
            "  guard migrate --inline-policies eval.yaml  # also inline policy: files",
            "",
            "Exit codes: 0 migrated or already current, 1 migration needed (--check),",
            "2 bad input."})
final class MigrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true)
    Mode mode;

    @Option(names = "--inline-policies", description = "Also inline the rules, sequence and aliases of policy: files.")
    boolean inlinePolicies;

    @Parameters(index = "0", paramLabel = "FILE", description = "The eval config to migrate.")
    Path file;

    /** The mutually exclusive modes. */
    static final class Mode {
        @Option(names = "--dry-run", description = "Print the migrated config; write nothing.")
        boolean dryRun;

        @Option(names = "--check", description = "Write nothing; exit 1 when the config needs a migration.")
        boolean check;
    }

    @Override
    public Integer call() {
        JsonInput input = JsonInput.defaults();
        String text = input.readText(file);
        boolean json = file.toString().toLowerCase(Locale.ROOT).endsWith(".json");
        JsonNode tree = json ? input.parseJson(text, file.toString()) : input.parseYaml(text, file.toString());
        EvalMigration.Result result = EvalMigration.migrate(tree, file, inlinePolicies, input.limits());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!result.changed()) {
            EvalConfig.parse(tree, file, text, input.limits());
            out.println(file + ": already up to date");
            return GuardCli.OK;
        }
        EvalConfig.parse(result.migrated(), file, null, input.limits());
        String migrated = json ? EvalMigration.toJson(result.migrated()) : EvalMigration.toYaml(result.migrated());
        boolean check = mode != null && mode.check;
        boolean dryRun = mode != null && mode.dryRun;
        if (check) {
            out.println(file + ": migration needed (" + result.changes().size() + " change"
                    + (result.changes().size() == 1 ? "" : "s") + "); run 'guard migrate " + file + "'");
            result.changes().forEach(change -> out.println("  - " + change));
            return GuardCli.FINDING;
        }
        if (dryRun) {
            err.println(file + ": would make " + result.changes().size() + " change"
                    + (result.changes().size() == 1 ? "" : "s") + ":");
            result.changes().forEach(change -> err.println("  - " + change));
            err.flush();
            out.print(migrated);
            return GuardCli.OK;
        }
        Path backup = file.resolveSibling(file.getFileName() + ".bak");
        if (Files.exists(backup)) {
            throw new GuardInputException(backup.toString(), 0, null,
                    "backup already exists; move it away (or use --dry-run) before migrating " + file + " again");
        }
        try {
            Files.writeString(backup, text, StandardCharsets.UTF_8);
            Files.writeString(file, migrated, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GuardInputException(file.toString(), 0, null, "cannot write the migrated config ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        out.println("migrated " + file + " (original kept in " + backup + "):");
        result.changes().forEach(change -> out.println("  - " + change));
        out.println("note: comments and formatting are not kept; compare with " + backup);
        return GuardCli.OK;
    }
}
