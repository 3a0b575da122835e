/**
 * Seeded property tests of mutate mode: what it sends passes enforce, it is idempotent, it loses
 * nothing, it never changes the caller's dispatch, and it is deterministic. Each case is named by its
 * seed, so a failure is reproduced by running that one seed.
 */
package io.orderingguard.properties;
