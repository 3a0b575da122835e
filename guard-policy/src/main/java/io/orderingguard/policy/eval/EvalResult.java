package io.orderingguard.policy.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.policy.Extent;
import io.orderingguard.policy.PolicyReport;
import io.orderingguard.policy.RuleEvaluation;
import io.orderingguard.policy.trace.TraceRecord;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of one eval test.
 *
 * @param test the test
 * @param trace the recorded run it was checked against
 * @param status pass, fail or error
 * @param message why it failed or errored, a note for a pass that exercised nothing, else {@code null}
 * @param report the rules' verdicts ({@code null} for an error)
 * @param mismatch the exact-sequence difference, or {@code null}
 */
public record EvalResult(
        EvalTest test, TraceRecord trace, EvalStatus status, String message, PolicyReport report,
        SequenceMismatch mismatch) {

    /** The note on a pass in which every rule was not exercised. */
    public static final String VACUOUS = "every configured sequence rule was vacuous for this trace";

    /** Validates the fields. */
    public EvalResult {
        Objects.requireNonNull(test, "test must not be null");
        Objects.requireNonNull(trace, "trace must not be null");
        Objects.requireNonNull(status, "status must not be null");
        if (status != EvalStatus.PASS) {
            Objects.requireNonNull(message, "message must not be null for status " + status.wireName());
        }
        if ((status == EvalStatus.ERROR) != (report == null)) {
            throw new IllegalArgumentException("report must be absent exactly for an error, but status was "
                    + status.wireName());
        }
    }

    /**
     * Evaluates a test over its recorded run: every rule with the complete extent, then the exact
     * sequence. The first violated rule (in rule order) gives the failure message.
     *
     * @param test the test
     * @param trace the run
     * @return the result
     */
    public static EvalResult of(EvalTest test, TraceRecord trace) {
        if (!trace.readable()) {
            return new EvalResult(test, trace, EvalStatus.ERROR, trace.problem(), null, null);
        }
        PolicyReport report = test.policy().evaluate(trace.calls(), context(test, trace), Extent.COMPLETE);
        Optional<RuleEvaluation> violation = report.firstViolation();
        if (violation.isPresent()) {
            SequenceMismatch mismatch = test.exactSequence() == null ? null
                    : SequenceMismatch.compare(test.exactSequence(), trace.calls());
            return new EvalResult(test, trace, EvalStatus.FAIL, "sequence_valid rule failed: " + violation.get().reason(),
                    report, mismatch);
        }
        if (test.exactSequence() != null) {
            SequenceMismatch mismatch = SequenceMismatch.compare(test.exactSequence(), trace.calls());
            if (mismatch != null) {
                return new EvalResult(test, trace, EvalStatus.FAIL, mismatch.message(), report, mismatch);
            }
            return new EvalResult(test, trace, EvalStatus.PASS, null, report, null);
        }
        return new EvalResult(test, trace, EvalStatus.PASS, report.exercised() ? null : VACUOUS, report, null);
    }

    /** The test's context, laid over the trace's (top-level keys of the test win). */
    private static ObjectNode context(EvalTest test, TraceRecord trace) {
        if (trace.context() == null) {
            return test.context();
        }
        ObjectNode merged = trace.context();
        if (test.context() != null) {
            for (Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> field : test.context().properties()) {
                merged.set(field.getKey(), field.getValue());
            }
        }
        return merged;
    }

    /**
     * Returns the test id.
     *
     * @return the id
     */
    public String testId() {
        return test.id();
    }
}
