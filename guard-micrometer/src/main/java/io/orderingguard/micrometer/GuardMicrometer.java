package io.orderingguard.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.orderingguard.CheckObservation;
import io.orderingguard.micrometer.GuardObservationDocumentation.LowCardinalityKeys;
import io.orderingguard.CheckObserver;
import io.orderingguard.CheckReport;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.Verdict;
import io.orderingguard.VerdictOutcome;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

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
 * <p>{@link #verdicts(MeterRegistry)} is a {@link GuardListener} that counts what the providers answered
 * to the guarded requests ({@value #VERDICTS}, see there): the evidence for switching a guard from shadow
 * to enforce.
 *
 * <p>With a {@code DefaultMeterObservationHandler} on the registry (Spring Boot registers one; and
 * {@link #observer(MeterRegistry)} writes the same meters directly), the observation becomes the timer
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
 * <p>Thread-safe. The observer of a meter registry alone and the verdict counter keep each meter they
 * register (found once per tag set, not looked up on every check): a meter removed from the registry
 * afterwards is not registered again, and a {@code MeterFilter} applies when a meter is first
 * registered.
 */
public final class GuardMicrometer {

    /** The counter of findings, tagged {@code rule}, {@code severity} and {@code profile}. */
    public static final String FINDINGS = "ordering.guard.findings";

    /** The counter of repairs, tagged {@code rule}, {@code strategy} and {@code profile}. */
    public static final String REPAIRS = "ordering.guard.repairs";

    /**
     * The counter of verdicts — a guarded request's check joined with the provider's answer
     * ({@link OrderingGuard#answered}) — tagged {@code outcome}, {@code rule}, {@code profile} and
     * {@code provider}. Prometheus shows it as {@code ordering_guard_verdicts_total}.
     */
    public static final String VERDICTS = "ordering.guard.verdicts";

    /** The {@code rule} (and {@code provider}) tag value when there is none. */
    public static final String NONE = "none";

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
        return new MeterObserver(Require.nonNull(meters, "meterRegistry"));
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

    /**
     * Counts every verdict in {@value #VERDICTS}. Tags, all of low cardinality (no entry ids, no texts):
     *
     * <table>
     * <caption>Tags of {@value #VERDICTS}</caption>
     * <tr><th>tag</th><th>value</th></tr>
     * <tr><td>{@code outcome}</td><td>{@code confirmed}, {@code contradicted}, {@code missed},
     *     {@code agreed} or {@code unjudged}</td></tr>
     * <tr><td>{@code rule}</td><td>contradicted: each rule the request would have been blocked by (one
     *     increment per rule, so the sum over rules can exceed the requests); confirmed and missed: the
     *     rule the provider's rejection text is classified as, or {@value #NONE}; agreed and unjudged:
     *     {@value #NONE}</td></tr>
     * <tr><td>{@code profile}</td><td>the profile the request was judged by</td></tr>
     * <tr><td>{@code provider}</td><td>the request's provider, or {@value #NONE}</td></tr>
     * </table>
     *
     * <pre>{@code
     * OrderingGuard guard = OrderingGuard.builder()
     *         .profile("anthropic-messages")
     *         .shadow(true)
     *         .listener(GuardMicrometer.verdicts(meterRegistry))
     *         .build();
     * }</pre>
     *
     * <p>A verdict exists only where an adapter reports the provider's answer (every shipped adapter
     * that sees the response does) or the application calls
     * {@link OrderingGuard#answered(GuardResult, ProviderAnswer)} itself.
     *
     * @param meters where the counter goes
     * @return the listener to attach to a guard
     */
    public static GuardListener verdicts(MeterRegistry meters) {
        return new VerdictCounter(Require.nonNull(meters, "meterRegistry"));
    }

    /** Counts verdicts per outcome, rule, profile and provider. */
    private static final class VerdictCounter implements GuardListener {
        private final MeterRegistry meters;
        private final Meter.MeterProvider<Counter> verdicts;
        /** The counters by their tags, found once: every guarded request reports its verdict. */
        private final Map<List<String>, Counter> counters = new ConcurrentHashMap<>();

        VerdictCounter(MeterRegistry meters) {
            this.meters = meters;
            this.verdicts = Counter.builder(VERDICTS)
                    .description("Guarded requests joined with the provider's answer: confirmed, contradicted, missed, "
                            + "agreed or unjudged")
                    .withRegistry(meters); // no base unit: Prometheus names it ordering_guard_verdicts_total
        }

        @Override
        public void onVerdict(Verdict verdict, GuardResult result) {
            String provider = verdict.provider() == null ? NONE : verdict.provider();
            List<String> rules = verdict.outcome() == VerdictOutcome.CONTRADICTED ? verdict.wouldBlock()
                    : List.of(verdict.rejectionRuleId() == null || verdict.outcome() == VerdictOutcome.AGREED
                            || verdict.outcome() == VerdictOutcome.UNJUDGED ? NONE : verdict.rejectionRuleId());
            for (String rule : rules) {
                counters.computeIfAbsent(List.of(verdict.outcome().wireName(), rule, verdict.profile(), provider),
                        tags -> verdicts.withTags("outcome", tags.get(0), "rule", tags.get(1), "profile", tags.get(2),
                                "provider", tags.get(3))).increment();
            }
        }

        @Override
        public String toString() {
            return "GuardMicrometer.verdicts(" + meters + ")";
        }
    }

    /** The counters of findings and repairs. */
    private static final class Counts {
        private final Meter.MeterProvider<Counter> findings;
        private final Meter.MeterProvider<Counter> repairs;

        Counts(MeterRegistry meters) {
            this.findings = Counter.builder(FINDINGS)
                    .description("Findings of the dispatches an ordering guard checked, as received")
                    .baseUnit("findings")
                    .withRegistry(meters);
            this.repairs = Counter.builder(REPAIRS)
                    .description("Repairs an ordering guard applied (or, in shadow mode, would have applied)")
                    .baseUnit("repairs")
                    .withRegistry(meters);
        }

        void count(CheckReport report) {
            for (Finding f : report.findings()) {
                findings.withTags("rule", f.ruleId(), "severity", f.severity().wireName(), "profile", report.profile())
                        .increment();
            }
            for (Repair r : report.repairs()) {
                repairs.withTags("rule", r.ruleId(), "strategy", r.strategy().wireName(), "profile", report.profile())
                        .increment();
            }
        }
    }

    /**
     * Times checks straight into a meter registry: the meters a {@code DefaultMeterObservationHandler}
     * makes of {@link Observer}'s observations (the same names, tags and clock), without an observation
     * per check, which costs more than the rules of a short conversation.
     */
    private static final class MeterObserver implements CheckObserver {
        private static final String NAME = DefaultGuardObservationConvention.NAME;
        private final MeterRegistry meters;
        private final Counts counts;
        private final Map<String, LongTaskTimer> active = new ConcurrentHashMap<>();
        /** The timers by their tag values, found once. */
        private final Map<List<String>, Timer> timers = new ConcurrentHashMap<>();

        MeterObserver(MeterRegistry meters) {
            this.meters = meters;
            this.counts = new Counts(meters);
        }

        @Override
        public CheckObservation start(Dispatch dispatch) {
            String provider = dispatch.provider() == null ? "unknown" : dispatch.provider();
            LongTaskTimer.Sample running = active.computeIfAbsent(provider, p -> LongTaskTimer.builder(NAME + ".active")
                    .tag(LowCardinalityKeys.PROVIDER.asString(), p).register(meters)).start();
            long start = meters.config().clock().monotonicTime();
            return new CheckObservation() {
                @Override
                public void end(CheckReport report) {
                    running.stop();
                    record(start, provider, report.mode().wireName(), Boolean.toString(report.shadow()),
                            report.outcome().wireName(), report.profile(), "none");
                    counts.count(report);
                }

                @Override
                public void fail(Dispatch failed, RuntimeException error) {
                    running.stop();
                    // the key set of a failed observation (DefaultGuardObservationConvention's)
                    record(start, provider, "unknown", "unknown", "error", "none", error.getClass().getSimpleName());
                }
            };
        }

        private void record(long start, String provider, String mode, String shadow, String outcome, String profile,
                String error) {
            long nanos = meters.config().clock().monotonicTime() - start;
            timers.computeIfAbsent(List.of(provider, mode, shadow, outcome, profile, error), t -> Timer.builder(NAME)
                    .tag(LowCardinalityKeys.PROVIDER.asString(), t.get(0))
                    .tag(LowCardinalityKeys.MODE.asString(), t.get(1))
                    .tag(LowCardinalityKeys.SHADOW.asString(), t.get(2))
                    .tag(LowCardinalityKeys.OUTCOME.asString(), t.get(3))
                    .tag(LowCardinalityKeys.PROFILE.asString(), t.get(4))
                    .tag("error", t.get(5))
                    .register(meters)).record(nanos, TimeUnit.NANOSECONDS);
        }

        @Override
        public String toString() {
            return "GuardMicrometer.observer(" + meters + ")";
        }
    }

    /** Starts an observation per check and counts what the check found. */
    private static final class Observer implements CheckObserver {
        private final ObservationRegistry observations;
        private final GuardObservationConvention convention;
        private final Counts counts;

        Observer(ObservationRegistry observations, MeterRegistry meters, GuardObservationConvention convention) {
            this.observations = observations;
            this.convention = convention;
            this.counts = meters == null ? null : new Counts(meters);
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
                    if (counts != null) {
                        counts.count(report);
                    }
                }

                @Override
                public void fail(Dispatch failed, RuntimeException error) {
                    observation.error(error);
                    observation.stop();
                }
            };
        }


        @Override
        public String toString() {
            return "GuardMicrometer.observer(" + observations + (counts == null ? "" : ", counters") + ")";
        }
    }
}
