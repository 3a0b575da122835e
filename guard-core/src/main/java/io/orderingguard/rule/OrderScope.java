package io.orderingguard.rule;

/**
 * Which entries an order rule compares.
 *
 * <p>Thread-safe (an enum).
 */
public enum OrderScope implements WireNamed {
    /** Within each role group. */
    ADJACENT_SAME_ROLE_GROUP("adjacent-same-role-group"),
    /** Across the whole timeline, as one group. */
    ENTIRE_TURN("entire-turn");

    private final String wireName;

    OrderScope(String wireName) {
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
    public static OrderScope fromWire(String name) {
        return WireNamed.parse(OrderScope.class, name, "scope");
    }
}
