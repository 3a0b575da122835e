package io.orderingguard.rule;

/**
 * Which end of the timeline a boundary rule checks.
 *
 * <p>Thread-safe (an enum).
 */
public enum BoundaryEnd implements WireNamed {
    /** The first entry. */
    FIRST("first"),
    /** The last entry. */
    LAST("last");

    private final String wireName;

    BoundaryEnd(String wireName) {
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
    public static BoundaryEnd fromWire(String name) {
        return WireNamed.parse(BoundaryEnd.class, name, "end");
    }
}
