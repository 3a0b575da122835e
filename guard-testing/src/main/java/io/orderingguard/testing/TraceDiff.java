package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The positional difference between a golden baseline and an actual trace: turn {@code i} against
 * turn {@code i}.
 *
 * <p>Per turn it reports a missing or extra turn, a different list of tool names (count or order;
 * arguments are then not compared), argument differences keyed {@code <goldenTool>.<arg>}, and a
 * result mismatch (tool results compared by position as value and error, call ids ignored; or a
 * different response text). Metadata, timestamps, token usage, model and prompt messages are never
 * compared.
 *
 * <p>Ignore fields: {@code arguments} (all arguments), {@code <tool>.<arg>} (one argument),
 * {@code results} (tool results), {@code response_text}. Nothing masks a tool name or count
 * difference.
 *
 * <pre>{@code
 * TraceDiff diff = TraceDiff.between(golden, actual, "search.timestamp");
 * if (!diff.matches()) System.out.println(diff.summary());
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 */
public final class TraceDiff {

    /** Ignore all tool arguments. */
    public static final String ARGUMENTS = "arguments";
    /** Ignore tool results. */
    public static final String RESULTS = "results";
    /** Ignore the response text. */
    public static final String RESPONSE_TEXT = "response_text";

    private final int goldenTurns;
    private final int actualTurns;
    private final List<String> differences;

    private TraceDiff(int goldenTurns, int actualTurns, List<String> differences) {
        this.goldenTurns = goldenTurns;
        this.actualTurns = actualTurns;
        this.differences = List.copyOf(differences);
    }

    /**
     * Compares two traces.
     *
     * @param golden the baseline
     * @param actual the trace under test
     * @param ignoreFields fields not to compare (see the class description)
     * @return the difference
     */
    public static TraceDiff between(Trace golden, Trace actual, String... ignoreFields) {
        return between(golden, actual, Arrays.asList(ignoreFields));
    }

    /**
     * Compares two traces.
     *
     * @param golden the baseline
     * @param actual the trace under test
     * @param ignoreFields fields not to compare (see the class description)
     * @return the difference
     */
    public static TraceDiff between(Trace golden, Trace actual, Collection<String> ignoreFields) {
        Require.nonNull(golden, "golden");
        Require.nonNull(actual, "actual");
        Set<String> ignore = new LinkedHashSet<>();
        for (String f : Require.nonNull(ignoreFields, "ignoreFields")) {
            ignore.add(Require.nonBlank(f, "ignoreFields[]"));
        }
        List<String> lines = new ArrayList<>();
        int g = golden.turns().size();
        int a = actual.turns().size();
        for (int i = 0; i < Math.max(g, a); i++) {
            if (i >= a) {
                lines.add("Turn " + i + ": MISSING (expected " + firstTool(golden.turns().get(i)) + ")");
            } else if (i >= g) {
                lines.add("Turn " + i + ": EXTRA (got " + firstTool(actual.turns().get(i)) + ")");
            } else {
                compareTurn(i, golden.turns().get(i), actual.turns().get(i), ignore, lines);
            }
        }
        return new TraceDiff(g, a, lines);
    }

    private static void compareTurn(int i, Turn golden, Turn actual, Set<String> ignore, List<String> lines) {
        List<String> goldenNames = golden.toolCalls().stream().map(RecordedCall::name).toList();
        List<String> actualNames = actual.toolCalls().stream().map(RecordedCall::name).toList();
        if (!goldenNames.equals(actualNames)) {
            lines.add("Turn " + i + ": tool mismatch (expected " + FlowPattern.names(goldenNames) + ", got "
                    + FlowPattern.names(actualNames) + ")");
            return;
        }
        if (!ignore.contains(ARGUMENTS)) {
            List<String> argLines = new ArrayList<>();
            for (int c = 0; c < goldenNames.size(); c++) {
                RecordedCall gc = golden.toolCalls().get(c);
                RecordedCall ac = actual.toolCalls().get(c);
                Set<String> keys = new LinkedHashSet<>();
                gc.arguments().fieldNames().forEachRemaining(keys::add);
                ac.arguments().fieldNames().forEachRemaining(keys::add);
                for (String key : keys) {
                    String label = gc.name() + "." + key;
                    JsonNode gv = gc.argument(key);
                    JsonNode av = ac.argument(key);
                    if (!ignore.contains(label) && !Json.sameValue(gv, av)) {
                        argLines.add("    " + label + ": expected=" + show(gv) + ", actual=" + show(av));
                    }
                }
            }
            if (!argLines.isEmpty()) {
                lines.add("Turn " + i + ": argument differences:");
                lines.addAll(argLines);
            }
        }
        boolean resultMismatch = false;
        if (!ignore.contains(RESULTS)) {
            List<RecordedResult> gr = golden.toolResults();
            List<RecordedResult> ar = actual.toolResults();
            if (gr.size() != ar.size()) {
                resultMismatch = true;
            } else {
                for (int r = 0; r < gr.size(); r++) {
                    if (!Json.sameValue(gr.get(r).result(), ar.get(r).result())
                            || !Objects.equals(gr.get(r).error(), ar.get(r).error())) {
                        resultMismatch = true;
                    }
                }
            }
        }
        if (!ignore.contains(RESPONSE_TEXT)
                && !Objects.equals(golden.llmCall().responseText(), actual.llmCall().responseText())) {
            resultMismatch = true;
        }
        if (resultMismatch) {
            lines.add("Turn " + i + ": result mismatch");
        }
    }

    private static String firstTool(Turn turn) {
        return turn.toolCalls().isEmpty() ? "no tool call" : turn.toolCalls().get(0).name();
    }

    private static String show(JsonNode value) {
        return value == null ? "<missing>" : Json.render(value);
    }

    /**
     * Returns whether the traces match.
     *
     * @return {@code true} when no difference was found
     */
    public boolean matches() {
        return differences.isEmpty();
    }

    /**
     * Returns the difference lines (argument details are indented under their turn line).
     *
     * @return the lines; empty when the traces match
     */
    public List<String> differences() {
        return differences;
    }

    /**
     * Returns the summary: {@code Traces match (N turns)}, or {@code Trace diff: G golden turns vs A
     * actual turns} followed by one line per difference.
     *
     * @return the text
     */
    public String summary() {
        if (differences.isEmpty()) {
            return "Traces match (" + actualTurns + " turns)";
        }
        return "Trace diff: " + goldenTurns + " golden turns vs " + actualTurns + " actual turns\n"
                + String.join("\n", differences);
    }

    @Override
    public String toString() {
        return summary();
    }
}
