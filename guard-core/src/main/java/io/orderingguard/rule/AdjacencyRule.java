package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Kinds that may not immediately follow an entry of kind {@code first}. Despite its name,
 * {@code disallowBetween} lists forbidden <em>immediate successors</em> (results live on the call, so
 * "a response right after its call" becomes "what may follow a tool call"). One finding per pair,
 * facet {@code successor}.
 *
 * <p>{@code successorRoles}, when set, narrows message successors to those roles: only a successor
 * message with one of them violates, while thoughts and tool calls still follow
 * {@code disallowBetween} as they are (Mistral: no user or system message right after a tool result;
 * OpenAI Responses: no user message right after a reasoning item). It requires {@code message} in
 * {@code disallowBetween}.
 *
 * <p>Mutate mode: without {@code successorRoles} the successor is moved before the first entry.
 * With it, moving a user message would change who said what when, so instead a thought followed by
 * a forbidden message is dropped (its produced item is gone and a filler would pretend the reasoning
 * produced it; recorded with its content), a tool call gets a short filler message between the two,
 * of a role the rule allows there (assistant if allowed, else user) — Mistral's documented bridge
 * after a tool result — and a message has no repair (a filler would be a message followed by the
 * same successor).
 *
 * <p>Passes for toolCall→[message]: {@code call, thought}. Fails: {@code call, assistant}.
 *
 * @param id the rule id
 * @param first the kind whose successor is restricted
 * @param disallowBetween the forbidden successor kinds (non-empty)
 * @param successorRoles the roles a forbidden successor message has, or {@code null} for any role
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record AdjacencyRule(
        String id, Kind first, Set<Kind> disallowBetween, Set<Role> successorRoles, Severity severity,
        Provenance provenance) implements OrderingRule {

    /** Validates the fields and applies defaults. */
    public AdjacencyRule {
        RuleFields.id(id);
        Require.nonNull(first, "first");
        Require.nonNull(disallowBetween, "disallowBetween");
        Require.argument(!disallowBetween.isEmpty(), "disallowBetween must not be empty");
        disallowBetween = Set.copyOf(EnumSet.copyOf(disallowBetween));
        if (successorRoles != null) {
            Require.argument(!successorRoles.isEmpty(), "successorRoles must not be empty when given");
            Require.argument(disallowBetween.contains(Kind.MESSAGE), "successorRoles narrows message successors, "
                    + "so disallowBetween must contain message, but was " + wireNames(disallowBetween));
            successorRoles = Set.copyOf(EnumSet.copyOf(successorRoles));
        }
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    /**
     * Creates a rule whose message successors of any role violate (the components before
     * {@code successorRoles} existed).
     *
     * @param id the rule id
     * @param first the kind whose successor is restricted
     * @param disallowBetween the forbidden successor kinds (non-empty)
     * @param severity the severity (default advisory)
     * @param provenance where the rule comes from
     */
    public AdjacencyRule(String id, Kind first, Set<Kind> disallowBetween, Severity severity, Provenance provenance) {
        this(id, first, disallowBetween, null, severity, provenance);
    }

    @Override
    public String type() {
        return "adjacency";
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        for (int i = 0; i + 1 < entries.size(); i++) {
            Entry e = entries.get(i);
            Entry next = entries.get(i + 1);
            if (e.kind() == first && disallowBetween.contains(next.kind()) && roleMatches(next)) {
                String what = successorRoles != null && next instanceof Message m
                        ? m.role().wireName() + " message" : next.kind().wireName();
                sink.report(this, "successor", List.of(e.id(), next.id()), what + " " + RuleFields.quote(next.id())
                        + " may not immediately follow " + first.wireName() + " " + RuleFields.quote(e.id()));
            }
        }
    }

    private boolean roleMatches(Entry next) {
        return successorRoles == null || !(next instanceof Message m) || successorRoles.contains(m.role());
    }

    private static String wireNames(Set<Kind> kinds) {
        List<String> names = new ArrayList<>();
        for (Kind k : Kind.values()) {
            if (kinds.contains(k)) {
                names.add(k.wireName());
            }
        }
        return names.toString();
    }

    @Override
    public AdjacencyRule withSeverity(Severity newSeverity) {
        return new AdjacencyRule(id, first, disallowBetween, successorRoles, Require.nonNull(newSeverity, "severity"),
                provenance);
    }

    @Override
    public AdjacencyRule withProvenance(Provenance newProvenance) {
        return new AdjacencyRule(id, first, disallowBetween, successorRoles, severity, newProvenance);
    }

    /**
     * Returns a copy whose message successors are restricted to roles.
     *
     * @param roles the roles a forbidden successor message has, or {@code null} for any role
     * @return the copy
     */
    public AdjacencyRule withSuccessorRoles(Set<Role> roles) {
        return new AdjacencyRule(id, first, disallowBetween, roles, severity, provenance);
    }
}
