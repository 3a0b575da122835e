/**
 * Ordering Guard on Micrometer: an {@code Observation} per guard check and counters per rule id and
 * severity ({@link io.orderingguard.micrometer.GuardMicrometer}).
 */
module io.orderingguard.micrometer {
    requires transitive io.orderingguard.core;
    // Micrometer declares these names in its manifests (Automatic-Module-Name), so they are stable
    requires transitive micrometer.observation;
    requires transitive micrometer.core;
    requires transitive micrometer.commons;

    exports io.orderingguard.micrometer;
}
