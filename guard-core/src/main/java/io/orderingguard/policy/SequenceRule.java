package io.orderingguard.policy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One constraint on the order of tool calls (the Sequence Rules DSL). Rules are immutable, validated
 * records; a rule that could never hold or never fail (a {@code before} with identical tools, an
 * {@code eventually} within 0 calls, a {@code sequence} of fewer than two tools) cannot be built.
 *
 * <p>Build rules with the factories here, or with a record constructor when an operand needs
 * {@code args_match} or the rule needs an id or a {@code when:} condition:
 *
 * <pre>{@code
 * List<SequenceRule> rules = List.of(
 *         SequenceRule.require("VerifyIdentity"),
 *         SequenceRule.before("VerifyIdentity", "DeleteCustomer"),
 *         SequenceRule.blocklist("admin_"),
 *         SequenceRule.maxCalls("ExternalAPI", 5));
 * }</pre>
 *
 * <p>Rules are evaluated by {@link SequencePolicy#evaluate} and {@link ToolCallGate#check}. Every kind evaluates to a {@link RuleEvaluation} with a {@link RuleOutcome}, the indices it spanned and a
 * reason; see each record for the exact semantics under both {@link Extent extents}.
 */
public sealed interface SequenceRule
        permits RequireRule, BeforeRule, ImmediatelyBeforeRule, BlocklistRule, AllowlistRule, MaxCallsRule,
                EventuallyRule, NeverAfterRule, AfterRule, InOrderRule, ToolAccessRule {

    /**
     * Returns the rule id: the explicit {@code id:} when one was given, else the id derived from the
     * rule (see {@link #defaultId()}).
     *
     * @return the id
     */
    String id();

    /**
     * Returns the id derived from the rule's fields, e.g. {@code before:A->B} or
     * {@code after:OpenFile->CloseFile@10}.
     *
     * @return the derived id
     */
    String defaultId();

    /**
     * Returns the kind.
     *
     * @return the kind
     */
    RuleKind kind();

    /**
     * Returns the {@code when:} condition.
     *
     * @return the condition; {@link Condition#always()} for an unconditional rule
     */
    Condition when();

    /**
     * Returns every call selector the rule names, in field order.
     *
     * @return the operands (empty for {@code blocklist} and {@code tools}, which match by pattern)
     */
    List<CallSelector> selectors();

    /**
     * Describes what the rule expects, for the "Expected:" line of a report.
     *
     * @return e.g. {@code VerifyIdentity before DeleteCustomer}
     */
    String describe();

    /**
     * Returns a copy with an explicit id.
     *
     * @param newId the id, or {@code null} for the derived one
     * @return the copy
     */
    SequenceRule withId(String newId);

    /**
     * Returns a copy with a condition.
     *
     * @param newWhen the condition, or {@code null} for none
     * @return the copy
     */
    SequenceRule withWhen(Condition newWhen);

    /**
     * Returns whether the id was given explicitly.
     *
     * @return {@code true} when {@link #id()} differs from {@link #defaultId()}
     */
    default boolean hasExplicitId() {
        return !id().equals(defaultId());
    }

    /**
     * The trace must call a tool at least once.
     *
     * @param tool the tool name or alias
     * @return the rule
     */
    static RequireRule require(String tool) {
        return new RequireRule(CallSelector.of(tool), null, null);
    }

    /**
     * A tool must be called before the first call of another.
     *
     * @param first the tool that must come first
     * @param then the tool that must not come before it
     * @return the rule
     */
    static BeforeRule before(String first, String then) {
        return new BeforeRule(CallSelector.of(first), CallSelector.of(then), null, null);
    }

    /**
     * Every call of a tool must directly follow a call of another.
     *
     * @param first the tool that must come directly before
     * @param then the tool that must be preceded
     * @return the rule
     */
    static ImmediatelyBeforeRule immediatelyBefore(String first, String then) {
        return new ImmediatelyBeforeRule(CallSelector.of(first), CallSelector.of(then), null, null);
    }

    /**
     * No tool whose name contains a pattern may be called.
     *
     * @param pattern the substring (case-sensitive, {@code *} is literal)
     * @return the rule
     */
    static BlocklistRule blocklist(String pattern) {
        return new BlocklistRule(pattern, null, null);
    }

    /**
     * Only the listed tools may be called.
     *
     * @param tools the tool names or aliases
     * @return the rule
     */
    static AllowlistRule allowlist(String... tools) {
        return new AllowlistRule(selectors(tools), null, null);
    }

    /**
     * A tool may be called at most {@code max} times.
     *
     * @param tool the tool name or alias
     * @param max the limit ({@code 0} means never)
     * @return the rule
     */
    static MaxCallsRule maxCalls(String tool, int max) {
        return new MaxCallsRule(CallSelector.of(tool), max, null, null);
    }

    /**
     * A tool must be called within the first {@code within} calls.
     *
     * @param tool the tool name or alias
     * @param within the deadline ({@code >= 1})
     * @return the rule
     */
    static EventuallyRule eventually(String tool, int within) {
        return new EventuallyRule(CallSelector.of(tool), within, null, null);
    }

    /**
     * A tool must never be called once a trigger has been called.
     *
     * @param trigger the trigger tool
     * @param forbidden the tool forbidden after it
     * @return the rule
     */
    static NeverAfterRule neverAfter(String trigger, String forbidden) {
        return new NeverAfterRule(CallSelector.of(trigger), CallSelector.of(forbidden), null, null);
    }

    /**
     * Every trigger call must be followed by a call of another tool within {@code within} calls.
     *
     * @param trigger the trigger tool
     * @param then the tool that must follow
     * @param within the window ({@code >= 1}; 1 = the very next call)
     * @return the rule
     */
    static AfterRule after(String trigger, String then, int within) {
        return new AfterRule(CallSelector.of(trigger), CallSelector.of(then), within, null, null);
    }

    /**
     * Tools must be called in this order; other calls may come between them.
     *
     * @param tools at least two tool names or aliases
     * @return the rule
     */
    static InOrderRule sequence(String... tools) {
        return new InOrderRule(selectors(tools), false, null, null);
    }

    /**
     * Tools must be called in this order, consecutively once the first has been called.
     *
     * @param tools at least two tool names or aliases
     * @return the rule
     */
    static InOrderRule strictSequence(String... tools) {
        return new InOrderRule(selectors(tools), true, null, null);
    }

    /**
     * Static tool permissions: a call is denied when a deny glob matches its name, or when allow
     * globs are given and none matches.
     *
     * @param allow the allow globs (empty = everything not denied)
     * @param deny the deny globs
     * @return the rule
     */
    static ToolAccessRule tools(List<String> allow, List<String> deny) {
        return new ToolAccessRule(allow, deny, null, null);
    }

    private static List<CallSelector> selectors(String... tools) {
        List<CallSelector> selectors = new ArrayList<>(tools.length);
        for (String tool : Arrays.asList(tools)) {
            selectors.add(CallSelector.of(tool));
        }
        return selectors;
    }
}
