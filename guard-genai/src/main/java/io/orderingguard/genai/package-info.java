/**
 * Ordering Guard for the google-genai Java SDK (2.x): {@link io.orderingguard.genai.GuardedModels}
 * checks each {@code Models.generateContent} / {@code generateContentStream} request with an
 * {@link io.orderingguard.OrderingGuard} before the SDK sends it, by way of the Gemini
 * {@code generateContent} codec of guard-wire. The SDK has no HTTP hook of its own; its automatic
 * function calling must be disabled for the guard to see every round of a tool loop.
 */
package io.orderingguard.genai;
