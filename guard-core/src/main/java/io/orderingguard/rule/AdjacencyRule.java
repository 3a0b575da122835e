package io.orderingguard.rule;

import io.orderingguard.timeline.Thought;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.ToolCall;
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
 * <p>Wire message boundaries: when a tool call's result and the message after it name the same
 * wire message (the same {@link io.orderingguard.timeline.Entry#wireMessage()}), no separate
 * successor exists on the wire and nothing is reported. When they are unknown or different the rule applies as written
 * (Mistral's {@code tool → user} is rejected however the client groups it, since its wire has no
 * message that carries both).
 *
 * <p>{@code acrossSteps}, when {@code true}, narrows successors to those of another model response
 * (another {@code step}): a successor in the same step as the entry passes. OpenAI Responses: a
 * reasoning item followed by the message it produced passes, one followed by an assistant message the
 * client wrote (no server item id, read as a step of its own) is rejected. A successor or an entry
 * without a step is treated as of another response.
 *
 * <p>Passes for toolCall→[message]: {@code call, thought}. Fails: {@code call, assistant}.
 *
 * @param id the rule id
 * @param first the kind whose successor is restricted
 * @param disallowBetween the forbidden successor kinds (non-empty)
 * @param successorRoles the roles a forbidden successor message has, or {@code null} for any role
 * @param acrossSteps whether only a successor of another step violates (default {@code false})
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record AdjacencyRule(
        String id, Kind first, Set<Kind> disallowBetween, Set<Role> successorRoles, boolean acrossSteps,
        Severity severity, Provenance provenance) implements OrderingRule {

    private static final RuleField<AdjacencyRule, Kind> FIRST = RuleField.required(
            "first", RuleFields.KIND, AdjacencyRule::first);
    private static final RuleField<AdjacencyRule, Set<Kind>> DISALLOW_BETWEEN = RuleField.required(
            "disallowBetween", RuleFields.KINDS, AdjacencyRule::disallowBetween);
    private static final RuleField<AdjacencyRule, Set<Role>> SUCCESSOR_ROLES = RuleField.optional(
            "successorRoles", FieldType.constantSet(Role.class, Role::wireName), AdjacencyRule::successorRoles);
    private static final RuleField<AdjacencyRule, Boolean> ACROSS_STEPS = RuleField.optional(
            "acrossSteps", FieldType.BOOLEAN, r -> r.acrossSteps() ? Boolean.TRUE : null);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<AdjacencyRule> DESCRIPTION = RuleDescription.of("adjacency", AdjacencyRule.class,
            List.of(FIRST, DISALLOW_BETWEEN, SUCCESSOR_ROLES, ACROSS_STEPS),
            v -> new AdjacencyRule(v.id(), v.get(FIRST), v.get(DISALLOW_BETWEEN), v.get(SUCCESSOR_ROLES),
                    Boolean.TRUE.equals(v.get(ACROSS_STEPS)), v.severity(), v.provenance()));

    /**
     * Creates a rule whose successors of any step violate.
     *
     * @param id the rule id
     * @param first the kind whose successor is restricted
     * @param disallowBetween the forbidden successor kinds (non-empty)
     * @param successorRoles the roles a forbidden successor message has, or {@code null} for any role
     * @param severity the severity (default advisory)
     * @param provenance where the rule comes from
     */
    public AdjacencyRule(String id, Kind first, Set<Kind> disallowBetween, Set<Role> successorRoles, Severity severity,
            Provenance provenance) {
        this(id, first, disallowBetween, successorRoles, false, severity, provenance);
    }

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

    @Override
    public RuleDescription<AdjacencyRule> description() {
        return DESCRIPTION;
    }

    /**
     * Without successor roles, moves the forbidden successor before the run of entries it may not
     * follow (strategy {@code reorder-adjacent}). With successor roles, drops a thought whose produced
     * item is gone ({@code drop-unfollowed-reasoning}) or puts a filler of an allowed role between
     * ({@code insert-bridge-filler}).
     */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        if (ids.size() < 2) {
            return RepairResult.notApplicable();
        }
        return successorRoles == null ? reorder(ids, context.entries()) : bridge(ids, context);
    }

    private RepairResult reorder(List<String> ids, List<Entry> working) {
        int at = EntrySearch.adjacentPair(working, ids.get(0), ids.get(1), e -> true);
        if (at < 0) {
            return RepairResult.notApplicable();
        }
        Entry successor = working.get(at + 1);
        if (successor.kind() == first) {
            // swapping two entries of one kind leaves the same pair: moving cannot separate them
            return RepairResult.unrepairable(RepairStrategy.REORDER_ADJACENT, "moving cannot separate two adjacent "
                    + successor.kind().wireName() + " entries ('" + working.get(at).id() + "', '" + successor.id()
                    + "'); rule '" + id + "' forbids a " + successor.kind().wireName() + " right after a "
                    + first.wireName());
        }
        // before the whole run of starters (call, call, message → message, call, call): landing right
        // after another starter would only move the finding one step back and need one pass per call
        int to = at;
        while (to > 0 && working.get(to - 1).kind() == first) {
            to--;
        }
        working.remove(at + 1);
        working.add(to, successor);
        Entry blocker = working.get(to + 1);
        return RepairResult.applied(RepairStrategy.REORDER_ADJACENT, successor.id(), blocker.id(),
                "moved " + successor.kind().wireName() + " '" + successor.id() + "' before " + blocker.kind().wireName()
                        + " '" + blocker.id() + "'", List.of(), List.of());
    }

    private RepairResult bridge(List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        int at = EntrySearch.adjacentPair(working, ids.get(0), ids.get(1), e -> e instanceof Message);
        if (at < 0) {
            return RepairResult.notApplicable();
        }
        Entry e = working.get(at);
        Message next = (Message) working.get(at + 1);
        if (e instanceof Thought) {
            working.remove(at);
            return RepairResult.applied(RepairStrategy.DROP_UNFOLLOWED_REASONING, e.id(), null,
                    "dropped thought '" + e.id() + "', which was followed by " + next.role().wireName() + " message '"
                            + next.id() + "' instead of what it produced", List.of(e), List.of());
        }
        if (e instanceof Message) {
            return RepairResult.unrepairable(RepairStrategy.INSERT_BRIDGE_FILLER, "a filler between message '" + e.id()
                    + "' and " + next.role().wireName() + " message '" + next.id() + "' would itself be a message "
                    + "followed by it, so rule '" + id + "' has no repair");
        }
        Role role = !successorRoles.contains(Role.ASSISTANT) ? Role.ASSISTANT
                : !successorRoles.contains(Role.USER) ? Role.USER : null;
        if (role == null) {
            return RepairResult.unrepairable(RepairStrategy.INSERT_BRIDGE_FILLER, "rule '" + id + "' forbids every role "
                    + "after " + e.kind().wireName() + " '" + e.id() + "', so no filler can stand between");
        }
        Message filler = context.filler(role);
        working.add(at + 1, filler);
        return RepairResult.applied(RepairStrategy.INSERT_BRIDGE_FILLER, filler.id(), next.id(),
                "inserted " + (role == Role.ASSISTANT ? "an " : "a ") + role.wireName() + " filler between "
                        + e.kind().wireName() + " '" + e.id() + "' and " + next.role().wireName() + " message '"
                        + next.id() + "'", List.of(), List.of(filler));
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        for (int i = 0; i + 1 < entries.size(); i++) {
            if (s.kind(i) != first || !disallowBetween.contains(s.kind(i + 1))) {
                continue;
            }
            Entry e = entries.get(i);
            Entry next = entries.get(i + 1);
            if (roleMatches(next) && !(acrossSteps && e.step() != null && e.step().equals(next.step()))
                    && !(e instanceof ToolCall c && WireRelation.ofResult(c, next) == WireRelation.SAME)) {
                String what = successorRoles != null && next instanceof Message m
                        ? m.role().wireName() + " message" : next.kind().wireName();
                sink.report(this, Facet.SUCCESSOR, List.of(e.id(), next.id()), what + " " + RuleFields.quote(next.id())
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
        return new AdjacencyRule(id, first, disallowBetween, successorRoles, acrossSteps,
                Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public AdjacencyRule withProvenance(Provenance newProvenance) {
        return new AdjacencyRule(id, first, disallowBetween, successorRoles, acrossSteps, severity, newProvenance);
    }

    /**
     * Returns a copy in which only a successor of another step (model response) violates.
     *
     * @param value whether a successor of the same step passes
     * @return the copy
     */
    public AdjacencyRule withAcrossSteps(boolean value) {
        return new AdjacencyRule(id, first, disallowBetween, successorRoles, value, severity, provenance);
    }

    /**
     * Returns a copy whose message successors are restricted to roles.
     *
     * @param roles the roles a forbidden successor message has, or {@code null} for any role
     * @return the copy
     */
    public AdjacencyRule withSuccessorRoles(Set<Role> roles) {
        return new AdjacencyRule(id, first, disallowBetween, roles, acrossSteps, severity, provenance);
    }
}
