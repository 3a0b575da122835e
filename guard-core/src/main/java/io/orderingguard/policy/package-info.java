/**
 * Tool-call sequence policies: the Sequence Rules DSL ("verify identity before delete") over the
 * ordered tool calls of a {@link io.orderingguard.timeline.Timeline}, a dispatch, or a recorded trace.
 *
 * <h2>Model</h2>
 * <ul>
 *   <li>{@link io.orderingguard.policy.SequenceRule}: sealed, validated records, one per kind —
 *       {@code require}, {@code before}, {@code immediately_before}, {@code blocklist},
 *       {@code allowlist}, {@code max_calls}, {@code eventually}, {@code never_after}, {@code after},
 *       {@code sequence} (strict and non-strict), and {@code tools} (a policy file's static
 *       {@code tools.allow/deny}). Operands are {@link io.orderingguard.policy.CallSelector}s (a tool
 *       name or alias, optionally with {@code args_match}); a rule may carry an {@code id} and a
 *       {@code when:} {@link io.orderingguard.policy.Condition}.</li>
 *   <li>{@link io.orderingguard.policy.SequencePolicy}: named rules plus
 *       {@link io.orderingguard.policy.Aliases}. {@code evaluate(timeline | calls | dispatch, context,
 *       extent)} returns a {@link io.orderingguard.policy.PolicyReport} with one
 *       {@link io.orderingguard.policy.RuleEvaluation} per rule: outcome held / violated /
 *       not_exercised, the 0-based indices spanned, a reason, and for a violation a
 *       {@link io.orderingguard.policy.Diagnosis} (actual, suggestion, marked call).</li>
 *   <li>{@link io.orderingguard.policy.ToolCallGate}: may this next call run, given the history
 *       (partial extent)? {@link io.orderingguard.policy.SequencePolicy#explain} gives the gate's verdict
 *       for every call of a finished trace, then the complete-extent verdict.</li>
 *   <li>Reading: policy files and documents are read by {@link io.orderingguard.json.PolicyFiles}
 *       (also the inline policy of a profile's {@code toolPolicy} rule); this package reads no files.
 *       The guard-policy module holds the other file formats: trace files
 *       ({@code io.orderingguard.policy.trace}), eval suites ({@code io.orderingguard.policy.eval}),
 *       reports in text, JSON, JUnit XML and SARIF ({@code io.orderingguard.policy.report}) and the
 *       v0 to v1 migration ({@code io.orderingguard.policy.migrate}).</li>
 * </ul>
 *
 * <h2>Semantics</h2>
 * The semantics, reasons and rule ids of the eight kinds the reference implements follow it
 * (Assay's {@code sequence_eval}): 0-based positions; first occurrences for {@code before} and
 * {@code never_after}; per-trigger windows for {@code after} with default {@code within: 1};
 * substring {@code blocklist}; the single-pass {@code sequence} with its strict/non-strict quirks.
 * Each record's Javadoc states its rules in full. Differences, all deliberate:
 * <ul>
 *   <li><b>Partial {@code require}.</b> The reference reports a missing required tool as violated
 *       even for a live (partial) trace. Here the partial extent means "more calls may come", so a
 *       required tool that has not been called yet is not exercised; only a finished run fails it.</li>
 *   <li><b>Degenerate rules are rejected when built</b>, wherever they come from (the reference
 *       rejects only {@code before} with identical tools, and only in eval configs): {@code before}
 *       and {@code immediately_before} with identical operands, {@code after} with identical
 *       trigger and then (its last call can never be answered), {@code within: 0}, negative
 *       {@code max}, a blank blocklist pattern, an empty allowlist, a {@code sequence} of fewer than
 *       two tools, an empty {@code when:}, an alias with no members or whose member is an alias.</li>
 *   <li><b>Unknown keys are errors</b> everywhere, including on rule objects, so a misspelt or
 *       misplaced {@code when:} can never be silently ignored. {@code args_match} regular expressions
 *       are checked when loaded (Java syntax), not failed closed at run time.</li>
 *   <li><b>Every kind may be written inline</b> in an eval test; the reference accepts only
 *       {@code require}, {@code before} and {@code blocklist} inline.</li>
 *   <li><b>Aliases</b> may also be given inline in an eval test ({@code aliases:}), and inlining a
 *       policy file keeps its aliases.</li>
 * </ul>
 *
 * <h2>Documented-only features of the reference, built here</h2>
 * <ul>
 *   <li>{@code immediately_before (first, then)}: every call of {@code then} must directly follow a
 *       call of {@code first}. Not exercised when {@code then} never occurs; violated at the first
 *       {@code then} that is the first call or follows anything else (spanned {@code [t-1, t]}, or
 *       {@code [t]} at index 0); held spans every such pair. "Every" rather than "first" because for
 *       {@code before} the two readings coincide, while for adjacency only "every" is a useful gate.</li>
 *   <li>{@code allowlist (tools)}: every call must match one of the selectors (aliases and
 *       {@code args_match} apply); spanned lists every call outside it.</li>
 *   <li>{@code count}: read as the former name of {@code max_calls}; {@code guard migrate} renames it.</li>
 *   <li>{@code when:} conditions ("coming in v1.1"): keys are dot paths that start with
 *       {@code context.} into the context object; values are a value (equal; numbers compare by
 *       value), a list (one of), or one operator: {@code equals}, {@code not}, {@code in},
 *       {@code not_in}, {@code exists}, {@code matches}. Several keys are a conjunction. A rule whose
 *       condition does not hold is not exercised, with the failing clause as its reason.</li>
 *   <li>{@code tools.allow/deny} of policy files: globs ({@code *} = any run of characters), deny
 *       wins; evaluated as the {@code tools} rule, first in the policy.</li>
 *   <li>The actionable error block (Rule / Expected / Actual / Trace with the violating position
 *       marked / Suggestion), with 1-based positions, as guard-policy's
 *       {@code io.orderingguard.policy.report.ViolationBlock}; each violation's
 *       {@link io.orderingguard.policy.Diagnosis} carries its parts.</li>
 *   <li>v0 {@code sequences: [[A, B, C]]}: read (and migrated) as the chain {@code before A→B},
 *       {@code before B→C}; {@code must_call}/{@code must_not_call} are migrated to {@code require}
 *       and {@code blocklist}.</li>
 * </ul>
 * Not built: {@code blocklist} with a {@code tools:} list or globs, and {@code before} with a list as
 * {@code then}; both are load errors whose message says what to write instead.
 *
 * <h2>The gate</h2>
 * {@link io.orderingguard.policy.ToolCallGate} evaluates history plus the next call with
 * {@link io.orderingguard.policy.Extent#PARTIAL} and fails closed: a violation already in the history
 * also blocks (it only occurs when earlier calls were not gated);
 * {@link io.orderingguard.policy.GateDecision#newViolations()} names the rules the next call itself
 * breaks. Under the partial extent a violation never disappears when calls are added, which is what
 * lets {@code explain} locate each rule's first violating call by bisection.
 *
 * <p>Stable API, except the file formats' error message texts, which may be refined.
 */
package io.orderingguard.policy;
