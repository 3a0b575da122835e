package io.orderingguard.rule;

import io.orderingguard.internal.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * Every tool call has its result and every result its call — the most common real 400: a cancelled
 * run leaves a call unanswered, a memory window evicts the call and leaves its result orphaned. One
 * finding per offending entry, with facet {@code unanswered} or {@code orphan}. Mutate mode
 * synthesises an error result for an unanswered call and drops an orphan result (recording its
 * content).
 *
 * <p>Passes: {@code user, call{result}, assistant}. Fails: {@code user, call (no result), assistant}.
 *
 * @param id the rule id
 * @param unanswered whether unanswered calls are findings
 * @param orphans whether orphan results are findings
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record ToolResultPairingRule(String id, boolean unanswered, boolean orphans, Severity severity, Provenance provenance)
        implements OrderingRule {

    /** Validates the fields and applies defaults. */
    public ToolResultPairingRule {
        RuleFields.id(id);
        Require.argument(unanswered || orphans,
                "a toolResultPairing rule must check unanswered calls, orphan results or both, but rule '" + id
                        + "' checks neither");
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public String type() {
        return "toolResultPairing";
    }

    @Override
    public boolean stateful() {
        return false;
    }

    @Override
    public boolean appliesOn(Surface surface) {
        return true;
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
        }
    }

    @Override
    public ToolResultPairingRule withSeverity(Severity newSeverity) {
        return new ToolResultPairingRule(id, unanswered, orphans, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public ToolResultPairingRule withProvenance(Provenance newProvenance) {
        return new ToolResultPairingRule(id, unanswered, orphans, severity, newProvenance);
    }
}
