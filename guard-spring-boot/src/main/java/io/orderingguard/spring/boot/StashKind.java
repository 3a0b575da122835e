package io.orderingguard.spring.boot;

/**
 * The {@code ordering-guard.stash} property: where the guard keeps the preservation baselines it
 * compares each conversation against.
 *
 * <p>Thread-safe (an enum).
 */
public enum StashKind {
    /** An in-memory stash in this application instance (guard-core's {@code InMemoryStash}). */
    MEMORY,
    /** No stash: preservation rules never fire. */
    NONE
}
