package io.orderingguard;

import io.orderingguard.support.Require;

/**
 * Limits applied by every reader to input that may come from untrusted clients. A breach is a
 * {@link io.orderingguard.GuardInputException} naming the limit.
 *
 * @param maxDepth the deepest nesting of JSON/YAML arrays and objects, from 4 to {@value #MAX_DEPTH}: code
 *     that walks a parsed tree recursively (YAML aliases, payload copies and fingerprints) relies on this
 *     bound to stay far from the end of a thread's stack
 * @param maxEntries the most entries in one timeline (and tool calls in one trace)
 * @param maxStringLength the longest single string value, in characters
 * @param maxDocumentLength the longest document (or JSONL line), in characters
 * @param maxAliases the most YAML aliases in one document (guards against alias bombs)
 */
public record InputLimits(int maxDepth, int maxEntries, int maxStringLength, int maxDocumentLength, int maxAliases) {

    /** The highest depth limit that may be configured. */
    public static final int MAX_DEPTH = 1000;

    /** Validates the limits. */
    public InputLimits {
        Require.argument(maxDepth >= 4 && maxDepth <= MAX_DEPTH,
                "maxDepth must be between 4 and " + MAX_DEPTH + ", but was " + maxDepth);
        Require.argument(maxEntries >= 1, "maxEntries must be >= 1, but was " + maxEntries);
        Require.argument(maxStringLength >= 1, "maxStringLength must be >= 1, but was " + maxStringLength);
        Require.argument(maxDocumentLength >= 2, "maxDocumentLength must be >= 2, but was " + maxDocumentLength);
        Require.argument(maxAliases >= 0, "maxAliases must be >= 0, but was " + maxAliases);
    }

    /**
     * Returns the defaults: depth 64, 100,000 entries, 16 MiB strings, 256 MiB documents, 50 aliases.
     *
     * @return the default limits
     */
    public static InputLimits defaults() {
        return new InputLimits(64, 100_000, 16 * 1024 * 1024, 256 * 1024 * 1024, 50);
    }

    /**
     * Returns a copy with another depth limit.
     *
     * @param value the limit
     * @return the copy
     */
    public InputLimits withMaxDepth(int value) {
        return new InputLimits(value, maxEntries, maxStringLength, maxDocumentLength, maxAliases);
    }

    /**
     * Returns a copy with another entry limit.
     *
     * @param value the limit
     * @return the copy
     */
    public InputLimits withMaxEntries(int value) {
        return new InputLimits(maxDepth, value, maxStringLength, maxDocumentLength, maxAliases);
    }

    /**
     * Returns a copy with another string length limit.
     *
     * @param value the limit
     * @return the copy
     */
    public InputLimits withMaxStringLength(int value) {
        return new InputLimits(maxDepth, maxEntries, value, maxDocumentLength, maxAliases);
    }

    /**
     * Returns a copy with another document length limit.
     *
     * @param value the limit
     * @return the copy
     */
    public InputLimits withMaxDocumentLength(int value) {
        return new InputLimits(maxDepth, maxEntries, maxStringLength, value, maxAliases);
    }

    /**
     * Returns a copy with another alias limit.
     *
     * @param value the limit
     * @return the copy
     */
    public InputLimits withMaxAliases(int value) {
        return new InputLimits(maxDepth, maxEntries, maxStringLength, maxDocumentLength, value);
    }
}
