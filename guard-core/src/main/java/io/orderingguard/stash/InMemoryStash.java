package io.orderingguard.stash;

import io.orderingguard.internal.Require;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A bounded in-memory {@link Stash}: at most {@code maxConversations} snapshots, the least recently
 * used conversation evicted first. Suitable for a single application instance; fleets of stateless
 * servers use the Redis stash.
 *
 * <p>Thread-safe: every operation holds a private lock for a few map operations; snapshots are
 * immutable, so no copying happens under the lock.
 */
public final class InMemoryStash implements Stash {

    /** The default bound. */
    public static final int DEFAULT_MAX_CONVERSATIONS = 10_000;

    private final Object lock = new Object();
    private final int maxConversations;
    private final LinkedHashMap<String, Snapshot> snapshots;
    private long evictions;

    private InMemoryStash(int maxConversations) {
        this.maxConversations = maxConversations;
        this.snapshots = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Snapshot> eldest) {
                if (size() > InMemoryStash.this.maxConversations) {
                    evictions++;
                    return true;
                }
                return false;
            }
        };
    }

    /**
     * Creates a stash holding at most {@value #DEFAULT_MAX_CONVERSATIONS} conversations.
     *
     * @return the stash
     */
    public static InMemoryStash create() {
        return new InMemoryStash(DEFAULT_MAX_CONVERSATIONS);
    }

    /**
     * Creates a stash with a bound.
     *
     * @param maxConversations the most conversations kept, at least 1
     * @return the stash
     */
    public static InMemoryStash bounded(int maxConversations) {
        Require.argument(maxConversations >= 1, "maxConversations must be >= 1, but was " + maxConversations);
        return new InMemoryStash(maxConversations);
    }

    @Override
    public Optional<Snapshot> get(String conversationId) {
        Require.nonNull(conversationId, "conversationId");
        synchronized (lock) {
            return Optional.ofNullable(snapshots.get(conversationId));
        }
    }

    @Override
    public boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next) {
        Require.nonNull(conversationId, "conversationId");
        Require.nonNull(next, "next");
        Require.argument(next.version() == expectedVersion + 1,
                "next.version must be expectedVersion + 1 = " + (expectedVersion + 1) + ", but was " + next.version());
        synchronized (lock) {
            Snapshot current = snapshots.get(conversationId);
            long currentVersion = current == null ? 0 : current.version();
            if (currentVersion != expectedVersion) {
                return false;
            }
            snapshots.put(conversationId, next);
            return true;
        }
    }

    @Override
    public void remove(String conversationId) {
        synchronized (lock) {
            snapshots.remove(conversationId);
        }
    }

    /**
     * Returns the number of conversations held.
     *
     * @return the count
     */
    public int size() {
        synchronized (lock) {
            return snapshots.size();
        }
    }

    /**
     * Returns how many conversations were evicted to respect the bound.
     *
     * @return the eviction count since creation
     */
    public long evictions() {
        synchronized (lock) {
            return evictions;
        }
    }
}
