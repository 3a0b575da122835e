package io.orderingguard.support;

import java.util.List;

/**
 * What {@link PairSafeWindow} needs to know about one message of a framework's chat memory: its
 * kind, the ids of the tool calls an assistant message makes, the call id a tool result answers,
 * and whether an assistant message carries reasoning (a thinking block, a signature) that the turn
 * it opens must keep.
 *
 * <p>Thread-safe: immutable.
 *
 * @param kind the kind of message
 * @param callIds the ids of the tool calls an {@link Kind#ASSISTANT} message makes (empty for other
 *     kinds; an element may be {@code null} when the framework did not keep the id)
 * @param resultId the call id a {@link Kind#TOOL_RESULT} answers, or {@code null}
 * @param thinking whether an {@link Kind#ASSISTANT} message carries reasoning or a signature
 */
public record MessageShape(Kind kind, List<String> callIds, String resultId, boolean thinking) {

    /** The kinds of message a chat memory holds. */
    public enum Kind {
        /** A system message: never evicted. */
        SYSTEM,
        /** A user message: it opens a turn. */
        USER,
        /** An assistant message, with or without tool calls. */
        ASSISTANT,
        /** The result of one tool call. */
        TOOL_RESULT,
        /** Any other message (a framework's custom message): it stays with the message before it. */
        OTHER
    }

    /** Validates and copies the fields. */
    public MessageShape {
        Require.nonNull(kind, "kind");
        callIds = List.copyOf(Require.nonNull(callIds, "callIds").stream()
                .map(id -> id == null ? "" : id).toList());
        Require.argument(kind == Kind.ASSISTANT || callIds.isEmpty(),
                "callIds must be empty for kind " + kind + ", but was " + callIds);
        Require.argument(kind == Kind.ASSISTANT || !thinking,
                "thinking must be false for kind " + kind);
        Require.argument(kind == Kind.TOOL_RESULT || resultId == null,
                "resultId must be null for kind " + kind + ", but was '" + resultId + "'");
    }

    /**
     * Returns the shape of a system message.
     *
     * @return the shape
     */
    public static MessageShape system() {
        return new MessageShape(Kind.SYSTEM, List.of(), null, false);
    }

    /**
     * Returns the shape of a user message.
     *
     * @return the shape
     */
    public static MessageShape user() {
        return new MessageShape(Kind.USER, List.of(), null, false);
    }

    /**
     * Returns the shape of an assistant message.
     *
     * @param callIds the ids of its tool calls (empty for a text answer; {@code null} elements are
     *     taken as unknown ids)
     * @param thinking whether it carries reasoning or a signature
     * @return the shape
     */
    public static MessageShape assistant(List<String> callIds, boolean thinking) {
        return new MessageShape(Kind.ASSISTANT, callIds, null, thinking);
    }

    /**
     * Returns the shape of a tool result.
     *
     * @param callId the call id it answers, or {@code null} when unknown
     * @return the shape
     */
    public static MessageShape toolResult(String callId) {
        return new MessageShape(Kind.TOOL_RESULT, List.of(), callId, false);
    }

    /**
     * Returns the shape of any other message.
     *
     * @return the shape
     */
    public static MessageShape other() {
        return new MessageShape(Kind.OTHER, List.of(), null, false);
    }

    /**
     * Returns whether this is an assistant message that calls tools.
     *
     * @return {@code true} when it makes at least one call
     */
    public boolean callsTools() {
        return !callIds.isEmpty();
    }
}
