/**
 * Safe parsing of JSON and YAML text under {@link io.orderingguard.InputLimits}
 * ({@link io.orderingguard.json.tree.JsonInput}), path-aware reading of the parsed trees
 * ({@link io.orderingguard.json.tree.InputNode}), and the reader of sequence rules and aliases
 * ({@link io.orderingguard.json.tree.SequenceRuleReader}) that policy, eval and trace files share. Every
 * problem is one {@link io.orderingguard.GuardInputException} naming the source, the line and the JSON
 * path.
 *
 * <p><strong>Not public API: for Ordering Guard's own modules only.</strong> guard-core's module-info
 * exports it to the modules that read documents of their own (guard-wire, guard-policy, guard-testing);
 * on the module path an application cannot read it. Applications read documents through the codecs of
 * {@code io.orderingguard.json}, with Paths and Strings. It is outside the API compatibility check and
 * may change in any release without notice.
 *
 * <p>It sits below {@code io.orderingguard.json}, whose codecs are built on it, and never uses that
 * package.
 */
package io.orderingguard.json.tree;
