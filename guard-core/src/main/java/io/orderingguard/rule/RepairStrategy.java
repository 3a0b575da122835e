package io.orderingguard.rule;

/**
 * How mutate mode repairs a finding. The wire names are what results, reports and conformance
 * fixtures carry (e.g. {@code reorder}, {@code split-tool-call-group}).
 *
 * <p>Thread-safe (an enum).
 */
public enum RepairStrategy implements WireNamed {
    /** No strategy exists for the finding; only the producer of the conversation can fix it. */
    NONE("none"),
    /** Move misplaced entries ahead of the first entry they must precede, keeping their order. */
    REORDER("reorder"),
    /** Move a forbidden successor before the entry it may not follow. */
    REORDER_ADJACENT("reorder-adjacent"),
    /** Write an authorised fallback value at a missing payload field. */
    FILL_REQUIRED_METADATA("fill-required-metadata"),
    /** Drop a thought that lacks its required signature. */
    DROP_UNSIGNED_REASONING("drop-unsigned-reasoning"),
    /** Rename entries that share an id. */
    RENUMBER_COLLIDING_IDS("renumber-colliding-ids"),
    /** Rename an id into the allowed format. */
    RENUMBER_INVALID_IDS("renumber-invalid-ids"),
    /** Insert a filler message so that roles alternate. */
    INSERT_ALTERNATION_FILLER("insert-alternation-filler"),
    /** Merge two consecutive messages of one role. */
    MERGE_CONSECUTIVE_MESSAGES("merge-consecutive-messages"),
    /** Give each tool call of a crowded response its own step. */
    SPLIT_TOOL_CALL_GROUP("split-tool-call-group"),
    /** Answer an unanswered call with an error result saying it was not executed. */
    SYNTHESIZE_MISSING_TOOL_RESULT("synthesize-missing-tool-result"),
    /** Drop a tool result whose call is not in the conversation. */
    DROP_ORPHAN_RESULT("drop-orphan-result"),
    /** Move a tool result that other messages separate from its call to right after the call. */
    MOVE_LATE_TOOL_RESULT("move-late-tool-result"),
    /** Insert a filler of an allowed role between an entry and a forbidden message. */
    INSERT_BRIDGE_FILLER("insert-bridge-filler"),
    /** Drop a thought that is followed by a message instead of what it produced. */
    DROP_UNFOLLOWED_REASONING("drop-unfollowed-reasoning"),
    /** Insert a user filler so that the conversation starts with a user message. */
    INSERT_LEADING_USER_FILLER("insert-leading-user-filler"),
    /** Write a neutral text into an empty error result. */
    FILL_EMPTY_ERROR_RESULT("fill-empty-error-result"),
    /** Drop reasoning (or a payload) produced by a wire the target does not accept. */
    DROP_FOREIGN_REASONING("drop-foreign-reasoning"),
    /** Drop an empty message or a trailing thought-only turn. */
    DROP_EMPTY_TURN("drop-empty-turn");

    private final String wireName;

    RepairStrategy(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /**
     * Parses a wire name.
     *
     * @param name the wire name
     * @return the constant
     * @throws IllegalArgumentException for an unknown name
     */
    public static RepairStrategy fromWire(String name) {
        return WireNamed.parse(RepairStrategy.class, name, "strategy");
    }

    @Override
    public String toString() {
        return wireName;
    }
}
