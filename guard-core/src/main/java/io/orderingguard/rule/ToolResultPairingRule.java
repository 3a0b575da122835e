package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * Every tool call has its result and every result its call — the most common real 400: a cancelled
 * run leaves a call unanswered, a memory window evicts the call and leaves its result orphaned. One
 * finding per offending entry, with facet {@code unanswered} or {@code orphan}. Mutate mode
 * synthesises an error result for an unanswered call and drops an orphan result (recording its
 * content); a result that came too late to answer its call (an orphan after the unanswered call with its
 * id, as a reader puts a result that other messages separate from its call) is moved to its call instead.
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

    private static final RuleField<ToolResultPairingRule, Boolean> UNANSWERED = RuleField.optional(
            "unanswered", FieldType.BOOLEAN, true, ToolResultPairingRule::unanswered);
    private static final RuleField<ToolResultPairingRule, Boolean> ORPHANS = RuleField.optional(
            "orphans", FieldType.BOOLEAN, true, ToolResultPairingRule::orphans);
    private static final RuleField<ToolResultPairingRule, Boolean> EMPTY_ERROR_RESULTS = RuleField.optional(
            "emptyErrorResults", FieldType.BOOLEAN, false, ToolResultPairingRule::emptyErrorResults);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<ToolResultPairingRule> DESCRIPTION = RuleDescription.of(
            "toolResultPairing", ToolResultPairingRule.class,
            List.of(UNANSWERED, ORPHANS, EMPTY_ERROR_RESULTS),
            v -> new ToolResultPairingRule(v.id(), v.get(UNANSWERED), v.get(ORPHANS), v.get(EMPTY_ERROR_RESULTS),
                    v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public ToolResultPairingRule {
        RuleFields.id(id);
        Require.argument(unanswered || orphans || emptyErrorResults,
                "a toolResultPairing rule must check unanswered calls, orphan results or empty error results, but "
                        + "rule '" + id + "' checks none of them");
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<ToolResultPairingRule> description() {
        return DESCRIPTION;
    }

    /**
     * Answers an unanswered call with an error result, drops an orphan result, or fills an empty error
     * result with a neutral text.
     */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        String id = ids.get(0);
        return switch (facet) {
            case UNANSWERED -> {
                int i = EntrySearch.locate(working, id, e -> e instanceof ToolCall c && c.isUnanswered());
                if (i < 0) {
                    yield RepairResult.notApplicable();
                }
                int late = ToolResultRepairs.lateResult(working, i);
                yield late >= 0 ? ToolResultRepairs.moveLate(working, i, late)
                        : ToolResultRepairs.answer(working, i, (ToolCall) working.get(i));
            }
            case ORPHAN -> {
                int i = EntrySearch.locate(working, id, e -> e instanceof ToolCall c && c.isOrphan());
                if (i < 0) {
                    yield RepairResult.notApplicable();
                }
                int call = ToolResultRepairs.callOfLate(working, i);
                yield call >= 0 ? ToolResultRepairs.moveLate(working, call, i)
                        : ToolResultRepairs.dropOrphan(working, i, (ToolCall) working.get(i));
            }
            case EMPTY_ERROR_RESULT -> {
                int i = EntrySearch.locate(working, id, e -> e instanceof ToolCall c && c.result() != null
                        && c.result().isError() && c.result().content().isBlank());
                yield i < 0 ? RepairResult.notApplicable()
                        : ToolResultRepairs.fillEmptyError(working, i, (ToolCall) working.get(i));
            }
            default -> RepairResult.notApplicable();
        };
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        checkRange(context, 0, context.entries().size(), sink);
    }

    /** {@link #check} in ranges: it reads each call on its own. */
    RangeCheck ranges(RuleContext context, FindingSink sink) {
        return (from, to) -> checkRange(context, from, to, sink);
    }

    private void checkRange(RuleContext context, int from, int to, FindingSink sink) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        for (int i = from; i < to; i++) {
            if (s.kind(i) != Kind.TOOL_CALL) {
                continue;
            }
            ToolCall c = (ToolCall) entries.get(i);
            if (unanswered && c.isUnanswered()) {
                sink.report(this, Facet.UNANSWERED, List.of(c.id()), "tool call " + RuleFields.quote(c.id()) + " ("
                        + c.tool() + ") has no result");
            } else if (orphans && c.isOrphan()) {
                // a result other messages separate from its call: the call is there, the result too late
                sink.report(this, Facet.ORPHAN, List.of(c.id()), "tool result " + RuleFields.quote(c.id())
                        + (ToolResultRepairs.callOfLate(entries, i) >= 0
                                ? " comes after other messages, not right after its call"
                                : " answers no tool call in the conversation"));
            }
            if (emptyErrorResults && c.result() != null && c.result().isError() && c.result().content().isBlank()) {
                sink.report(this, Facet.EMPTY_ERROR_RESULT, List.of(c.id()), "the error result of tool call "
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

    /**
     * Returns a copy that does or does not report unanswered calls.
     *
     * @param value whether unanswered calls are findings
     * @return the copy
     */
    public ToolResultPairingRule withUnanswered(boolean value) {
        return new ToolResultPairingRule(id, value, orphans, emptyErrorResults, severity, provenance);
    }

    /**
     * Returns a copy that does or does not report orphan results.
     *
     * @param value whether orphan results are findings
     * @return the copy
     */
    public ToolResultPairingRule withOrphans(boolean value) {
        return new ToolResultPairingRule(id, unanswered, value, emptyErrorResults, severity, provenance);
    }

    /**
     * Starts a rule that, unless told otherwise, reports unanswered calls and orphan results.
     *
     * @param id the rule id
     * @return a builder
     */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /** Builds a {@link ToolResultPairingRule}; see {@link RuleBuilder}. Not thread-safe. */
    public static final class Builder extends RuleBuilder<ToolResultPairingRule, Builder> {
        private boolean unanswered = true;
        private boolean orphans = true;
        private boolean emptyErrorResults;

        private Builder(String id) {
            super(id);
        }

        /**
         * Sets whether unanswered calls are findings (default {@code true}).
         *
         * @param value the flag
         * @return this builder
         */
        public Builder unanswered(boolean value) {
            this.unanswered = value;
            return this;
        }

        /**
         * Sets whether orphan results are findings (default {@code true}).
         *
         * @param value the flag
         * @return this builder
         */
        public Builder orphans(boolean value) {
            this.orphans = value;
            return this;
        }

        /**
         * Sets whether error results with blank content are findings (default {@code false}).
         *
         * @param value the flag
         * @return this builder
         */
        public Builder emptyErrorResults(boolean value) {
            this.emptyErrorResults = value;
            return this;
        }

        @Override
        public ToolResultPairingRule build() {
            return new ToolResultPairingRule(id(), unanswered, orphans, emptyErrorResults, severity(), provenance());
        }
    }
}
