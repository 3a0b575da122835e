package io.orderingguard.policy;

import java.util.List;
import java.util.Objects;

/**
 * The ordered tool calls a rule reads (positions are 0-based indices), with the alias table that
 * resolves tool names bound to it.
 *
 * <p>Thread-safe: immutable, except for the answers of argument-constrained selectors it remembers (under
 * a lock, shared with its prefixes), which never change once given.
 */
final class CallTrace {

    private final List<ToolInvocation> calls;
    private final Aliases aliases;
    private final ArgumentMatches argumentMatches;

    private CallTrace(List<ToolInvocation> calls, Aliases aliases, ArgumentMatches argumentMatches) {
        this.calls = calls;
        this.aliases = aliases;
        this.argumentMatches = argumentMatches;
    }

    /**
     * Creates a trace.
     *
     * @param calls the calls in order
     * @param aliases the alias table
     * @return the trace
     */
    public static CallTrace of(List<ToolInvocation> calls, Aliases aliases) {
        Objects.requireNonNull(calls, "calls must not be null");
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i) == null) {
                throw new NullPointerException("calls[" + i + "] must not be null");
            }
        }
        List<ToolInvocation> copy = List.copyOf(calls);
        return new CallTrace(copy, Objects.requireNonNull(aliases, "aliases must not be null"),
                new ArgumentMatches(copy.size()));
    }

    /**
     * Returns the calls.
     *
     * @return the calls in order, unmodifiable
     */
    public List<ToolInvocation> calls() {
        return calls;
    }

    /**
     * Returns the alias table.
     *
     * @return the aliases
     */
    public Aliases aliases() {
        return aliases;
    }

    /**
     * Returns the number of calls.
     *
     * @return the length
     */
    public int size() {
        return calls.size();
    }

    /**
     * Returns the name of the call at an index.
     *
     * @param index the 0-based position
     * @return the tool name
     */
    public String name(int index) {
        return calls.get(index).tool();
    }

    /**
     * Returns whether the call at an index matches a selector.
     *
     * @param index the 0-based position
     * @param selector the selector
     * @return {@code true} on a match
     */
    public boolean matches(int index, CallSelector selector) {
        if (selector.hasArgsMatch()) {
            Objects.checkIndex(index, calls.size());
            return argumentMatches.matches(index, selector, calls, aliases);
        }
        return selector.matches(calls.get(index), aliases);
    }

    /**
     * Returns the first index at or after {@code from} whose call matches.
     *
     * @param selector the selector
     * @param from the first index to look at
     * @return the index, or {@code -1}
     */
    public int first(CallSelector selector, int from) {
        for (int i = Math.max(0, from); i < calls.size(); i++) {
            if (matches(i, selector)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Returns the first index whose call matches.
     *
     * @param selector the selector
     * @return the index, or {@code -1}
     */
    public int first(CallSelector selector) {
        return first(selector, 0);
    }

    /**
     * Returns every index whose call matches.
     *
     * @param selector the selector
     * @return the indices in order
     */
    public List<Integer> indices(CallSelector selector) {
        return matching(selector);
    }

    /** {@link #indices} as the rules read it, without boxing. */
    IndexList matching(CallSelector selector) {
        IndexList.Builder hits = new IndexList.Builder();
        for (int i = 0; i < calls.size(); i++) {
            if (matches(i, selector)) {
                hits.add(i);
            }
        }
        return hits.build();
    }

    /**
     * Returns a trace of the first calls only.
     *
     * @param length how many calls to keep
     * @return the prefix, with the same aliases
     */
    public CallTrace prefix(int length) {
        return length == calls.size() ? this : new CallTrace(calls.subList(0, length), aliases, argumentMatches);
    }

    /**
     * Returns {@code 0, 1, …, size-1}.
     *
     * @return every index
     */
    List<Integer> allIndices() {
        return IndexList.range(calls.size());
    }
}
