/**
 * Ordering Guard wire formats: provider request bodies read into a dispatch and written back. Exports
 * the API package only; {@code io.orderingguard.wire.internal} (the per-provider mappings) stays
 * hidden.
 */
module io.orderingguard.wire {
    requires transitive io.orderingguard.core;

    exports io.orderingguard.wire;
}
