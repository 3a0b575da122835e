package io.orderingguard;

import io.orderingguard.rule.Facet;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.StashUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The guard's view of stash outages: the finding a failed read or write becomes (blocking when the
 * guard fails closed, advisory when it fails open), and one log line when an outage starts and one
 * when it ends, however many dispatches fail in between. Shared by a guard and its observed copies.
 *
 * <p>Thread-safe.
 */
final class StashOutages {

    private static final Logger LOG = LoggerFactory.getLogger(OrderingGuard.class);

    private final StashFailureMode stashFailureMode;
    private final boolean advisoryDisabled;
    /**
     * Even while the stash answers, odd during an outage; each logged transition adds one. A call
     * changes it only from the value it saw when it started, so an answer that was on its way before
     * an outage does not end it, and a call that was failing before a recovery does not start another.
     */
    private final AtomicLong stashState = new AtomicLong();

    StashOutages(StashFailureMode stashFailureMode, boolean advisoryDisabled) {
        this.stashFailureMode = stashFailureMode;
        this.advisoryDisabled = advisoryDisabled;
    }

    /** The outage state a call sees when it starts, handed back to {@link #finding} or {@link #recovered}. */
    long state() {
        return stashState.get();
    }

    Finding finding(String profile, String operation, StashUnavailableException e, long seen) {
        boolean closed = stashFailureMode == StashFailureMode.FAIL_CLOSED;
        if ((seen & 1) == 0 && stashState.compareAndSet(seen, seen + 1)) {
            LOG.warn("ordering guard stash unavailable ({} failed: {}); {}", operation, e.getMessage(),
                    closed ? "rejecting dispatches of tracked conversations until it recovers"
                            : "skipping preservation rules until it recovers");
        }
        return new Finding(OrderingGuard.STASH_UNAVAILABLE, "stash", closed ? Severity.BLOCKING : Severity.ADVISORY, profile,
                List.of(), "the preservation baseline could not be " + (operation.equals("read") ? "read" : "written")
                        + " (" + e.getMessage() + "); " + (closed ? "the dispatch is rejected (stash failure mode fail-closed)"
                        : "preservation rules were skipped (stash failure mode fail-open)"), null,
                operation.equals("read") ? Facet.STASH_READ : Facet.STASH_WRITE);
    }

    void recovered(long seen) {
        if ((seen & 1) == 1 && stashState.compareAndSet(seen, seen + 1)) {
            LOG.info("ordering guard stash recovered");
        }
    }

    GuardResult withProblem(GuardResult result, String profile, StashUnavailableException e, long seen) {
        Finding f = finding(profile, "write", e, seen);
        if (f.isBlocking()) {
            List<Finding> blocking = new ArrayList<>(result.blocking());
            blocking.add(f);
            List<Finding> unrepaired = new ArrayList<>(result.unrepaired());
            unrepaired.add(f);
            return new GuardResult(Outcome.REJECTED, result.mode(), result.shadow(), result.profile(),
                    result.dispatch(), blocking, result.advisories(), result.repairs(), unrepaired,
                    result.repairFailures(), result.selection());
        }
        if (advisoryDisabled) {
            return result;
        }
        List<Finding> advisories = new ArrayList<>(result.advisories());
        advisories.add(f);
        return new GuardResult(result.outcome(), result.mode(), result.shadow(), result.profile(), result.dispatch(),
                result.blocking(), advisories, result.repairs(), result.unrepaired(), result.repairFailures(),
                result.selection());
    }
}
