package io.orderingguard.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.policy.PolicyReport;
import io.orderingguard.policy.RuleEvaluation;
import io.orderingguard.policy.RuleOutcome;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.StepVerdict;
import io.orderingguard.policy.TraceExplanation;
import io.orderingguard.policy.report.EvalReports;
import java.util.ArrayList;
import java.util.List;

/** Renders a {@link TraceExplanation} as text, JSON or Markdown for {@code guard explain}. */
final class PolicyExplainRenderer {

    private PolicyExplainRenderer() {}

    static String text(TraceExplanation e, String trace) {
        StringBuilder sb = new StringBuilder();
        sb.append("Policy: ").append(title(e.policy())).append('\n');
        int steps = e.steps().size();
        sb.append("Trace: ").append(trace).append(" (").append(steps).append(steps == 1 ? " call: " : " calls: ")
                .append(steps - e.blockedSteps()).append(" allowed, ").append(e.blockedSteps()).append(" blocked)\n\n");
        int width = 0;
        for (StepVerdict step : e.steps()) {
            width = Math.max(width, label(step).length());
        }
        for (StepVerdict step : e.steps()) {
            String label = label(step);
            sb.append("  ").append(label).append(" ".repeat(width - label.length() + 2))
                    .append(step.blocked() ? "❌ BLOCKED" : "✅ allowed").append('\n');
            for (RuleEvaluation v : step.violations()) {
                sb.append("      └── Rule: ").append(v.ruleId()).append('\n');
                sb.append("      └── Reason: ").append(v.reason()).append('\n');
            }
        }
        if (steps == 0) {
            sb.append("  (no tool calls)\n");
        }
        PolicyReport end = e.finalReport();
        sb.append("\nEnd of run (finished trace):\n");
        for (RuleEvaluation r : end.evaluations()) {
            sb.append("  ").append(mark(r.outcome())).append(' ').append(r.ruleId()).append(": ").append(r.outcome().wireName());
            if (r.reason() != null) {
                sb.append(" — ").append(r.reason());
            }
            sb.append('\n');
        }
        sb.append('\n').append(verdict(e)).append('\n');
        return sb.toString();
    }

    static String markdown(TraceExplanation e, String trace) {
        StringBuilder sb = new StringBuilder();
        sb.append("## Trace explanation ").append(e.violated() ? "❌ BLOCKED" : "✅ PASS").append("\n\n");
        sb.append("Policy **").append(cell(title(e.policy()))).append("**, trace `").append(trace.replace("`", "'"))
                .append("`\n\n");
        int steps = e.steps().size();
        sb.append("| Steps | Allowed | Blocked |\n|---:|---:|---:|\n| ").append(steps).append(" | ")
                .append(steps - e.blockedSteps()).append(" | ").append(e.blockedSteps()).append(" |\n\n");
        sb.append("| # | Tool | Verdict | Details |\n|---:|---|---|---|\n");
        for (StepVerdict step : e.steps()) {
            List<String> details = new ArrayList<>();
            for (RuleEvaluation v : step.violations()) {
                details.add("`" + v.ruleId().replace("`", "'") + "`: " + v.reason());
            }
            sb.append("| ").append(step.index()).append(" | `").append(cell(step.call().summary()).replace("`", "'")).append("` | ")
                    .append(step.blocked() ? "❌ blocked" : "✅ allowed").append(" | ")
                    .append(cell(String.join("<br>", details))).append(" |\n");
        }
        sb.append("\n### End of run\n\n| Rule | Outcome | Reason |\n|---|---|---|\n");
        for (RuleEvaluation r : e.finalReport().evaluations()) {
            sb.append("| `").append(cell(r.ruleId()).replace("`", "'")).append("` | ").append(mark(r.outcome())).append(' ')
                    .append(r.outcome().wireName()).append(" | ").append(r.reason() == null ? "" : cell(r.reason()))
                    .append(" |\n");
        }
        sb.append('\n').append(verdict(e)).append('\n');
        return sb.toString();
    }

    static String json(TraceExplanation e, String trace) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode root = nodes.objectNode();
        ObjectNode policy = root.putObject("policy");
        policy.put("name", e.policy().name());
        policy.put("version", e.policy().version());
        root.put("trace", trace);
        root.put("totalSteps", e.steps().size());
        root.put("allowedSteps", e.steps().size() - e.blockedSteps());
        root.put("blockedSteps", e.blockedSteps());
        if (e.firstBlocked().isPresent()) {
            root.put("firstBlockIndex", e.firstBlocked().get().index());
        } else {
            root.putNull("firstBlockIndex");
        }
        ArrayNode steps = root.putArray("steps");
        for (StepVerdict step : e.steps()) {
            ObjectNode s = steps.addObject();
            s.put("index", step.index());
            s.put("tool", step.call().tool());
            s.set("args", step.call().args());
            s.put("verdict", step.blocked() ? "blocked" : "allowed");
            ArrayNode violations = s.putArray("violations");
            step.violations().forEach(v -> violations.add(EvalReports.evaluation(v)));
        }
        ObjectNode end = root.putObject("endOfRun");
        end.put("passed", e.finalReport().passed());
        ArrayNode evaluations = end.putArray("ruleEvaluations");
        e.finalReport().evaluations().forEach(r -> evaluations.add(EvalReports.evaluation(r)));
        root.put("violated", e.violated());
        return EvalReports.toJson(root);
    }

    private static String verdict(TraceExplanation e) {
        List<String> rules = new ArrayList<>();
        for (StepVerdict step : e.steps()) {
            step.violations().forEach(v -> rules.add(v.ruleId() + " at [" + step.index() + "]"));
        }
        for (RuleEvaluation r : e.finalReport().evaluations()) {
            if (r.isViolated() && rules.stream().noneMatch(s -> s.startsWith(r.ruleId() + " at ["))) {
                rules.add(r.ruleId() + " at the end of the run");
            }
        }
        return rules.isEmpty() ? "Verdict: PASS (no call blocked, no rule violated at the end of the run)"
                : "Verdict: BLOCKED by " + String.join(", ", rules);
    }

    private static String title(SequencePolicy policy) {
        return policy.name() + (policy.version() == null ? "" : " (v" + policy.version() + ")");
    }

    private static String label(StepVerdict step) {
        return "[" + step.index() + "] " + step.call().summary();
    }

    private static String mark(RuleOutcome outcome) {
        switch (outcome) {
            case HELD:
                return "✅";
            case VIOLATED:
                return "❌";
            default:
                return "➖";
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
