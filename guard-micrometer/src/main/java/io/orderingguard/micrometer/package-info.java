/**
 * Micrometer metrics and observations for the ordering guard. Attach with one line:
 *
 * <pre>{@code
 * OrderingGuard guard = OrderingGuard.builder()
 *         .profile("anthropic-messages")
 *         .observer(GuardMicrometer.observer(observationRegistry, meterRegistry))
 *         .build();
 * }</pre>
 *
 * <p>Every name and tag is listed in {@link io.orderingguard.micrometer.GuardObservationDocumentation}
 * and {@link io.orderingguard.micrometer.GuardMicrometer} (and in the module's README); tag values
 * and names are part of the API: they change only in a minor release, noted in the changelog.
 */
package io.orderingguard.micrometer;
