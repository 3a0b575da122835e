package io.orderingguard.rule;

import io.orderingguard.rule.IdIndex;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * Ids of a kind must be unique across the whole timeline: a provider or gateway that numbers
 * tool-call ids per response ({@code call_0} every turn) cross-wires results. Each set of entries
 * sharing an id is one finding listing every member (the shared id repeated). Mutate mode renames
 * every member, call and result together. An unanswered call and the orphan results with its id (results
 * that came too late to answer it, as the provider reads them) are no collision.
 *
 * <p>Passes: {@code call_0, call_1}. Fails: {@code call_0, call_0}.
 *
 * @param id the rule id
 * @param kind the kind checked
 * @param surface where the rule applies (the shipped rule is dispatch-only, so a collision cannot
 *     abort a turn before the dispatch that could repair it)
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record IdentifierUniquenessRule(String id, Kind kind, RuleSurface surface, Severity severity, Provenance provenance)
        implements OrderingRule {

    private static final RuleField<IdentifierUniquenessRule, Kind> KIND = RuleField.required(
            "kind", RuleFields.KIND, IdentifierUniquenessRule::kind);
    private static final RuleField<IdentifierUniquenessRule, RuleSurface> SURFACE = RuleField.optional(
            "surface", FieldType.constant(RuleSurface.class, RuleSurface::wireName), IdentifierUniquenessRule::surface);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<IdentifierUniquenessRule> DESCRIPTION = RuleDescription.of(
            "identifierUniqueness", IdentifierUniquenessRule.class,
            List.of(KIND, SURFACE),
            v -> new IdentifierUniquenessRule(v.id(), v.get(KIND), v.get(SURFACE), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public IdentifierUniquenessRule {
        RuleFields.id(id);
        Require.nonNull(kind, "kind");
        surface = surface == null ? RuleSurface.BOTH : surface;
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<IdentifierUniquenessRule> description() {
        return DESCRIPTION;
    }

    /** Renames the entries sharing the id (strategy {@code renumber-colliding-ids}). */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return IdRewrites.renumberColliding(context, kind, ids.get(0));
    }


    @Override
    public boolean appliesOn(Surface on) {
        return surface == RuleSurface.BOTH
                || (surface == RuleSurface.DISPATCH) == (on == Surface.DISPATCH);
    }

    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        int n = entries.size();
        if (n < 2) {
            return;
        }
        IdIndex index = context.idIndex(kind);
        if (index == null) {
            return;
        }
        for (int i = 0; i < n; i++) {
            // a position of another kind is in no chain: its next is -1
            if (index.next(i) < 0 || index.first(entries.get(i).id()) != i) {
                continue;
            }
            List<String> members = new ArrayList<>();
            boolean collides = false;
            int calls = 0;
            for (int k = i; k >= 0; k = index.next(k)) {
                Entry member = entries.get(k);
                members.add(member.id());
                if (!(member instanceof ToolCall c) || c.requested()) {
                    calls++;
                    // an answered call and a second result with its id (or two calls) do collide
                    collides |= calls > 1 || !(member instanceof ToolCall c2 && c2.isUnanswered());
                }
            }
            if (!collides && calls > 0) {
                // one unanswered call and the results that came too late to answer it: no collision
                continue;
            }
            sink.report(this, Facet.DUPLICATE, members, kind.wireName() + " id " + RuleFields.quote(entries.get(i).id())
                    + " is shared by " + members.size() + " entries");
        }
    }

    @Override
    public IdentifierUniquenessRule withSeverity(Severity newSeverity) {
        return new IdentifierUniquenessRule(id, kind, surface, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public IdentifierUniquenessRule withProvenance(Provenance newProvenance) {
        return new IdentifierUniquenessRule(id, kind, surface, severity, newProvenance);
    }

    /**
     * Returns a copy applying on other surfaces.
     *
     * @param newSurface where the rule applies
     * @return the copy
     */
    public IdentifierUniquenessRule withSurface(RuleSurface newSurface) {
        return new IdentifierUniquenessRule(id, kind, Require.nonNull(newSurface, "surface"), severity, provenance);
    }
}
