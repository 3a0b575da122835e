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
 * the body when the input was a provider body), and in mutate mode the repairs with a diff of the
 * entries they changed (one entry of context around each change); {@code --verbose} prints the whole
 * timeline sent.
 */
final class TextReport {

    private TextReport() {}

    /** Unchanged entries printed around each change in the summary diff. */
    private static final int CONTEXT = 1;

    static void print(PrintWriter out, CheckInput input, GuardResult result, String output, boolean verbose) {
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
            List<Entry> sent = result.dispatch().timeline().entries();
            out.println(verbose ? "  timeline sent:" : "  entries changed (" + count(sent.size())
                    + " sent; --verbose prints them all):");
            diff(out, dispatch.timeline().entries(), sent, verbose);
        }
        if (output != null) {
            out.println("  written to " + output);
        }
        out.println();
    }

    private static void finding(PrintWriter out, Finding f, String label, CheckInput.Wire wire) {
        List<String> ids = new java.util.ArrayList<>();
        for (String id : f.primitiveIds()) {
            String at = wire == null ? null : wire.position(f, id);
            ids.add(at == null ? id : id + " at " + at);
        }
        out.println("  " + label + "  " + f.ruleId() + " [" + f.ruleType() + "] " + String.join(", ", ids));
        out.println("      " + f.detail());
        if (f.providerError() != null && !label.equals("advisory")) {
            out.println("      prevents: " + f.providerError());
        }
    }

    /**
     * Prints the output timeline against the input: {@code -} removed, {@code +} added, {@code ~} changed.
     * Unless verbose, only the changes are printed, each with one unchanged entry around it, and each
     * run of unchanged entries left out becomes one {@code … N unchanged} line.
     */
    static void diff(PrintWriter out, List<Entry> before, List<Entry> after, boolean verbose) {
        List<String[]> lines = diffLines(before, after);
        if (verbose) {
            lines.forEach(l -> out.println(l[1]));
            return;
        }
        boolean[] shown = new boolean[lines.size()];
        for (int k = 0; k < lines.size(); k++) {
            if (!lines.get(k)[0].equals("=")) {
                for (int c = Math.max(0, k - CONTEXT); c <= Math.min(lines.size() - 1, k + CONTEXT); c++) {
                    shown[c] = true;
                }
            }
        }
        int skipped = 0;
        for (int k = 0; k < lines.size(); k++) {
            if (shown[k]) {
                if (skipped > 0) {
                    out.println("      … " + count(skipped) + " unchanged");
                    skipped = 0;
                }
                out.println(lines.get(k)[1]);
            } else {
                skipped++;
            }
        }
        if (skipped > 0) {
            out.println("      … " + count(skipped) + " unchanged");
        }
    }

    /**
     * The diff as lines: {@code {"=", text}} for an unchanged entry, {@code {"~" | "+" | "-", text}} for a
     * change. The common head and tail are matched first, so only the changed middle is aligned (a
     * longest common subsequence, quadratic in its length).
     */
    private static List<String[]> diffLines(List<Entry> before, List<Entry> after) {
        int head = 0;
        while (head < before.size() && head < after.size() && same(before.get(head), after.get(head))) {
            head++;
        }
        int tail = 0;
        while (tail < before.size() - head && tail < after.size() - head
                && same(before.get(before.size() - 1 - tail), after.get(after.size() - 1 - tail))) {
            tail++;
        }
        List<String[]> lines = new java.util.ArrayList<>(Math.max(before.size(), after.size()) + 8);
        for (int k = 0; k < head; k++) {
            lines.add(pair(before.get(k), after.get(k)));
        }
        List<Entry> a = before.subList(head, before.size() - tail);
        List<Entry> b = after.subList(head, after.size() - tail);
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = same(a.get(i), b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && same(a.get(i), b.get(j))) {
                lines.add(pair(a.get(i++), b.get(j++)));
            } else if (j < m && (i >= n || lcs[i][j + 1] >= lcs[i + 1][j])) {
                lines.add(new String[] {"+", "    + " + describe(b.get(j++))});
            } else {
                lines.add(new String[] {"-", "    - " + describe(a.get(i++))});
            }
        }
        for (int k = tail; k > 0; k--) {
            lines.add(pair(before.get(before.size() - k), after.get(after.size() - k)));
        }
        return lines;
    }

    private static String[] pair(Entry a, Entry b) {
        return a.equals(b) ? new String[] {"=", "      " + describe(b)}
                : new String[] {"~", "    ~ " + describe(b) + "   (was " + describe(a) + ")"};
    }

    private static String count(int entries) {
        return String.format(java.util.Locale.ROOT, "%,d %s", entries, entries == 1 ? "entry" : "entries");
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
