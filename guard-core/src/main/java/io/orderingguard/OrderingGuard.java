package io.orderingguard;

import io.orderingguard.internal.Catalogs;
import io.orderingguard.internal.CheckEvent;
import io.orderingguard.internal.ConfigChecks;
import io.orderingguard.internal.Evaluator;
import io.orderingguard.internal.RepairEngine;
import io.orderingguard.rule.AlternationRepair;
import io.orderingguard.rule.Baseline;
import io.orderingguard.rule.Composition;
import io.orderingguard.rule.Facet;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.rule.RuleContext;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.IdRenamer;
import io.orderingguard.spi.ProfileSelector;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.spi.StashUnavailableException;
import io.orderingguard.support.BoundedCache;
import io.orderingguard.support.Require;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Checks each dispatch against the ordering rules of its target before it is sent, and rejects it
 * ({@link Mode#ENFORCE}) or repairs it ({@link Mode#MUTATE}).
 *
 * <pre>{@code
 * OrderingGuard guard = OrderingGuard.builder()
 *         .profile("anthropic-messages")          // or .profile(OrderingProfile) / .selectProfiles(...)
 *         .mode(Mode.ENFORCE)                      // or MUTATE (repair), SHADOW (report, send unchanged)
 *         .build();
 * GuardResult result = guard.check(dispatch);      // never throws for findings
 * Dispatch toSend = guard.apply(dispatch);         // throws OrderingViolationException when rejected
 * }</pre>
 *
 * <p>With a {@link Stash} and a conversation id, preservation rules compare each dispatch with the
 * last dispatch actually sent in the same conversation; a rejected dispatch never becomes the
 * baseline, and racing dispatches of one conversation are serialised by the stash's
 * compare-and-set (the loser is re-evaluated against the winner's snapshot).
 *
 * <p>Observability: every check is a JFR event ({@code io.orderingguard.Check}, with its duration),
 * {@link CheckObserver}s see each check from start to end (guard-micrometer and guard-opentelemetry
 * provide them), {@link GuardListener}s receive each finding and repair, and the guard logs through
 * slf4j ({@code io.orderingguard.OrderingGuard}): a rejection at WARN, a repaired dispatch at INFO
 * with one line naming every repair (strategy, rule id, entry ids), each repair's detail and a passed
 * dispatch at DEBUG. While the guard logs or calls observers, listeners or the stash, the dispatch's
 * conversation id is in the slf4j MDC under {@value #MDC_CONVERSATION_ID}; a check that does none of
 * these does not touch the MDC.
 *
 * <p>Thread-safe and immutable; the {@link Builder} is not thread-safe.
 */
public final class OrderingGuard {

    private static final Logger LOG = LoggerFactory.getLogger(OrderingGuard.class);
    private static final int MAX_STASH_RETRIES = 64;
    private static final int MAX_CACHED_SELECTIONS = 1024;

    /** Rule id of the finding reported when the stash cannot answer. */
    public static final String STASH_UNAVAILABLE = "stash-unavailable";

    /** The slf4j MDC key holding the conversation id while the guard logs or calls back. */
    public static final String MDC_CONVERSATION_ID = "orderingGuard.conversationId";


    private final GuardPlan fixedPlan;
    private final ProfileSelector selector;
    private final Composition composition;
    private final Mode mode;
    private final Set<String> disabledAdvisories;
    private final boolean shadow;
    private final Stash stash;
    private final List<GuardListener> listeners;
    private final CheckObserver[] observers;
    private final CheckReporting reporting;
    private final StashOutages outages;
    private final RepairEngine repairEngine;
    private final ProfileSelection fixedSelection;
    private final BoundedCache<SelectionKey, GuardPlan> selections;
    private final VerdictLog verdictLog;

    private OrderingGuard(Builder b, GuardPlan fixedPlan, ProfileSelection fixedSelection) {
        this.fixedPlan = fixedPlan;
        this.fixedSelection = fixedSelection;
        this.selector = b.selector;
        this.composition = b.composition;
        this.mode = b.mode == Mode.SHADOW ? Mode.ENFORCE : b.mode;
        this.disabledAdvisories = Set.copyOf(b.disabledAdvisories);
        this.shadow = b.shadow || b.mode == Mode.SHADOW;
        this.stash = b.stash;
        this.listeners = List.copyOf(b.listeners);
        this.observers = b.observers.toArray(new CheckObserver[0]);
        this.reporting = new CheckReporting(listeners, observers, shadow);
        this.outages = new StashOutages(b.stashFailureMode, disabledAdvisories.contains(STASH_UNAVAILABLE));
        this.repairEngine = new RepairEngine(b.allowMetadataFallbackRepair, b.fillerText, b.alternationRepair,
                b.idRenamer, b.maxRepairPasses, disabledAdvisories);
        this.selections = BoundedCache.withCapacity(MAX_CACHED_SELECTIONS);
        this.verdictLog = new VerdictLog();
    }

    /** A copy with more observers, sharing everything else (the plan cache and the stash state too). */
    private OrderingGuard(OrderingGuard base, CheckObserver[] observers) {
        this.fixedPlan = base.fixedPlan;
        this.fixedSelection = base.fixedSelection;
        this.selector = base.selector;
        this.composition = base.composition;
        this.mode = base.mode;
        this.disabledAdvisories = base.disabledAdvisories;
        this.shadow = base.shadow;
        this.stash = base.stash;
        this.listeners = base.listeners;
        this.observers = observers;
        this.reporting = new CheckReporting(listeners, observers, shadow);
        this.outages = base.outages;
        this.repairEngine = base.repairEngine;
        this.selections = base.selections;
        this.verdictLog = base.verdictLog;
    }

    /**
     * Starts a builder.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Creates an enforce-mode guard over profiles, with no stash.
     *
     * @param profiles the profiles
     * @return the guard
     */
    public static OrderingGuard of(OrderingProfile... profiles) {
        return builder().profiles(List.of(profiles)).build();
    }

    /**
     * Returns the mode the guard was configured with.
     *
     * @return enforce, mutate or shadow (a guard that judges as enforce does and only reports)
     */
    public Mode mode() {
        return shadow && mode == Mode.ENFORCE ? Mode.SHADOW : mode;
    }

    /**
     * Returns the advisory rule ids whose findings this guard drops.
     *
     * @return the ids, as configured
     */
    public Set<String> disabledAdvisoryRuleIds() {
        return disabledAdvisories;
    }

    /**
     * Returns a guard that behaves exactly as this one and also reports every check to an observer
     * (after the observers this guard already has). The two guards share their stash and their
     * caches; this one is unchanged. Decorators use it to attach metrics to a guard they were given.
     *
     * @param observer the observer
     * @return the observed guard
     */
    public OrderingGuard withObserver(CheckObserver observer) {
        Require.nonNull(observer, "observer");
        CheckObserver[] more = Arrays.copyOf(observers, observers.length + 1);
        more[observers.length] = observer;
        return new OrderingGuard(this, more);
    }

    /**
     * Checks (and in mutate mode repairs) a dispatch. Never throws for findings.
     *
     * @param dispatch the dispatch about to be sent
     * @return the verdict, with what to send
     * @throws GuardConfigException when a profile selector finds no profile for the dispatch's model
     */
    public GuardResult check(Dispatch dispatch) {
        Require.nonNull(dispatch, "dispatch");
        CheckEvent event = new CheckEvent();
        event.begin();
        boolean scoped = dispatch.conversationId() != null
                && (observers.length > 0 || !listeners.isEmpty() || stash != null);
        GuardResult result = scoped || observers.length > 0
                ? reporting.observed(dispatch, scoped, this::evaluate) : evaluate(dispatch, false);
        if (event.shouldCommit()) {
            event.fill(dispatch, result.mode().wireName(), result.shadow(), result.outcome().wireName(), result.profile(),
                    result.blocking().size(), result.advisories().size(), result.repairs().size());
            event.commit();
        }
        return result;
    }

    /**
     * The check itself.
     *
     * @param scoped whether the conversation id is already in the MDC
     */
    private GuardResult evaluate(Dispatch dispatch, boolean scoped) {
        ProfileSelection selection = fixedPlan != null ? fixedSelection : choose(dispatch);
        GuardPlan plan = fixedPlan != null ? fixedPlan : plan(selection);
        boolean tracked = stash != null && dispatch.conversationId() != null && plan.stateful();
        Baseline captured = null; // once per check, by the first preservation rule; stored when sent
        for (int attempt = 0; ; attempt++) {
            Snapshot prior = null;
            Finding stashProblem = null;
            boolean statefulRules = tracked;
            if (tracked) {
                long seen = outages.state();
                try {
                    prior = stash.get(dispatch.conversationId()).orElse(null);
                    outages.recovered(seen);
                } catch (StashUnavailableException e) {
                    stashProblem = outages.finding(plan.name(), "read", e, seen);
                    statefulRules = false;
                }
            }
            Baseline previous = prior == null ? null : prior.content();
            // captured after the rules before it walked the entries (cached); shares the baseline's arrays
            RuleContext context = !statefulRules ? RuleContext.of(dispatch, previous, null)
                    : captured != null ? RuleContext.of(dispatch, previous, captured)
                    : RuleContext.capturing(dispatch, previous, plan.fieldPaths());
            Evaluator evaluator = Evaluator.run(plan.units(), context, disabledAdvisories, true, statefulRules);
            captured = statefulRules && captured == null ? context.captured() : captured;
            if (stashProblem != null && !(stashProblem.severity() == Severity.ADVISORY
                    && disabledAdvisories.contains(STASH_UNAVAILABLE))) {
                evaluator.add(stashProblem);
            }
            if (selection.advisory() != null && !disabledAdvisories.contains(ProfileSelection.FINDING_RULE_ID)) {
                evaluator.add(new Finding(ProfileSelection.FINDING_RULE_ID, "selection", Severity.ADVISORY, plan.name(),
                        List.of(), selection.advisory(), null, Facet.FALLBACK));
            }
            GuardResult result = decide(dispatch, plan, evaluator, selection);
            if (tracked && statefulRules && result.sent()) {
                long version = prior == null ? 0 : prior.version();
                Dispatch sent = shadow ? dispatch : result.dispatch();
                if (sent == dispatch && captured == null) {
                    captured = Baseline.capture(dispatch, plan.fieldPaths(), previous);
                }
                // a repaired dispatch is captured as repaired: that is what the provider receives
                Snapshot next = Snapshot.of(version + 1,
                        sent == dispatch ? captured : Baseline.capture(sent, plan.fieldPaths(), previous));
                long seen = outages.state();
                try {
                    if (!stash.compareAndSet(dispatch.conversationId(), version, next)) {
                        if (attempt < MAX_STASH_RETRIES) {
                            continue; // another dispatch of this conversation won: judge against its snapshot
                        }
                        result = outages.withProblem(result, plan.name(), new StashUnavailableException(
                                "the baseline of conversation " + dispatch.conversationId() + " changed "
                                        + MAX_STASH_RETRIES + " times during one check", null), seen);
                    }
                } catch (StashUnavailableException e) {
                    result = outages.withProblem(result, plan.name(), e, seen);
                }
            }
            reporting.publish(dispatch, result, scoped);
            return result;
        }
    }

    /**
     * Checks a dispatch and returns what to send.
     *
     * @param dispatch the dispatch about to be sent
     * @return the dispatch to send: the input, or its repair in mutate mode
     * @throws OrderingViolationException when the dispatch is rejected (never in shadow mode)
     */
    public Dispatch apply(Dispatch dispatch) {
        GuardResult result = check(dispatch);
        if (!result.sent()) {
            throw new OrderingViolationException(result);
        }
        return result.dispatch();
    }

    /**
     * Joins a check with the provider's answer to the request it let through, and tells every
     * {@link GuardListener#onVerdict listener}: confirmed, contradicted, missed, agreed or unjudged.
     * Contradicted and missed verdicts are also logged, one WARN line per rule, outcome and minute.
     * Adapters call this once the status is known (for a stream: when its first event or its error
     * arrives); call it yourself when you send the request.
     *
     * <pre>{@code
     * GuardResult result = guard.check(dispatch);
     * HttpResponse<String> response = send(result.dispatch());
     * guard.answered(result, ProviderAnswer.of(response.statusCode(), response.body()));
     * }</pre>
     *
     * @param result the check of the request that was sent
     * @param answer what the provider answered
     * @return the verdict
     * @throws IllegalArgumentException when the guard rejected the request (nothing was sent)
     */
    public Verdict answered(GuardResult result, ProviderAnswer answer) {
        Verdict verdict = Verdict.judge(result, answer, Catalogs::classifyRejection);
        verdictLog.record(verdict, System.nanoTime());
        reporting.publishVerdict(verdict, result);
        return verdict;
    }

    private GuardResult decide(Dispatch dispatch, GuardPlan plan, Evaluator evaluator, ProfileSelection selection) {
        List<Finding> blocking = evaluator.blocking();
        if (blocking.isEmpty()) {
            return new GuardResult(Outcome.PASSED, mode, shadow, plan.name(), dispatch, List.of(),
                    evaluator.advisories(), List.of(), List.of(), List.of(), selection);
        }
        if (mode == Mode.ENFORCE) {
            return new GuardResult(Outcome.REJECTED, mode, shadow, plan.name(), dispatch, blocking,
                    evaluator.advisories(), List.of(), blocking, List.of(), selection);
        }
        RepairEngine.Result repaired = repairEngine.repair(dispatch, plan.units(), blocking);
        Outcome outcome = repaired.unrepaired().isEmpty() ? Outcome.REPAIRED : Outcome.REJECTED;
        return new GuardResult(outcome, mode, shadow, plan.name(), shadow ? dispatch : repaired.dispatch(), blocking,
                evaluator.advisories(), repaired.repairs(), repaired.unrepaired(), repaired.failures(), selection);
    }

    private ProfileSelection choose(Dispatch dispatch) {
        try {
            return Require.nonNull(selector.choose(dispatch), "selection");
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new GuardConfigException("profile selection",
                    List.of("the profile selector chose no profile for provider " + dispatch.provider()
                            + ", model " + dispatch.model() + " (" + e.getMessage() + ")"));
        }
    }

    /**
     * The plan of a selection, cached by the identity of the chosen profiles: the choice depends on
     * the request (options, the timeline), so the model alone is no key.
     */
    private GuardPlan plan(ProfileSelection selection) {
        return selections.get(new SelectionKey(selection.profiles()), key -> GuardPlan.of(key.profiles(), composition));
    }

    /**
     * Configures an {@link OrderingGuard}. Invalid options fail at {@link #build()} with every problem
     * listed in one {@link GuardConfigException}.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private final List<OrderingProfile> profiles = new ArrayList<>();
        private final List<String> profileNames = new ArrayList<>();
        private ProfileSelector selector;
        private Composition composition = Composition.UNION;
        private Mode mode = Mode.ENFORCE;
        private final Set<String> disabledAdvisories = new LinkedHashSet<>();
        private boolean allowMetadataFallbackRepair;
        private boolean shadow;
        private String fillerText = "Understood.";
        private AlternationRepair alternationRepair = AlternationRepair.FILLER;
        private IdRenamer idRenamer = IdRenamer.suffixing();
        private int maxRepairPasses = 8;
        private Stash stash;
        private StashFailureMode stashFailureMode = StashFailureMode.FAIL_CLOSED;
        private final List<GuardListener> listeners = new ArrayList<>();
        private final List<CheckObserver> observers = new ArrayList<>();
        private final List<String> problems = new ArrayList<>();

        private Builder() {}

        /**
         * Adds a profile.
         *
         * @param profile the profile
         * @return this
         */
        public Builder profile(OrderingProfile profile) {
            if (profile == null) {
                problems.add("profile must not be null");
            } else {
                profiles.add(profile);
            }
            return this;
        }

        /**
         * Adds a profile by behaviour or family name, resolved from the profile catalogues on the class
         * path ({@code guard-profiles}).
         *
         * @param name the name, e.g. {@code gemini-3}
         * @return this
         */
        public Builder profile(String name) {
            if (name == null || name.isBlank()) {
                problems.add("profile name must not be blank, but was " + (name == null ? "null" : "'" + name + "'"));
            } else {
                profileNames.add(name);
            }
            return this;
        }

        /**
         * Adds profiles.
         *
         * @param more the profiles
         * @return this
         */
        public Builder profiles(List<OrderingProfile> more) {
            if (more == null) {
                problems.add("profiles must not be null");
                return this;
            }
            more.forEach(this::profile);
            return this;
        }

        /**
         * Chooses profiles per dispatch (typically from the model id) instead of fixed ones.
         *
         * @param value the selector
         * @return this
         */
        public Builder selectProfiles(ProfileSelector value) {
            this.selector = value;
            return this;
        }

        /**
         * Sets how several profiles combine (default {@link Composition#UNION}).
         *
         * @param value the composition
         * @return this
         */
        public Builder composition(Composition value) {
            this.composition = value;
            return this;
        }

        /**
         * Sets the mode (default {@link Mode#ENFORCE}): enforce rejects, mutate repairs, shadow judges as
         * enforce does but sends every dispatch unchanged.
         *
         * @param value the mode
         * @return this
         */
        public Builder mode(Mode value) {
            this.mode = value;
            return this;
        }

        /**
         * Drops advisory findings of these rule ids. Blocking findings are never dropped: an id that is
         * blocking in every profile the guard can run fails {@link #build()}, naming the profile override
         * that demotes it.
         *
         * @param ruleIds the rule ids
         * @return this
         */
        public Builder disableAdvisoryRuleIds(String... ruleIds) {
            for (String id : ruleIds) {
                if (id == null || id.isBlank()) {
                    problems.add("disableAdvisoryRuleIds must not contain a blank id");
                } else {
                    disabledAdvisories.add(id);
                }
            }
            return this;
        }

        /**
         * Lets mutate mode write a rule's fallback payload value (a vendor-published sentinel) for any
         * required-metadata rule that has one. Off by default: fabricating metadata is a provenance
         * claim; a rule may authorise its own fallback instead.
         *
         * @param value whether to allow it
         * @return this
         */
        public Builder allowMetadataFallbackRepair(boolean value) {
            this.allowMetadataFallbackRepair = value;
            return this;
        }

        /**
         * Evaluates and reports but never blocks or changes a dispatch: for rolling a guard out.
         *
         * @param value whether to run in shadow mode
         * @return this
         * @deprecated use {@code mode(Mode.SHADOW)}, the name the command line ({@code --mode shadow})
         *     and the Spring Boot properties ({@code ordering-guard.mode=shadow}) use; {@code shadow(true)}
         *     beside {@code mode(Mode.MUTATE)} still reports what mutate mode would repair
         */
        @Deprecated
        public Builder shadow(boolean value) {
            this.shadow = value;
            return this;
        }

        /**
         * Sets the text of alternation fillers (default {@code Understood.}).
         *
         * @param value the text
         * @return this
         */
        public Builder fillerText(String value) {
            this.fillerText = value;
            return this;
        }

        /**
         * Sets how consecutive same-role messages are repaired when the rule does not say (default
         * {@link AlternationRepair#FILLER}).
         *
         * @param value filler or merge
         * @return this
         */
        public Builder alternationRepair(AlternationRepair value) {
            this.alternationRepair = value;
            return this;
        }

        /**
         * Sets how colliding tool-call ids are renamed (default {@link IdRenamer#suffixing()}).
         *
         * @param value the renamer
         * @return this
         */
        public Builder idRenamer(IdRenamer value) {
            this.idRenamer = value;
            return this;
        }

        /**
         * Sets the most repair passes before mutate mode gives up (default 8). When the repairs have not
         * settled by then (the profile's rules undo each other's repairs), none is applied and the
         * dispatch is rejected with a repair failure saying so.
         *
         * @param value at least 1
         * @return this
         */
        public Builder maxRepairPasses(int value) {
            this.maxRepairPasses = value;
            return this;
        }

        /**
         * Sets the stash holding preservation baselines; without one, preservation rules never fire.
         *
         * @param value the stash
         * @return this
         */
        public Builder stash(Stash value) {
            this.stash = value;
            return this;
        }

        /**
         * Sets what happens when the stash cannot answer (default {@link StashFailureMode#FAIL_CLOSED}).
         *
         * @param value the failure mode
         * @return this
         */
        public Builder onStashFailure(StashFailureMode value) {
            this.stashFailureMode = value;
            return this;
        }

        /**
         * Adds a listener.
         *
         * @param listener the listener
         * @return this
         */
        public Builder listener(GuardListener listener) {
            if (listener == null) {
                problems.add("listener must not be null");
            } else {
                listeners.add(listener);
            }
            return this;
        }

        /**
         * Adds an observer that sees every check from start to end, e.g.
         * {@code GuardMicrometer.observer(meterRegistry)} or {@code GuardSpanEvents.observer()}.
         *
         * @param observer the observer
         * @return this
         */
        public Builder observer(CheckObserver observer) {
            if (observer == null) {
                problems.add("observer must not be null");
            } else {
                observers.add(observer);
            }
            return this;
        }

        /**
         * Builds the guard.
         *
         * @return the guard
         * @throws GuardConfigException listing every invalid option
         */
        public OrderingGuard build() {
            ConfigChecks checks = new ConfigChecks();
            problems.forEach(checks::problem);
            List<OrderingProfile> all = new ArrayList<>(profiles);
            for (String name : profileNames) {
                String problem = Catalogs.problem(name);
                checks.problem(problem);
                if (problem == null) {
                    all.add(Catalogs.find(name).orElseThrow());
                }
            }
            checks.require(!all.isEmpty() || selector != null || !profileNames.isEmpty(),
                    () -> "profiles: at least one profile or a profile selector is required");
            checks.require(all.isEmpty() || selector == null,
                    () -> "profiles and selectProfiles are exclusive: give fixed profiles or a selector, not both");
            checks.require(composition != null, () -> "composition must not be null");
            checks.require(mode != null, () -> "mode must not be null");
            checks.require(fillerText != null && !fillerText.isBlank(),
                    () -> "fillerText must not be blank, but was " + (fillerText == null ? "null" : "'" + fillerText + "'"));
            checks.require(alternationRepair != null, () -> "alternationRepair must not be null");
            checks.require(idRenamer != null, () -> "idRenamer must not be null");
            checks.require(maxRepairPasses >= 1, () -> "maxRepairPasses must be >= 1, but was " + maxRepairPasses);
            checks.require(stashFailureMode != null, () -> "onStashFailure must not be null");
            if (!disabledAdvisories.isEmpty() && (selector != null || !all.isEmpty())) {
                ConfigChecks.unknownRuleIds(disabledAdvisories, selector, all,
                        Set.of(STASH_UNAVAILABLE, ProfileSelection.FINDING_RULE_ID,
                                ProviderSurface.UNKNOWN_SHAPE_RULE_ID)).forEach(checks::problem);
                ConfigChecks.blockingRuleIds(disabledAdvisories, selector, all).forEach(checks::problem);
            }
            List<String> invalid = checks.problems();
            if (!invalid.isEmpty()) {
                throw new GuardConfigException("ordering guard options", invalid);
            }
            GuardPlan plan = all.isEmpty() ? null : GuardPlan.of(all, composition);
            return new OrderingGuard(this, plan,
                    all.isEmpty() ? null : ProfileSelection.of(all, "the profiles configured on the guard"));
        }
    }
}
