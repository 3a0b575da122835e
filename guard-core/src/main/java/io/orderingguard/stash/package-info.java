/**
 * The preservation baseline: {@link io.orderingguard.stash.Stash} keeps the
 * {@link io.orderingguard.stash.Snapshot} of the last dispatch actually sent per conversation, with
 * an atomic compare-and-set so that racing dispatches of one conversation never lose an update.
 * {@link io.orderingguard.stash.InMemoryStash} is the bounded default; {@code guard-redis} provides
 * one for fleets. A snapshot is the {@link io.orderingguard.rule.Baseline} the preservation rules read.
 *
 * <p>Stable SPI.
 */
package io.orderingguard.stash;
