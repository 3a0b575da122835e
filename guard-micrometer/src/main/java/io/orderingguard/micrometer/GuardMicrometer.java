package io.orderingguard.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.orderingguard.CheckObservation;
import io.orderingguard.CheckObserver;
import io.orderingguard.CheckReport;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;

/**
 * Observes every guard check with Micrometer: one {@link Observation} per check
 * ({@value DefaultGuardObservationConvention#NAME}, see {@link GuardObservationDocumentation}) and,
 * when a {@link MeterRegistry} is given, two counters:
 *
 * <table>
 * <caption>Counters</caption>
 * <tr><th>meter</th><th>tags</th><th>counts</th></tr>
 * <tr><td>{@value #FINDINGS}</td><td>{@code rule}, {@code severity} ({@code blocking} | {@code advisory}),
 *     {@code profile}</td><td>findings of the dispatches as received</td></tr>
 * <tr><td>{@value #REPAIRS}</td><td>{@code rule}, {@code strategy} (e.g. {@code reorder}),
 *     {@code profile}</td><td>repairs applied (mutate mode; in shadow mode, repairs that would have been
 *     applied)</td></tr>
 * </table>
 *
 * <p>With a {@code DefaultMeterObservationHandler} on the registry (Spring Boot registers one, and
 * {@link #observer(MeterRegistry)} builds one), the observation becomes the timer
 * {@code ordering.guard.checks} (tags {@code mode}, {@code shadow}, {@code outcome}, {@code profile},
 * {@code provider}, {@code error}) and the long-task timer {@code ordering.guard.checks.active}
 * (tag {@code provider}); with a tracing bridge it becomes a span.
 *
 * <pre>{@code
 * OrderingGuard guard = OrderingGuard.builder()
 *         .profile("anthropic-messages")
 *         .observer(GuardMicrometer.observer(observationRegistry, meterRegistry))
 *         .build();
 * }</pre>
 *
 * <p>Thread-safe: the observers it returns are stateless apart from their registries.
 */
public final class GuardMicrometer {

    /** The counter of findings, tagged {@code rule}, {@code severity} and {@code profile}. */
    public static final String FINDINGS = "ordering.guard.findings";

    /** The counter of repairs, tagged {@code rule}, {@code strategy} and {@code profile}. */
    public static final String REPAIRS = "ordering.guard.repairs";

    private static final GuardObservationConvention DEFAULT_CONVENTION = new DefaultGuardObservationConvention();

    private GuardMicrometer() {}

    /**
     * Times every check into a meter registry and counts findings and repairs: for applications that
     * have a {@link MeterRegistry} but no {@link ObservationRegistry}.
     *
     * @param meters where the timer and the counters go
     * @return the observer to attach to a guard
     */
    public static CheckObserver observer(MeterRegistry meters) {
        Require.nonNull(meters, "meterRegistry");
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        return new Observer(observations, meters, null);
    }

    /**
     * Observes every check through an application's observation registry (its handlers decide what
     * becomes a timer, a span or a log line); no counters.
     *
     * @param observations the application's observation registry
     * @return the observer to attach to a guard
     */
    public static CheckObserver observer(ObservationRegistry observations) {
        return new Observer(Require.nonNull(observations, "observationRegistry"), null, null);
    }

    /**
     * Observes every check through an application's observation registry and counts findings and
     * repairs in its meter registry (what a Spring Boot application with Actuator has).
     *
     * @param observations the application's observation registry
     * @param meters where the counters go
     * @return the observer to attach to a guard
     */
    public static CheckObserver observer(ObservationRegistry observations, MeterRegistry meters) {
        return observer(observations, meters, null);
    }

    /**
     * As {@link #observer(ObservationRegistry, MeterRegistry)}, with a convention that names the
     * observation and its key values instead of {@link DefaultGuardObservationConvention}.
     *
     * @param observations the application's observation registry
     * @param meters where the counters go
     * @param convention the convention, or {@code null} for the default
     * @return the observer to attach to a guard
     */
    public static CheckObserver observer(ObservationRegistry observations, MeterRegistry meters,
            GuardObservationConvention convention) {
        return new Observer(Require.nonNull(observations, "observationRegistry"),
                Require.nonNull(meters, "meterRegistry"), convention);
    }

    /** Starts an observation per check and counts what the check found. */
    private static final class Observer implements CheckObserver {
        private final ObservationRegistry observations;
        private final GuardObservationConvention convention;
        private final Meter.MeterProvider<Counter> findings;
        private final Meter.MeterProvider<Counter> repairs;

        Observer(ObservationRegistry observations, MeterRegistry meters, GuardObservationConvention convention) {
            this.observations = observations;
            this.convention = convention;
            this.findings = meters == null ? null : Counter.builder(FINDINGS)
                    .description("Findings of the dispatches an ordering guard checked, as received")
                    .baseUnit("findings")
                    .withRegistry(meters);
            this.repairs = meters == null ? null : Counter.builder(REPAIRS)
                    .description("Repairs an ordering guard applied (or, in shadow mode, would have applied)")
                    .baseUnit("repairs")
                    .withRegistry(meters);
        }

        @Override
        public CheckObservation start(Dispatch dispatch) {
            GuardCheckContext context = new GuardCheckContext(dispatch);
            Observation observation = GuardObservationDocumentation.CHECK
                    .observation(convention, DEFAULT_CONVENTION, () -> context, observations)
                    .start();
            return new CheckObservation() {
                @Override
                public void end(CheckReport report) {
                    context.report(report);
                    observation.stop();
                    count(report);
                }

                @Override
                public void fail(Dispatch failed, RuntimeException error) {
                    observation.error(error);
                    observation.stop();
                }
            };
        }

        private void count(CheckReport report) {
            if (findings == null) {
                return;
            }
            for (Finding f : report.findings()) {
                findings.withTags("rule", f.ruleId(), "severity", f.severity().wireName(), "profile", report.profile())
                        .increment();
            }
            for (Repair r : report.repairs()) {
                repairs.withTags("rule", r.ruleId(), "strategy", r.strategy().wireName(), "profile", report.profile())
                        .increment();
            }
        }

        @Override
        public String toString() {
            return "GuardMicrometer.observer(" + observations + (findings == null ? "" : ", counters") + ")";
        }
    }
}
