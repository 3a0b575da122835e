/**
 * Ordering Guard policy tooling: eval suites over recorded runs, their reports (text, JSON, JUnit
 * XML, SARIF), the v0 to v1 migration and the trace-file readers. The sequence-policy model and its
 * evaluation stay in guard-core ({@code io.orderingguard.policy}).
 */
module io.orderingguard.policy {
    requires transitive io.orderingguard.core;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports io.orderingguard.policy.eval;
    exports io.orderingguard.policy.migrate;
    exports io.orderingguard.policy.report;
    exports io.orderingguard.policy.trace;
}
