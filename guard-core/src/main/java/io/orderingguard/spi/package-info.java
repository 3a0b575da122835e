/**
 * The extension points of the guard: the interfaces an application or an adapter author implements,
 * and the values that cross them.
 *
 * <ul>
 *   <li>{@link io.orderingguard.spi.Stash} keeps the {@link io.orderingguard.spi.Snapshot} of the last
 *       dispatch actually sent per conversation, with an atomic compare-and-set; an implementation that
 *       cannot reach its store throws {@link io.orderingguard.spi.StashUnavailableException}.
 *       {@link io.orderingguard.stash.InMemoryStash} is the bounded default, guard-redis provides one for
 *       fleets.</li>
 *   <li>{@link io.orderingguard.spi.ProfileCatalog} is the service (found with {@link java.util.ServiceLoader})
 *       that names profiles; {@link io.orderingguard.spi.ProfileSelector} picks the profiles of one
 *       dispatch.</li>
 *   <li>{@link io.orderingguard.spi.IdRenamer} gives the members of a shared tool-call id their new
 *       ids.</li>
 * </ul>
 *
 * <p>An application that only calls the guard needs none of these types: it configures them on
 * {@link io.orderingguard.OrderingGuard.Builder}. The hooks that receive the guard's verdicts
 * ({@link io.orderingguard.GuardListener}, {@link io.orderingguard.CheckObserver} and its
 * {@link io.orderingguard.CheckReport}) live beside the guard in {@code io.orderingguard}, because they
 * see its result types.
 *
 * <p>Stable SPI: a change that breaks an implementation is listed in the CHANGELOG.
 */
package io.orderingguard.spi;
