package io.orderingguard.rule;

import java.util.Arrays;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * Messages alternate strictly between two roles, the first non-system message has role
 * {@code roles[0]}, and, when {@code maxPerGroup} is set, at most that many tool calls come from one
 * model response (counted per step where steps are known, else per role group). SYSTEM messages are
 * transparent; thoughts between two messages do not break a same-role pair. An unanswered tool call
 * after a user message does: it went out in an assistant message, so the user message after it is
 * the next turn (the pairing rule reports the missing result); between two assistant messages it
 * changes nothing. A tool result breaks a pair too: it travels in a turn of its own on the user side, so an assistant
 * message, its answered tool call and the final assistant answer are an ordinary tool loop, while a
 * user message right after a tool result makes two user turns in a row (Bedrock and Gemini reject
 * that). A provider-executed call (Anthropic server tools, MCP) is model output like a thought: its
 * result travels in the assistant response, not in a user turn.
 *
 * <p><b>Wire message boundaries</b> ({@link io.orderingguard.timeline.Entry#wireMessage()}) decide
 * what "in a row" means: a tool result and the user message after it that name the same wire
 * message (Bedrock Converse and Anthropic carry {@code toolResult} blocks and user text in one user
 * message) are one user turn and never a breach; two messages of one role that name the same wire
 * message are one turn too. When the boundary between a tool result and the user message after it
 * is <em>unknown</em> (either side has no {@code wireMessage}), the finding is reported as advisory
 * whatever the rule's severity, with a detail saying the boundaries are unknown: the guard cannot
 * see whether the adapter will send them as one message. Only when both name different wire
 * messages does the rule's own severity apply. Two consecutive same-role <em>messages</em> keep the
 * rule's severity unless they are known to share a wire message (the timeline shows two messages).
 *
 * <p>Mode
 * {@code cap-only} checks only {@code maxPerGroup} (chat templates that refuse parallel calls but
 * not consecutive roles). Mode {@code user-after-result} checks like {@code strict}, except that a
 * user message right after a tool result is an ordinary next turn (Gemini 2.5 and 3 take a function
 * response content followed by a separate user content). Mode {@code consecutive-only} checks like
 * {@code strict} without the first-role check (Claude and Qwen on Bedrock Converse accept a history
 * that starts with an assistant message).
 *
 * <p>Findings carry a facet: {@code first-role}, {@code consecutive-role} or {@code max-per-group}.
 * Mutate mode repairs consecutive roles with a filler or a merge ({@code repair}, or the guard's
 * option), and a tool-call cap by splitting the step, never with a filler.
 *
 * <p>Passes: {@code user, assistant, user}. Fails: {@code user, user, assistant}.
 *
 * @param id the rule id
 * @param roles the two roles that alternate, the first one starting the conversation
 * @param mode what is checked (default {@link AlternationMode#STRICT}): {@code strict}, {@code user-after-result}
 *     (as strict, a user message may follow a tool result), {@code consecutive-only} (as strict, any role
 *     may come first) or {@code cap-only}
 * @param maxPerGroup the most tool calls per step or role group, or {@code null}
 * @param repair how mutate mode repairs consecutive roles, or {@code null} for the guard's choice
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record AlternationRule(
        String id, List<Role> roles, AlternationMode mode, Integer maxPerGroup, AlternationRepair repair,
        Severity severity, Provenance provenance) implements OrderingRule {

    private static final RuleField<AlternationRule, List<Role>> ROLES = RuleField.optional(
            "roles", FieldType.constantList(Role.class, Role::wireName), AlternationRule::roles);
    private static final RuleField<AlternationRule, AlternationMode> MODE = RuleField.optional(
            "mode", FieldType.constant(AlternationMode.class, AlternationMode::wireName), AlternationRule::mode);
    private static final RuleField<AlternationRule, Integer> MAX_PER_GROUP = RuleField.optional(
            "maxPerGroup", FieldType.INTEGER, AlternationRule::maxPerGroup);
    private static final RuleField<AlternationRule, AlternationRepair> REPAIR = RuleField.optional(
            "repair", FieldType.constant(AlternationRepair.class, AlternationRepair::wireName), AlternationRule::repair);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<AlternationRule> DESCRIPTION = RuleDescription.of("alternation", AlternationRule.class,
            List.of(ROLES, MODE, MAX_PER_GROUP, REPAIR),
            v -> new AlternationRule(v.id(), v.get(ROLES), v.get(MODE), v.get(MAX_PER_GROUP), v.get(REPAIR),
                    v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public AlternationRule {
        RuleFields.id(id);
        roles = roles == null ? List.of(Role.USER, Role.ASSISTANT) : List.copyOf(roles);
        Require.argument(roles.size() == 2 && roles.get(0) != roles.get(1) && !roles.contains(Role.SYSTEM),
                "roles must be two distinct roles of user and assistant, but was " + roles);
        mode = mode == null ? AlternationMode.STRICT : mode;
        Require.argument(mode != AlternationMode.CAP_ONLY || maxPerGroup != null,
                "mode cap-only checks only maxPerGroup, so maxPerGroup is required for rule '" + id + "'");
        Require.argument(maxPerGroup == null || maxPerGroup >= 0, "maxPerGroup must be >= 0, but was " + maxPerGroup);
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<AlternationRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return AlternationRepairs.repair(this, facet, ids, context);
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        if (mode != AlternationMode.CAP_ONLY) {
            checkRoles(entries, context.structure(), 0, entries.size(), null, sink);
        }
        if (maxPerGroup != null) {
            Cap cap = new Cap(context.structure());
            countCalls(entries, context.structure(), 0, entries.size(), cap);
            reportCap(entries, context.structure(), cap, sink);
        }
    }

    /**
     * {@link #check} in ranges: the roles are followed and the calls counted range by range; the cap's
     * findings are reported at the end, after the roles', as {@link #check} reports them.
     */
    RangeCheck ranges(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        Turns turns = mode == AlternationMode.CAP_ONLY ? null : new Turns();
        Cap cap = maxPerGroup == null ? null : new Cap(s);
        return new RangeCheck() {
            @Override
            public void range(int from, int to) {
                if (turns != null) {
                    checkRoles(entries, s, from, to, turns, sink);
                }
                if (cap != null) {
                    countCalls(entries, s, from, to, cap);
                }
            }

            @Override
            public void end() {
                if (cap != null) {
                    reportCap(entries, s, cap, sink);
                }
            }
        };
    }

    /** Where the role walk stands: the entry that took the last turn, and what came before. */
    private static final class Turns {
        Entry previous;
        Role previousRole;
        boolean seenMessage;
        boolean modelTurnAfterUser;
    }

    /** Follows the roles through {@code [from, to)}, from and into {@code turns} ({@code null}: one whole pass). */
    private void checkRoles(List<Entry> entries, TimelineStructure s, int from, int to, Turns turns, FindingSink sink) {
        Entry previous = turns == null ? null : turns.previous;
        Role previousRole = turns == null ? null : turns.previousRole;
        boolean seenMessage = turns != null && turns.seenMessage;
        boolean modelTurnAfterUser = turns != null && turns.modelTurnAfterUser;
        for (int i = from; i < to; i++) {
            // a thought changes nothing here: the structure says which entries they are, so they are not read
            if (s.kind(i) == Kind.THOUGHT) {
                continue;
            }
            Entry e = entries.get(i);
            if (e instanceof ToolCall c && c.result() != null && !c.providerExecuted()) {
                // the call is a model turn and its result a turn of its own on the user side (a provider-executed
                // call's result travels in the assistant response: it is model output like a thought)
                previous = c;
                previousRole = Role.USER;
                modelTurnAfterUser = false;
                continue;
            }
            if (e instanceof ToolCall c && c.requested() && !c.providerExecuted() && previous instanceof Message p
                    && p.role() == Role.USER) {
                // an unanswered call still went out in an assistant message, so a user message after it is the
                // next turn, not a second user turn in a row (the pairing rule reports the missing result)
                modelTurnAfterUser = true;
                continue;
            }
            if (!(e instanceof Message m) || m.role() == Role.SYSTEM) {
                continue;
            }
            if (!seenMessage) {
                seenMessage = true;
                if (m.role() != roles.get(0) && mode != AlternationMode.CONSECUTIVE_ONLY) {
                    sink.report(this, Facet.FIRST_ROLE, List.of(m.id()), "the first message must have role "
                            + roles.get(0).wireName() + ", but " + RuleFields.quote(m.id()) + " has role "
                            + m.role().wireName());
                }
            } else if (previous != null && previousRole == m.role()
                    && !(modelTurnAfterUser && m.role() == Role.USER)
                    && !(previous instanceof ToolCall && mode == AlternationMode.USER_AFTER_RESULT)) {
                reportConsecutive(previous, m, sink);
            }
            previous = m;
            previousRole = m.role();
            modelTurnAfterUser = false;
        }
        if (turns != null) {
            turns.previous = previous;
            turns.previousRole = previousRole;
            turns.seenMessage = seenMessage;
            turns.modelTurnAfterUser = modelTurnAfterUser;
        }
    }

    private void reportConsecutive(Entry previous, Message m, FindingSink sink) {
        WireRelation wire = previous instanceof ToolCall c
                ? WireRelation.ofResult(c, m)
                : WireRelation.of(previous.wireMessage(), m.wireMessage());
        if (wire == WireRelation.SAME) {
            return; // one wire message: one turn
        }
        List<String> ids = List.of(previous.id(), m.id());
        String detail = "roles must alternate, but " + describe(previous) + " and " + RuleFields.quote(m.id())
                + " both have role " + m.role().wireName();
        if (wire == WireRelation.UNKNOWN && previous instanceof ToolCall) {
            sink.reportAdvisory(this, Facet.CONSECUTIVE_ROLE, ids, detail + " (wire message boundaries are unknown,"
                    + " so this is not blocked: the adapter may send them as one message)");
        } else {
            sink.report(this, Facet.CONSECUTIVE_ROLE, ids, detail);
        }
    }

    private static String describe(Entry e) {
        return e instanceof ToolCall ? "the tool result " + RuleFields.quote(e.id()) : RuleFields.quote(e.id());
    }

    /**
     * What the cap counts: the requested calls without a step in the current role group, the groups that
     * hold too many of them, and every call with a step (the provider's response it came in).
     */
    private static final class Cap {
        private static final int[] NO_GROUPS = {};
        int stepless;
        int[] overfull = NO_GROUPS;
        int overfullCount;
        final ToolCall[] stepped;
        int steppedCount;

        /** Room for every tool call of the timeline: the structure counts them without reading an entry. */
        Cap(TimelineStructure s) {
            int calls = 0;
            for (int i = 0; i < s.size(); i++) {
                if (s.kind(i) == Kind.TOOL_CALL) {
                    calls++;
                }
            }
            stepped = new ToolCall[calls];
        }
    }

    /** Counts the requested calls of {@code [from, to)}, closing each role group at its last entry. */
    private void countCalls(List<Entry> entries, TimelineStructure s, int from, int to, Cap cap) {
        for (int i = from; i < to; i++) {
            if (s.kind(i) == Kind.TOOL_CALL && entries.get(i) instanceof ToolCall c && c.requested()) {
                if (c.step() == null) {
                    cap.stepless++;
                } else {
                    cap.stepped[cap.steppedCount++] = c;
                }
            }
            int g = s.groupOf(i);
            if (i + 1 == s.groupEnd(g)) {
                if (cap.stepless > maxPerGroup) {
                    if (cap.overfullCount == cap.overfull.length) {
                        cap.overfull = Arrays.copyOf(cap.overfull, Math.max(4, cap.overfullCount * 2));
                    }
                    cap.overfull[cap.overfullCount++] = g;
                }
                cap.stepless = 0;
            }
        }
    }

    /** Reports the role groups over the cap, in order, then the steps over it. */
    private void reportCap(List<Entry> entries, TimelineStructure s, Cap cap, FindingSink sink) {
        for (int k = 0; k < cap.overfullCount; k++) {
            int g = cap.overfull[k];
            IdList.Builder ids = IdList.builder(s.groupEnd(g) - s.groupStart(g));
            for (int i = s.groupStart(g); i < s.groupEnd(g); i++) {
                if (s.kind(i) == Kind.TOOL_CALL && entries.get(i) instanceof ToolCall c && c.requested()
                        && c.step() == null) {
                    ids.add(c.id());
                }
            }
            List<String> calls = ids.build();
            sink.report(this, Facet.MAX_PER_GROUP, calls, "at most " + maxPerGroup + " tool call(s) are allowed per "
                    + "model response, but a role group holds " + calls.size());
        }
        if (cap.steppedCount > maxPerGroup) {
            checkSteps(cap.stepped, cap.steppedCount, sink);
        }
    }

    /** Counts the calls of each step (across groups) with an index of their steps: no map, no list per step. */
    private void checkSteps(ToolCall[] calls, int stepped, FindingSink sink) {
        IdIndex index = IdIndex.build(stepped, p -> calls[p].step());
        // in order of each step's first call, as the steps are reported
        for (int p = 0; p < stepped; p++) {
            String step = calls[p].step();
            if (index.first(step) != p) {
                continue;
            }
            int count = 0;
            for (int q = p; q >= 0; q = index.next(q)) {
                count++;
            }
            if (count > maxPerGroup) {
                IdList.Builder ids = IdList.builder(count);
                for (int q = p; q >= 0; q = index.next(q)) {
                    ids.add(calls[q].id());
                }
                sink.report(this, Facet.MAX_PER_GROUP, ids.build(), "at most " + maxPerGroup
                        + " tool call(s) are allowed per model response, but step '" + step + "' holds " + count);
            }
        }
    }

    /**
     * Returns the repair to use for consecutive roles, falling back to the guard's choice.
     *
     * @param guardDefault the guard's option
     * @return the repair
     */
    public AlternationRepair repairOr(AlternationRepair guardDefault) {
        return repair == null ? guardDefault : repair;
    }

    @Override
    public AlternationRule withSeverity(Severity newSeverity) {
        return new AlternationRule(id, roles, mode, maxPerGroup, repair, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public AlternationRule withProvenance(Provenance newProvenance) {
        return new AlternationRule(id, roles, mode, maxPerGroup, repair, severity, newProvenance);
    }

    /**
     * Returns a copy with a repair choice.
     *
     * @param newRepair the repair, or {@code null}
     * @return the copy
     */
    public AlternationRule withRepair(AlternationRepair newRepair) {
        return new AlternationRule(id, roles, mode, maxPerGroup, newRepair, severity, provenance);
    }

    /**
     * Returns a copy with a tool-call cap.
     *
     * @param max the cap, or {@code null}
     * @return the copy
     */
    public AlternationRule withMaxPerGroup(Integer max) {
        return new AlternationRule(id, roles, mode, max, repair, severity, provenance);
    }

    /**
     * Returns a copy with another mode.
     *
     * @param newMode what the rule checks
     * @return the copy
     * @throws IllegalArgumentException for {@link AlternationMode#CAP_ONLY} without a tool-call cap
     */
    public AlternationRule withMode(AlternationMode newMode) {
        return new AlternationRule(id, roles, Require.nonNull(newMode, "mode"), maxPerGroup, repair, severity, provenance);
    }

    /**
     * Starts a strict user/assistant alternation rule without a tool-call cap.
     *
     * @param id the rule id
     * @return a builder
     */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /** Builds an {@link AlternationRule}; see {@link RuleBuilder}. Not thread-safe. */
    public static final class Builder extends RuleBuilder<AlternationRule, Builder> {
        private List<Role> roles;
        private AlternationMode mode;
        private Integer maxPerGroup;
        private AlternationRepair repair;

        private Builder(String id) {
            super(id);
        }

        /**
         * Sets the two alternating roles (default user, then assistant).
         *
         * @param first the role of the first message
         * @param second the other role
         * @return this builder
         */
        public Builder roles(Role first, Role second) {
            this.roles = Arrays.asList(first, second);
            return this;
        }

        /**
         * Sets what is checked (default {@link AlternationMode#STRICT}).
         *
         * @param value the mode
         * @return this builder
         */
        public Builder mode(AlternationMode value) {
            this.mode = value;
            return this;
        }

        /**
         * Sets the most tool calls per model response (default none).
         *
         * @param value the cap
         * @return this builder
         */
        public Builder maxPerGroup(int value) {
            this.maxPerGroup = value;
            return this;
        }

        /**
         * Sets how mutate mode repairs consecutive roles (default: the guard's choice).
         *
         * @param value the repair
         * @return this builder
         */
        public Builder repair(AlternationRepair value) {
            this.repair = value;
            return this;
        }

        @Override
        public AlternationRule build() {
            return new AlternationRule(id(), roles, mode, maxPerGroup, repair, severity(), provenance());
        }
    }
}
