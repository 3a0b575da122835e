package io.orderingguard.rule;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.support.Require;
import java.util.function.Function;

/**
 * One field of a rule type in documents: its name, its {@link FieldType}, whether it is required,
 * the value an absent optional field takes, and the accessor that reads it back from a rule for
 * writing. The record's compact constructor validates the value (its message names the field).
 *
 * <p>Fields are declared once per rule type, as constants of its {@link RuleDescription}; the codec
 * reads and writes every type from them.
 *
 * <p>Thread-safe: immutable.
 *
 * @param <R> the rule type
 * @param <T> the value type
 */
public final class RuleField<R extends OrderingRule, T> {

    private final String name;
    private final FieldType<T> type;
    private final boolean required;
    private final T defaultValue;
    private final Function<R, T> getter;
    private final Function<R, JsonNode> documentWriter;

    private RuleField(String name, FieldType<T> type, boolean required, T defaultValue, Function<R, T> getter,
            Function<R, JsonNode> documentWriter) {
        this.name = Require.nonBlank(name, "name");
        this.type = Require.nonNull(type, "type");
        this.required = required;
        this.defaultValue = defaultValue;
        this.getter = getter;
        this.documentWriter = documentWriter;
    }

    /**
     * A field that must be present.
     *
     * @param name the document name
     * @param type the document type
     * @param getter reads the value from a rule
     * @param <R> the rule type
     * @param <T> the value type
     * @return the field
     */
    public static <R extends OrderingRule, T> RuleField<R, T> required(String name, FieldType<T> type,
            Function<R, T> getter) {
        return new RuleField<>(name, type, true, null, Require.nonNull(getter, "getter"), null);
    }

    /**
     * A field that may be absent; an absent field is {@code null} (the record applies its default).
     * A {@code null} value is not written.
     *
     * @param name the document name
     * @param type the document type
     * @param getter reads the value from a rule
     * @param <R> the rule type
     * @param <T> the value type
     * @return the field
     */
    public static <R extends OrderingRule, T> RuleField<R, T> optional(String name, FieldType<T> type,
            Function<R, T> getter) {
        return new RuleField<>(name, type, false, null, Require.nonNull(getter, "getter"), null);
    }

    /**
     * A field that may be absent and then takes a default.
     *
     * @param name the document name
     * @param type the document type
     * @param defaultValue the value of an absent field
     * @param getter reads the value from a rule
     * @param <R> the rule type
     * @param <T> the value type
     * @return the field
     */
    public static <R extends OrderingRule, T> RuleField<R, T> optional(String name, FieldType<T> type, T defaultValue,
            Function<R, T> getter) {
        return new RuleField<>(name, type, false, Require.nonNull(defaultValue, "defaultValue"),
                Require.nonNull(getter, "getter"), null);
    }

    /**
     * A required sequence-policy document; the rule keeps the document it was read from, and
     * {@code writer} produces the object written back.
     *
     * @param name the document name
     * @param writer produces the object written for a rule
     * @param <R> the rule type
     * @return the field
     */
    public static <R extends OrderingRule> RuleField<R, SequencePolicy> policy(String name,
            Function<R, JsonNode> writer) {
        return new RuleField<>(name, FieldType.POLICY, true, null, null, Require.nonNull(writer, "writer"));
    }

    /**
     * Returns the document name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the document type.
     *
     * @return the type
     */
    public FieldType<T> type() {
        return type;
    }

    /**
     * Returns whether the field must be present.
     *
     * @return {@code true} when required
     */
    public boolean required() {
        return required;
    }

    /**
     * Returns the value of an absent field.
     *
     * @return the default, or {@code null}
     */
    public T defaultValue() {
        return defaultValue;
    }

    /**
     * Reads the value of this field from a rule (not for policy fields).
     *
     * @param rule the rule
     * @return the value, or {@code null} when the field is not written
     */
    public T get(R rule) {
        return getter.apply(rule);
    }

    /**
     * Produces the object written for a policy field.
     *
     * @param rule the rule
     * @return the object
     */
    public JsonNode writeDocument(R rule) {
        return documentWriter.apply(rule);
    }

    @Override
    public String toString() {
        return name + " (" + type.shape() + (required ? ", required" : "") + ")";
    }
}
