package io.orderingguard.timeline;

/**
 * Where the guard runs: before every provider request ({@link #DISPATCH}), or once per user turn
 * before the tool loop starts ({@link #TURN}). Some rules apply to one surface only.
 *
 * <p>Thread-safe (an enum).
 */
public enum Surface {
    /** Immediately before a request is sent to the provider. */
    DISPATCH,
    /** Once per user turn, before the dispatch loop. */
    TURN;

    /**
     * Returns the lower-case wire name.
     *
     * @return {@code dispatch} or {@code turn}
     */
    public String wireName() {
        return this == DISPATCH ? "dispatch" : "turn";
    }

    /**
     * Parses a wire name.
     *
     * @param name {@code dispatch} or {@code turn}
     * @return the surface
     * @throws IllegalArgumentException for any other value
     */
    public static Surface fromWire(String name) {
        if ("dispatch".equals(name)) {
            return DISPATCH;
        }
        if ("turn".equals(name)) {
            return TURN;
        }
        throw new IllegalArgumentException("surface must be one of dispatch, turn, but was '" + name + "'");
    }
}
