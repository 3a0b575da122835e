package io.orderingguard.rule;

/**
 * How a guard combines several profiles.
 *
 * <p>Thread-safe (an enum).
 */
public enum Composition implements WireNamed {
    /** All rules in one profile named {@code union(a+b)}; the default. */
    UNION("union"),
    /** Each profile evaluated separately; findings carry each profile's own name. */
    EACH("each"),
    /** Only the first profile listed is used. */
    FIRST_MATCH("first-match");

    private final String wireName;

    Composition(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /**
     * Parses a wire name.
     *
     * @param name {@code union}, {@code each} or {@code first-match}
     * @return the composition
     * @throws IllegalArgumentException for any other value
     */
    public static Composition fromWire(String name) {
        return WireNamed.parse(Composition.class, name, "composition");
    }
}
