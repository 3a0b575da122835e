package io.orderingguard.support;


/**
 * Argument checks whose messages name the field and the bad value, shared by every Ordering Guard
 * module. Supporting API (see the package documentation): it may change without notice.
 */
public final class Require {

    private Require() {}

    /**
     * Requires a non-null reference.
     *
     * @param value the value
     * @param field the field name used in the message
     * @param <T> the value type
     * @return the value
     * @throws NullPointerException naming the field
     */
    public static <T> T nonNull(T value, String field) {
        // no message supplier: a capturing lambda per call is an allocation on every entry of every dispatch
        if (value == null) {
            throw new NullPointerException(field + " must not be null");
        }
        return value;
    }

    /**
     * Checks that an element of a list is not {@code null}, building the message only when it is (hot
     * paths check every element of a conversation).
     *
     * @param value the element
     * @param field the list's name, for the message
     * @param index the element's position, for the message
     * @param <T> the type
     * @return the value
     * @throws NullPointerException "field[index] must not be null"
     */
    public static <T> T nonNullAt(T value, String field, int index) {
        if (value == null) {
            throw new NullPointerException(field + "[" + index + "] must not be null");
        }
        return value;
    }

    /**
     * Requires a non-null, non-blank string.
     *
     * @param value the value
     * @param field the field name used in the message
     * @return the value
     */
    public static String nonBlank(String value, String field) {
        nonNull(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException(field + " must not be blank, but was '" + value + "'");
        }
        return value;
    }

    /**
     * Requires a string that is either {@code null} or non-blank.
     *
     * @param value the value, may be {@code null}
     * @param field the field name used in the message
     * @return the value
     */
    public static String blankToError(String value, String field) {
        if (value != null && value.isBlank()) {
            throw new IllegalArgumentException(
                    field + " must be absent or non-blank, but was '" + value + "'");
        }
        return value;
    }

    /**
     * Requires a condition on an argument.
     *
     * @param condition the condition
     * @param message the message when it does not hold
     */
    public static void argument(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
