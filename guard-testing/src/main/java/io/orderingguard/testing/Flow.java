package io.orderingguard.testing;

/**
 * Wildcards for {@link FlowAssert#flow(Object...)} patterns.
 *
 * <pre>{@code
 * import static io.orderingguard.testing.Flow.ANY;
 *
 * assertThat(session).flow("search", ANY, "summarize");        // starts with search, ends with summarize
 * assertThat(session).flow(ANY, "search", ANY, "summarize", ANY); // search then summarize, anywhere
 * }</pre>
 */
public enum Flow {

    /** Any number of tool calls, including none (Python's {@code ...} in reagent-flow). */
    ANY;

    /**
     * Renders the wildcard as in pattern listings.
     *
     * @return {@code ...}
     */
    @Override
    public String toString() {
        return "...";
    }
}
