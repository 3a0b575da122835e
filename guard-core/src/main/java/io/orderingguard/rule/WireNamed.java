package io.orderingguard.rule;

import java.util.ArrayList;
import java.util.List;

/**
 * An enum constant with the name it carries in rule documents.
 */
interface WireNamed {

    /**
     * Returns the document name.
     *
     * @return the wire name
     */
    String wireName();

    /**
     * Parses a document name into one of an enum's constants.
     *
     * @param type the enum class
     * @param name the wire name
     * @param field the field name for the message
     * @param <E> the enum type
     * @return the constant
     * @throws IllegalArgumentException naming the field, the allowed names and the bad value
     */
    static <E extends Enum<E> & WireNamed> E parse(Class<E> type, String name, String field) {
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            if (e.wireName().equals(name)) {
                return e;
            }
            names.add(e.wireName());
        }
        throw new IllegalArgumentException(
                field + " must be one of " + String.join(", ", names) + ", but was '" + name + "'");
    }
}
