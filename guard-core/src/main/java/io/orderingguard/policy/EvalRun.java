package io.orderingguard.policy;

import java.util.List;
import java.util.Objects;

/**
 * The results of an eval config over a trace file.
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
}
