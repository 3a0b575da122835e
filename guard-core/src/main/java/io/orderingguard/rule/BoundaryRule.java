package io.orderingguard.rule;

import java.util.LinkedHashSet;
import java.util.Arrays;
import io.orderingguard.timeline.ToolCall;
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

    private static final RuleField<BoundaryRule, BoundaryEnd> END = RuleField.required(
            "end", FieldType.constant(BoundaryEnd.class, BoundaryEnd::wireName), BoundaryRule::end);
    private static final RuleField<BoundaryRule, Set<EntrySelector>> ALLOWED = RuleField.required(
            "allowed", FieldType.constantSet(EntrySelector.class, EntrySelector::wireName), BoundaryRule::allowed);
    private static final RuleField<BoundaryRule, Boolean> SKIP_SYSTEM = RuleField.optional(
            "skipSystem", FieldType.BOOLEAN, true, BoundaryRule::skipSystem);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<BoundaryRule> DESCRIPTION = RuleDescription.of("boundary", BoundaryRule.class,
            List.of(END, ALLOWED, SKIP_SYSTEM),
            v -> new BoundaryRule(v.id(), v.get(END), v.get(ALLOWED), v.get(SKIP_SYSTEM), v.severity(), v.provenance()));

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
    public RuleDescription<BoundaryRule> description() {
        return DESCRIPTION;
    }

    /**
     * Repairs the first or last entry where that is obviously safe (drop an orphan result, put a user
     * filler before a model-side opening, answer a trailing unanswered call); says why not otherwise.
     */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        int i = boundaryIndex(working);
        if (i < 0 || !working.get(i).id().equals(ids.get(0))) {
            return RepairResult.notApplicable();
        }
        Entry e = working.get(i);
        boolean first = end == BoundaryEnd.FIRST;
        if (allowed.contains(first ? EntrySelector.atStart(e) : EntrySelector.atEnd(e))) {
            return RepairResult.notApplicable(); // a duplicate finding another repair of this pass already settled
        }
        if (first) {
            if (e instanceof ToolCall c && c.isOrphan()) {
                return ToolResultRepairs.dropOrphan(working, i, c);
            }
            boolean modelSide = !(e instanceof Message m) || m.role() == Role.ASSISTANT;
            if (modelSide && allowed.contains(EntrySelector.USER)) {
                Message filler = context.filler(Role.USER);
                working.add(i, filler);
                return RepairResult.applied(RepairStrategy.INSERT_LEADING_USER_FILLER, filler.id(), e.id(),
                        "inserted a user filler before " + e.kind().wireName() + " '" + e.id()
                                + "' so that the conversation starts with a user message", List.of(), List.of(filler));
            }
            return RepairResult.unrepairable(RepairStrategy.NONE, "the conversation cannot be made to start with what "
                    + "rule '" + id + "' allows without inventing or dropping content");
        }
        if (e instanceof ToolCall c && c.isUnanswered() && allowed.contains(EntrySelector.TOOL_RESULT)) {
            return ToolResultRepairs.answer(working, i, c);
        }
        return RepairResult.unrepairable(RepairStrategy.NONE, "the guard does not repair how a conversation ends: it "
                + "cannot tell a finished answer from a prefill, appending a user turn would put words in the user's "
                + "mouth, and dropping the last entry would lose it");
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
        sink.report(this, first ? Facet.FIRST_ENTRY : Facet.LAST_ENTRY, List.of(e.id()), "the conversation must "
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

    /**
     * Starts a rule about one end of the conversation; at least one allowed selector is required.
     *
     * @param id the rule id
     * @param end which end is checked
     * @return a builder that passes over system messages unless told otherwise
     */
    public static Builder builder(String id, BoundaryEnd end) {
        return new Builder(id, end);
    }

    /** Builds a {@link BoundaryRule}; see {@link RuleBuilder}. Not thread-safe. */
    public static final class Builder extends RuleBuilder<BoundaryRule, Builder> {
        private final BoundaryEnd end;
        private final Set<EntrySelector> allowed = new LinkedHashSet<>();
        private boolean skipSystem = true;

        private Builder(String id, BoundaryEnd end) {
            super(id);
            this.end = end;
        }

        /**
         * Adds selectors the entry at the checked end may match.
         *
         * @param selectors the selectors
         * @return this builder
         */
        public Builder allowed(EntrySelector... selectors) {
            allowed.addAll(Arrays.asList(selectors));
            return this;
        }

        /**
         * Sets whether system messages at the checked end are passed over (default {@code true}).
         *
         * @param value the flag
         * @return this builder
         */
        public Builder skipSystem(boolean value) {
            this.skipSystem = value;
            return this;
        }

        @Override
        public BoundaryRule build() {
            return new BoundaryRule(id(), end, allowed, skipSystem, severity(), provenance());
        }
    }
}
