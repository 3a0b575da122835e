package io.orderingguard.rule;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.policy.SequencePolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The document type of one rule field: what JSON value it holds and how the codec turns it into the
 * Java value of the record component. A closed set of shapes: strings, booleans, integers, lists of
 * strings, enum constants by wire name (single, set or list), any JSON value, and sequence-policy
 * documents.
 *
 * <p>Thread-safe: immutable.
 *
 * @param <T> the Java type of the value
 */
public final class FieldType<T> {

    /** The JSON shape of a field. */
    public enum Shape {
        /** A JSON string. */
        TEXT,
        /** {@code true} or {@code false}. */
        BOOLEAN,
        /** A JSON integer that fits an {@code int}. */
        INTEGER,
        /** An array of strings. */
        TEXT_LIST,
        /** One enum constant, written as its wire name. */
        CONSTANT,
        /** A set of enum constants; written in declaration order. */
        CONSTANT_SET,
        /** A list of enum constants, in document order. */
        CONSTANT_LIST,
        /** Any JSON value, kept as a copy. */
        JSON,
        /**
         * A tool-call sequence policy document ({@code sequences}, {@code aliases}, {@code tools}), read
         * by the codec's policy reader; its problems are reported under the field's path.
         */
        POLICY
    }

    /** A JSON string. */
    public static final FieldType<String> TEXT = new FieldType<>(Shape.TEXT, List.of(), null);

    /** {@code true} or {@code false}. */
    public static final FieldType<Boolean> BOOLEAN = new FieldType<>(Shape.BOOLEAN, List.of(), null);

    /** A JSON integer. */
    public static final FieldType<Integer> INTEGER = new FieldType<>(Shape.INTEGER, List.of(), null);

    /** An array of strings. */
    public static final FieldType<List<String>> TEXT_LIST = new FieldType<>(Shape.TEXT_LIST, List.of(), null);

    /** Any JSON value. */
    public static final FieldType<JsonNode> JSON = new FieldType<>(Shape.JSON, List.of(), null);

    /** A sequence-policy document. */
    public static final FieldType<SequencePolicy> POLICY = new FieldType<>(Shape.POLICY, List.of(), null);

    private final Shape shape;
    private final List<?> constants;
    private final Function<Object, String> wireName;

    private FieldType(Shape shape, List<?> constants, Function<Object, String> wireName) {
        this.shape = shape;
        this.constants = constants;
        this.wireName = wireName;
    }

    /**
     * One constant of an enum, by wire name.
     *
     * @param type the enum
     * @param wireName the document name of a constant
     * @param <E> the enum type
     * @return the field type
     */
    public static <E extends Enum<E>> FieldType<E> constant(Class<E> type, Function<E, String> wireName) {
        return new FieldType<>(Shape.CONSTANT, List.of(type.getEnumConstants()), erase(type, wireName));
    }

    /**
     * A set of constants of an enum, by wire name.
     *
     * @param type the enum
     * @param wireName the document name of a constant
     * @param <E> the enum type
     * @return the field type
     */
    public static <E extends Enum<E>> FieldType<Set<E>> constantSet(Class<E> type, Function<E, String> wireName) {
        return new FieldType<>(Shape.CONSTANT_SET, List.of(type.getEnumConstants()), erase(type, wireName));
    }

    /**
     * A list of constants of an enum, by wire name.
     *
     * @param type the enum
     * @param wireName the document name of a constant
     * @param <E> the enum type
     * @return the field type
     */
    public static <E extends Enum<E>> FieldType<List<E>> constantList(Class<E> type, Function<E, String> wireName) {
        return new FieldType<>(Shape.CONSTANT_LIST, List.of(type.getEnumConstants()), erase(type, wireName));
    }

    private static <E extends Enum<E>> Function<Object, String> erase(Class<E> type, Function<E, String> wireName) {
        return o -> wireName.apply(type.cast(o));
    }

    /**
     * Returns the JSON shape.
     *
     * @return the shape
     */
    public Shape shape() {
        return shape;
    }

    /**
     * Returns the wire names of the constants, in declaration order (empty unless a constant shape).
     *
     * @return the names
     */
    public List<String> wireNames() {
        List<String> names = new ArrayList<>(constants.size());
        for (Object c : constants) {
            names.add(wireName.apply(c));
        }
        return names;
    }

    /**
     * Returns the constant with a wire name.
     *
     * @param name the wire name
     * @return the constant, or {@code null} when no constant has that name
     */
    public Object constantNamed(String name) {
        for (Object c : constants) {
            if (wireName.apply(c).equals(name)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Returns the wire name of a constant.
     *
     * @param constant one of the constants
     * @return its document name
     */
    public String wireNameOf(Object constant) {
        return wireName.apply(constant);
    }

    /**
     * Returns the constants of a set in declaration order (how sets are written).
     *
     * @param set a set of this type's constants
     * @return the members, ordered
     */
    public List<Object> ordered(Set<?> set) {
        List<Object> out = new ArrayList<>(set.size());
        for (Object c : constants) {
            if (set.contains(c)) {
                out.add(c);
            }
        }
        return out;
    }
}
