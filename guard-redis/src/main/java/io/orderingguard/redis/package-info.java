/**
 * A Redis-backed {@link io.orderingguard.spi.Stash} ({@link io.orderingguard.redis.RedisStash},
 * on Lettuce) so that a fleet of stateless application servers shares each conversation's
 * preservation baseline, with an atomic compare-and-set per conversation, a TTL, a per-call
 * deadline and recovery without restart.
 *
 * <p>API: {@code RedisStash} and its builder, {@code SnapshotFormatException}. The stored layout
 * starts with a marker and a format number, so a value of another format is reported as such
 * rather than misread.
 */
package io.orderingguard.redis;
