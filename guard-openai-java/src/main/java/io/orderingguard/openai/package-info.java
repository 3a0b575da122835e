/**
 * Ordering Guard for the official OpenAI Java SDK (openai-java 4.x):
 * {@link io.orderingguard.openai.GuardedHttpClient}, a delegating {@code com.openai.core.http.HttpClient}
 * given to {@code ClientOptions.Builder.httpClient}, reads each Chat Completions and Responses request
 * body, checks it with an {@link io.orderingguard.OrderingGuard}, and sends it unchanged, sends the
 * repaired body, or fails with {@link io.orderingguard.OrderingViolationException} before anything is
 * sent. openai-java has no interceptor list of its own; with {@code OpenAIOkHttpClient}, guard-okhttp's
 * {@code okhttp3.Interceptor} is the other way in.
 */
package io.orderingguard.openai;
