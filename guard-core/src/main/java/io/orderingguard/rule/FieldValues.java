package io.orderingguard.rule;

/**
 * The fields of one rule document as the codec read them, handed to a {@link RuleDescription}'s
 * factory to build the rule.
 */
public interface FieldValues {

    /**
     * Returns the rule id.
     *
     * @return the id
     */
    String id();

    /**
     * Returns the severity given, or {@code null} for the type's default.
     *
     * @return the severity, or {@code null}
     */
    Severity severity();

    /**
     * Returns the provenance given.
     *
     * @return the provenance, never {@code null}
     */
    Provenance provenance();

    /**
     * Returns the value of a field: the value read, the field's default when absent, or {@code null}.
     *
     * @param field one of the description's fields
     * @param <T> the value type
     * @return the value
     */
    <T> T get(RuleField<?, T> field);

    /**
     * Returns the JSON object a policy field held, as read.
     *
     * @param field a policy field of the description
     * @return the object
     */
    com.fasterxml.jackson.databind.JsonNode document(RuleField<?, ?> field);
}
