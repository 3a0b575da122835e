/**
 * Provider wire formats: {@link io.orderingguard.wire.WireFormat} names a provider request surface
 * and detects it from a body or URL path, {@link io.orderingguard.wire.WireCodec} reads a body into
 * a {@link io.orderingguard.timeline.Dispatch} ({@link io.orderingguard.wire.ParsedBody} keeps the
 * wire position of every entry) and renders a repaired dispatch back into a body of the same
 * surface, changed only where the repair changed something.
 */
package io.orderingguard.wire;
