/**
 * The provider-neutral timeline model: {@link io.orderingguard.timeline.Entry entries}
 * ({@link io.orderingguard.timeline.Message}, {@link io.orderingguard.timeline.Thought},
 * {@link io.orderingguard.timeline.ToolCall}), the {@link io.orderingguard.timeline.Timeline} that
 * orders them, and the {@link io.orderingguard.timeline.Dispatch} the guard checks, with its
 * {@link io.orderingguard.timeline.RequestOptions request options} ({@link io.orderingguard.timeline.Reasoning},
 * {@link io.orderingguard.timeline.ToolChoice}). Entries may name the wire message that carried them
 * ({@link io.orderingguard.timeline.Entry#wireMessage()}), and tool calls may be provider-executed.
 *
 * <p>Everything here is immutable and validated at construction. JSON payloads are deep-copied on
 * the way in and on the way out, so no caller can change an entry after the fact. Results live on
 * the tool call they answer; adapters pair wire-level results with their calls by id.
 *
 * <p>Stable API.
 */
package io.orderingguard.timeline;
