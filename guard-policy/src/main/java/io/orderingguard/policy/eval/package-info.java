/**
 * Eval suites: an {@link io.orderingguard.policy.eval.EvalConfig} (Assay's {@code eval.yaml}, in the
 * documented shape and Assay's parsed shape) holds {@link io.orderingguard.policy.eval.EvalTest}s,
 * each asserting sequence rules, aliases and optionally an exact tool sequence about one recorded run.
 * {@link io.orderingguard.policy.eval.PolicyEval#run} reads a config and its trace files and returns
 * an {@link io.orderingguard.policy.eval.EvalRun} to assert on; each
 * {@link io.orderingguard.policy.eval.EvalResult} is pass, fail or error
 * ({@link io.orderingguard.policy.eval.EvalStatus}), with the rules' verdicts and, for an exact
 * sequence, the first difference ({@link io.orderingguard.policy.eval.SequenceMismatch}).
 *
 * <p>A test is matched to its run by {@code input.prompt} (as Assay does) or else by its id. Every
 * rule kind of guard-core's {@code io.orderingguard.policy} may be written inline; a v0
 * {@code sequences: [[A, B, C]]} reads as the chain {@code before A→B, before B→C}; the v0 fields
 * {@code must_call}/{@code must_not_call} are errors that point at {@code guard migrate}. Unknown keys,
 * duplicate ids and tests that assert nothing are errors naming the file and JSON path.
 *
 * <p>Stable API, except the error message texts, which may be refined.
 */
package io.orderingguard.policy.eval;
