package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Every entry of kind {@code before} must precede every entry of kind {@code after} within each role
 * group ({@link OrderScope#ADJACENT_SAME_ROLE_GROUP}) or across the whole timeline
 * ({@link OrderScope#ENTIRE_TURN}); with {@code onlyLatestGroup} only the latest group is checked.
 * One finding per violating group, listing all {@code before} ids then all {@code after} ids.
 *
 * <p>Passes: {@code user, thought, call, assistant} for thought-before-toolCall. Fails:
 * {@code user, call, thought, assistant}.
 *
 * @param id the rule id
 * @param before the kind that must come first
 * @param after the kind that must come later
 * @param scope role groups or the whole timeline
 * @param onlyLatestGroup check only the latest role group
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record OrderRule(
        String id, Kind before, Kind after, OrderScope scope, boolean onlyLatestGroup, Severity severity,
        Provenance provenance) implements OrderingRule {

    private static final RuleField<OrderRule, Kind> BEFORE = RuleField.required(
            "before", RuleFields.KIND, OrderRule::before);
    private static final RuleField<OrderRule, Kind> AFTER = RuleField.required(
            "after", RuleFields.KIND, OrderRule::after);
    private static final RuleField<OrderRule, OrderScope> SCOPE = RuleField.optional(
            "scope", FieldType.constant(OrderScope.class, OrderScope::wireName), OrderRule::scope);
    private static final RuleField<OrderRule, Boolean> ONLY_LATEST_GROUP = RuleField.optional(
            "onlyLatestGroup", FieldType.BOOLEAN, false, OrderRule::onlyLatestGroup);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<OrderRule> DESCRIPTION = RuleDescription.of("order", OrderRule.class,
            List.of(BEFORE, AFTER, SCOPE, ONLY_LATEST_GROUP),
            v -> new OrderRule(v.id(), v.get(BEFORE), v.get(AFTER), v.get(SCOPE), v.get(ONLY_LATEST_GROUP),
                    v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public OrderRule {
        RuleFields.id(id);
        Require.nonNull(before, "before");
        Require.nonNull(after, "after");
        scope = scope == null ? OrderScope.ADJACENT_SAME_ROLE_GROUP : scope;
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<OrderRule> description() {
        return DESCRIPTION;
    }

    /**
     * Moves every misplaced {@code before}-kind entry of the finding ahead of the first
     * {@code after}-kind entry, keeping their relative order (strategy {@code reorder}).
     */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        for (String id : ids) {
            int i = EntrySearch.indexOf(working, id, 0);
            if (i >= 0) {
                lo = Math.min(lo, i);
                hi = Math.max(hi, i);
            }
        }
        if (hi < 0 || before == after) {
            return RepairResult.notApplicable();
        }
        int firstAfter = -1;
        for (int i = lo; i <= hi; i++) {
            if (working.get(i).kind() == after && ids.contains(working.get(i).id())) {
                firstAfter = i;
                break;
            }
        }
        if (firstAfter < 0) {
            return RepairResult.notApplicable();
        }
        List<Entry> moved = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = firstAfter + 1; i <= hi; i++) {
            Entry e = working.get(i);
            if (e.kind() == before && ids.contains(e.id())) {
                moved.add(e);
                positions.add(i);
            }
        }
        if (moved.isEmpty()) {
            return RepairResult.notApplicable();
        }
        Entry blocker = working.get(firstAfter);
        for (int k = positions.size() - 1; k >= 0; k--) {
            working.remove((int) positions.get(k)); // by position: an equal twin elsewhere must stay put
        }
        working.addAll(firstAfter, moved);
        return RepairResult.applied(RepairStrategy.REORDER, moved.get(0).id(), blocker.id(),
                "moved " + before.wireName() + " " + EntrySearch.quoteIds(moved) + " before " + after.wireName()
                        + " '" + blocker.id() + "', keeping their relative order", List.of(), List.of());
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        if (entries.isEmpty()) {
            return;
        }
        TimelineStructure s = context.structure();
        if (scope == OrderScope.ENTIRE_TURN) {
            checkRange(entries, s, 0, entries.size(), sink);
            return;
        }
        int firstGroup = onlyLatestGroup ? s.latestGroup() : 0;
        for (int g = firstGroup; g < s.groupCount(); g++) {
            checkRange(entries, s, s.groupStart(g), s.groupEnd(g), sink);
        }
    }

    private void checkRange(List<Entry> entries, TimelineStructure s, int from, int to, FindingSink sink) {
        int lastBefore = -1;
        int firstAfter = -1;
        int named = 0;
        for (int i = from; i < to; i++) {
            Kind k = s.kind(i);
            if (k == before) {
                lastBefore = i;
                named++;
            }
            if (k == after) {
                named++;
                if (firstAfter < 0) {
                    firstAfter = i;
                }
            }
        }
        if (lastBefore < 0 || firstAfter < 0 || lastBefore <= firstAfter) {
            return;
        }
        IdList.Builder ids = IdList.builder(named);
        for (int i = from; i < to; i++) {
            if (s.kind(i) == before) {
                ids.add(entries.get(i).id());
            }
        }
        for (int i = from; i < to; i++) {
            if (s.kind(i) == after) {
                ids.add(entries.get(i).id());
            }
        }
        sink.report(this, Facet.ORDER, ids.build(), before.wireName() + " entries must all precede " + after.wireName()
                + " entries, but " + before.wireName() + " " + RuleFields.quote(entries.get(lastBefore).id())
                + " comes after " + after.wireName() + " " + RuleFields.quote(entries.get(firstAfter).id()));
    }

    @Override
    public OrderRule withSeverity(Severity newSeverity) {
        return new OrderRule(id, before, after, scope, onlyLatestGroup, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public OrderRule withProvenance(Provenance newProvenance) {
        return new OrderRule(id, before, after, scope, onlyLatestGroup, severity, newProvenance);
    }

    /**
     * Returns a copy with another scope.
     *
     * @param newScope the scope
     * @return the copy
     */
    public OrderRule withScope(OrderScope newScope) {
        return new OrderRule(id, before, after, newScope, onlyLatestGroup, severity, provenance);
    }

    /**
     * Returns a copy that checks only the latest role group.
     *
     * @param value whether to check only the latest group
     * @return the copy
     */
    public OrderRule withOnlyLatestGroup(boolean value) {
        return new OrderRule(id, before, after, scope, value, severity, provenance);
    }
}
