package io.orderingguard.policy.eval;

import io.orderingguard.policy.ToolInvocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a run's tool names first differ from an eval test's exact {@code sequence:}.
 *
 * @param index the 0-based position of the first difference
 * @param expected the full expected list
 * @param actual the full actual list
 * @param message the difference in words, e.g.
 *     {@code sequence_valid mismatch. Mismatch at index [1]: Expected 'b', Found 'c', (Expected 2: ["a", "b"], Actual 2: ["a", "c"])}
 */
public record SequenceMismatch(int index, List<String> expected, List<String> actual, String message) {

    /** Validates and copies the fields. */
    public SequenceMismatch {
        if (index < 0) {
            throw new IllegalArgumentException("index must be >= 0, but was " + index);
        }
        expected = List.copyOf(expected);
        actual = List.copyOf(actual);
        Objects.requireNonNull(message, "message must not be null");
    }

    /**
     * Compares a run's tool names with an exact sequence.
     *
     * @param expected the exact sequence
     * @param calls the run's calls
     * @return the first difference, or {@code null} when they are equal
     */
    public static SequenceMismatch compare(List<String> expected, List<ToolInvocation> calls) {
        List<String> actual = new ArrayList<>(calls.size());
        for (ToolInvocation call : calls) {
            actual.add(call.tool());
        }
        if (expected.equals(actual)) {
            return null;
        }
        int i = 0;
        while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
            i++;
        }
        String diff;
        if (i < expected.size() && i < actual.size()) {
            diff = "Mismatch at index [" + i + "]: Expected '" + expected.get(i) + "', Found '" + actual.get(i) + "'";
        } else if (i < actual.size()) {
            diff = "Unexpected extra tool at index [" + i + "]: '" + actual.get(i) + "'";
        } else {
            diff = "Missing expected tool at index [" + i + "]: '" + expected.get(i) + "'";
        }
        String message = "sequence_valid mismatch. " + diff + ", (Expected " + expected.size() + ": " + list(expected)
                + ", Actual " + actual.size() + ": " + list(actual) + ")";
        return new SequenceMismatch(i, expected, actual, message);
    }

    private static String list(List<String> names) {
        List<String> quoted = new ArrayList<>(names.size());
        for (String name : names) {
            quoted.add("\"" + name + "\"");
        }
        return "[" + String.join(", ", quoted) + "]";
    }
}
