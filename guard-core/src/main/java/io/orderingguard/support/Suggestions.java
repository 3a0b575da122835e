package io.orderingguard.support;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * "Did you mean" suggestions by edit distance, shared by every Ordering Guard module. Supporting API
 * (see the package documentation): it may change without notice.
 */
public final class Suggestions {

    private Suggestions() {}

    /**
     * Returns the candidates closest to a name: those within a distance that scales with the name's
     * length, or containing it, nearest first.
     *
     * @param name the unknown name
     * @param candidates the known names
     * @param max the most suggestions
     * @return up to {@code max} names
     */
    public static List<String> closest(String name, List<String> candidates, int max) {
        String needle = name.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, needle.length() / 3);
        List<String[]> scored = new ArrayList<>();
        for (String c : candidates) {
            String hay = c.toLowerCase(Locale.ROOT);
            int d = distance(needle, hay);
            if (d <= limit || (needle.length() >= 3 && (hay.contains(needle) || needle.contains(hay)))) {
                scored.add(new String[] {c, String.format(Locale.ROOT, "%05d", d)});
            }
        }
        scored.sort(Comparator.<String[], String>comparing(s -> s[1]).thenComparing(s -> s[0]));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < scored.size() && i < max; i++) {
            out.add(scored.get(i)[0]);
        }
        return out;
    }

    /**
     * Formats a "did you mean" clause.
     *
     * @param name the unknown name
     * @param candidates the known names
     * @return e.g. {@code ; did you mean gemini-3, gemini-2-5?} or an empty string
     */
    public static String didYouMean(String name, List<String> candidates) {
        List<String> close = closest(name, candidates, 3);
        return close.isEmpty() ? "" : "; did you mean " + String.join(", ", close) + "?";
    }

    /**
     * Returns the Levenshtein edit distance.
     *
     * @param a one string
     * @param b the other
     * @return the number of single-character edits between them
     */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
