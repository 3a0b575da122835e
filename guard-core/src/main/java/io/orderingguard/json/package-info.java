/**
 * Reading and writing the canonical JSON documents (docs/dispatch-format.md) under configurable
 * {@link io.orderingguard.json.InputLimits}. {@link io.orderingguard.json.JsonInput} parses JSON and
 * YAML safely; {@link io.orderingguard.json.InputNode} reads a parsed tree with path-aware errors.
 * {@link io.orderingguard.json.DispatchCodec} reads and writes dispatch documents and JSONL files of
 * them; {@link io.orderingguard.json.PolicyFiles} reads sequence policy documents. Every reader
 * reports bad input as one {@link io.orderingguard.GuardInputException} naming the source, the line,
 * the JSON path and what was expected.
 *
 * <p>Readers and writers sit above the model: they depend on the timeline, policy and rule packages,
 * and no model package depends on them.
 *
 * <p>Stable API.
 */
package io.orderingguard.json;
