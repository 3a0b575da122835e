package io.orderingguard.timeline;

import java.util.Locale;

/**
 * The role of a {@link Message}. {@link #SYSTEM} messages are transparent to role grouping and
 * alternation: they never start, end or split a role group.
 *
 * <p>Thread-safe (an enum).
 */
public enum Role {
    /** The end user, or the application speaking for the user. */
    USER,
    /** The model. */
    ASSISTANT,
    /** System or developer instructions. */
    SYSTEM;

    /**
     * Returns the lower-case name used in documents.
     *
     * @return {@code user}, {@code assistant} or {@code system}
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a lower-case wire name.
     *
     * @param name {@code user}, {@code assistant} or {@code system}
     * @return the role
     * @throws IllegalArgumentException when the name is not a role
     */
    public static Role fromWire(String name) {
        for (Role role : values()) {
            if (role.wireName().equals(name)) {
                return role;
            }
        }
        throw new IllegalArgumentException(
                "role must be one of user, assistant, system, but was '" + name + "'");
    }

    @Override
    public String toString() {
        return wireName();
    }
}
