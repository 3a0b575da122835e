/**
 * The stash the guard uses when the application configures none: {@link io.orderingguard.stash.InMemoryStash},
 * a bounded in-memory {@link io.orderingguard.spi.Stash} of the last dispatch actually sent per
 * conversation. The stash contract and its {@link io.orderingguard.spi.Snapshot} are in
 * {@code io.orderingguard.spi}; {@code guard-redis} provides a stash for fleets.
 *
 * <p>Stable API.
 */
package io.orderingguard.stash;
