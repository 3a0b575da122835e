package io.orderingguard.cli;

import io.orderingguard.GuardResult;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairFailure;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.io.PrintWriter;
import java.util.List;

/**
 * Human output of {@code guard check}: findings per dispatch (each entry id followed by its position in
 * the body when the input was a provider body), and in mutate mode a diff of the timeline.
 */
final class TextReport {

    private TextReport() {}

    static void print(PrintWriter out, CheckInput input, GuardResult result, String output) {
        Dispatch dispatch = input.dispatch();
        StringBuilder head = new StringBuilder(input.label()).append(": ")
                .append(result.outcome().wireName().toUpperCase(java.util.Locale.ROOT)).append(" (");
        if (input.wire() != null) {
            head.append("wire ").append(input.wire().codec().format().wireName()).append(", ");
        }
        head.append("profile ").append(result.profile());
        if (dispatch.model() != null) {
            head.append(", model ").append(dispatch.model());
        }
        if (dispatch.conversationId() != null) {
            head.append(", conversation ").append(dispatch.conversationId());
        }
        head.append(')');
        out.println(head);
        out.println("  selection  " + result.selection().reason());
        if (result.shadow() && result.rejected()) {
            out.println("  shadow  sent unchanged: shadow mode reports what enforce would reject and never blocks");
        }
        CheckInput.Wire wire = input.wire();
        for (Finding f : result.blocking()) {
            finding(out, f, result.unrepaired().contains(f) ? "blocking" : "repaired", wire);
        }
        for (Finding f : result.unrepaired()) {
            if (!result.blocking().contains(f)) {
                finding(out, f, "blocking", wire);
            }
        }
        for (Finding f : result.advisories()) {
            finding(out, f, "advisory", wire);
        }
        for (RepairFailure failure : result.repairFailures()) {
            out.println("  not repaired  " + failure.ruleId() + ": " + failure.message());
        }
        if (!result.repairs().isEmpty()) {
            out.println("  repairs:");
            for (Repair r : result.repairs()) {
                out.println("    " + r.strategy() + " (" + r.ruleId() + "): " + r.detail());
            }
            out.println("  timeline sent:");
            diff(out, dispatch.timeline().entries(), result.dispatch().timeline().entries());
        }
        if (output != null) {
            out.println("  written to " + output);
        }
        out.println();
    }

    private static void finding(PrintWriter out, Finding f, String label, CheckInput.Wire wire) {
        List<String> ids = new java.util.ArrayList<>();
        for (String id : f.primitiveIds()) {
            String at = wire == null ? null : wire.position(id);
            ids.add(at == null ? id : id + " at " + at);
        }
        out.println("  " + label + "  " + f.ruleId() + " [" + f.ruleType() + "] " + String.join(", ", ids));
        out.println("      " + f.detail());
        if (f.providerError() != null && !label.equals("advisory")) {
            out.println("      prevents: " + f.providerError());
        }
    }

    /** Prints the output timeline against the input: {@code -} removed, {@code +} added, {@code ~} changed. */
    static void diff(PrintWriter out, List<Entry> before, List<Entry> after) {
        int n = before.size();
        int m = after.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = same(before.get(i), after.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && same(before.get(i), after.get(j))) {
                Entry a = before.get(i);
                Entry b = after.get(j);
                if (a.equals(b)) {
                    out.println("      " + describe(b));
                } else {
                    out.println("    ~ " + describe(b) + "   (was " + describe(a) + ")");
                }
                i++;
                j++;
            } else if (j < m && (i >= n || lcs[i][j + 1] >= lcs[i + 1][j])) {
                out.println("    + " + describe(after.get(j++)));
            } else {
                out.println("    - " + describe(before.get(i++)));
            }
        }
    }

    private static boolean same(Entry a, Entry b) {
        return a.kind() == b.kind() && (a.id().equals(b.id()) || sameCall(a, b));
    }

    private static boolean sameCall(Entry a, Entry b) {
        // a renamed call is still the same call: same tool, same arguments, same result
        return a instanceof ToolCall x && b instanceof ToolCall y && x.tool().equals(y.tool()) && x.args().equals(y.args())
                && java.util.Objects.equals(x.result(), y.result());
    }

    static String describe(Entry e) {
        if (e instanceof Message m) {
            return "message  " + m.id() + " " + m.role().wireName() + " " + quote(m.content());
        }
        if (e instanceof Thought t) {
            return "thought  " + t.id() + (t.replayCompatibility() == null ? "" : " [" + t.replayCompatibility() + "]")
                    + (t.content().isEmpty() ? "" : " " + quote(t.content()));
        }
        ToolCall c = (ToolCall) e;
        String state = c.isOrphan() ? " (orphan result)" : c.isUnanswered() ? " (unanswered)" : "";
        String result = c.result() == null ? "" : " -> " + (c.result().isError() ? "error " : "") + quote(c.result().content());
        return "toolCall " + c.id() + " " + c.tool() + state + (c.step() == null ? "" : " step " + c.step()) + result;
    }

    private static String quote(String text) {
        String t = text.replace("\n", " ");
        return "\"" + (t.length() > 60 ? t.substring(0, 57) + "..." : t) + "\"";
    }
}
