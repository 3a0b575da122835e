package io.orderingguard.policy;

/**
 * The kinds of {@link SequenceRule}, with the {@code type:} name each has in policy and eval files.
 */
public enum RuleKind {
    /** {@code require}: the trace calls a tool at least once. */
    REQUIRE("require"),
    /** {@code before}: a tool is called before the first call of another. */
    BEFORE("before"),
    /** {@code immediately_before}: every call of a tool directly follows a call of another. */
    IMMEDIATELY_BEFORE("immediately_before"),
    /** {@code blocklist}: no tool whose name contains a pattern is called. */
    BLOCKLIST("blocklist"),
    /** {@code allowlist}: only the listed tools are called. */
    ALLOWLIST("allowlist"),
    /** {@code max_calls}: a tool is called at most a number of times. */
    MAX_CALLS("max_calls"),
    /** {@code eventually}: a tool is called within the first N calls. */
    EVENTUALLY("eventually"),
    /** {@code never_after}: a tool is never called once a trigger tool has been called. */
    NEVER_AFTER("never_after"),
    /** {@code after}: every trigger call is answered by a call of another tool within N calls. */
    AFTER("after"),
    /** {@code sequence}: tools are called in a given order (consecutively when strict). */
    SEQUENCE("sequence"),
    /** {@code tools}: the static allow and deny lists of a policy file (globs, deny wins). */
    TOOLS("tools");

    private final String wireName;

    RuleKind(String wireName) {
        this.wireName = wireName;
    }

    /**
     * Returns the name used as {@code type:} in files and as {@code kind} in reports.
     *
     * @return e.g. {@code never_after}
     */
    public String wireName() {
        return wireName;
    }

    /**
     * Finds a kind by its file name.
     *
     * @param name a {@code type:} value such as {@code max_calls}
     * @return the kind
     * @throws IllegalArgumentException naming the value and the known names
     */
    public static RuleKind fromWire(String name) {
        for (RuleKind kind : values()) {
            if (kind.wireName.equals(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown rule type '" + name + "'; expected one of " + names());
    }

    /**
     * Lists the file names of all kinds, in declaration order.
     *
     * @return e.g. {@code require, before, …}
     */
    public static String names() {
        StringBuilder sb = new StringBuilder();
        for (RuleKind kind : values()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(kind.wireName);
        }
        return sb.toString();
    }
}
