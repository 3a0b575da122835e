package io.orderingguard.redis;

/**
 * A value stored under a snapshot key could not be decoded: it was written by something else, by
 * an incompatible version, or was damaged. The message names the byte offset and what was expected
 * there. {@link RedisStash} reports it as the cause of a
 * {@link io.orderingguard.spi.StashUnavailableException} that also names the key.
 */
public final class SnapshotFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong and where
     */
    public SnapshotFormatException(String message) {
        super(message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what was wrong and where
     * @param cause the underlying error
     */
    public SnapshotFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
