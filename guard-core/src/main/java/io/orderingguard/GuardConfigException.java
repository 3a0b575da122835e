package io.orderingguard;

import java.util.List;

/**
 * Invalid configuration: rules, profiles or guard options that cannot work. Lists every problem
 * found, not only the first, one per line after a summary.
 */
public final class GuardConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /**
     * Creates the exception.
     *
     * @param what what was being configured, e.g. {@code ordering guard options}
     * @param problems every problem found, each naming the field and the bad value
     */
    public GuardConfigException(String what, List<String> problems) {
        super(format(what, problems));
        this.problems = List.copyOf(problems);
    }

    /**
     * Returns every problem found.
     *
     * @return the problems
     */
    public List<String> problems() {
        return problems;
    }

    private static String format(String what, List<String> problems) {
        if (problems.size() == 1) {
            return "invalid " + what + ": " + problems.get(0);
        }
        StringBuilder sb = new StringBuilder("invalid " + what + ": " + problems.size() + " problems");
        for (String p : problems) {
            sb.append("\n  - ").append(p);
        }
        return sb.toString();
    }
}
