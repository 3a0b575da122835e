/**
 * Reading and writing the canonical JSON documents (docs/dispatch-format.md) under configurable
 * {@link io.orderingguard.InputLimits}. {@link io.orderingguard.json.DispatchCodec} reads and writes
 * dispatch documents and JSONL files of them; {@link io.orderingguard.json.PolicyFiles} reads sequence
 * policy documents, {@link io.orderingguard.json.ProfileCodec} profile documents and
 * {@link io.orderingguard.json.RuleCodec} single rules; {@link io.orderingguard.json.ResultCodec} writes
 * results. Every reader reports bad input as one {@link io.orderingguard.GuardInputException} naming the
 * source, the line, the JSON path and what was expected.
 *
 * <p>Readers and writers sit above the model: they depend on the timeline, policy and rule packages,
 * and no model package depends on them.
 *
 * <p>Stable API.
 */
package io.orderingguard.json;
