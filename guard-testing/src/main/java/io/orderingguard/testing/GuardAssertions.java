package io.orderingguard.testing;

import io.orderingguard.GuardResult;
import io.orderingguard.rule.Finding;
import org.assertj.core.api.Assertions;

/**
 * The entry point of Ordering Guard's AssertJ assertions, in AssertJ's style: it extends
 * {@link Assertions}, so one static import gives {@code assertThat} for guard results, findings and
 * everything AssertJ covers.
 *
 * <pre>{@code
 * import static io.orderingguard.testing.GuardAssertions.assertThat;
 *
 * assertThat(guard.check(dispatch))
 *         .wasRejected()
 *         .hasBlockingFinding("tool-result-pairing")
 *         .blockingFinding("tool-result-pairing")
 *             .hasPrimitiveIds("call_1");
 * assertThat(result.blocking()).hasSize(1);     // AssertJ's own list assertions
 * }</pre>
 *
 * <p>Thread-safe: stateless.
 */
public class GuardAssertions extends Assertions {

    /** Not instantiated: use the static methods (protected so that projects can extend it, as AssertJ allows). */
    protected GuardAssertions() {}

    /**
     * Starts assertions on a guard's verdict.
     *
     * @param result the guard's result
     * @return the assertion
     */
    public static GuardResultAssert assertThat(GuardResult result) {
        return new GuardResultAssert(result);
    }

    /**
     * Starts assertions on one finding.
     *
     * @param finding the finding
     * @return the assertion; {@link FindingAssert#returnToResult()} is not available from it
     */
    public static FindingAssert assertThat(Finding finding) {
        return new FindingAssert(finding, null);
    }
}
