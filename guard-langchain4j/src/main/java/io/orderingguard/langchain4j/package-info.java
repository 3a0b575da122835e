/**
 * Ordering Guard for LangChain4j: checks (and in mutate mode repairs) every request before a
 * LangChain4j model sends it.
 *
 * <ul>
 *   <li>{@link io.orderingguard.langchain4j.GuardedChatModel} and
 *       {@link io.orderingguard.langchain4j.GuardedStreamingChatModel} decorate a model, so they see
 *       every request, including each round of an AI service's tool loop;</li>
 *   <li>{@link io.orderingguard.langchain4j.GuardedChatRequestTransformer} does the same inside
 *       {@code AiServices} when the model cannot be replaced;</li>
 *   <li>{@link io.orderingguard.langchain4j.ChatRequestCodec} translates a {@code ChatRequest} into
 *       the guard's {@code Dispatch} and back, losing nothing it does not model;</li>
 *   <li>{@link io.orderingguard.langchain4j.MetadataLayout} says where the target's LangChain4j
 *       module keeps provider signatures and reasoning on an {@code AiMessage} (Anthropic and Gemini
 *       share an attribute key), so the codec reads and writes them per provider;</li>
 *   <li>{@link io.orderingguard.langchain4j.GuardRejectedException} is what a rejection throws: a
 *       {@code NonRetriableException}, so LangChain4j never retries it.</li>
 * </ul>
 *
 * <p>Decisions: a guard never modifies the application's messages or its {@code ChatMemory} —
 * repairs go to the wire copy and are redone at every request; ChatModel listeners are not used
 * because LangChain4j swallows their exceptions (they cannot block a request).
 */
package io.orderingguard.langchain4j;
