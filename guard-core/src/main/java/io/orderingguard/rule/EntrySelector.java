package io.orderingguard.rule;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;

/**
 * What an entry is, in the words of {@code boundary} and {@code presence} rules: a message of a role,
 * a thought, a tool call or a tool result. Results live on their calls, so an answered call is both
 * a call and a result; where it stands decides which one the wire shows (see {@link #atStart} and
 * {@link #atEnd}).
 *
 * <p>Thread-safe (an enum).
 */
public enum EntrySelector implements WireNamed {
    /** A user message. */
    USER("user", "user message"),
    /** An assistant message. */
    ASSISTANT("assistant", "assistant message"),
    /** A system message. */
    SYSTEM("system", "system message"),
    /** A thought (reasoning block). */
    THOUGHT("thought", "thought"),
    /** A tool call the model requested (answered or not). */
    TOOL_CALL("toolCall", "tool call"),
    /** A tool result: the result of an answered call, or an orphan result. */
    TOOL_RESULT("toolResult", "tool result");

    private final String wireName;
    private final String noun;

    EntrySelector(String wireName, String noun) {
        this.wireName = wireName;
        this.noun = noun;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /**
     * Returns the words used in finding details, e.g. {@code user message}.
     *
     * @return the noun
     */
    public String noun() {
        return noun;
    }

    /**
     * Returns the noun with its indefinite article, e.g. {@code an assistant message}.
     *
     * @return the phrase
     */
    public String withArticle() {
        return (this == ASSISTANT ? "an " : "a ") + noun;
    }

    /**
     * Returns whether an entry is one of these, wherever it stands: an answered call matches both
     * {@link #TOOL_CALL} and {@link #TOOL_RESULT}, an orphan result only {@link #TOOL_RESULT}.
     *
     * @param e the entry
     * @return {@code true} when it matches
     */
    public boolean matches(Entry e) {
        if (e instanceof Message m) {
            return this == of(m);
        }
        if (e instanceof Thought) {
            return this == THOUGHT;
        }
        ToolCall c = (ToolCall) e;
        return this == TOOL_CALL ? c.requested() : this == TOOL_RESULT && c.result() != null;
    }

    /**
     * Returns what an entry looks like as the first thing on the wire: a call shows as the call (it
     * comes before its result), an orphan result as a result.
     *
     * @param e the entry
     * @return the selector describing it
     */
    public static EntrySelector atStart(Entry e) {
        if (e instanceof ToolCall c) {
            return c.requested() ? TOOL_CALL : TOOL_RESULT;
        }
        return ofNonCall(e);
    }

    /**
     * Returns what an entry looks like as the last thing on the wire: a call without a result
     * (unanswered or provider-executed) shows as the call, an answered call or an orphan as its
     * result.
     *
     * @param e the entry
     * @return the selector describing it
     */
    public static EntrySelector atEnd(Entry e) {
        if (e instanceof ToolCall c) {
            return c.result() == null ? TOOL_CALL : TOOL_RESULT;
        }
        return ofNonCall(e);
    }

    private static EntrySelector ofNonCall(Entry e) {
        return e instanceof Message m ? of(m) : THOUGHT;
    }

    private static EntrySelector of(Message m) {
        switch (m.role()) {
            case USER:
                return USER;
            case ASSISTANT:
                return ASSISTANT;
            default:
                return SYSTEM;
        }
    }

    /**
     * Parses a wire name.
     *
     * @param name the wire name
     * @return the constant
     * @throws IllegalArgumentException for an unknown name
     */
    public static EntrySelector fromWire(String name) {
        return WireNamed.parse(EntrySelector.class, name, "selector");
    }
}
