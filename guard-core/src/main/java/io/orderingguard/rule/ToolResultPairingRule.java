package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * Every tool call has its result and every result its call — the most common real 400: a cancelled
 * run leaves a call unanswered, a memory window evicts the call and leaves its result orphaned. One
 * finding per offending entry, with facet {@code unanswered} or {@code orphan}. Mutate mode
 * synthesises an error result for an unanswered call and drops an orphan result (recording its
 * content).
 *
 * <p>With {@code emptyErrorResults}, an error result (of an answered call or an orphan) whose content
 * is blank is a finding too, facet {@code empty-error-result}: Bedrock Converse rejects an
 * error-status toolResult without content. Mutate mode fills it with a neutral text saying the tool
 * failed without a message (strategy {@code fill-empty-error-result}).
 *
 * <p>Passes: {@code user, call{result}, assistant}. Fails: {@code user, call (no result), assistant}.
 *
 * @param id the rule id
 * @param unanswered whether unanswered calls are findings
 * @param orphans whether orphan results are findings
 * @param emptyErrorResults whether error results with blank content are findings
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record ToolResultPairingRule(
        String id, boolean unanswered, boolean orphans, boolean emptyErrorResults, Severity severity,
        Provenance provenance) implements OrderingRule {

    /** Validates the fields and applies defaults. */
    public ToolResultPairingRule {
        RuleFields.id(id);
        Require.argument(unanswered || orphans || emptyErrorResults,
                "a toolResultPairing rule must check unanswered calls, orphan results or empty error results, but "
                        + "rule '" + id + "' checks none of them");
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    /**
     * Creates a rule that does not check empty error results (the components before
     * {@code emptyErrorResults} existed).
     *
     * @param id the rule id
     * @param unanswered whether unanswered calls are findings
     * @param orphans whether orphan results are findings
     * @param severity the severity (default advisory)
     * @param provenance where the rule comes from
     */
    public ToolResultPairingRule(String id, boolean unanswered, boolean orphans, Severity severity,
            Provenance provenance) {
        this(id, unanswered, orphans, false, severity, provenance);
    }

    @Override
    public String type() {
        return "toolResultPairing";
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        for (Entry e : context.entries()) {
            if (!(e instanceof ToolCall c)) {
                continue;
            }
            if (unanswered && c.isUnanswered()) {
                sink.report(this, "unanswered", List.of(c.id()), "tool call " + RuleFields.quote(c.id()) + " ("
                        + c.tool() + ") has no result");
            } else if (orphans && c.isOrphan()) {
                sink.report(this, "orphan", List.of(c.id()), "tool result " + RuleFields.quote(c.id())
                        + " answers no tool call in the conversation");
            }
            if (emptyErrorResults && c.result() != null && c.result().isError() && c.result().content().isBlank()) {
                sink.report(this, "empty-error-result", List.of(c.id()), "the error result of tool call "
                        + RuleFields.quote(c.id()) + " (" + c.tool() + ") has no content");
            }
        }
    }

    @Override
    public ToolResultPairingRule withSeverity(Severity newSeverity) {
        return new ToolResultPairingRule(id, unanswered, orphans, emptyErrorResults,
                Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public ToolResultPairingRule withProvenance(Provenance newProvenance) {
        return new ToolResultPairingRule(id, unanswered, orphans, emptyErrorResults, severity, newProvenance);
    }

    /**
     * Returns a copy that does or does not report error results with blank content.
     *
     * @param value whether empty error results are findings
     * @return the copy
     */
    public ToolResultPairingRule withEmptyErrorResults(boolean value) {
        return new ToolResultPairingRule(id, unanswered, orphans, value, severity, provenance);
    }
}
