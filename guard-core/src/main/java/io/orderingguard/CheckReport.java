package io.orderingguard;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.time.Duration;
import java.util.List;

/**
 * What a {@link CheckObserver} learns when a check ends: the dispatch as received, the verdict and how
 * long the check took. The accessors name what metrics and traces are built from.
 *
 * <pre>{@code
 * report.mode();            // ENFORCE or MUTATE (report.shadow() says whether the guard only observed)
 * report.outcome();         // PASSED, REPAIRED or REJECTED
 * report.profile();         // the profile (family) evaluated, e.g. anthropic-messages-thinking
 * report.provider();        // anthropic, or null when the dispatch does not say
 * report.findings();        // each with ruleId() and severity()
 * report.repairs();         // each with strategy(), ruleId() and primitiveIds()
 * report.duration();        // wall-clock time of the check, stash round trips included
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 *
 * @param input the dispatch as the caller passed it (its conversation id, provider and model are the
 *     ones reported)
 * @param result the verdict
 * @param duration how long the check took, never negative
 */
public record CheckReport(Dispatch input, GuardResult result, Duration duration) {

    /** Validates the fields. */
    public CheckReport {
        Require.nonNull(input, "input");
        Require.nonNull(result, "result");
        Require.nonNull(duration, "duration");
        if (duration.isNegative()) {
            // the message is built only when it is needed: a report is made on every check
            throw new IllegalArgumentException("duration must not be negative, but was " + duration);
        }
    }

    /**
     * Returns the guard's mode.
     *
     * @return enforce or mutate
     */
    public Mode mode() {
        return result.mode();
    }

    /**
     * Returns whether the guard ran in shadow mode (reporting only: the input is sent whatever the
     * outcome says).
     *
     * @return {@code true} in shadow mode
     */
    public boolean shadow() {
        return result.shadow();
    }

    /**
     * Returns the verdict.
     *
     * @return passed, repaired or rejected
     */
    public Outcome outcome() {
        return result.outcome();
    }

    /**
     * Returns the name of the profile evaluated: the family the selector chose, or the configured
     * profiles' names joined with {@code ", "} under {@code EACH}.
     *
     * @return the profile name
     */
    public String profile() {
        return result.profile();
    }

    /**
     * Returns the provider the dispatch named.
     *
     * @return the provider, e.g. {@code anthropic}, or {@code null}
     */
    public String provider() {
        return input.provider();
    }

    /**
     * Returns the model the dispatch named.
     *
     * @return the model id, or {@code null}
     */
    public String model() {
        return input.model();
    }

    /**
     * Returns the conversation the dispatch belongs to.
     *
     * @return the conversation id, or {@code null}
     */
    public String conversationId() {
        return input.conversationId();
    }

    /**
     * Returns every finding of the input: blocking first, then advisories.
     *
     * @return the findings
     */
    public List<Finding> findings() {
        return result.findings();
    }

    /**
     * Returns the repairs applied, in order (none outside mutate mode).
     *
     * @return the repairs
     */
    public List<Repair> repairs() {
        return result.repairs();
    }
}
