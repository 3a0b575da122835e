package io.orderingguard.policy;

/**
 * A rule record's validation failure, remembering which field was bad so that file readers can
 * report it at that field's JSON path. Callers see a plain {@link IllegalArgumentException}. Not
 * public API.
 */
final class InvalidRuleException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    InvalidRuleException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The field the message is about, or {@code null} when it is about the rule as a whole. */
    String field() {
        return field;
    }
}
