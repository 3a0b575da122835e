/**
 * Ordering Guard on OpenTelemetry: GenAI guardrail span events for every guard check
 * ({@link io.orderingguard.opentelemetry.GuardSpanEvents}). Needs the OpenTelemetry API only.
 */
module io.orderingguard.opentelemetry {
    requires transitive io.orderingguard.core;
    // OpenTelemetry declares these names in its manifests (Automatic-Module-Name), so they are stable
    requires transitive io.opentelemetry.api;
    requires io.opentelemetry.context;
    requires io.opentelemetry.common;

    exports io.orderingguard.opentelemetry;
}
