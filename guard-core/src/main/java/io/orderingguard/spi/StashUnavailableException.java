package io.orderingguard.spi;

/**
 * Thrown by a {@link Stash} whose backend cannot answer in time. The guard catches it and applies
 * its stash failure mode; it never reaches the caller of {@code check}.
 */
public final class StashUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed, naming the backend
     * @param cause the underlying error, may be {@code null}
     */
    public StashUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
