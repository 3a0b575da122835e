package io.orderingguard.rule;

import io.orderingguard.internal.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Surface;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Kinds that may not immediately follow an entry of kind {@code first}. Despite its name,
 * {@code disallowBetween} lists forbidden <em>immediate successors</em> (results live on the call, so
 * "a response right after its call" becomes "what may follow a tool call"). One finding per pair.
 *
 * <p>Passes for toolCall→[message]: {@code call, thought}. Fails: {@code call, assistant}.
 *
 * @param id the rule id
 * @param first the kind whose successor is restricted
 * @param disallowBetween the forbidden successor kinds (non-empty)
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record AdjacencyRule(String id, Kind first, Set<Kind> disallowBetween, Severity severity, Provenance provenance)
        implements OrderingRule {

    /** Validates the fields and applies defaults. */
    public AdjacencyRule {
        RuleFields.id(id);
        Require.nonNull(first, "first");
        Require.nonNull(disallowBetween, "disallowBetween");
        Require.argument(!disallowBetween.isEmpty(), "disallowBetween must not be empty");
        disallowBetween = Set.copyOf(EnumSet.copyOf(disallowBetween));
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public String type() {
        return "adjacency";
    }

    @Override
    public boolean stateful() {
        return false;
    }

    @Override
    public boolean appliesOn(Surface surface) {
        return true;
    }

    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        for (int i = 0; i + 1 < entries.size(); i++) {
            Entry e = entries.get(i);
            Entry next = entries.get(i + 1);
            if (e.kind() == first && disallowBetween.contains(next.kind())) {
                sink.report(this, "successor", List.of(e.id(), next.id()), next.kind().wireName() + " "
                        + RuleFields.quote(next.id()) + " may not immediately follow " + first.wireName() + " "
                        + RuleFields.quote(e.id()));
            }
        }
    }

    @Override
    public AdjacencyRule withSeverity(Severity newSeverity) {
        return new AdjacencyRule(id, first, disallowBetween, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public AdjacencyRule withProvenance(Provenance newProvenance) {
        return new AdjacencyRule(id, first, disallowBetween, severity, newProvenance);
    }
}
