package io.orderingguard.testing;

/**
 * Base of the errors a {@link FlowSession} raises for misuse (logging to a closed session, an
 * ambiguous tool result) and of {@link TraceNotFoundException}. Assertion failures are
 * {@link AssertionError}s, never {@code FlowException}s.
 */
public class FlowException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the message
     */
    public FlowException(String message) {
        super(message);
    }
}
