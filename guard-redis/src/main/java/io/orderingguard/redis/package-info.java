/**
 * A Redis-backed {@link io.orderingguard.stash.Stash} ({@link io.orderingguard.redis.RedisStash},
 * on Lettuce) so that a fleet of stateless application servers shares each conversation's
 * preservation baseline, with an atomic compare-and-set per conversation, a TTL, a per-call
 * deadline and recovery without restart.
 *
 * <p>Stable API: {@code RedisStash} and its builder, {@code SnapshotFormatException}. The stored
 * layout carries a format number; a later release that changes it will still read format 1.
 */
package io.orderingguard.redis;
