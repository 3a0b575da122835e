/**
 * Ordering Guard for Spring AI (2.0 in guard-spring-ai, 1.1 in guard-spring-ai-1: the same classes,
 * compiled against each line): {@link io.orderingguard.springai.OrderingGuardAdvisor}, a
 * {@code ChatClient} advisor (call and stream) that checks every prompt the advisor chain sends, in
 * every round of a tool loop run there; {@link io.orderingguard.springai.GuardedChatModel}, a
 * {@code ChatModel} decorator for code that calls the model directly (its own tool loop included);
 * {@link io.orderingguard.springai.PromptCodec}, the lossless translation between a {@code Prompt} and
 * a {@code Dispatch}; and {@link io.orderingguard.springai.PairSafeChatMemory}, a {@code ChatMemory}
 * whose window evicts whole tool rounds, so it never orphans a tool result or strips the thinking
 * block a turn depends on.
 *
 * <p>A rejected prompt is reported with guard-core's {@link io.orderingguard.OrderingViolationException}
 * before the model is called (no Spring AI retry resends it: the tool loops do not retry, and the
 * models' retries cover HTTP failures only).
 */
package io.orderingguard.springai;
