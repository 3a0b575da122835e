package io.orderingguard.rule;

/**
 * What an {@link AlternationRule} checks.
 *
 * <p>Thread-safe (an enum).
 */
public enum AlternationMode implements WireNamed {
    /** Roles alternate, the first message has the first role, and {@code maxPerGroup} holds when set. */
    STRICT("strict"),
    /**
     * As {@link #STRICT}, except that a user message right after a tool result is an ordinary next
     * turn (Gemini 2.5 and 3 take a function response content followed by a separate user content).
     */
    USER_AFTER_RESULT("user-after-result"),
    /**
     * As {@link #STRICT} without the first-role check (Claude and Qwen on Bedrock Converse accept a
     * history that starts with an assistant message).
     */
    CONSECUTIVE_ONLY("consecutive-only"),
    /** Only {@code maxPerGroup} (chat templates that refuse parallel calls but not consecutive roles). */
    CAP_ONLY("cap-only");

    private final String wireName;

    AlternationMode(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /**
     * Parses a wire name.
     *
     * @param name the wire name
     * @return the constant
     * @throws IllegalArgumentException for an unknown name
     */
    public static AlternationMode fromWire(String name) {
        return WireNamed.parse(AlternationMode.class, name, "mode");
    }
}
