/**
 * Small helpers that every Ordering Guard module shares: argument checks whose messages name the
 * field and the bad value ({@link io.orderingguard.support.Require}), "did you mean" suggestions
 * ({@link io.orderingguard.support.Suggestions}), and the window of the adapters' pair-safe chat
 * memories ({@link io.orderingguard.support.PairSafeWindow} over
 * {@link io.orderingguard.support.MessageShape}s), which evicts whole turns and tool rounds.
 *
 * <p><strong>Not public API: for Ordering Guard's own modules only.</strong> guard-core's module-info
 * exports it to those modules by name ({@code exports io.orderingguard.support to …}), so that
 * guard-profiles, guard-testing and the adapters do not reach into {@code io.orderingguard.internal};
 * on the module path an application cannot read it. It is outside the API compatibility check and may
 * change in any release without notice.
 *
 * <p>This is the bottom layer of guard-core: it imports nothing else of Ordering Guard.
 */
package io.orderingguard.support;
