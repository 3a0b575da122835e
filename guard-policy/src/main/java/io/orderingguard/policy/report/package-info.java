/**
 * Reports of eval runs: {@link io.orderingguard.policy.report.EvalReports} renders an
 * {@code EvalRun} as text, JSON, JUnit XML or SARIF 2.1.0
 * ({@link io.orderingguard.policy.report.ReportFormat}) and writes it to a file;
 * {@link io.orderingguard.policy.report.ViolationBlock} renders one violated rule as the Sequence
 * Rules error block (Rule / Expected / Actual / the trace with the violating call marked /
 * Suggestion, 1-based positions), which the text report, the JUnit failures and {@code guard gate}
 * print.
 *
 * <p>Stable API; the report documents' shapes are stable, their human texts may be refined.
 */
package io.orderingguard.policy.report;
