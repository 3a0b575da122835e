package io.orderingguard.policy.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The results of an eval config over trace files: what {@link PolicyEval#run} returns, and what a
 * test asserts on ({@link #passed()}, {@link #failures()}, {@link #result(String)}).
 *
 * @param suite the suite name
 * @param configSource the config file, for report locations
 * @param results one result per test, in test order
 */
public record EvalRun(String suite, String configSource, List<EvalResult> results) {

    /** Validates and copies the fields. */
    public EvalRun {
        Objects.requireNonNull(suite, "suite must not be null");
        Objects.requireNonNull(configSource, "configSource must not be null");
        results = List.copyOf(results);
    }

    /**
     * Counts the results with a status.
     *
     * @param status the status
     * @return how many tests have it
     */
    public int count(EvalStatus status) {
        int n = 0;
        for (EvalResult result : results) {
            if (result.status() == status) {
                n++;
            }
        }
        return n;
    }

    /**
     * Returns the overall status: error when any test errored, else fail when any failed, else pass.
     *
     * @return the status
     */
    public EvalStatus status() {
        if (count(EvalStatus.ERROR) > 0) {
            return EvalStatus.ERROR;
        }
        return count(EvalStatus.FAIL) > 0 ? EvalStatus.FAIL : EvalStatus.PASS;
    }

    /**
     * Returns whether every test passed (a test that exercised no rule passes, with a note).
     *
     * @return {@code true} when no test failed or errored
     */
    public boolean passed() {
        return status() == EvalStatus.PASS;
    }

    /**
     * Returns the results that did not pass.
     *
     * @return the failed and errored results, in test order
     */
    public List<EvalResult> failures() {
        List<EvalResult> failures = new ArrayList<>();
        for (EvalResult result : results) {
            if (result.status() != EvalStatus.PASS) {
                failures.add(result);
            }
        }
        return List.copyOf(failures);
    }

    /**
     * Returns the result of one test.
     *
     * @param testId the test id
     * @return the result, or empty when the suite has no such test
     */
    public Optional<EvalResult> result(String testId) {
        Objects.requireNonNull(testId, "testId must not be null");
        for (EvalResult result : results) {
            if (result.testId().equals(testId)) {
                return Optional.of(result);
            }
        }
        return Optional.empty();
    }
}
