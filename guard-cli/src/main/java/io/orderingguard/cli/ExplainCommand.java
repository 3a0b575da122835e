package io.orderingguard.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.TraceExplanation;
import io.orderingguard.policy.trace.TraceRecord;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code guard explain}: the gate's verdict on every tool call of a recorded run (each call judged
 * with the calls before it as history), then the verdict on the finished run. Uses the evaluator
 * itself, so what it shows is what {@code guard gate} and {@code guard eval} decide.
 */
@Command(
        name = "explain",
        mixinStandardHelpOptions = true,
        description = {"Explain a recorded run step by step against a sequence policy.",
            "For every tool call: whether the policy's gate would have blocked it and which rule it broke; then the "
                + "rules' verdicts on the finished run (a required tool that never came, an obligation left open)."},
        footer = {"", "Examples:",
            "  guard explain --policy customer-support.yaml --trace run.jsonl",
            "  guard explain --policy p.yaml --trace traces.jsonl --run ep-42 \\",
            "                --format markdown >> \"$GITHUB_STEP_SUMMARY\"",
            "  guard explain --policy p.yaml --trace dispatch.json --format json \\",
            "                --context '{\"user_role\": \"standard\"}'",
            "",
            "Exit codes: 0 no call blocked and no rule violated, 1 a call blocked or",
            "the finished run violates a rule, 2 bad input."})
final class ExplainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--policy", required = true, paramLabel = "FILE", description = "The sequence policy (YAML or JSON).")
    Path policy;

    @Option(names = "--trace", required = true, paramLabel = "FILE",
            description = "The recorded run: Assay JSONL, a dispatch document, or a call list.")
    Path trace;

    @Option(names = "--run", paramLabel = "ID", description = "The id or prompt of the run, when the file holds several.")
    String run;

    @Option(names = "--context", paramLabel = "JSON",
            description = "The context for when: conditions, as a JSON object or @file (default: the trace's).")
    String context;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text (default), json or markdown.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path output;

    @Override
    public Integer call() {
        String chosen = PolicyCliSupport.format(spec, format, "text", "json", "markdown");
        SequencePolicy loaded = PolicyFiles.read(policy);
        TraceRecord record = PolicyCliSupport.run(trace, run);
        ObjectNode ctx = context == null ? record.context() : PolicyCliSupport.jsonObject(context, "--context");
        TraceExplanation explanation = loaded.explain(record.calls(), ctx);
        String name = record.location() + (record.id() == null ? "" : " (" + record.id() + ")");
        String text;
        switch (chosen) {
            case "json":
                text = PolicyExplainRenderer.json(explanation, name);
                break;
            case "markdown":
                text = PolicyExplainRenderer.markdown(explanation, name);
                break;
            default:
                text = PolicyExplainRenderer.text(explanation, name);
                break;
        }
        PolicyCliSupport.emit(spec, output, text);
        return explanation.violated() ? GuardCli.FINDING : GuardCli.OK;
    }
}
