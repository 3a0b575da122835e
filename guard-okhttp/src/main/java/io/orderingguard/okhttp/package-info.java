/**
 * Ordering Guard for any OkHttp-based client: {@link io.orderingguard.okhttp.OkHttpGuardInterceptor} reads
 * each request body bound for a chat endpoint (Anthropic Messages, OpenAI Chat Completions and
 * Responses, Gemini, Bedrock Converse), checks it with an {@link io.orderingguard.OrderingGuard} and
 * sends it unchanged, sends the repaired body, or throws
 * {@link io.orderingguard.OrderingViolationException} before anything is sent. The decision itself is
 * {@link io.orderingguard.wire.WireGuard}'s; this package only adapts OkHttp's request and body types.
 */
package io.orderingguard.okhttp;
