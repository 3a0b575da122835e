package io.orderingguard.policy;

/**
 * A sequence rule record's validation failure, remembering which field was bad so that file readers
 * can report it at that field's JSON path (the readers live in {@code io.orderingguard.json} and
 * guard-policy). Code that builds rules may treat it as a plain {@link IllegalArgumentException}.
 */
public final class InvalidRuleException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    InvalidRuleException(String field, String message) {
        super(message);
        this.field = field;
    }

    /**
     * Returns the field the message is about.
     *
     * @return the field's name in a policy file (e.g. {@code within}), or {@code null} when the
     *     message is about the rule as a whole
     */
    public String field() {
        return field;
    }
}
