package io.orderingguard.rule;

/**
 * Which entries a required-metadata rule checks.
 *
 * <p>Thread-safe (an enum).
 */
public enum ApplyTo implements WireNamed {
    /** The first entry of the kind in each role group. */
    FIRST_IN_GROUP("first-in-group"),
    /** Every entry of the kind. */
    EVERY("every"),
    /** The first entry of the kind in each step (one model response); entries without a step fall back to role groups. */
    FIRST_IN_STEP("first-in-step");

    private final String wireName;

    ApplyTo(String wireName) {
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
    public static ApplyTo fromWire(String name) {
        return WireNamed.parse(ApplyTo.class, name, "applyTo");
    }
}
