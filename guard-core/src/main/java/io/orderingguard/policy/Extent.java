package io.orderingguard.policy;

/**
 * What the caller knows about the end of a trace.
 */
public enum Extent {
    /**
     * A finished run: deadlines and obligations left open at the end are violations (an
     * {@code after} trigger with no answer, a started but unfinished {@code sequence}, a missing
     * {@code require}d tool).
     */
    COMPLETE,
    /**
     * A live run: the history so far plus the call about to be made. More calls may come, so a rule
     * that the rest of the run could still satisfy is {@link RuleOutcome#NOT_EXERCISED}, never violated.
     * This is the extent of {@link ToolCallGate}.
     */
    PARTIAL
}
