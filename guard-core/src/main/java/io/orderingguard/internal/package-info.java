/**
 * Evaluation engine, repair engine and helpers. <strong>Not public API</strong>: anything here may
 * change in any release without notice, and no other module may import it (helpers that other
 * modules share live in {@code io.orderingguard.support}).
 *
 * <p>The engine sits between the rules and the guard API: it depends on the rule, timeline and
 * support packages and never on {@code io.orderingguard} itself.
 */
package io.orderingguard.internal;
