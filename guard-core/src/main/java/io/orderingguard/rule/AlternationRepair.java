package io.orderingguard.rule;

/**
 * How mutate mode repairs two consecutive messages of one role.
 *
 * <p>Thread-safe (an enum).
 */
public enum AlternationRepair implements WireNamed {
    /** Insert a short filler message of the other role between them. */
    FILLER("filler"),
    /** Merge the second message into the first. */
    MERGE("merge");

    private final String wireName;

    AlternationRepair(String wireName) {
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
    public static AlternationRepair fromWire(String name) {
        return WireNamed.parse(AlternationRepair.class, name, "repair");
    }
}
