/**
 * The guard: {@link io.orderingguard.OrderingGuard} checks each {@link io.orderingguard.timeline.Dispatch}
 * against the rules of its profiles before it is sent, and rejects it ({@link io.orderingguard.Mode#ENFORCE})
 * or repairs it ({@link io.orderingguard.Mode#MUTATE}). Every verdict is one
 * {@link io.orderingguard.GuardResult} carrying {@link io.orderingguard.rule.Finding}s,
 * {@link io.orderingguard.rule.Repair}s and what to send; {@code check} never throws for findings, and
 * {@code apply} throws one {@link io.orderingguard.OrderingViolationException} when a dispatch is
 * rejected. Bad input is a {@link io.orderingguard.GuardInputException}, bad configuration a
 * {@link io.orderingguard.GuardConfigException} listing every problem.
 *
 * <p>Mutate mode never touches the caller's objects, records the full content of anything it removes,
 * is deterministic and idempotent, and — when the repairs of conflicting rules do not settle within
 * the pass limit — applies none of them and says why.
 *
 * <p>Stable API.
 */
package io.orderingguard;
