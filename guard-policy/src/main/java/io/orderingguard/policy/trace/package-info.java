/**
 * Trace files: {@link io.orderingguard.policy.trace.TraceFiles} reads recorded agent runs as
 * {@link io.orderingguard.policy.trace.TraceRecord}s from Assay JSONL (episode events and legacy
 * records), dispatch documents and JSONL snapshots of them, guard-testing's flow traces, and plain
 * call lists. Policy files are read by guard-core's {@code io.orderingguard.json.PolicyFiles}.
 *
 * <p>Every problem is a {@code GuardInputException} naming the file, the line and the JSON path,
 * except a record whose tool calls cannot be read: it carries its problem, so that only the eval
 * test it belongs to errors. Reads respect the {@code InputLimits} given.
 *
 * <p>Stable API, except the error message texts, which may be refined.
 */
package io.orderingguard.policy.trace;
