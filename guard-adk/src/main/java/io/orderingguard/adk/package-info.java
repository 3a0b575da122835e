/**
 * Ordering Guard for Google's Agent Development Kit (ADK) for Java: an ADK plugin that checks (and in
 * mutate mode repairs) every model request of an agent run before the model is called.
 *
 * <ul>
 *   <li>{@link io.orderingguard.adk.OrderingGuardPlugin} is the plugin: register it with the runner
 *       ({@code Runner.builder().plugins(...)} or {@code new InMemoryRunner(agent, app, plugins)});</li>
 *   <li>{@link io.orderingguard.adk.LlmRequestCodec} and {@link io.orderingguard.adk.EncodedLlmRequest}
 *       translate an {@code LlmRequest}'s google-genai contents to the guard's {@code Dispatch} and
 *       back, through guard-wire's Gemini codec, so signatures and unmodelled parts survive.</li>
 * </ul>
 *
 * <p>Decisions: a rejection fails the model call with the guard's {@code OrderingViolationException}
 * (ADK propagates it as the run's error; nothing is sent); repairs go to the request only, never to
 * the session's events; the conversation is the ADK session.
 */
package io.orderingguard.adk;
