package io.orderingguard.examples;

import io.orderingguard.policy.eval.EvalResult;
import io.orderingguard.policy.eval.EvalRun;
import io.orderingguard.policy.eval.PolicyEval;
import io.orderingguard.policy.report.EvalReports;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * An eval suite run from code, as a JUnit test or a build task would: the suite in
 * {@code policies/eval.yaml} checks the recorded agent runs in {@code policies/traces.jsonl}. One run
 * deleted a customer without verifying their identity first, so its test fails and the report shows
 * the violating call.
 */
public final class EvalRecordedRuns {

    private EvalRecordedRuns() {}

    /**
     * Runs the example from the {@code guard-examples} directory.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out, Path.of("policies"));
    }

    /**
     * Runs the example, printing to {@code out}.
     *
     * @param out where to print
     * @param policies the directory holding {@code eval.yaml} and {@code traces.jsonl}
     * @return the run
     */
    public static EvalRun run(PrintStream out, Path policies) {
        EvalRun run = PolicyEval.run(policies.resolve("eval.yaml"), policies.resolve("traces.jsonl"));
        for (EvalResult failure : run.failures()) {
            out.println("failed: " + failure.testId() + " (" + failure.trace().location() + ")");
        }
        out.print(EvalReports.text(run));
        return run;
    }
}
