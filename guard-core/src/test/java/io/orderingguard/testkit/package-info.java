/**
 * Test helpers shared with other modules through guard-core's test-jar: seeded generators of
 * realistic timelines and dispatches for property tests ({@link io.orderingguard.testkit.RandomTimelines}).
 */
package io.orderingguard.testkit;
