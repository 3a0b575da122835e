package io.orderingguard.rule;

import io.orderingguard.timeline.Thought;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Replayed reasoning and vendor payloads must come from a wire the target accepts: a thinking
 * signature minted by one model is rejected by another, and a reasoning blob from another provider
 * is at best ignored. An entry of one of {@code kinds} whose replay tag is not in {@code accepted}
 * is foreign; an untagged entry is of unknown origin and never foreign. Mutate mode drops foreign
 * thoughts and strips foreign payloads from other entries — never demoting reasoning to text.
 *
 * <p>Passes with accepted [anthropic-messages-thinking-v1]: a thought tagged so. Fails: a thought
 * tagged {@code openai-responses-reasoning-v1}.
 *
 * @param id the rule id
 * @param kinds the kinds checked (non-empty)
 * @param accepted the replay tags the target accepts (may be empty: every tagged entry is foreign)
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record ReplayCompatibilityRule(String id, Set<Kind> kinds, List<String> accepted, Severity severity,
        Provenance provenance) implements OrderingRule {

    private static final RuleField<ReplayCompatibilityRule, Set<Kind>> KINDS = RuleField.optional(
            "kinds", RuleFields.KINDS, ReplayCompatibilityRule::kinds);
    private static final RuleField<ReplayCompatibilityRule, List<String>> ACCEPTED = RuleField.optional(
            "accepted", FieldType.TEXT_LIST, List.of(), ReplayCompatibilityRule::accepted);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<ReplayCompatibilityRule> DESCRIPTION = RuleDescription.of(
            "replayCompatibility", ReplayCompatibilityRule.class,
            List.of(KINDS, ACCEPTED),
            v -> new ReplayCompatibilityRule(v.id(), v.get(KINDS), v.get(ACCEPTED), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public ReplayCompatibilityRule {
        RuleFields.id(id);
        kinds = kinds == null ? Set.of(Kind.THOUGHT, Kind.TOOL_CALL) : Set.copyOf(EnumSet.copyOf(requireNonEmpty(kinds)));
        Require.nonNull(accepted, "accepted");
        for (int i = 0; i < accepted.size(); i++) {
            Require.nonBlank(accepted.get(i), "accepted[" + i + "]");
        }
        accepted = List.copyOf(accepted);
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    private static Set<Kind> requireNonEmpty(Set<Kind> kinds) {
        Require.argument(!kinds.isEmpty(), "kinds must not be empty");
        return kinds;
    }

    @Override
    public RuleDescription<ReplayCompatibilityRule> description() {
        return DESCRIPTION;
    }

    /**
     * Drops a foreign thought, or strips the payload of another foreign entry, which stays (strategy
     * {@code drop-foreign-reasoning}).
     */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        int i = EntrySearch.locate(working, ids.get(0), this::isForeign);
        if (i < 0) {
            return RepairResult.notApplicable();
        }
        Entry e = working.get(i);
        if (e instanceof Thought) {
            working.remove(i);
            return RepairResult.applied(RepairStrategy.DROP_FOREIGN_REASONING, e.id(), null, "dropped thought '" + e.id()
                    + "' produced by wire '" + e.replayCompatibility() + "'", List.of(e), List.of());
        }
        Entry stripped = e.withPayload(null, null);
        working.set(i, stripped);
        return RepairResult.applied(RepairStrategy.DROP_FOREIGN_REASONING, e.id(), null,
                "removed the payload of " + e.kind().wireName() + " '" + e.id() + "' produced by wire '"
                        + e.replayCompatibility() + "' (the entry itself stays)", List.of(e), List.of(stripped));
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        checkRange(context, 0, context.entries().size(), sink);
    }

    /** {@link #check} in ranges: it reads each entry on its own. */
    RangeCheck ranges(RuleContext context, FindingSink sink) {
        return (from, to) -> checkRange(context, from, to, sink);
    }

    private void checkRange(RuleContext context, int from, int to, FindingSink sink) {
        int checked = 0;
        for (Kind k : kinds) {
            checked |= 1 << k.ordinal();
        }
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        for (int i = from; i < to; i++) {
            // the kind from the structure: entries of a kind not checked are not read at all
            if ((checked & 1 << s.kind(i).ordinal()) == 0) {
                continue;
            }
            Entry e = entries.get(i);
            String tag = e.replayCompatibility();
            if (tag != null && !accepted.contains(tag)) {
                sink.report(this, Facet.FOREIGN, List.of(e.id()), e.kind().wireName() + " " + RuleFields.quote(e.id())
                        + " was produced by wire '" + e.replayCompatibility() + "', which the target does not accept"
                        + (accepted.isEmpty() ? "" : " (accepted: " + String.join(", ", accepted) + ")"));
            }
        }
    }

    /**
     * Returns whether an entry is foreign to the target.
     *
     * @param e the entry
     * @return {@code true} when its kind is checked and its replay tag is not accepted
     */
    public boolean isForeign(Entry e) {
        String tag = e.replayCompatibility();
        return tag != null && kinds.contains(e.kind()) && !accepted.contains(tag);
    }

    @Override
    public ReplayCompatibilityRule withSeverity(Severity newSeverity) {
        return new ReplayCompatibilityRule(id, kinds, accepted, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public ReplayCompatibilityRule withProvenance(Provenance newProvenance) {
        return new ReplayCompatibilityRule(id, kinds, accepted, severity, newProvenance);
    }

    /**
     * Returns a copy checking other kinds.
     *
     * @param newKinds the kinds checked (non-empty)
     * @return the copy
     */
    public ReplayCompatibilityRule withKinds(Kind... newKinds) {
        return new ReplayCompatibilityRule(id, Set.of(newKinds), accepted, severity, provenance);
    }
}
