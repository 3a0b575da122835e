package io.orderingguard.policy.report;

import io.orderingguard.policy.CallSelector;
import io.orderingguard.policy.Diagnosis;
import io.orderingguard.policy.RuleEvaluation;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.ToolInvocation;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * Renders a violation as the Sequence Rules error block: the rule, what was expected, what actually
 * happened, the trace with the violating position marked, and a suggestion. Positions are 1-based.
 *
 * <pre>
 *    Rule: before
 *    Expected: VerifyIdentity before DeleteCustomer
 *    Actual: DeleteCustomer called at position 2, but VerifyIdentity never called
 *
 *    Trace:
 *      1. GetCustomer
 *      2. DeleteCustomer  ← violation
 *      3. SendEmail
 *
 *    Suggestion: Add VerifyIdentity call before DeleteCustomer
 * </pre>
 *
 * <p>Traces longer than {@value #FULL_TRACE_LIMIT} calls are shortened around the marked call.
 *
 * <p>Thread-safe: stateless.
 */
public final class ViolationBlock {

    /** Traces up to this many calls are listed in full. */
    public static final int FULL_TRACE_LIMIT = 30;

    private static final String INDENT = "   ";

    private ViolationBlock() {}

    /**
     * Renders the block of a violated rule.
     *
     * @param rule the rule
     * @param evaluation its violated verdict
     * @param calls the calls the rule was evaluated over
     * @return the block, each line indented by three spaces and ending with a newline
     */
    public static String render(SequenceRule rule, RuleEvaluation evaluation, List<ToolInvocation> calls) {
        Objects.requireNonNull(rule, "rule must not be null");
        Objects.requireNonNull(evaluation, "evaluation must not be null");
        if (evaluation.diagnosis() == null) {
            throw new IllegalArgumentException("evaluation must be violated, but was " + evaluation.outcome().wireName());
        }
        Diagnosis d = evaluation.diagnosis();
        String ruleLine = rule.kind().wireName() + (rule.hasExplicitId() ? " (" + rule.id() + ")" : "");
        boolean showArgs = false;
        for (CallSelector selector : rule.selectors()) {
            showArgs |= selector.hasArgsMatch();
        }
        return render(ruleLine, rule.describe(), d.actual(), d.at(), d.suggestion(), calls, showArgs,
                rule.when().isAlways() ? null : rule.when().describe());
    }

    /**
     * Renders a block from its parts.
     *
     * @param rule the rule line, e.g. {@code before}
     * @param expected the expected line
     * @param actual the actual line
     * @param at the 0-based index to mark, or empty
     * @param suggestion the suggestion line
     * @param calls the trace
     * @param showArgs whether to list calls with their arguments
     * @param condition the rule's condition in words, or {@code null}
     * @return the block
     */
    public static String render(String rule, String expected, String actual, OptionalInt at, String suggestion,
            List<ToolInvocation> calls, boolean showArgs, String condition) {
        StringBuilder sb = new StringBuilder();
        sb.append(INDENT).append("Rule: ").append(rule).append('\n');
        if (condition != null) {
            sb.append(INDENT).append("When: ").append(condition).append('\n');
        }
        sb.append(INDENT).append("Expected: ").append(expected).append('\n');
        sb.append(INDENT).append("Actual: ").append(actual).append('\n');
        sb.append('\n');
        sb.append(trace(calls, at, showArgs));
        sb.append('\n');
        sb.append(INDENT).append("Suggestion: ").append(suggestion).append('\n');
        return sb.toString();
    }

    /**
     * Renders the trace listing with one call marked.
     *
     * @param calls the calls
     * @param at the 0-based index to mark, or empty
     * @param showArgs whether to show arguments
     * @return the {@code Trace:} lines
     */
    public static String trace(List<ToolInvocation> calls, OptionalInt at, boolean showArgs) {
        if (calls.isEmpty()) {
            return INDENT + "Trace: (no tool calls)\n";
        }
        StringBuilder sb = new StringBuilder(INDENT).append("Trace:\n");
        int n = calls.size();
        int width = String.valueOf(n).length();
        TreeSet<Integer> shown = new TreeSet<>();
        if (n <= FULL_TRACE_LIMIT) {
            for (int i = 0; i < n; i++) {
                shown.add(i);
            }
        } else {
            addRange(shown, 0, 2, n);
            addRange(shown, n - 2, n - 1, n);
            if (at.isPresent()) {
                addRange(shown, at.getAsInt() - 5, at.getAsInt() + 5, n);
            } else {
                addRange(shown, 0, 19, n);
            }
        }
        int previous = -1;
        for (int i : shown) {
            if (i > previous + 1) {
                sb.append(INDENT).append("  ").append(" ".repeat(width - 1)).append("… (")
                        .append(i - previous - 1).append(" more)\n");
            }
            String number = String.valueOf(i + 1);
            sb.append(INDENT).append("  ").append(" ".repeat(width - number.length())).append(number).append(". ")
                    .append(showArgs ? calls.get(i).summary() : calls.get(i).tool());
            if (at.isPresent() && at.getAsInt() == i) {
                sb.append("  ← violation");
            }
            sb.append('\n');
            previous = i;
        }
        if (previous < n - 1) {
            sb.append(INDENT).append("  … (").append(n - 1 - previous).append(" more)\n");
        }
        return sb.toString();
    }

    private static void addRange(TreeSet<Integer> shown, int from, int to, int n) {
        for (int i = Math.max(0, from); i <= Math.min(n - 1, to); i++) {
            shown.add(i);
        }
    }
}
