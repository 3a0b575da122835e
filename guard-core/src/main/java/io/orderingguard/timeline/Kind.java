package io.orderingguard.timeline;

/**
 * The three kinds of timeline entry, with the names they carry in JSON documents and rule fields.
 *
 * <p>Thread-safe (an enum).
 */
public enum Kind {
    /** A {@link Message}: user, assistant or system text. */
    MESSAGE("message"),
    /** A {@link Thought}: a reasoning block. */
    THOUGHT("thought"),
    /** A {@link ToolCall}: a tool invocation with its result, or an orphan result. */
    TOOL_CALL("toolCall");

    private final String wireName;

    Kind(String wireName) {
        this.wireName = wireName;
    }

    /**
     * Returns the name used in documents, e.g. {@code toolCall}.
     *
     * @return the wire name
     */
    public String wireName() {
        return wireName;
    }

    /**
     * Parses a wire name.
     *
     * @param name the wire name ({@code message}, {@code thought} or {@code toolCall})
     * @return the kind
     * @throws IllegalArgumentException when the name is not a kind
     */
    public static Kind fromWire(String name) {
        for (Kind kind : values()) {
            if (kind.wireName.equals(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException(
                "kind must be one of message, thought, toolCall, but was '" + name + "'");
    }

    @Override
    public String toString() {
        return wireName;
    }
}
