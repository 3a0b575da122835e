package io.orderingguard.micrometer;

import io.micrometer.observation.Observation;
import io.orderingguard.CheckReport;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;

/**
 * The {@link Observation.Context} of one guard check: the dispatch from the start, the report once
 * the check has ended. Conventions ({@link GuardObservationConvention}) read their key values from it.
 *
 * <p>Not thread-safe: one context per check, used on the checking thread.
 */
public final class GuardCheckContext extends Observation.Context {

    private final Dispatch dispatch;
    private CheckReport report;

    /**
     * Creates the context of a check that is starting.
     *
     * @param dispatch the dispatch being checked
     */
    public GuardCheckContext(Dispatch dispatch) {
        this.dispatch = Require.nonNull(dispatch, "dispatch");
    }

    /**
     * Returns the dispatch being checked, as the caller passed it.
     *
     * @return the dispatch
     */
    public Dispatch dispatch() {
        return dispatch;
    }

    /**
     * Returns the report of the check.
     *
     * @return the report, or {@code null} while the check runs and when it threw
     */
    public CheckReport report() {
        return report;
    }

    /**
     * Records the report of the ended check (called before the observation stops).
     *
     * @param value the report
     */
    void report(CheckReport value) {
        this.report = Require.nonNull(value, "report");
    }
}
