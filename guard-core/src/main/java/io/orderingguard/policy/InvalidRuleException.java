package io.orderingguard.policy;

/**
 * A sequence rule's validation failure, remembering which field was bad so that file readers (such
 * as {@code io.orderingguard.json.PolicyFiles}) can report it at that field's JSON path. It is an
 * {@link IllegalArgumentException}, so code that builds rules directly needs to know nothing of it.
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
     * @return the field name as written in policy files, or {@code null} when the message is about the
     *     rule as a whole
     */
    public String field() {
        return field;
    }
}
