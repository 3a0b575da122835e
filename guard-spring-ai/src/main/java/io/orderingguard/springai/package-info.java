/**
 * Ordering Guard for Spring AI 2.0: {@link io.orderingguard.springai.OrderingGuardAdvisor}, a
 * {@code ChatClient} advisor (call and stream) that checks every round of the tool loop;
 * {@link io.orderingguard.springai.GuardedChatModel}, a {@code ChatModel} decorator for code that calls
 * the model directly; {@link io.orderingguard.springai.PromptCodec}, the lossless translation between a
 * {@code Prompt} and a {@code Dispatch}; and {@link io.orderingguard.springai.PairSafeChatMemory}, a
 * {@code ChatMemory} whose window evicts whole tool rounds, so it never orphans a tool result or
 * strips the thinking block a turn depends on.
 *
 * <p>A rejected prompt is reported with guard-core's {@link io.orderingguard.OrderingViolationException}
 * (no Spring AI retry resends it: Spring AI 2.0's tool loop does not retry, and the provider SDKs retry
 * HTTP failures only).
 */
package io.orderingguard.springai;
