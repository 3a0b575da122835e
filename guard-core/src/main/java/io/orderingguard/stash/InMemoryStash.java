package io.orderingguard.stash;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.support.Require;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A bounded in-memory {@link Stash} for a single application instance; fleets of stateless servers
 * share the Redis stash of {@code guard-redis} instead.
 *
 * <p>Two bounds keep memory flat however many conversations pass through: at most
 * {@code maxConversations} snapshots, and at most {@code maxEntries} captured entries summed over
 * all snapshots (a conversation count alone does not bound memory, since one snapshot can hold
 * thousands of entries). When a write exceeds either bound, the least recently used conversations
 * are evicted first, where both {@link #get} and {@link #compareAndSet} count as a use. The
 * snapshot just written is never evicted by its own write, so a single snapshot larger than
 * {@code maxEntries} is kept alone. Every eviction is counted in {@link #evictions()}.
 *
 * <p>An evicted conversation reads as absent: the next dispatch of it has no preservation baseline
 * and starts again at version 1, exactly as after {@link #remove}.
 *
 * <p>Thread-safe: every operation holds a private lock for a few map operations; snapshots are
 * immutable, so nothing is copied under the lock.
 */
public final class InMemoryStash implements Stash {

    /** The default bound on conversations. */
    public static final int DEFAULT_MAX_CONVERSATIONS = 10_000;

    /** The default bound on captured entries over all conversations (roughly 100 MB of snapshots). */
    public static final long DEFAULT_MAX_ENTRIES = 1_000_000L;

    private final Object lock = new Object();
    private final int maxConversations;
    private final long maxEntries;
    /** Access order: iteration starts at the least recently used conversation. */
    private final LinkedHashMap<String, Snapshot> snapshots = new LinkedHashMap<>(16, 0.75f, true);
    private long entries;
    private long evictions;

    private InMemoryStash(int maxConversations, long maxEntries) {
        this.maxConversations = maxConversations;
        this.maxEntries = maxEntries;
    }

    /**
     * Creates a stash holding at most {@value #DEFAULT_MAX_CONVERSATIONS} conversations and
     * {@value #DEFAULT_MAX_ENTRIES} entries.
     *
     * @return the stash
     */
    public static InMemoryStash create() {
        return new InMemoryStash(DEFAULT_MAX_CONVERSATIONS, DEFAULT_MAX_ENTRIES);
    }

    /**
     * Creates a stash with a bound on conversations and the default bound on entries.
     *
     * @param maxConversations the most conversations kept, at least 1
     * @return the stash
     * @throws IllegalArgumentException when {@code maxConversations} is below 1
     */
    public static InMemoryStash bounded(int maxConversations) {
        return bounded(maxConversations, DEFAULT_MAX_ENTRIES);
    }

    /**
     * Creates a stash with both bounds.
     *
     * @param maxConversations the most conversations kept, at least 1
     * @param maxEntries the most captured entries kept over all conversations, at least 1
     * @return the stash
     * @throws IllegalArgumentException when a bound is below 1
     */
    public static InMemoryStash bounded(int maxConversations, long maxEntries) {
        Require.argument(maxConversations >= 1, "maxConversations must be >= 1, but was " + maxConversations);
        Require.argument(maxEntries >= 1, "maxEntries must be >= 1, but was " + maxEntries);
        return new InMemoryStash(maxConversations, maxEntries);
    }

    @Override
    public Optional<Snapshot> get(String conversationId) {
        Require.nonNull(conversationId, "conversationId");
        synchronized (lock) {
            return Optional.ofNullable(snapshots.get(conversationId));
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when {@code next.version()} is not {@code expectedVersion + 1}
     */
    @Override
    public boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next) {
        Require.nonNull(conversationId, "conversationId");
        Require.nonNull(next, "next");
        if (next.version() != expectedVersion + 1) {
            throw new IllegalArgumentException("next.version must be expectedVersion + 1 = " + (expectedVersion + 1)
                    + ", but was " + next.version());
        }
        synchronized (lock) {
            Snapshot current = snapshots.get(conversationId);
            long currentVersion = current == null ? 0 : current.version();
            if (currentVersion != expectedVersion) {
                return false;
            }
            snapshots.put(conversationId, next);
            entries += next.size() - (current == null ? 0 : current.size());
            evictBeyondBounds();
            return true;
        }
    }

    @Override
    public void remove(String conversationId) {
        Require.nonNull(conversationId, "conversationId");
        synchronized (lock) {
            Snapshot removed = snapshots.remove(conversationId);
            if (removed != null) {
                entries -= removed.size();
            }
        }
    }

    /** Evicts least recently used conversations, never the one just written (the last in order). */
    private void evictBeyondBounds() {
        if (snapshots.size() <= maxConversations && entries <= maxEntries) {
            return; // the usual case: no iterator for a write that evicts nothing
        }
        Iterator<Map.Entry<String, Snapshot>> eldestFirst = snapshots.entrySet().iterator();
        while (snapshots.size() > 1 && (snapshots.size() > maxConversations || entries > maxEntries)) {
            Snapshot evicted = eldestFirst.next().getValue();
            eldestFirst.remove();
            entries -= evicted.size();
            evictions++;
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
     * Returns the number of captured entries held, summed over all conversations.
     *
     * @return the count
     */
    public long entries() {
        synchronized (lock) {
            return entries;
        }
    }

    /**
     * Returns how many conversations were evicted to respect the bounds.
     *
     * @return the eviction count since creation
     */
    public long evictions() {
        synchronized (lock) {
            return evictions;
        }
    }

    @Override
    public String toString() {
        synchronized (lock) {
            return "InMemoryStash[conversations=" + snapshots.size() + "/" + maxConversations
                    + ", entries=" + entries + "/" + maxEntries + ", evictions=" + evictions + "]";
        }
    }
}
