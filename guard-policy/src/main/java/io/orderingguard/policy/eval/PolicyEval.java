package io.orderingguard.policy.eval;

import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.policy.trace.TraceFiles;
import io.orderingguard.policy.trace.TraceRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The entry point for running an eval suite from code: a JUnit test, a Gradle or Maven task, or the
 * {@code guard eval} command. It reads the eval config, reads every trace file, matches each test
 * to its recorded run and evaluates it.
 *
 * <pre>{@code
 * EvalRun run = PolicyEval.run(Path.of("policies/eval.yaml"), Path.of("build/traces.jsonl"));
 * assertThat(run.passed()).as(EvalReports.text(run)).isTrue();
 * }</pre>
 *
 * <p>Bad input (an unreadable or invalid config or trace file, a test without a recorded run) is a
 * {@link GuardInputException} naming the file, line and JSON path; a run whose tool calls cannot be
 * read makes only its own test an {@link EvalStatus#ERROR}, so the other tests still run.
 *
 * <p>Thread-safe: stateless.
 */
public final class PolicyEval {

    private PolicyEval() {}

    /**
     * Runs an eval config over one or more trace files with the default input limits.
     *
     * @param config the eval config (YAML or JSON)
     * @param traces the trace files (Assay JSONL, dispatch documents or call lists); at least one
     * @return the results, one per test in config order
     * @throws GuardInputException when the config or a trace file is bad, or a test has no run
     * @throws IllegalArgumentException when no trace file is given
     */
    public static EvalRun run(Path config, Path... traces) {
        Objects.requireNonNull(traces, "traces must not be null");
        return run(config, List.of(traces), InputLimits.defaults());
    }

    /**
     * Runs an eval config over trace files under input limits.
     *
     * @param config the eval config (YAML or JSON)
     * @param traces the trace files; at least one
     * @param limits the input limits of the config, the policy files it names and the traces
     * @return the results, one per test in config order
     * @throws GuardInputException when the config or a trace file is bad, or a test has no run
     * @throws IllegalArgumentException when no trace file is given
     */
    public static EvalRun run(Path config, List<Path> traces, InputLimits limits) {
        Objects.requireNonNull(config, "config must not be null");
        Objects.requireNonNull(limits, "limits must not be null");
        List<Path> files = List.copyOf(Objects.requireNonNull(traces, "traces must not be null"));
        if (files.isEmpty()) {
            throw new IllegalArgumentException("traces must name at least one trace file, but was empty");
        }
        EvalConfig eval = EvalConfig.load(config, limits);
        List<TraceRecord> records = new ArrayList<>();
        for (Path trace : files) {
            records.addAll(TraceFiles.read(trace, limits));
        }
        return eval.run(records);
    }
}
