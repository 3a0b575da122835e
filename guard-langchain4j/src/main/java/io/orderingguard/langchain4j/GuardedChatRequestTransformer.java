package io.orderingguard.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.OrderingGuard;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.RequestOptions;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * A request transformer for LangChain4j {@code AiServices}: it checks every request an AI service
 * sends — the first one and each tool-loop round — and returns it unchanged, returns its repair, or
 * throws a {@link GuardRejectedException}. The AI service's memory id is the conversation id.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(20))
 *         .tools(new Tools())
 *         .chatRequestTransformer(GuardedChatRequestTransformer.of(guard, model))
 *         .build();
 * }</pre>
 *
 * <p>Use either this transformer or a {@link GuardedChatModel}, not both: each would check the
 * same request. The transformer is the choice when the model object cannot be replaced; the
 * decorator also guards calls made outside AI services. Like the decorator, the transformer repairs
 * the wire copy only: the chat memory keeps the application's messages.
 *
 * <p>The transformer remembers the last request of recent conversations to encode only what the next one
 * adds ({@link #withEncodingCache(int)}).
 *
 * <p>Thread-safe; its configuration is immutable.
 */
public final class GuardedChatRequestTransformer implements BiFunction<ChatRequest, Object, ChatRequest> {

    private final OrderingGuard guard;
    private final ChatRequestCodec codec;
    /** The previous encoding of each recent memory id, or {@code null} when turned off. */
    private final EncodingCache cache;

    private GuardedChatRequestTransformer(OrderingGuard guard, ChatRequestCodec codec, int cacheSize) {
        this.guard = guard;
        this.codec = codec;
        this.cache = EncodingCache.remembering(cacheSize);
    }

    /**
     * Creates a transformer for requests to a model (its provider and default parameters name the
     * target; its class and provider say where its messages keep signatures and reasoning).
     *
     * @param guard the guard
     * @param model the model the AI service sends to
     * @return the transformer
     */
    public static GuardedChatRequestTransformer of(OrderingGuard guard, ChatModel model) {
        return of(guard, ChatRequestCodec.forModel(model).withOptions(RequestOptions.unknown().withStream(false)));
    }

    /**
     * Creates a transformer for requests to a streaming model.
     *
     * @param guard the guard
     * @param model the model the AI service streams to
     * @return the transformer
     */
    public static GuardedChatRequestTransformer of(OrderingGuard guard, StreamingChatModel model) {
        return of(guard, ChatRequestCodec.forModel(model).withOptions(RequestOptions.unknown().withStream(true)));
    }

    /**
     * Creates a transformer with an explicit codec (provider name and default parameters).
     *
     * @param guard the guard
     * @param codec the codec
     * @return the transformer
     */
    public static GuardedChatRequestTransformer of(OrderingGuard guard, ChatRequestCodec codec) {
        return new GuardedChatRequestTransformer(Require.nonNull(guard, "guard"), Require.nonNull(codec, "codec"),
                EncodingCache.DEFAULT_CONVERSATIONS);
    }

    /**
     * Returns a transformer that remembers the last request of as many conversations (memory ids) as
     * given, so that a tool loop's next round encodes only the messages it added; the default is
     * {@value EncodingCache#DEFAULT_CONVERSATIONS}, 0 remembers none. See
     * {@link GuardedChatModel.Builder#encodingCache(int)} for what is kept and when a request reuses it.
     *
     * @param maxConversations how many conversations to remember, or 0 for none
     * @return a new transformer with an empty memory
     * @throws IllegalArgumentException when negative
     */
    public GuardedChatRequestTransformer withEncodingCache(int maxConversations) {
        Require.argument(maxConversations >= 0, "encodingCache must be >= 0, but was " + maxConversations);
        return new GuardedChatRequestTransformer(guard, codec, maxConversations);
    }

    /**
     * Checks a request of an AI service.
     *
     * @param request the request the AI service built
     * @param memoryId the AI service's memory id, used as the conversation id ({@code null} for none)
     * @return the request itself when it passed, or its repair
     * @throws GuardRejectedException when the guard rejects it
     * @throws io.orderingguard.GuardConfigException when the guard's profile selector chooses no profile
     *     for the request's model (never with {@code Profiles.selector()}, which falls back to
     *     {@code unknown-model})
     */
    @Override
    public ChatRequest apply(ChatRequest request, Object memoryId) {
        Require.nonNull(request, "request");
        return RequestGate.admit(guard, codec, cache, request, RequestGate.conversationId(memoryId));
    }

    /**
     * Returns this transformer as a one-argument operator, for requests with no conversation id.
     *
     * @return the operator
     */
    public UnaryOperator<ChatRequest> withoutConversationId() {
        return request -> apply(request, null);
    }
}
