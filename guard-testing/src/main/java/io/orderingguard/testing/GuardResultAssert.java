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
 * AssertJ assertions on a guard's verdict; start them with {@link GuardAssertions#assertThat(GuardResult)}.
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
public final class GuardResultAssert extends AbstractAssert<GuardResultAssert, GuardResult> {

    GuardResultAssert(GuardResult actual) {
        super(actual, GuardResultAssert.class);
    }

    /**
     * Verifies the dispatch was rejected.
     *
     * @return this
     */
    public GuardResultAssert wasRejected() {
        return hasOutcome(Outcome.REJECTED);
    }

    /**
     * Verifies the dispatch was repaired (and sent).
     *
     * @return this
     */
    public GuardResultAssert wasRepaired() {
        return hasOutcome(Outcome.REPAIRED);
    }

    /**
     * Verifies the dispatch passed unchanged.
     *
     * @return this
     */
    public GuardResultAssert passed() {
        return hasOutcome(Outcome.PASSED);
    }

    private GuardResultAssert hasOutcome(Outcome expected) {
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
    public GuardResultAssert hasBlockingFinding(String ruleId) {
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
    public GuardResultAssert hasNoBlockingFinding(String ruleId) {
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
    public GuardResultAssert hasAdvisory(String ruleId) {
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
    public GuardResultAssert hasNoAdvisories() {
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
    public GuardResultAssert hasRepair(String strategy) {
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
}
