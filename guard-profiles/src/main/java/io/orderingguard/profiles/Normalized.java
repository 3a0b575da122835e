package io.orderingguard.profiles;

/**
 * A text in the normal form provider errors are compared in: lower case, quote characters and
 * backslashes removed (providers quote the same name with {@code '}, {@code "} or backticks, and JSON
 * escapes them), whitespace collapsed to one space and trimmed. Remembers where each character came
 * from, so a match can be reported on the original text. Not public API.
 *
 * @param text the normal form
 * @param origins for each character of {@code text}, its index in the original
 */
record Normalized(String text, int[] origins) {

    private static final String QUOTES = "'\"`\\\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u00AB\u00BB\u00B4";

    /**
     * Normalises a text.
     *
     * @param original the text
     * @return its normal form
     */
    static Normalized of(String original) {
        StringBuilder sb = new StringBuilder(original.length());
        int[] origins = new int[original.length()];
        for (int i = 0; i < original.length(); i++) {
            char c = original.charAt(i);
            if (QUOTES.indexOf(c) >= 0) {
                continue;
            }
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ' ') {
                    origins[sb.length()] = i;
                    sb.append(' ');
                }
                continue;
            }
            origins[sb.length()] = i;
            sb.append(Character.toLowerCase(c));
        }
        int length = sb.length();
        if (length > 0 && sb.charAt(length - 1) == ' ') {
            length--;
        }
        int[] kept = new int[length];
        System.arraycopy(origins, 0, kept, 0, length);
        return new Normalized(sb.substring(0, length), kept);
    }

    /**
     * Removes the quote characters and backslashes that the normal form ignores.
     *
     * @param text a text
     * @return the text without them
     */
    static String withoutQuotes(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            if (QUOTES.indexOf(text.charAt(i)) < 0) {
                sb.append(text.charAt(i));
            }
        }
        return sb.toString();
    }

    /**
     * Returns the start of a normalised index in the original text.
     *
     * @param index an index of {@code text}
     * @return the index in the original
     */
    int originalStart(int index) {
        return origins[index];
    }

    /**
     * Widens a span of the original text over a quote character that closes or opens a quote left open
     * inside it (the normal form drops quotes, so a match would read {@code 'tool}, not {@code 'tool'}).
     *
     * @param original the original text
     * @param start the start in the original
     * @param end the exclusive end in the original
     * @return the widened start and end
     */
    static int[] widen(String original, int start, int end) {
        int s = start;
        int e = end;
        if (e < original.length() && isQuote(original.charAt(e)) && odd(original, s, e, original.charAt(e))) {
            e++;
        }
        if (s > 0 && isQuote(original.charAt(s - 1)) && odd(original, s, e, original.charAt(s - 1))) {
            s--;
        }
        return new int[] {s, e};
    }

    private static boolean isQuote(char c) {
        return c != '\\' && QUOTES.indexOf(c) >= 0;
    }

    private static boolean odd(String text, int from, int to, char quote) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == quote) {
                n++;
            }
        }
        return n % 2 == 1;
    }

    /**
     * Returns the end (exclusive) in the original text of a normalised end index.
     *
     * @param end an exclusive end index of {@code text}, greater than zero
     * @return the exclusive end in the original
     */
    int originalEnd(int end) {
        return origins[end - 1] + 1;
    }
}
