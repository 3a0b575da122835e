/**
 * Ordering Guard for the official Anthropic Java SDK (anthropic-java 3.x). Its OkHttp client is
 * private, so an {@code okhttp3.Interceptor} cannot reach it; the SDK's own
 * {@code com.anthropic.core.http.Interceptor} can: {@link io.orderingguard.anthropic.AnthropicGuardInterceptor}
 * wraps the SDK's HTTP client in a {@link io.orderingguard.anthropic.GuardedHttpClient}, which reads
 * each Messages request body, checks it with an {@link io.orderingguard.OrderingGuard}, and sends it
 * unchanged, sends the repaired body, or fails with {@link io.orderingguard.OrderingViolationException}
 * before anything is sent. SDK interceptors run on every attempt, retries included, and see the
 * request before credentials are applied.
 */
package io.orderingguard.anthropic;
