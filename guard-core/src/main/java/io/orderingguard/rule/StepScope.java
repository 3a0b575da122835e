package io.orderingguard.rule;

/**
 * Which model responses a step-content rule checks.
 *
 * <p>Thread-safe (an enum).
 */
public enum StepScope implements WireNamed {
    /** Every step (every role group for entries without step ids). */
    EVERY_STEP("every-step"),
    /** The model's turn since the latest user message, taken as one response (a tool loop is one assistant turn). */
    CURRENT_TURN("current-turn"),
    /** Only the last step that holds a trigger entry. */
    LATEST_STEP("latest-step");

    private final String wireName;

    StepScope(String wireName) {
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
    public static StepScope fromWire(String name) {
        return WireNamed.parse(StepScope.class, name, "scope");
    }
}
