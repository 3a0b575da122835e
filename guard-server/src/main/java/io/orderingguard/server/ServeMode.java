package io.orderingguard.server;

import java.util.Locale;

/**
 * What the proxy does with a request the guard finds broken.
 *
 * <p>Thread-safe (an enum).
 */
public enum ServeMode {
    /** Answer 400 in the provider's own error envelope; nothing goes upstream. The default. */
    ENFORCE,
    /** Forward the repaired body; a request that cannot be repaired is answered as in {@link #ENFORCE}. */
    MUTATE,
    /** Forward the original body unchanged and record what the guard would have done. */
    SHADOW;

    /**
     * Returns the name used in configuration and on the command line.
     *
     * @return {@code enforce}, {@code mutate} or {@code shadow}
     */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads a mode name, ignoring case.
     *
     * @param name {@code enforce}, {@code mutate} or {@code shadow}
     * @return the mode
     * @throws IllegalArgumentException naming the accepted values
     */
    public static ServeMode of(String name) {
        for (ServeMode mode : values()) {
            if (mode.wireName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("expected one of enforce, mutate, shadow, but was \"" + name + "\"");
    }
}
