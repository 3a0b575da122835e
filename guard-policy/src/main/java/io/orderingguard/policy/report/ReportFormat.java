package io.orderingguard.policy.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The formats an {@link io.orderingguard.policy.eval.EvalRun} can be written in; see
 * {@link EvalReports#render}.
 */
public enum ReportFormat {
    /** The human report: the Sequence Rules error blocks and a summary line. */
    TEXT("text"),
    /** A JSON document with every test's status and rule verdicts. */
    JSON("json"),
    /** JUnit XML, for CI test-result views. */
    JUNIT("junit"),
    /** SARIF 2.1.0, for code-scanning views; findings point at the tests in the eval config. */
    SARIF("sarif");

    private final String wireName;

    ReportFormat(String wireName) {
        this.wireName = wireName;
    }

    /**
     * Returns the name used on the command line.
     *
     * @return e.g. {@code junit}
     */
    public String wireName() {
        return wireName;
    }

    /**
     * Returns the format with a command-line name.
     *
     * @param name e.g. {@code sarif}
     * @return the format
     * @throws IllegalArgumentException naming the formats when the name is unknown
     */
    public static ReportFormat fromWire(String name) {
        List<String> names = new ArrayList<>();
        for (ReportFormat format : values()) {
            if (format.wireName.equals(name)) {
                return format;
            }
            names.add(format.wireName);
        }
        throw new IllegalArgumentException("unknown report format '" + name + "'; expected one of "
                + String.join(", ", names));
    }
}
