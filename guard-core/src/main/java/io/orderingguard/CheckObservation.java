package io.orderingguard;

import io.orderingguard.timeline.Dispatch;

/**
 * One check as seen by a {@link CheckObserver}: started by {@link CheckObserver#start} and ended
 * exactly once, by {@link #end} with the check's report or by {@link #fail} when the check threw
 * (a profile selector that chose no profile, a broken stash implementation).
 *
 * <p>Called on the thread that ran the check.
 */
@FunctionalInterface
public interface CheckObservation {

    /** An observation that ignores the end of its check. */
    CheckObservation NONE = report -> { };

    /**
     * Called when the check returned a verdict.
     *
     * @param report the verdict, the input and the duration
     */
    void end(CheckReport report);

    /**
     * Called instead of {@link #end} when the check threw; the exception is rethrown to the caller
     * after every observation has been told. Does nothing by default.
     *
     * @param dispatch the dispatch that was being checked
     * @param error what the check threw
     */
    default void fail(Dispatch dispatch, RuntimeException error) {}
}
