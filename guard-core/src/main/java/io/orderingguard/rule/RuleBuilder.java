package io.orderingguard.rule;

import io.orderingguard.support.Require;

/**
 * What every rule builder has: the rule id, the severity (the type's default unless set) and the
 * provenance. Each rule type with optional fields has a {@code Builder} of its own, started by its
 * {@code builder(...)} factory with the fields a rule document requires; the optional fields are set
 * by methods named after them, and {@link #build()} validates like the record does.
 *
 * <p>Builders are how the catalogue and applications build rules with optional fields: a field added
 * to a rule type later gets a default and a builder method, so existing callers keep compiling.
 *
 * <p>Not thread-safe: build a rule on one thread, then share the rule (rules are immutable).
 *
 * @param <R> the rule type
 * @param <B> the builder type
 */
public abstract class RuleBuilder<R extends OrderingRule, B extends RuleBuilder<R, B>> {

    private final String id;
    private Severity severity;
    private Provenance provenance;

    RuleBuilder(String id) {
        this.id = id;
    }

    /**
     * Sets the severity.
     *
     * @param severity the severity
     * @return this builder
     */
    public B severity(Severity severity) {
        this.severity = Require.nonNull(severity, "severity");
        return self();
    }

    /**
     * Makes the rule blocking: its findings reject the dispatch.
     *
     * @return this builder
     */
    public B blocking() {
        return severity(Severity.BLOCKING);
    }

    /**
     * Makes the rule advisory: its findings are reported, never enforced.
     *
     * @return this builder
     */
    public B advisory() {
        return severity(Severity.ADVISORY);
    }

    /**
     * Sets where the rule comes from.
     *
     * @param provenance the provenance
     * @return this builder
     */
    public B provenance(Provenance provenance) {
        this.provenance = Require.nonNull(provenance, "provenance");
        return self();
    }

    /**
     * Builds the rule.
     *
     * @return the rule
     * @throws IllegalArgumentException naming the field and the bad value
     * @throws NullPointerException naming a required field that is missing
     */
    public abstract R build();

    /**
     * Returns the rule id.
     *
     * @return the id
     */
    final String id() {
        return id;
    }

    /**
     * Returns the severity set, or {@code null} for the type's default.
     *
     * @return the severity
     */
    final Severity severity() {
        return severity;
    }

    /**
     * Returns the provenance set, or {@code null} for none.
     *
     * @return the provenance
     */
    final Provenance provenance() {
        return provenance;
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}
