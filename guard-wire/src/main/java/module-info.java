/**
 * Ordering Guard provider wire formats: reads a provider request body into a guard
 * {@link io.orderingguard.timeline.Dispatch} and renders a repaired dispatch back into a body of the
 * same surface. Only {@code io.orderingguard.wire} is exported; the codecs live in a package of
 * their own.
 */
module io.orderingguard.wire {
    requires transitive io.orderingguard.core;
    requires transitive com.fasterxml.jackson.databind;

    exports io.orderingguard.wire;
}
