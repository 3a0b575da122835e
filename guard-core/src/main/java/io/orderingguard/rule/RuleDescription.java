package io.orderingguard.rule;

import io.orderingguard.support.Require;
import java.util.List;
import java.util.function.Function;

/**
 * How a rule type appears in documents: its type name, its fields (each declared once, with its
 * document type, default and accessor) and the factory that builds the rule from the values read.
 * The codec reads and writes every rule type from its description alone, so adding a field to a
 * rule means touching the record and its description, nothing else.
 *
 * <p>Besides its own fields, every rule document has {@code type}, {@code id}, {@code severity} and
 * the provenance fields {@code source}, {@code providerError} and {@code verifiedOn}.
 *
 * <p>Thread-safe: immutable.
 *
 * @param <R> the rule type
 */
public final class RuleDescription<R extends OrderingRule> {

    private final String type;
    private final Class<R> ruleClass;
    private final List<RuleField<R, ?>> fields;
    private final Function<FieldValues, R> factory;
    private final boolean alwaysAdvisory;

    private RuleDescription(String type, Class<R> ruleClass, List<RuleField<R, ?>> fields,
            Function<FieldValues, R> factory, boolean alwaysAdvisory) {
        this.type = Require.nonBlank(type, "type");
        this.ruleClass = Require.nonNull(ruleClass, "ruleClass");
        this.fields = List.copyOf(fields);
        this.factory = Require.nonNull(factory, "factory");
        this.alwaysAdvisory = alwaysAdvisory;
    }

    /**
     * Describes a rule type.
     *
     * @param type the type name, e.g. {@code requiredMetadata}
     * @param ruleClass the record
     * @param fields the type's own fields, in the order they are written
     * @param factory builds the rule from the values read
     * @param <R> the rule type
     * @return the description
     */
    public static <R extends OrderingRule> RuleDescription<R> of(String type, Class<R> ruleClass,
            List<RuleField<R, ?>> fields, Function<FieldValues, R> factory) {
        return new RuleDescription<>(type, ruleClass, fields, factory, false);
    }

    /**
     * Returns a copy for a type whose findings are always advisory: a document asking for
     * {@code severity: blocking} is rejected.
     *
     * @return the copy
     */
    public RuleDescription<R> alwaysAdvisory() {
        return new RuleDescription<>(type, ruleClass, fields, factory, true);
    }

    /**
     * Returns the type name.
     *
     * @return the name
     */
    public String type() {
        return type;
    }

    /**
     * Returns the record class.
     *
     * @return the class
     */
    public Class<R> ruleClass() {
        return ruleClass;
    }

    /**
     * Returns the type's own fields, in the order they are written.
     *
     * @return the fields
     */
    public List<RuleField<R, ?>> fields() {
        return fields;
    }

    /**
     * Returns whether findings of this type are always advisory.
     *
     * @return {@code true} for such types
     */
    public boolean isAlwaysAdvisory() {
        return alwaysAdvisory;
    }

    /**
     * Builds a rule from the values read.
     *
     * @param values the values
     * @return the rule
     * @throws IllegalArgumentException from the record's validation, naming the field
     */
    public R create(FieldValues values) {
        return factory.apply(values);
    }

    /**
     * Casts a rule of this type.
     *
     * @param rule a rule whose {@link OrderingRule#description()} is this
     * @return the rule, typed
     */
    public R cast(OrderingRule rule) {
        return ruleClass.cast(rule);
    }

    @Override
    public String toString() {
        return type + " " + fields;
    }
}
