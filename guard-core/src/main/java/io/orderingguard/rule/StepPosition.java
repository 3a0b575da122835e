package io.orderingguard.rule;

/**
 * Where a step-content rule wants its required entry within the model response.
 *
 * <p>Thread-safe (an enum).
 */
public enum StepPosition implements WireNamed {
    /** The response's first entry must be a required one. */
    FIRST("first"),
    /** Anywhere in the response. */
    ANY("any");

    private final String wireName;

    StepPosition(String wireName) {
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
    public static StepPosition fromWire(String name) {
        return WireNamed.parse(StepPosition.class, name, "position");
    }
}
