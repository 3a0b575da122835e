package io.orderingguard.spi;

import java.util.Optional;

/**
 * Keeps, per conversation, the {@link Snapshot} of the last dispatch actually sent, so that
 * preservation rules can compare each new dispatch with it.
 *
 * <p>Implementations must be thread-safe. {@link #compareAndSet} must be atomic per conversation:
 * when two dispatches of one conversation race, exactly one of them replaces a given version, and
 * the guard re-evaluates the other against the winner's snapshot.
 *
 * <p>A backend that cannot answer (down, or slower than its timeout) throws
 * {@link StashUnavailableException}; the guard then fails closed or open as configured.
 */
public interface Stash {

    /**
     * Reads the snapshot of a conversation.
     *
     * @param conversationId the conversation
     * @return the snapshot, or empty when none is stored
     * @throws StashUnavailableException when the backend cannot answer
     */
    Optional<Snapshot> get(String conversationId);

    /**
     * Stores {@code next} if the stored version is still {@code expectedVersion}.
     *
     * @param conversationId the conversation
     * @param expectedVersion the version read before, or {@code 0} when none was stored
     * @param next the new snapshot; its version must be {@code expectedVersion + 1}
     * @return {@code true} when stored, {@code false} when another dispatch got there first
     * @throws StashUnavailableException when the backend cannot answer
     */
    boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next);

    /**
     * Forgets a conversation.
     *
     * @param conversationId the conversation
     * @throws StashUnavailableException when the backend cannot answer
     */
    void remove(String conversationId);
}
