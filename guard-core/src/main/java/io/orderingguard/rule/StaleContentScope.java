package io.orderingguard.rule;

/**
 * Which content a {@link StaleContentAdvisoryRule} reports as stale.
 *
 * <p>Thread-safe (an enum).
 */
public enum StaleContentScope implements WireNamed {
    /** Content that predates the latest user message. */
    BEFORE_LATEST_USER_TURN("before-latest-user-turn");

    private final String wireName;

    StaleContentScope(String wireName) {
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
    public static StaleContentScope fromWire(String name) {
        return WireNamed.parse(StaleContentScope.class, name, "scope");
    }
}
