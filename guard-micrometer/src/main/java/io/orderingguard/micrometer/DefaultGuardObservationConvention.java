package io.orderingguard.micrometer;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.orderingguard.CheckReport;
import io.orderingguard.micrometer.GuardObservationDocumentation.HighCardinalityKeys;
import io.orderingguard.micrometer.GuardObservationDocumentation.LowCardinalityKeys;
import io.orderingguard.timeline.Dispatch;

/**
 * The default names and key values of a guard check's observation (all listed in
 * {@link GuardObservationDocumentation}): name {@value #NAME}, contextual name
 * {@code ordering guard check}. While the check runs, only {@code provider} is known; the other
 * low-cardinality keys are added when it ends, so the {@code ordering.guard.checks.active} long-task
 * timer is tagged with {@code provider} alone and the {@code ordering.guard.checks} timer with all five.
 *
 * <p>Thread-safe: stateless.
 */
public class DefaultGuardObservationConvention implements GuardObservationConvention {

    /** The observation name, and so the name of the timer Micrometer derives from it. */
    public static final String NAME = "ordering.guard.checks";

    /** Creates the convention; {@link GuardMicrometer} uses one shared instance. */
    public DefaultGuardObservationConvention() {
        // stateless
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(GuardCheckContext context) {
        return "ordering guard check";
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(GuardCheckContext context) {
        Dispatch dispatch = context.dispatch();
        KeyValue provider = KeyValue.of(LowCardinalityKeys.PROVIDER,
                dispatch.provider() == null ? "unknown" : dispatch.provider());
        CheckReport report = context.report();
        if (report != null) {
            return KeyValues.of(provider,
                    KeyValue.of(LowCardinalityKeys.MODE, report.mode().wireName()),
                    KeyValue.of(LowCardinalityKeys.SHADOW, Boolean.toString(report.shadow())),
                    KeyValue.of(LowCardinalityKeys.OUTCOME, report.outcome().wireName()),
                    KeyValue.of(LowCardinalityKeys.PROFILE, report.profile()));
        }
        if (context.getError() != null) {
            // the same five keys (meter registries such as Prometheus require one key set per name)
            return KeyValues.of(provider,
                    KeyValue.of(LowCardinalityKeys.MODE, "unknown"),
                    KeyValue.of(LowCardinalityKeys.SHADOW, "unknown"),
                    KeyValue.of(LowCardinalityKeys.OUTCOME, "error"),
                    KeyValue.of(LowCardinalityKeys.PROFILE, "none"));
        }
        return KeyValues.of(provider);
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(GuardCheckContext context) {
        Dispatch dispatch = context.dispatch();
        KeyValues values = KeyValues.empty();
        if (dispatch.conversationId() != null) {
            values = values.and(KeyValue.of(HighCardinalityKeys.CONVERSATION_ID, dispatch.conversationId()));
        }
        if (dispatch.model() != null) {
            values = values.and(KeyValue.of(HighCardinalityKeys.MODEL, dispatch.model()));
        }
        return values;
    }
}
