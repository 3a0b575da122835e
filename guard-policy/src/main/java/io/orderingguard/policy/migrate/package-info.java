/**
 * Migrating eval configs to the current shape: {@link io.orderingguard.policy.migrate.EvalMigration}
 * converts a parsed v0 config (and Assay's legacy forms) on the tree and lists each change per
 * test; the caller validates the result and writes it back ({@code guard migrate} does both).
 *
 * <p>Stable API; the change descriptions may be refined.
 */
package io.orderingguard.policy.migrate;
