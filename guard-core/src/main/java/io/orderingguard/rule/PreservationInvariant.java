package io.orderingguard.rule;

/**
 * What a preservation rule requires of successive dispatches.
 *
 * <p>Thread-safe (an enum).
 */
public enum PreservationInvariant implements WireNamed {
    /** The number of entries of the kind never decreases. */
    COUNT_NON_DECREASING("count-non-decreasing"),
    /** Entries of the kind stay present and the payload field keeps its value. */
    PAYLOAD_FIELD_STABLE("payload-field-stable"),
    /** Entries at or after the latest user turn stay present with identical payloads; older ones may go. */
    PRUNED_AFTER_LATEST_TURN("pruned-after-latest-turn");

    private final String wireName;

    PreservationInvariant(String wireName) {
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
    public static PreservationInvariant fromWire(String name) {
        return WireNamed.parse(PreservationInvariant.class, name, "invariant");
    }
}
