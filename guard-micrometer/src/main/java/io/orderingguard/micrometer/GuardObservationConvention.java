package io.orderingguard.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names a guard check's observation and its key values. Implement it (or extend what
 * {@link DefaultGuardObservationConvention} returns) to add or rename tags, and pass it to
 * {@link GuardMicrometer#observer(io.micrometer.observation.ObservationRegistry,
 * io.micrometer.core.instrument.MeterRegistry, GuardObservationConvention)}; an
 * {@code ObservationRegistry}'s global conventions win over both, as Micrometer defines.
 */
public interface GuardObservationConvention extends ObservationConvention<GuardCheckContext> {

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof GuardCheckContext;
    }
}
