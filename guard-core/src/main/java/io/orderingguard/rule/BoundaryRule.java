package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The first or last entry of the timeline must be one of the {@code allowed} selectors: Mistral wants
 * a conversation to start with a user or system message and to end with a user message or a tool
 * result; Gemini rejects a history that starts with a function call.
 *
 * <p>With {@code skipSystem} (the default) system messages at that end are passed over and the first
 * (or last) other entry is checked. Tool calls are judged as the wire shows them: at the start a
 * requested call is a {@code toolCall} (the call comes before its result) and an orphan result a
 * {@code toolResult}; at the end an unanswered call is a {@code toolCall} and an answered call or an
 * orphan a {@code toolResult} (its result comes last). An empty timeline (or one of system messages
 * only, when they are skipped) has no such entry and no finding.
 *
 * <p>One finding, facet {@code first-entry} or {@code last-entry}, naming the entry. Mutate mode
 * repairs only what is obviously safe: a leading orphan result is dropped (recorded, as the pairing
 * repair does), a trailing unanswered call is answered with an error result saying it was not
 * executed (when {@code toolResult} is allowed), and when {@code user} is allowed at the start, a
 * short user filler is inserted before a model entry there (the providers accept it and it adds no
 * content). Everything else is left unrepaired with a reason: the guard does not invent a user turn
 * after the model's last answer, nor drop that answer.
 *
 * <p>Passes for first, [user]: {@code system, user, assistant}. Fails: {@code system, assistant, user}.
 *
 * @param id the rule id
 * @param end which end is checked
 * @param allowed the selectors the entry there may match (non-empty)
 * @param skipSystem whether system messages at that end are passed over
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record BoundaryRule(
        String id, BoundaryEnd end, Set<EntrySelector> allowed, boolean skipSystem, Severity severity,
        Provenance provenance) implements OrderingRule {

    /** Validates the fields and applies defaults. */
    public BoundaryRule {
        RuleFields.id(id);
        Require.nonNull(end, "end");
        Require.nonNull(allowed, "allowed");
        Require.argument(!allowed.isEmpty(), "allowed must not be empty");
        allowed = Set.copyOf(EnumSet.copyOf(allowed));
        Require.argument(!(skipSystem && allowed.contains(EntrySelector.SYSTEM)),
                "allowed may not contain system when skipSystem is true (system messages are passed over), but "
                        + "rule '" + id + "' has both");
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public String type() {
        return "boundary";
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        int i = boundaryIndex(entries);
        if (i < 0) {
            return;
        }
        Entry e = entries.get(i);
        EntrySelector actual = end == BoundaryEnd.FIRST ? EntrySelector.atStart(e) : EntrySelector.atEnd(e);
        if (allowed.contains(actual)) {
            return;
        }
        boolean first = end == BoundaryEnd.FIRST;
        sink.report(this, first ? "first-entry" : "last-entry", List.of(e.id()), "the conversation must "
                + (first ? "start" : "end") + " with " + describeAllowed() + (skipSystem ? " (system messages aside)" : "")
                + ", but its " + (first ? "first" : "last") + " entry " + RuleFields.quote(e.id()) + " is "
                + actual.withArticle());
    }

    /**
     * Returns the position of the entry this rule checks.
     *
     * @param entries the timeline's entries
     * @return the index, or -1 when there is none
     */
    public int boundaryIndex(List<Entry> entries) {
        int n = entries.size();
        for (int k = 0; k < n; k++) {
            int i = end == BoundaryEnd.FIRST ? k : n - 1 - k;
            if (!(skipSystem && entries.get(i) instanceof Message m && m.role() == Role.SYSTEM)) {
                return i;
            }
        }
        return -1;
    }

    private String describeAllowed() {
        List<String> nouns = new ArrayList<>();
        for (EntrySelector s : EntrySelector.values()) {
            if (allowed.contains(s)) {
                nouns.add(s.withArticle());
            }
        }
        if (nouns.size() == 1) {
            return nouns.get(0);
        }
        return String.join(", ", nouns.subList(0, nouns.size() - 1)) + " or " + nouns.get(nouns.size() - 1);
    }

    @Override
    public BoundaryRule withSeverity(Severity newSeverity) {
        return new BoundaryRule(id, end, allowed, skipSystem, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public BoundaryRule withProvenance(Provenance newProvenance) {
        return new BoundaryRule(id, end, allowed, skipSystem, severity, newProvenance);
    }

    /**
     * Returns a copy that does or does not pass over system messages.
     *
     * @param value whether system messages at the checked end are passed over
     * @return the copy
     */
    public BoundaryRule withSkipSystem(boolean value) {
        return new BoundaryRule(id, end, allowed, value, severity, provenance);
    }
}
