package io.orderingguard.spring.boot;

/**
 * The {@code ordering-guard.stash.type} property: where the guard keeps the preservation baselines it
 * compares each conversation against.
 *
 * <p>Thread-safe (an enum).
 */
public enum StashKind {
    /** An in-memory stash in this application instance (guard-core's {@code InMemoryStash}). */
    MEMORY,
    /**
     * guard-redis's {@code RedisStash}, shared by every instance of the application, on the
     * application's own Redis connection (see {@link OrderingGuardProperties.Redis}).
     */
    REDIS,
    /** No stash: preservation rules never fire. */
    NONE
}
