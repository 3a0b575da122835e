package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * Messages of a role must carry prose or sit next to a tool call: Mistral answers 400 to an assistant
 * message with neither content nor tool calls, and Gemini returns MALFORMED_RESPONSE for a request
 * ending in a thought-only model turn. With {@code onlyTerminal}, only the final entry is checked,
 * and a final thought (a turn with reasoning and nothing else) counts as an empty turn of the role
 * (except for the user role). A neighbouring thought does not help.
 *
 * <p>With {@code wholeMessage}, a blank entry is judged with the wire message it travelled in: a
 * whitespace-only text block beside other content of the same wire message (text, a tool result, a
 * document) passes, as Bedrock Converse accepts it; only a wire message that is blank as a whole is a
 * finding. Without it every blank block is one (Anthropic refuses each whitespace-only text block).
 *
 * <p>Passes: {@code user "hi", assistant "hello"}. Fails: {@code user "hi", assistant ""}.
 *
 * @param id the rule id
 * @param role the role checked
 * @param onlyTerminal check only the final entry
 * @param wholeMessage judge a blank entry with the other entries of its wire message
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record NonEmptyTurnRule(String id, Role role, boolean onlyTerminal, boolean wholeMessage, Severity severity,
        Provenance provenance) implements OrderingRule {

    private static final RuleField<NonEmptyTurnRule, Role> ROLE = RuleField.optional(
            "role", FieldType.constant(Role.class, Role::wireName), NonEmptyTurnRule::role);
    private static final RuleField<NonEmptyTurnRule, Boolean> ONLY_TERMINAL = RuleField.optional(
            "onlyTerminal", FieldType.BOOLEAN, false, NonEmptyTurnRule::onlyTerminal);
    private static final RuleField<NonEmptyTurnRule, Boolean> WHOLE_MESSAGE = RuleField.optional(
            "wholeMessage", FieldType.BOOLEAN, false, NonEmptyTurnRule::wholeMessage);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<NonEmptyTurnRule> DESCRIPTION = RuleDescription.of(
            "nonEmptyTurn", NonEmptyTurnRule.class,
            List.of(ROLE, ONLY_TERMINAL, WHOLE_MESSAGE),
            v -> new NonEmptyTurnRule(v.id(), v.get(ROLE), v.get(ONLY_TERMINAL), v.get(WHOLE_MESSAGE), v.severity(),
                    v.provenance()));

    /**
     * Creates a rule that judges every blank entry on its own.
     *
     * @param id the rule id
     * @param role the role checked
     * @param onlyTerminal check only the final entry
     * @param severity the severity (default advisory)
     * @param provenance where the rule comes from
     */
    public NonEmptyTurnRule(String id, Role role, boolean onlyTerminal, Severity severity, Provenance provenance) {
        this(id, role, onlyTerminal, false, severity, provenance);
    }

    /** Entries per pass of {@link #checkRange}: a chunk's contents stay in the first-level cache between its loops. */
    private static final int CHUNK = 64;

    /** Validates the fields and applies defaults. */
    public NonEmptyTurnRule {
        RuleFields.id(id);
        role = role == null ? Role.ASSISTANT : role;
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<NonEmptyTurnRule> description() {
        return DESCRIPTION;
    }

    /** Drops the empty message or the trailing thought-only turn (strategy {@code drop-empty-turn}). */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        int i;
        if (facet == Facet.TERMINAL_THOUGHT) {
            int last = working.size() - 1;
            i = last >= 0 && working.get(last) instanceof Thought && working.get(last).id().equals(ids.get(0)) ? last : -1;
        } else {
            i = EntrySearch.locate(working, ids.get(0), e -> e instanceof Message m && m.content().isBlank() && !m.hasPayload());
        }
        if (i < 0) {
            return RepairResult.notApplicable();
        }
        Entry e = working.remove(i);
        return RepairResult.applied(RepairStrategy.DROP_EMPTY_TURN, e.id(), null,
                "dropped " + (e instanceof Thought ? "the trailing thought-only turn '" : "empty message '") + e.id() + "'",
                List.of(e), List.of());
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        int n = entries.size();
        if (n == 0) {
            return;
        }
        if (onlyTerminal) {
            Entry last = entries.get(n - 1);
            if (last instanceof Message m) {
                checkMessage(entries, n - 1, m, sink);
            } else if (last instanceof Thought t && role != Role.USER) {
                sink.report(this, Facet.TERMINAL_THOUGHT, List.of(t.id()), "the conversation ends in a thought-only "
                        + role.wireName() + " turn (" + RuleFields.quote(t.id()) + ") with no text or tool call");
            }
            return;
        }
        checkRange(context, 0, n, sink);
    }

    /** {@link #check} in ranges, unless only the terminal entry is checked: it reads each message on its own. */
    RangeCheck ranges(RuleContext context, FindingSink sink) {
        return onlyTerminal ? null : (from, to) -> checkRange(context, from, to, sink);
    }

    private void checkRange(RuleContext context, int from, int to, FindingSink sink) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        // a user or assistant message's attributed role is its own: messages of the other role are not read
        boolean byRole = role == Role.USER || role == Role.ASSISTANT;
        for (int start = from; start < to; start += CHUNK) {
            int end = Math.min(to, start + CHUNK);
            // First a light pass: a content that starts with a visible ASCII character is not blank. Its reads
            // of each content's first character do not wait on one another, so their cache misses overlap;
            // a chunk where every content starts that way is done, and the others are read again from cache.
            boolean maybeBlank = false;
            for (int i = start; i < end; i++) {
                if (s.kind(i) == Kind.MESSAGE && (!byRole || s.attributedRole(i) == role)) {
                    String content = ((Message) entries.get(i)).content();
                    char first = content.isEmpty() ? ' ' : content.charAt(0);
                    maybeBlank |= first <= ' ' || first >= 0x7F;
                }
            }
            if (!maybeBlank) {
                continue;
            }
            for (int i = start; i < end; i++) {
                if (s.kind(i) == Kind.MESSAGE && (!byRole || s.attributedRole(i) == role)) {
                    checkMessage(entries, i, (Message) entries.get(i), sink);
                }
            }
        }
    }

    private void checkMessage(List<Entry> entries, int i, Message m, FindingSink sink) {
        if (m.role() != role || !m.content().isBlank()) {
            return;
        }
        boolean callBefore = i > 0 && entries.get(i - 1) instanceof ToolCall;
        boolean callAfter = i + 1 < entries.size() && entries.get(i + 1) instanceof ToolCall;
        if (!callBefore && !callAfter && !(wholeMessage && carriesOther(entries, i, m.wireMessage()))) {
            sink.report(this, Facet.EMPTY, List.of(m.id()), role.wireName() + " message " + RuleFields.quote(m.id())
                    + " carries neither content nor an adjacent tool call");
        }
    }

    /** Whether the wire message of entry {@code i} holds another entry that is not a blank message. */
    private static boolean carriesOther(List<Entry> entries, int i, String wire) {
        if (wire == null) {
            return false;
        }
        // the blocks of one wire message are consecutive entries
        for (int step = -1; step <= 1; step += 2) {
            for (int j = i + step; j >= 0 && j < entries.size() && wire.equals(entries.get(j).wireMessage()); j += step) {
                if (!(entries.get(j) instanceof Message other) || !other.content().isBlank() || other.hasPayload()) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public NonEmptyTurnRule withSeverity(Severity newSeverity) {
        return new NonEmptyTurnRule(id, role, onlyTerminal, wholeMessage, Require.nonNull(newSeverity, "severity"),
                provenance);
    }

    @Override
    public NonEmptyTurnRule withProvenance(Provenance newProvenance) {
        return new NonEmptyTurnRule(id, role, onlyTerminal, wholeMessage, severity, newProvenance);
    }

    /**
     * Returns a copy that judges a blank entry with the other entries of its wire message.
     *
     * @param value whether a blank block beside other content of its wire message passes
     * @return the copy
     */
    public NonEmptyTurnRule withWholeMessage(boolean value) {
        return new NonEmptyTurnRule(id, role, onlyTerminal, value, severity, provenance);
    }
}
