/**
 * Ordering Guard for the AWS SDK for Java v2 Bedrock Runtime client:
 * {@link io.orderingguard.bedrock.BedrockGuardInterceptor}, an {@code ExecutionInterceptor} that checks each
 * marshalled Converse request body with an {@link io.orderingguard.OrderingGuard} before the SDK signs
 * and sends it, and sends it unchanged, sends the repaired body, or fails the call with
 * {@link io.orderingguard.OrderingViolationException}. It works below every framework built on the
 * client (Spring AI's {@code BedrockProxyChatModel}, LangChain4j's {@code BedrockChatModel}).
 */
package io.orderingguard.bedrock;
