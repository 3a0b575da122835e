package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The failure report of flow assertions: every turn of the trace with its calls and results, the
 * failed assertion, and for assertions about one tool a probable cause.
 *
 * <pre>
 * ======================================================
 * AGENT STACK TRACE -- vendor-approval
 * ======================================================
 *
 * ✓ Turn 0
 *   LLM -&gt; review_security(vendor="ClearVoice AI")
 *   Result: {"risk": "HIGH"}
 *
 * ======================================================
 * ASSERTION FAILED: "delete_data" was called in turn(s) [0]
 * ======================================================
 * </pre>
 *
 * <p>Unlike the reference, the report carries no ANSI colour codes: it is read in IDEs, build logs
 * and CI reports alike.
 */
public final class AgentStackTrace {

    static final String RULE = "=".repeat(54);
    private static final int TEXT_LIMIT = 80;

    private AgentStackTrace() {}

    /**
     * Renders the report.
     *
     * @param trace the trace
     * @param message the one-line failure message
     * @param probableCause whether to add the probable-cause section (assertions about one tool)
     * @return the report, lines separated by {@code \n}
     */
    public static String render(Trace trace, String message, boolean probableCause) {
        StringBuilder sb = new StringBuilder();
        sb.append(RULE).append('\n');
        sb.append("AGENT STACK TRACE -- ").append(trace.name()).append('\n');
        sb.append(RULE).append('\n');
        sb.append('\n');
        for (Turn turn : trace.turns()) {
            renderTurn(turn, sb);
            sb.append('\n');
        }
        sb.append(RULE).append('\n');
        sb.append("ASSERTION FAILED: ").append(message).append('\n');
        if (probableCause) {
            String cause = probableCause(trace);
            if (cause != null) {
                sb.append('\n').append("PROBABLE CAUSE:").append('\n').append(cause);
            }
        }
        sb.append(RULE);
        return sb.toString();
    }

    private static void renderTurn(Turn turn, StringBuilder sb) {
        boolean failed = turn.toolResults().stream().anyMatch(r -> r.error() != null && !r.error().isEmpty());
        sb.append(failed ? "✗" : "✓").append(" Turn ").append(turn.index());
        if (turn.durationMs() > 0) {
            sb.append(" [").append(String.format(Locale.ROOT, "%.0f", turn.durationMs())).append("ms]");
        }
        sb.append('\n');
        List<RecordedCall> calls = turn.toolCalls();
        String text = turn.llmCall().responseText();
        if (!calls.isEmpty()) {
            for (RecordedCall call : calls) {
                sb.append("  LLM -> ").append(call.name()).append('(');
                boolean first = true;
                for (Map.Entry<String, JsonNode> arg : call.arguments().properties()) {
                    if (!first) {
                        sb.append(", ");
                    }
                    first = false;
                    sb.append(arg.getKey()).append('=').append(Json.render(arg.getValue()));
                }
                sb.append(")\n");
            }
        } else if (text != null) {
            String shown = text.length() > TEXT_LIMIT ? text.substring(0, TEXT_LIMIT - 3) + "..." : text;
            sb.append("  LLM -> [TEXT] \"").append(shown).append("\"\n");
        } else {
            sb.append("  No tool calls made.\n");
        }
        for (RecordedResult r : turn.toolResults()) {
            if (r.error() != null) {
                sb.append("  Error: ").append(r.error()).append('\n');
            } else {
                sb.append("  Result: ").append(Json.render(r.result())).append('\n');
            }
        }
    }

    /** The last tool error, or else the last call that has a result; {@code null} when neither. */
    private static String probableCause(Trace trace) {
        for (int t = trace.turns().size() - 1; t >= 0; t--) {
            List<RecordedResult> results = trace.turns().get(t).toolResults();
            for (int i = results.size() - 1; i >= 0; i--) {
                if (results.get(i).error() != null) {
                    return "  Turn " + t + " had a tool error: " + results.get(i).error() + "\n"
                            + "  LLM may have stopped after the error\n";
                }
            }
        }
        for (int t = trace.turns().size() - 1; t >= 0; t--) {
            Turn turn = trace.turns().get(t);
            List<RecordedCall> calls = turn.toolCalls();
            for (int i = calls.size() - 1; i >= 0; i--) {
                RecordedResult result = linkedResult(trace, calls.get(i).callId());
                if (result != null) {
                    return "  Last tool output before termination:\n"
                            + "    " + calls.get(i).name() + " -> " + Json.render(result.result()) + "\n";
                }
            }
        }
        return null;
    }

    /** The first result with that call id, from any turn. */
    static RecordedResult linkedResult(Trace trace, String callId) {
        for (Turn turn : trace.turns()) {
            for (RecordedResult r : turn.toolResults()) {
                if (r.callId().equals(callId)) {
                    return r;
                }
            }
        }
        return null;
    }
}
