/**
 * Reading and writing the canonical JSON documents (DESIGN §7) under configurable
 * {@link io.orderingguard.json.InputLimits}. {@link io.orderingguard.json.JsonInput} parses JSON and
 * YAML safely; {@link io.orderingguard.json.InputNode} reads a parsed tree with path-aware errors.
 * Every reader reports bad input as one {@link io.orderingguard.GuardInputException}.
 *
 * <p>Stable API.
 */
package io.orderingguard.json;
