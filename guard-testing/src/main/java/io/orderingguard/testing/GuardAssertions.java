package io.orderingguard.testing;

import io.orderingguard.GuardResult;
import io.orderingguard.Outcome;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.Severity;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a guard's verdict.
 *
 * <pre>{@code
 * import static io.orderingguard.testing.GuardAssertions.assertThat;
 *
 * assertThat(guard.check(dispatch))
 *         .wasRejected()
 *         .hasBlockingFinding("tool-result-pairing")
 *         .hasNoAdvisories()
 *         .blockingFinding("tool-result-pairing")
 *             .hasPrimitiveIds("call_1")
 *             .hasProviderError("tool_use ids were found without tool_result blocks immediately after");
 * }</pre>
 *
 * <p>Failure messages list every finding of the result, so a failing test shows the whole verdict.
 * Not thread-safe, like every AssertJ assertion.
 */
public final class GuardAssertions extends AbstractAssert<GuardAssertions, GuardResult> {

    private GuardAssertions(GuardResult actual) {
        super(actual, GuardAssertions.class);
    }

    /**
     * Starts assertions on a result.
     *
     * @param result the guard's result
     * @return the assertion
     */
    public static GuardAssertions assertThat(GuardResult result) {
        return new GuardAssertions(result);
    }

    /**
     * Verifies the dispatch was rejected.
     *
     * @return this
     */
    public GuardAssertions wasRejected() {
        return hasOutcome(Outcome.REJECTED);
    }

    /**
     * Verifies the dispatch was repaired (and sent).
     *
     * @return this
     */
    public GuardAssertions wasRepaired() {
        return hasOutcome(Outcome.REPAIRED);
    }

    /**
     * Verifies the dispatch passed unchanged.
     *
     * @return this
     */
    public GuardAssertions passed() {
        return hasOutcome(Outcome.PASSED);
    }

    private GuardAssertions hasOutcome(Outcome expected) {
        isNotNull();
        if (actual.outcome() != expected) {
            failWithMessage("Expected the dispatch to be %s, but it was %s.%n%s", expected.wireName(),
                    actual.outcome().wireName(), describe(actual));
        }
        return this;
    }

    /**
     * Verifies a blocking finding of a rule id was reported.
     *
     * @param ruleId the rule id
     * @return this
     */
    public GuardAssertions hasBlockingFinding(String ruleId) {
        isNotNull();
        if (find(actual.blocking(), ruleId) == null) {
            failWithMessage("Expected a blocking finding of rule '%s', but there was none.%n%s", ruleId, describe(actual));
        }
        return this;
    }

    /**
     * Verifies no blocking finding of a rule id was reported.
     *
     * @param ruleId the rule id
     * @return this
     */
    public GuardAssertions hasNoBlockingFinding(String ruleId) {
        isNotNull();
        if (find(actual.blocking(), ruleId) != null) {
            failWithMessage("Expected no blocking finding of rule '%s', but found one.%n%s", ruleId, describe(actual));
        }
        return this;
    }

    /**
     * Verifies an advisory finding of a rule id was reported.
     *
     * @param ruleId the rule id
     * @return this
     */
    public GuardAssertions hasAdvisory(String ruleId) {
        isNotNull();
        if (find(actual.advisories(), ruleId) == null) {
            failWithMessage("Expected an advisory finding of rule '%s', but there was none.%n%s", ruleId, describe(actual));
        }
        return this;
    }

    /**
     * Verifies no advisory finding was reported.
     *
     * @return this
     */
    public GuardAssertions hasNoAdvisories() {
        isNotNull();
        if (!actual.advisories().isEmpty()) {
            failWithMessage("Expected no advisory findings, but found %d.%n%s", actual.advisories().size(), describe(actual));
        }
        return this;
    }

    /**
     * Verifies a repair with a strategy was applied.
     *
     * @param strategy the strategy, e.g. {@code drop-orphan-result}
     * @return this
     */
    public GuardAssertions hasRepair(String strategy) {
        isNotNull();
        for (Repair r : actual.repairs()) {
            if (r.strategy().wireName().equals(strategy)) {
                return this;
            }
        }
        failWithMessage("Expected a repair with strategy '%s', but there was none.%n%s", strategy, describe(actual));
        return this;
    }

    /**
     * Navigates to the first blocking finding of a rule id.
     *
     * @param ruleId the rule id
     * @return assertions on that finding
     */
    public FindingAssert blockingFinding(String ruleId) {
        hasBlockingFinding(ruleId);
        return new FindingAssert(find(actual.blocking(), ruleId), this);
    }

    /**
     * Navigates to the first advisory finding of a rule id.
     *
     * @param ruleId the rule id
     * @return assertions on that finding
     */
    public FindingAssert advisory(String ruleId) {
        hasAdvisory(ruleId);
        return new FindingAssert(find(actual.advisories(), ruleId), this);
    }

    private static Finding find(List<Finding> findings, String ruleId) {
        for (Finding f : findings) {
            if (f.ruleId().equals(ruleId)) {
                return f;
            }
        }
        return null;
    }

    static String describe(GuardResult result) {
        List<String> lines = new ArrayList<>();
        lines.add("Result: " + result.outcome().wireName() + " (profile " + result.profile() + ")");
        for (Finding f : result.blocking()) {
            lines.add("  blocking " + f.ruleId() + " " + f.primitiveIds() + ": " + f.detail());
        }
        for (Finding f : result.advisories()) {
            lines.add("  advisory " + f.ruleId() + " " + f.primitiveIds() + ": " + f.detail());
        }
        for (Repair r : result.repairs()) {
            lines.add("  repair " + r.strategy() + " (" + r.ruleId() + "): " + r.detail());
        }
        if (lines.size() == 1) {
            lines.add("  no findings");
        }
        return String.join(System.lineSeparator(), lines);
    }

    /** Assertions on one finding, with {@link #returnToResult()} to go back. */
    public static final class FindingAssert extends AbstractAssert<FindingAssert, Finding> {

        private final GuardAssertions parent;

        private FindingAssert(Finding actual, GuardAssertions parent) {
            super(actual, FindingAssert.class);
            this.parent = parent;
        }

        /**
         * Verifies the implicated ids, in order.
         *
         * @param ids the expected ids
         * @return this
         */
        public FindingAssert hasPrimitiveIds(String... ids) {
            if (!actual.primitiveIds().equals(List.of(ids))) {
                failWithMessage("Expected finding '%s' to implicate %s, but it implicates %s.", actual.ruleId(),
                        List.of(ids), actual.primitiveIds());
            }
            return this;
        }

        /**
         * Verifies the provider error text.
         *
         * @param text the expected text
         * @return this
         */
        public FindingAssert hasProviderError(String text) {
            if (!text.equals(actual.providerError())) {
                failWithMessage("Expected finding '%s' to prevent provider error \"%s\", but it names %s.", actual.ruleId(),
                        text, actual.providerError() == null ? "none" : "\"" + actual.providerError() + "\"");
            }
            return this;
        }

        /**
         * Verifies the detail contains a text.
         *
         * @param text the expected part
         * @return this
         */
        public FindingAssert hasDetailContaining(String text) {
            if (!actual.detail().contains(text)) {
                failWithMessage("Expected the detail of finding '%s' to contain \"%s\", but it was \"%s\".", actual.ruleId(),
                        text, actual.detail());
            }
            return this;
        }

        /**
         * Verifies the severity.
         *
         * @param severity the expected severity
         * @return this
         */
        public FindingAssert hasSeverity(Severity severity) {
            if (actual.severity() != severity) {
                failWithMessage("Expected finding '%s' to be %s, but it was %s.", actual.ruleId(), severity.wireName(),
                        actual.severity().wireName());
            }
            return this;
        }

        /**
         * Goes back to the result.
         *
         * @return the result assertions
         */
        public GuardAssertions returnToResult() {
            return parent;
        }
    }
}
