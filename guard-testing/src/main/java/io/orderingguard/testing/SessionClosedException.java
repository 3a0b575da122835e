package io.orderingguard.testing;

/** Thrown when something is logged to a {@link FlowSession} after it was closed. */
public final class SessionClosedException extends FlowException {

    private static final long serialVersionUID = 1L;

    SessionClosedException() {
        super("Cannot log to a finalized session.");
    }
}
