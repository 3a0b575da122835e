/**
 * Reading the files sequence policies work on: {@link io.orderingguard.policy.files.PolicyFiles}
 * (policy documents, YAML or JSON; the document shapes are guard-core's
 * {@code io.orderingguard.json.PolicyCodec}) and {@link io.orderingguard.policy.files.TraceFiles}
 * (recorded runs as {@link io.orderingguard.policy.files.TraceRecord}s: Assay JSONL episode events
 * and legacy records, dispatch documents and JSONL snapshots of them, and plain call lists).
 *
 * <p>Every problem is a {@code GuardInputException} naming the file, the line and the JSON path,
 * except a record whose tool calls cannot be read: it carries its problem, so that only the eval
 * test it belongs to errors. Reads respect the {@code InputLimits} of the {@code JsonInput} given.
 *
 * <p>Stable API, except the error message texts, which may be refined.
 */
package io.orderingguard.policy.files;
