/**
 * OpenTelemetry span events for the ordering guard, following the GenAI guardrail conventions
 * ({@code gen_ai.guardrail.result}). Attach with one line:
 *
 * <pre>{@code
 * OrderingGuard guard = OrderingGuard.builder()
 *         .profile("anthropic-messages")
 *         .observer(GuardSpanEvents.observer())
 *         .build();
 * }</pre>
 *
 * <p>The GenAI guardrail event is a development-status convention: its attribute names follow the
 * convention as published; the values this module writes are documented in
 * {@link io.orderingguard.opentelemetry.GuardSpanEvents} and may follow the convention when it settles.
 */
package io.orderingguard.opentelemetry;
