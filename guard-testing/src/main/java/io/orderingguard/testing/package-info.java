/**
 * Flow assertions for tests of LLM agents: record what an agent did with a
 * {@link io.orderingguard.testing.FlowSession}, assert on it with
 * {@link io.orderingguard.testing.FlowAssert}, keep it as a {@link io.orderingguard.testing.Trace}
 * file, and compare it with a golden baseline ({@link io.orderingguard.testing.TraceDiff}).
 *
 * <p>Semantics follow reagent-flow (Python): every LLM call is a turn; the flat call list is turn by
 * turn, then in the order the model listed its calls; tools are named exactly; trace files use its
 * {@code format_version "1"} layout, so either tool reads the other's files. Deliberate differences,
 * each a fix of a reference limitation:
 * <ul>
 *   <li>{@link io.orderingguard.testing.FlowPattern} finds an alignment whenever one exists (the
 *       reference's greedy matcher rejects {@code [..., "a"]} on {@code a, b, a});</li>
 *   <li>{@code toolSucceeded} links results to calls by id across turns, not only within the call's
 *       turn;</li>
 *   <li>logging a tool result before any LLM call is an error, not a warning that drops it;</li>
 *   <li>failure reports carry no ANSI colour codes; values are rendered as JSON, not Python reprs;</li>
 *   <li>redaction applies to recorded data only, never to the trace's own fields;</li>
 *   <li>unknown fields in a trace file are ignored (another writer's additions), known ones are
 *       type-checked with errors naming file and JSON path.</li>
 * </ul>
 *
 * <p>The JUnit 5 extension is in {@link io.orderingguard.testing.junit}, the local provider emulator
 * in {@link io.orderingguard.testing.emulator}.
 */
package io.orderingguard.testing;
