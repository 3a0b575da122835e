package io.orderingguard.profiles;

import io.orderingguard.support.Require;

/**
 * Where a provider error was found in the text read by {@link ProviderErrors#classify(String)}
 * ({@link ErrorClassification#text()}).
 *
 * @param start the index of the first character
 * @param end the index after the last character
 * @param text the characters matched
 */
public record ErrorSpan(int start, int end, String text) {

    /** Validates the fields. */
    public ErrorSpan {
        Require.argument(start >= 0, "start must be >= 0, but was " + start);
        Require.argument(end > start, "end must be > start (" + start + "), but was " + end);
        Require.nonNull(text, "text");
        Require.argument(text.length() == end - start, "text must have end - start = " + (end - start)
                + " characters, but has " + text.length());
    }
}
