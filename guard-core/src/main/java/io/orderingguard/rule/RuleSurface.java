package io.orderingguard.rule;

/**
 * The surfaces a rule applies to.
 *
 * <p>Thread-safe (an enum).
 */
public enum RuleSurface implements WireNamed {
    /** Only immediately before a provider request. */
    DISPATCH("dispatch"),
    /** Only once per user turn. */
    TURN("turn"),
    /** On both surfaces. */
    BOTH("both");

    private final String wireName;

    RuleSurface(String wireName) {
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
    public static RuleSurface fromWire(String name) {
        return WireNamed.parse(RuleSurface.class, name, "surface");
    }
}
