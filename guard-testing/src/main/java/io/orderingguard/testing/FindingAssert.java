package io.orderingguard.testing;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Severity;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on one finding of a guard's verdict. Reached from a {@link GuardResultAssert}
 * ({@code blockingFinding(ruleId)}, {@code advisory(ruleId)}), with {@link #returnToResult()} to go back, or
 * started on its own with {@link GuardAssertions#assertThat(Finding)}.
 *
 * <p>Not thread-safe, like every AssertJ assertion.
 */
public final class FindingAssert extends AbstractAssert<FindingAssert, Finding> {

    private final GuardResultAssert parent;

    FindingAssert(Finding actual, GuardResultAssert parent) {
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
     * @throws IllegalStateException when this assertion was started on a finding alone
     */
    public GuardResultAssert returnToResult() {
        if (parent == null) {
            throw new IllegalStateException("this finding assertion was started on its own; there is no result "
                    + "to return to");
        }
        return parent;
    }
}
