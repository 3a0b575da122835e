package io.orderingguard.cli;

import io.orderingguard.InputLimits;
import io.orderingguard.policy.eval.EvalRun;
import io.orderingguard.policy.eval.EvalStatus;
import io.orderingguard.policy.eval.PolicyEval;
import io.orderingguard.policy.report.EvalReports;
import io.orderingguard.policy.report.ReportFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code guard eval}: runs the sequence rules of an eval config over recorded traces, as Assay's
 * {@code sequence_valid} metric does. Exit 0 when every test passes, 1 when a test fails, 2 for a
 * config or input error (including a test without a recorded run, and a run that cannot be read).
 */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        description = {"Check recorded tool-call traces against the sequence rules of an eval config.",
            "Each test is matched to a recorded run by its input.prompt (as Assay does) or by its id."},
        footer = {"", "Examples:",
            "  guard eval --config eval.yaml --traces traces.jsonl",
            "  guard eval --config eval.yaml --traces t.jsonl --format junit -o eval.xml",
            "  guard eval --config eval.yaml --traces a.jsonl --traces b.jsonl \\",
            "             --format sarif --output eval.sarif",
            "",
            "Traces: Assay JSONL (episode events or legacy records), dispatch",
            "documents (JSON or JSONL), or call lists.",
            "Exit codes: 0 all tests pass, 1 a test fails, 2 config or input error."})
final class EvalCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--config", required = true, paramLabel = "FILE", description = "The eval config (YAML or JSON).")
    Path config;

    @Option(names = "--traces", required = true, paramLabel = "FILE",
            description = "A trace file; repeat for several.")
    List<Path> traces;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text (default), json, junit or sarif.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the report to FILE instead of standard output.")
    Path output;

    @Override
    public Integer call() {
        String chosen = PolicyCliSupport.format(spec, format, "text", "json", "junit", "sarif");
        EvalRun run = PolicyEval.run(config, traces, InputLimits.defaults());
        String report = EvalReports.render(run, ReportFormat.fromWire(chosen), PolicyCliSupport.version());
        PolicyCliSupport.emit(spec, output, report);
        if (output != null) {
            int total = run.results().size();
            spec.commandLine().getOut().printf("%d %s: %d passed, %d failed, %d errors; %s report written to %s%n", total,
                    total == 1 ? "test" : "tests", run.count(EvalStatus.PASS), run.count(EvalStatus.FAIL),
                    run.count(EvalStatus.ERROR), chosen, output);
        }
        EvalStatus status = run.status();
        return status == EvalStatus.PASS ? GuardCli.OK : status == EvalStatus.FAIL ? GuardCli.FINDING : GuardCli.BAD_INPUT;
    }
}
