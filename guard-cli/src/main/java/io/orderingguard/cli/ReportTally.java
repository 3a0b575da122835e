package io.orderingguard.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.GuardResult;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.Verdict;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What {@code guard report} counts: the totals, per rule and per profile, the rejection texts no rule
 * classifies, and the severity changes the evidence suggests.
 *
 * <p>Per rule: {@code wouldBlock} counts the exchanges in which the rule is one of the blocking rules
 * broken; {@code confirmed} those of them the provider rejected for their shape (when the rejection
 * text names one of the broken rules, only that rule is credited); {@code contradicted} those the
 * provider accepted; {@code missed} the exchanges the guard let through and the provider rejected with
 * a text classified as this rule. Precision is confirmed / (confirmed + contradicted), recall confirmed
 * / (confirmed + missed); both are {@code null} without evidence.
 *
 * <p>Suggestions, per profile: demote to advisory a blocking rule the evidence contradicts and never
 * confirms; promote to blocking an advisory rule whose finding the provider confirmed (the request was
 * rejected with its text) and never accepted.
 *
 * <p>Not thread-safe.
 */
final class ReportTally {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String NO_RULE = "(no rule)";

    /** Counts of one rule in one profile, or of a whole profile, or of everything. */
    static final class Counts {
        int exchanges;
        int accepted;
        int rejected;
        int wouldBlock;
        int confirmed;
        int contradicted;
        int missed;
        int agreed;
        int unjudged;
        /** Advisory findings of the rule in accepted requests. */
        int advisoryAccepted;
        /** Advisory findings of the rule in requests the provider rejected with the rule's text. */
        int advisoryConfirmed;
        Severity severity;

        Double precision() {
            return ratio(confirmed, confirmed + contradicted);
        }

        Double recall() {
            return ratio(confirmed, confirmed + missed);
        }

        private static Double ratio(int part, int whole) {
            return whole == 0 ? null : Math.round(part * 10_000.0 / whole) / 10_000.0;
        }
    }

    /** A rule the provider both confirmed and contradicted. */
    record Mixed(String profile, String ruleId, int confirmed, int contradicted) {}

    /** A suggested severity change. */
    record Suggestion(String profile, String ruleId, Severity severity, String reason) {}

    /** A rejection text no rule classifies, with how often it came and how it was judged (missed or unjudged). */
    record Unclassified(String text, String outcome, int count) {}

    private final Counts totals = new Counts();
    private final Map<String, Counts> profiles = new TreeMap<>();
    /** profile → rule → counts. */
    private final Map<String, Map<String, Counts>> rules = new TreeMap<>();
    private final Map<String, Integer> unclassified = new LinkedHashMap<>();
    private final Map<String, String> unclassifiedOutcome = new LinkedHashMap<>();
    private final List<GuardInputException> problems = new ArrayList<>();
    private int skipped;

    /**
     * Counts one judged exchange.
     *
     * @param verdict the verdict
     * @param result the check of the request
     * @param answer the provider's answer
     */
    void add(Verdict verdict, GuardResult result, ProviderAnswer answer) {
        Counts profile = profiles.computeIfAbsent(verdict.profile(), p -> new Counts());
        count(totals, verdict, answer);
        count(profile, verdict, answer);
        Map<String, Counts> byRule = rules.computeIfAbsent(verdict.profile(), p -> new TreeMap<>());
        List<String> blocking = verdict.wouldBlock();
        String named = verdict.rejectionRuleId();
        boolean credited = named != null && blocking.contains(named);
        for (String id : blocking) {
            Counts c = rule(byRule, id, Severity.BLOCKING);
            c.wouldBlock++;
            if (verdict.outcome() == VerdictOutcome.CONFIRMED && (!credited || id.equals(named))) {
                c.confirmed++;
            } else if (verdict.outcome() == VerdictOutcome.CONTRADICTED) {
                c.contradicted++;
            }
        }
        if (verdict.outcome() == VerdictOutcome.MISSED) {
            rule(byRule, named == null ? NO_RULE : named, null).missed++;
        }
        Set<String> advisories = new LinkedHashSet<>();
        for (Finding f : result.advisories()) {
            advisories.add(f.ruleId());
        }
        for (String id : advisories) {
            if (answer.accepted()) {
                rule(byRule, id, Severity.ADVISORY).advisoryAccepted++;
            } else if (verdict.outcome() == VerdictOutcome.MISSED && id.equals(named)) {
                rule(byRule, id, Severity.ADVISORY).advisoryConfirmed++;
            }
        }
        if (answer.rejected() && named == null) {
            String text = verdict.rejectionText() == null ? "" : verdict.rejectionText();
            unclassified.merge(text, 1, Integer::sum);
            unclassifiedOutcome.putIfAbsent(text, verdict.outcome().wireName());
        }
    }

    private static Counts rule(Map<String, Counts> byRule, String id, Severity severity) {
        Counts c = byRule.computeIfAbsent(id, k -> new Counts());
        if (c.severity == null) {
            c.severity = severity;
        }
        return c;
    }

    private static void count(Counts c, Verdict verdict, ProviderAnswer answer) {
        c.exchanges++;
        if (answer.accepted()) {
            c.accepted++;
        }
        if (answer.rejected()) {
            c.rejected++;
        }
        if (!verdict.wouldBlock().isEmpty()) {
            c.wouldBlock++;
        }
        switch (verdict.outcome()) {
            case CONFIRMED -> c.confirmed++;
            case CONTRADICTED -> c.contradicted++;
            case MISSED -> c.missed++;
            case AGREED -> c.agreed++;
            case UNJUDGED -> c.unjudged++;
        }
    }

    /**
     * Counts an exchange that could not be read.
     *
     * @param problem what was wrong
     */
    void bad(GuardInputException problem) {
        problems.add(problem);
    }

    /** Counts a HAR entry that is no provider chat call. */
    void skipped() {
        skipped++;
    }

    Counts totals() {
        return totals;
    }

    int unreadable() {
        return problems.size();
    }

    int skippedCount() {
        return skipped;
    }

    Map<String, Counts> profiles() {
        return profiles;
    }

    /**
     * Returns the per-rule counts over every profile, by rule id (the {@code (no rule)} row holds the
     * missed rejections no rule classifies).
     *
     * @return the rows
     */
    Map<String, Counts> ruleRows() {
        Map<String, Counts> rows = new TreeMap<>();
        for (Map<String, Counts> byRule : rules.values()) {
            for (Map.Entry<String, Counts> e : byRule.entrySet()) {
                Counts c = e.getValue();
                if (c.wouldBlock == 0 && c.missed == 0) {
                    continue;
                }
                Counts row = rows.computeIfAbsent(e.getKey(), k -> new Counts());
                row.wouldBlock += c.wouldBlock;
                row.confirmed += c.confirmed;
                row.contradicted += c.contradicted;
                row.missed += c.missed;
            }
        }
        return rows;
    }

    /**
     * Returns the profiles in which each rule was counted.
     *
     * @param ruleId the rule
     * @return the profile names
     */
    List<String> profilesOf(String ruleId) {
        List<String> names = new ArrayList<>();
        rules.forEach((profile, byRule) -> {
            Counts c = byRule.get(ruleId);
            if (c != null && (c.wouldBlock > 0 || c.missed > 0)) {
                names.add(profile);
            }
        });
        return names;
    }

    /**
     * Returns the rejection texts no rule classifies, most frequent first.
     *
     * @return the texts
     */
    List<Unclassified> unclassified() {
        List<Unclassified> list = new ArrayList<>();
        unclassified.forEach((text, count) -> list.add(new Unclassified(text, unclassifiedOutcome.get(text), count)));
        list.sort(Comparator.comparingInt(Unclassified::count).reversed().thenComparing(Unclassified::text));
        return list;
    }

    /**
     * Returns the severity changes the evidence suggests, by profile then rule.
     *
     * @return the suggestions
     */
    List<Suggestion> suggestions() {
        List<Suggestion> list = new ArrayList<>();
        rules.forEach((profile, byRule) -> byRule.forEach((id, c) -> {
            if (id.equals(NO_RULE)) {
                return;
            }
            if (c.contradicted > 0 && c.confirmed == 0) {
                list.add(new Suggestion(profile, id, Severity.ADVISORY, "contradicted " + c.contradicted
                        + ", confirmed 0"));
            } else if (c.wouldBlock == 0 && c.advisoryConfirmed > 0 && c.advisoryAccepted == 0) {
                list.add(new Suggestion(profile, id, Severity.BLOCKING, "advisory confirmed by " + c.advisoryConfirmed
                        + " rejection(s), never accepted"));
            }
        }));
        return list;
    }

    /**
     * Returns the blocking rules the provider both confirmed and contradicted: no severity change fits
     * them all, so the report names them for a person to read the requests.
     *
     * @return the rules with mixed evidence, by profile
     */
    List<Mixed> mixed() {
        List<Mixed> list = new ArrayList<>();
        rules.forEach((profile, byRule) -> byRule.forEach((id, c) -> {
            if (!id.equals(NO_RULE) && c.contradicted > 0 && c.confirmed > 0) {
                list.add(new Mixed(profile, id, c.confirmed, c.contradicted));
            }
        }));
        return list;
    }

    /**
     * Returns the problems met, in order.
     *
     * @return the problems
     */
    List<GuardInputException> problems() {
        return problems;
    }

    /** The counts of the totals and of each family, under the names the JSON report documents. */
    private static void counts(ObjectNode o, Counts c) {
        o.put("exchanges", c.exchanges);
        o.put("accepted", c.accepted);
        o.put("rejected", c.rejected);
        o.put("guardWouldBlock", c.wouldBlock);
        o.put("confirmed", c.confirmed);
        o.put("contradicted", c.contradicted);
        o.put("missed", c.missed);
        o.put("agreed", c.agreed);
        o.put("unjudged", c.unjudged);
    }

    /**
     * Renders the report as JSON.
     *
     * @param overridesWritten the files the suggestions were written to
     * @return the report
     */
    ObjectNode json(List<String> overridesWritten) {
        ObjectNode root = NODES.objectNode();
        ObjectNode t = root.putObject("totals");
        counts(t, totals);
        t.put("unreadable", unreadable());
        t.put("skipped", skipped);
        ratios(t, totals);
        ArrayNode ruleArray = root.putArray("rules");
        ruleRows().forEach((id, c) -> {
            ObjectNode r = ruleArray.addObject();
            r.put("ruleId", id);
            ArrayNode names = r.putArray("profiles");
            profilesOf(id).forEach(names::add);
            r.put("wouldBlock", c.wouldBlock);
            r.put("confirmed", c.confirmed);
            r.put("contradicted", c.contradicted);
            r.put("missed", c.missed);
            ratios(r, c);
        });
        ArrayNode profileArray = root.putArray("families");
        profiles.forEach((name, c) -> {
            ObjectNode p = profileArray.addObject();
            p.put("family", name);
            counts(p, c);
            ratios(p, c);
        });
        ArrayNode texts = root.putArray("unclassifiedRejections");
        for (Unclassified u : unclassified()) {
            texts.addObject().put("text", u.text()).put("outcome", u.outcome()).put("count", u.count());
        }
        ArrayNode mixedArray = root.putArray("mixedEvidence");
        for (Mixed m : mixed()) {
            mixedArray.addObject().put("profile", m.profile()).put("ruleId", m.ruleId()).put("confirmed", m.confirmed())
                    .put("contradicted", m.contradicted());
        }
        ArrayNode suggestions = root.putArray("suggestedOverrides");
        for (Suggestion s : suggestions()) {
            suggestions.addObject().put("profile", s.profile()).put("ruleId", s.ruleId())
                    .put("severity", s.severity().wireName()).put("reason", s.reason());
        }
        ArrayNode files = root.putArray("overrideFiles");
        overridesWritten.forEach(files::add);
        ArrayNode bad = root.putArray("unreadableInputs");
        for (GuardInputException e : problems) {
            ObjectNode b = bad.addObject();
            b.put("file", e.source());
            if (e.line() > 0) {
                b.put("line", e.line());
            }
            b.put("error", e.getMessage());
        }
        return root;
    }

    private static void ratios(ObjectNode node, Counts c) {
        Double precision = c.precision();
        Double recall = c.recall();
        if (precision == null) {
            node.putNull("precision");
        } else {
            node.put("precision", precision);
        }
        if (recall == null) {
            node.putNull("recall");
        } else {
            node.put("recall", recall);
        }
    }

    /**
     * Renders the report for a terminal ({@code markdown = false}) or as Markdown tables.
     *
     * @param markdown whether to write Markdown
     * @param overridesWritten the files the suggestions were written to
     * @return the report
     */
    String text(boolean markdown, List<String> overridesWritten) {
        StringBuilder sb = new StringBuilder();
        Counts t = totals;
        if (markdown) {
            sb.append("# Ordering guard report\n\n");
        }
        sb.append(t.exchanges).append(" exchange").append(t.exchanges == 1 ? "" : "s").append(": ")
                .append(t.accepted).append(" accepted, ").append(t.rejected).append(" rejected (400/422); the guard "
                        + "would block ").append(t.wouldBlock).append('\n');
        if (markdown) {
            sb.append('\n');
        }
        sb.append("confirmed ").append(t.confirmed).append(", contradicted ").append(t.contradicted)
                .append(", missed ").append(t.missed).append(", agreed ").append(t.agreed).append(", unjudged ")
                .append(t.unjudged).append("; unreadable ").append(unreadable()).append(", skipped ").append(skipped)
                .append('\n');
        if (markdown) {
            sb.append('\n');
        }
        sb.append("precision ").append(ratio(t.precision(), t.confirmed, t.confirmed + t.contradicted))
                .append(", recall ").append(ratio(t.recall(), t.confirmed, t.confirmed + t.missed)).append('\n');
        List<String> header = List.of("would-block", "confirmed", "contradicted", "missed", "precision", "recall");
        Map<String, Counts> rows = ruleRows();
        if (!rows.isEmpty()) {
            sb.append('\n');
            table(sb, markdown, "Rules", "rule", header, rows);
        }
        if (!profiles.isEmpty()) {
            sb.append('\n');
            table(sb, markdown, "Families", "family", header, profiles);
        }
        List<Unclassified> texts = unclassified();
        if (!texts.isEmpty()) {
            sb.append('\n').append(markdown ? "## Rejection texts no rule classifies\n\n" : "Rejection texts no rule "
                    + "classifies:\n");
            for (Unclassified u : texts) {
                sb.append(markdown ? "- " : "  ").append(u.count()).append("x ").append(markdown ? "`" : "\"")
                        .append(u.text().replace("`", "'")).append(markdown ? "`" : "\"").append(" (").append(u.outcome())
                        .append(")\n");
            }
        }
        List<Mixed> mixed = mixed();
        if (!mixed.isEmpty()) {
            sb.append('\n').append(markdown ? "## Rules with mixed evidence\n\n" : "Rules with mixed evidence (no "
                    + "suggestion: read their requests):\n");
            for (Mixed m : mixed) {
                sb.append(markdown ? "- " : "  ").append(m.profile()).append(": ").append(m.ruleId())
                        .append(" (confirmed ").append(m.confirmed()).append(", contradicted ").append(m.contradicted())
                        .append(")\n");
            }
        }
        List<Suggestion> suggestions = suggestions();
        if (!suggestions.isEmpty()) {
            sb.append('\n').append(markdown ? "## Suggested overrides\n\n" : "Suggested overrides:\n");
            for (Suggestion s : suggestions) {
                sb.append(markdown ? "- " : "  ").append(s.profile()).append(": ")
                        .append(s.severity() == Severity.ADVISORY ? "demote " : "promote ").append(s.ruleId())
                        .append(" to ").append(s.severity().wireName()).append(" (").append(s.reason()).append(")\n");
            }
            for (String file : overridesWritten) {
                sb.append(markdown ? "\nWritten to `" + file + "`.\n" : "  written to " + file + "\n");
            }
        }
        return sb.toString();
    }

    private static String ratio(Double value, int part, int whole) {
        return value == null ? "n/a (no evidence)" : String.format(java.util.Locale.ROOT, "%.2f (%d of %d)", value,
                part, whole);
    }

    private static void table(StringBuilder sb, boolean markdown, String title, String first, List<String> header,
            Map<String, Counts> rows) {
        if (markdown) {
            sb.append("## ").append(title).append("\n\n| ").append(first);
            header.forEach(h -> sb.append(" | ").append(h));
            sb.append(" |\n|---");
            header.forEach(h -> sb.append("|---:"));
            sb.append("|\n");
        } else {
            int width = Math.max(first.length(), rows.keySet().stream().mapToInt(String::length).max().orElse(0));
            sb.append(title).append(":\n  ").append(pad(first, width));
            header.forEach(h -> sb.append("  ").append(h));
            sb.append('\n');
        }
        int width = Math.max(first.length(), rows.keySet().stream().mapToInt(String::length).max().orElse(0));
        rows.forEach((name, c) -> {
            List<String> cells = List.of(Integer.toString(c.wouldBlock), Integer.toString(c.confirmed),
                    Integer.toString(c.contradicted), Integer.toString(c.missed), format(c.precision()),
                    format(c.recall()));
            if (markdown) {
                sb.append("| ").append(name);
                cells.forEach(cell -> sb.append(" | ").append(cell));
                sb.append(" |\n");
            } else {
                sb.append("  ").append(pad(name, width));
                for (int i = 0; i < cells.size(); i++) {
                    sb.append("  ").append(padLeft(cells.get(i), header.get(i).length()));
                }
                sb.append('\n');
            }
        });
    }

    private static String format(Double value) {
        return value == null ? "-" : String.format(java.util.Locale.ROOT, "%.2f", value);
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }
}
