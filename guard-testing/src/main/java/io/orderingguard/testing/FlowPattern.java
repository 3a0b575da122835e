package io.orderingguard.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A flow pattern: tool names and {@link Flow#ANY} wildcards, matched against the ordered tool calls
 * of a trace. Adjacent names mean consecutive calls; {@code ANY} stands for any number of calls
 * (including none). A pattern is anchored at both ends unless it starts or ends with {@code ANY}.
 *
 * <table>
 *   <caption>Anchoring</caption>
 *   <tr><th>pattern</th><th>matches</th><th>does not match</th></tr>
 *   <tr><td>{@code a, b}</td><td>a → b</td><td>a → b → c</td></tr>
 *   <tr><td>{@code a, ANY, b}</td><td>a → x → y → b</td><td>x → a → b</td></tr>
 *   <tr><td>{@code ANY, a, b}</td><td>x → a → b</td><td>a → b → x</td></tr>
 *   <tr><td>{@code ANY, a, ANY, b, ANY}</td><td>anything with a then b</td><td>b → a</td></tr>
 * </table>
 *
 * <p>An empty pattern matches only a run without tool calls (the reference lets it match
 * anything, against its own anchoring rule); {@code ANY} alone matches everything.
 *
 * <p>The matcher finds an alignment whenever one exists (dynamic programming over pattern ×
 * calls), unlike the reference's greedy matcher, which rejects {@code ANY, a} on {@code a, b, a}.
 * When there is none, {@link #mismatch(List)} explains where the calls depart from the pattern.
 *
 * <p>Thread-safe: immutable.
 */
public final class FlowPattern {

    private final List<Object> elements;

    private FlowPattern(List<Object> elements) {
        this.elements = elements;
    }

    /**
     * Creates a pattern; consecutive {@code ANY}s collapse into one.
     *
     * @param elements tool names ({@link String}) and {@link Flow#ANY}
     * @return the pattern
     * @throws IllegalArgumentException naming the first element that is neither
     */
    public static FlowPattern of(Object... elements) {
        if (elements == null) {
            throw new IllegalArgumentException("pattern must not be null");
        }
        List<Object> collapsed = new ArrayList<>();
        for (int i = 0; i < elements.length; i++) {
            Object e = elements[i];
            if (e == Flow.ANY) {
                if (collapsed.isEmpty() || collapsed.get(collapsed.size() - 1) != Flow.ANY) {
                    collapsed.add(Flow.ANY);
                }
            } else if (e instanceof String name) {
                collapsed.add(name);
            } else {
                throw new IllegalArgumentException("Invalid pattern element at index " + i + ": "
                        + (e == null ? "null" : e + " (type " + e.getClass().getSimpleName() + ")")
                        + ". Only String and Flow.ANY are allowed.");
            }
        }
        return new FlowPattern(List.copyOf(collapsed));
    }

    /**
     * Returns the elements after collapsing.
     *
     * @return names and {@link Flow#ANY}
     */
    public List<Object> elements() {
        return elements;
    }

    /**
     * Returns whether some alignment of the pattern matches the calls.
     *
     * @param calls the tool names in flow order
     * @return {@code true} when they match
     */
    public boolean matches(List<String> calls) {
        int n = calls.size();
        // reach[j]: the pattern prefix seen so far can consume exactly the first j calls
        boolean[] reach = new boolean[n + 1];
        reach[0] = true;
        for (Object element : elements) {
            boolean[] next = new boolean[n + 1];
            if (element == Flow.ANY) {
                boolean any = false;
                for (int j = 0; j <= n; j++) {
                    any |= reach[j];
                    next[j] = any;
                }
            } else {
                for (int j = 1; j <= n; j++) {
                    next[j] = reach[j - 1] && element.equals(calls.get(j - 1));
                }
            }
            reach = next;
        }
        return reach[n];
    }

    /**
     * Explains why the calls do not match, or returns empty when they do.
     *
     * <p>The explanation walks the pattern's runs of names: the first run is anchored at the start
     * (unless the pattern starts with {@code ANY}), the last at the end (unless it ends with
     * {@code ANY}), and each run in between is found at its leftmost place — which leaves the most
     * room for the rest, so this finds a match exactly when {@link #matches(List)} does.
     *
     * @param calls the tool names in flow order
     * @return the one-line message, starting with {@code Flow mismatch:}
     */
    public Optional<String> mismatch(List<String> calls) {
        Optional<String> problem = diagnose(calls);
        return problem.map(p -> "Flow mismatch: " + p + ". Pattern: " + this + ", actual: " + names(calls));
    }

    private Optional<String> diagnose(List<String> calls) {
        List<List<String>> segments = new ArrayList<>();
        List<String> run = null;
        for (Object e : elements) {
            if (e == Flow.ANY) {
                run = null;
            } else {
                if (run == null) {
                    run = new ArrayList<>();
                    segments.add(run);
                }
                run.add((String) e);
            }
        }
        if (segments.isEmpty()) {
            // an empty pattern is anchored at both ends: it matches no calls at all
            return elements.isEmpty() && !calls.isEmpty()
                    ? Optional.of("unexpected trailing calls " + names(calls))
                    : Optional.empty();
        }
        boolean leading = elements.get(0) == Flow.ANY;
        boolean trailing = elements.get(elements.size() - 1) == Flow.ANY;
        int n = calls.size();
        int cursor = 0;
        int first = 0;
        if (!leading) {
            List<String> head = segments.get(0);
            for (int j = 0; j < head.size(); j++) {
                if (j >= n || !head.get(j).equals(calls.get(j))) {
                    return Optional.of("expected '" + head.get(j) + "' at position " + j + ", got '"
                            + (j >= n ? "<end>" : calls.get(j)) + "'");
                }
            }
            cursor = head.size();
            first = 1;
            if (segments.size() == 1 && !trailing) {
                return cursor == n ? Optional.empty()
                        : Optional.of("unexpected trailing calls " + names(calls.subList(cursor, n)));
            }
        }
        int last = segments.size();
        int limit = n;
        if (!trailing && first < segments.size()) {
            List<String> tail = segments.get(segments.size() - 1);
            int start = n - tail.size();
            if (start < cursor) {
                return Optional.of("could not find " + names(tail) + " at the end after position " + cursor);
            }
            if (!tail.equals(calls.subList(start, n))) {
                return Optional.of("expected the calls to end with " + names(tail) + ", got "
                        + names(calls.subList(start, n)));
            }
            last = segments.size() - 1;
            limit = start;
        }
        for (int k = first; k < last; k++) {
            List<String> segment = segments.get(k);
            int found = find(calls, segment, cursor, limit);
            if (found < 0) {
                return Optional.of("could not find " + names(segment) + " after position " + cursor
                        + (limit < n ? " and before position " + limit : ""));
            }
            cursor = found + segment.size();
        }
        return Optional.empty();
    }

    private static int find(List<String> calls, List<String> segment, int from, int limit) {
        for (int s = from; s + segment.size() <= limit; s++) {
            if (calls.subList(s, s + segment.size()).equals(segment)) {
                return s;
            }
        }
        return -1;
    }

    static String names(List<String> names) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(Json.quote(names.get(i)));
        }
        return sb.append(']').toString();
    }

    /**
     * Renders the pattern, e.g. {@code ["search", ..., "summarize"]}.
     *
     * @return the rendering
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Object e = elements.get(i);
            sb.append(e == Flow.ANY ? "..." : Json.quote((String) e));
        }
        return sb.append(']').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlowPattern other && elements.equals(other.elements);
    }

    @Override
    public int hashCode() {
        return elements.hashCode();
    }
}
