package io.orderingguard.rule;

/**
 * A rule's check cut into consecutive ranges of entries, for rules whose check reads the entries one at
 * a time in timeline order: {@link RuleRun} lets several of them take turns over one block of a long
 * timeline, so that the block is read from memory once for all of them instead of once per rule. The
 * findings are the rule's {@link OrderingRule#check} findings, in the same order, whatever the ranges.
 *
 * <p>Not thread-safe: one instance per check.
 */
@FunctionalInterface
interface RangeCheck {

    /**
     * Reads the entries in {@code [from, to)}; called with consecutive ranges from index 0 to the end.
     *
     * @param from the first index
     * @param to the index after the last
     */
    void range(int from, int to);

    /** Reports what needed the whole timeline; called once, after the last range. */
    default void end() {
    }

    /**
     * Returns the check of a rule cut into ranges, or {@code null} for a rule whose check does not read
     * the entries in one forward pass (it then runs whole, in its turn).
     *
     * @param rule the rule
     * @param context the context of the check
     * @param sink where its findings go
     * @return the ranged check, or {@code null}
     */
    static RangeCheck of(OrderingRule rule, RuleContext context, FindingSink sink) {
        if (rule instanceof RequiredMetadataRule r) {
            return r.ranges(context, sink);
        } else if (rule instanceof ToolResultPairingRule r) {
            return r.ranges(context, sink);
        } else if (rule instanceof NonEmptyTurnRule r) {
            return r.ranges(context, sink);
        } else if (rule instanceof AlternationRule r) {
            return r.ranges(context, sink);
        } else if (rule instanceof ReplayCompatibilityRule r) {
            return r.ranges(context, sink);
        } else if (rule instanceof IdentifierFormatRule r) {
            return r.ranges(context, sink);
        } else if (rule instanceof RoleRemapRule r) {
            return r.ranges(context, sink);
        } else if (rule instanceof ToolIdentityRule r) {
            return r.ranges(context, sink);
        }
        return null;
    }
}
