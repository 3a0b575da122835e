package io.orderingguard.testing;

import io.orderingguard.support.Require;

/** File names derived from trace names. */
final class TraceNames {

    private TraceNames() {}

    /**
     * Replaces every character other than letters, digits, {@code _}, {@code -} and {@code .} by
     * {@code _}, then strips leading and trailing {@code .} and {@code _}, so that a name can never
     * climb out of its directory ({@code ../../etc/passwd} becomes {@code etc_passwd}).
     */
    static String sanitize(String name) {
        Require.nonNull(name, "name");
        StringBuilder sb = new StringBuilder(name.length());
        name.codePoints().forEach(c -> sb.appendCodePoint(
                Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' ? c : '_'));
        int start = 0;
        int end = sb.length();
        while (start < end && (sb.charAt(start) == '.' || sb.charAt(start) == '_')) {
            start++;
        }
        while (end > start && (sb.charAt(end - 1) == '.' || sb.charAt(end - 1) == '_')) {
            end--;
        }
        String result = sb.substring(start, end);
        if (result.isEmpty()) {
            throw new IllegalArgumentException("Trace name sanitizes to empty string: '" + name + "'");
        }
        return result;
    }
}
