package io.orderingguard.langchain4j;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import io.orderingguard.CheckObserver;
import io.orderingguard.OrderingGuard;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.RequestOptions;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A {@link StreamingChatModel} that checks every request with an {@link OrderingGuard} before its
 * delegate streams it: the streaming twin of {@link GuardedChatModel}, with the same provider, model
 * and conversation-id resolution.
 *
 * <pre>{@code
 * StreamingChatModel model = GuardedStreamingChatModel.wrap(AnthropicStreamingChatModel.builder()...build(), guard);
 * model.chat(request, handler);
 * }</pre>
 *
 * <p>A rejected request is reported the way streaming models report every failure: the handler's
 * {@link StreamingChatResponseHandler#onError onError} receives the {@link GuardRejectedException}
 * (on the calling thread, before any HTTP request), and {@code chat} returns normally. A repaired
 * request is streamed in place of the original; the application's messages are never modified.
 *
 * <p>The provider's answer is reported as {@link GuardedChatModel} reports it, once the stream says
 * what it is: the first event of any kind (a partial response, thinking or tool call, or the complete
 * response) is an acceptance, counted before the application's handler sees it; an error before any
 * event is read from LangChain4j's exceptions. The handler is wrapped to learn this: every callback is
 * passed on, unchanged.
 *
 * <p>Encoding: the model remembers the last request of up to
 * {@value EncodingCache#DEFAULT_CONVERSATIONS} conversations ({@link Builder#encodingCache(int)}), so that
 * the next request of a conversation — a tool loop's next round — encodes only the messages it added to
 * the ones it shares, as the very same objects, with the previous one; the dispatch is the one a full
 * encode makes.
 *
 * <p>Thread-safe when the guard and the delegate are (the guard is).
 */
public final class GuardedStreamingChatModel implements StreamingChatModel {

    private final StreamingChatModel delegate;
    private final OrderingGuard guard;
    private final String provider;
    private final MetadataLayout layout;
    private final RequestOptions options;
    private final Function<ChatRequest, ?> conversationId;
    /** The previous encoding of each recent conversation, or {@code null} when the builder turned it off. */
    private final EncodingCache cache;
    private final CodecMemo codecs = new CodecMemo();

    private GuardedStreamingChatModel(StreamingChatModel delegate, OrderingGuard guard, String provider,
            MetadataLayout layout, RequestOptions options, Function<ChatRequest, ?> conversationId, int cacheSize) {
        this.delegate = delegate;
        this.guard = guard;
        this.provider = provider;
        this.layout = layout;
        this.options = options;
        this.conversationId = conversationId;
        this.cache = EncodingCache.remembering(cacheSize);
    }

    /**
     * Wraps a streaming model; the provider name comes from the delegate's
     * {@link StreamingChatModel#provider()}.
     *
     * @param delegate the model that streams requests
     * @param guard the guard
     * @return the guarded model
     */
    public static GuardedStreamingChatModel wrap(StreamingChatModel delegate, OrderingGuard guard) {
        return builder(delegate, guard).build();
    }

    /**
     * Wraps a streaming model, naming each request's conversation with a function.
     *
     * @param delegate the model that streams requests
     * @param guard the guard
     * @param conversationId returns the conversation a request belongs to, or {@code null} when unknown
     * @return the guarded model
     */
    public static GuardedStreamingChatModel wrap(StreamingChatModel delegate, OrderingGuard guard,
            Function<ChatRequest, ?> conversationId) {
        return builder(delegate, guard).conversationId(conversationId).build();
    }

    /**
     * Starts a builder.
     *
     * @param delegate the model that streams requests
     * @param guard the guard
     * @return the builder
     */
    public static Builder builder(StreamingChatModel delegate, OrderingGuard guard) {
        return new Builder(Require.nonNull(delegate, "delegate"), Require.nonNull(guard, "guard"));
    }

    /**
     * Returns the wrapped model.
     *
     * @return the delegate
     */
    public StreamingChatModel delegate() {
        return delegate;
    }

    /**
     * Returns the guard.
     *
     * @return the guard
     */
    public OrderingGuard guard() {
        return guard;
    }

    /**
     * Returns the codec this model encodes requests with.
     *
     * @return the codec
     */
    public ChatRequestCodec codec() {
        ChatRequestParameters defaults = delegate.defaultRequestParameters();
        ChatRequestCodec known = codecs.reuse(defaults);
        return known != null ? known : codecs.remember(defaults, ChatRequestCodec.of(
                provider != null ? provider : ChatRequestCodec.providerName(delegate.provider()), defaults,
                layout != null ? layout : MetadataLayout.of(delegate))
                .withOptions(RequestOptions.unknown().withStream(true).overriddenBy(options)));
    }

    /**
     * Checks the request and, unless it is rejected, streams it (or its repair) through the delegate.
     * A rejection goes to {@code handler.onError} as a {@link GuardRejectedException}, and so does a
     * {@link io.orderingguard.GuardConfigException} when the guard's profile selector chooses no
     * profile for the request's model (never with {@code Profiles.selector()}, which falls back to
     * {@code unknown-model}).
     *
     * @param request the request
     * @param options per-request options; the {@link GuardedChatModel#CONVERSATION_ID} listener
     *     attribute names the conversation
     * @param handler receives the stream, or the rejection
     */
    @Override
    public void chat(ChatRequest request, ChatRequestOptions options, StreamingChatResponseHandler handler) {
        Require.nonNull(request, "request");
        Require.nonNull(handler, "handler");
        RequestGate.Admitted admitted;
        try {
            Object attribute = options == null ? null : options.listenerAttributes().get(GuardedChatModel.CONVERSATION_ID);
            Object id = attribute != null ? attribute : conversationId == null ? null : conversationId.apply(request);
            admitted = RequestGate.check(guard, codec(), cache, request, RequestGate.conversationId(id));
        } catch (RuntimeException e) {
            handler.onError(e);
            return;
        }
        AnsweringHandler answering = new AnsweringHandler(handler, admitted);
        try {
            delegate.chat(admitted.request(), options == null ? ChatRequestOptions.EMPTY : options, answering);
        } catch (RuntimeException e) {
            answering.failed(e);
            throw e;
        }
    }

    @Override
    public void chat(ChatRequest request, StreamingChatResponseHandler handler) {
        chat(request, ChatRequestOptions.EMPTY, handler);
    }

    /**
     * Same as {@link #chat(ChatRequest, StreamingChatResponseHandler)}: a guarded model has no
     * unguarded path.
     *
     * @param request the request
     * @param handler receives the stream, or the rejection
     */
    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        chat(request, ChatRequestOptions.EMPTY, handler);
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return delegate.defaultRequestParameters();
    }

    /**
     * Returns no listeners: the delegate's listeners fire inside the delegate.
     *
     * @return an empty list
     */
    @Override
    public List<ChatModelListener> listeners() {
        return List.of();
    }

    @Override
    public ModelProvider provider() {
        return delegate.provider();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return delegate.supportedCapabilities();
    }

    @Override
    public String toString() {
        return "GuardedStreamingChatModel{" + delegate + ", mode=" + guard.mode().wireName() + "}";
    }

    /**
     * Configures a {@link GuardedStreamingChatModel}. Not thread-safe.
     */
    public static final class Builder {
        private final StreamingChatModel delegate;
        private OrderingGuard guard;
        private String provider;
        private MetadataLayout layout;
        private RequestOptions options = RequestOptions.unknown();
        private Function<ChatRequest, ?> conversationId;
        private int encodingCache = EncodingCache.DEFAULT_CONVERSATIONS;

        private Builder(StreamingChatModel delegate, OrderingGuard guard) {
            this.delegate = delegate;
            this.guard = guard;
        }

        /**
         * Sets the provider name put on each dispatch (default: derived from the delegate).
         *
         * @param value the provider name
         * @return this
         * @throws IllegalArgumentException when blank
         */
        public Builder provider(String value) {
            this.provider = Require.nonBlank(value, "provider");
            return this;
        }

        /**
         * Sets the function naming the conversation of a request.
         *
         * @param value the function; it may return {@code null} for an unknown conversation
         * @return this
         */
        public Builder conversationId(Function<ChatRequest, ?> value) {
            this.conversationId = Require.nonNull(value, "conversationId");
            return this;
        }

        /**
         * Sets where the delegate's LangChain4j module keeps provider metadata — signatures and
         * reasoning — on an {@code AiMessage} (default: {@link MetadataLayout#of(StreamingChatModel)}, from the
         * delegate's class and provider). Needed only when the delegate is a custom model whose
         * provider does not say.
         *
         * @param value the layout
         * @return this
         */
        public Builder metadataLayout(MetadataLayout value) {
            this.layout = Require.nonNull(value, "metadataLayout");
            return this;
        }

        /**
         * Sets request options that win over what the request's parameters say (default: none). The
         * codec reads tool choice, output limit, Anthropic thinking and OpenAI reasoning effort and
         * parallel tool calls from the parameters, and {@code stream} from the decorator; name here what
         * LangChain4j does not expose — Gemini's {@code thinkingConfig}, for instance, which lives in
         * the model without a getter: {@code RequestOptions.unknown().withReasoning(Reasoning.enabled(1024))}.
         *
         * @param value the options
         * @return this
         */
        public Builder requestOptions(RequestOptions value) {
            this.options = Require.nonNull(value, "requestOptions");
            return this;
        }

        /**
         * Sets how many conversations this model remembers the last request of (default
         * {@value EncodingCache#DEFAULT_CONVERSATIONS}; 0: none), so that a conversation's next request
         * — a tool loop's next round — encodes only the messages it added. Kept per conversation id (a
         * request without one is encoded in full): the request's message list, the same instances, and
         * the entries made from them; the least recently used conversation is forgotten first. A request
         * reuses the entries of its leading messages that are the very objects the previous request of
         * its conversation held at the same positions (compared with {@code ==}), up to the last point
         * no later tool result can change; the dispatch is the one a full encode makes.
         *
         * @param maxConversations how many conversations to remember, or 0 for none
         * @return this
         * @throws IllegalArgumentException when negative
         */
        public Builder encodingCache(int maxConversations) {
            Require.argument(maxConversations >= 0, "encodingCache must be >= 0, but was " + maxConversations);
            this.encodingCache = maxConversations;
            return this;
        }

        /**
         * Reports every check of this model's requests to an observer as well, e.g.
         * {@code GuardMicrometer.observer(meterRegistry)} or {@code GuardSpanEvents.observer()}: the
         * model then uses {@link OrderingGuard#withObserver} of the guard it was given, which itself is
         * unchanged. May be called more than once.
         *
         * @param observer the observer
         * @return this
         */
        public Builder observer(CheckObserver observer) {
            this.guard = guard.withObserver(Require.nonNull(observer, "observer"));
            return this;
        }

        /**
         * Builds the model.
         *
         * @return the guarded model
         */
        public GuardedStreamingChatModel build() {
            return new GuardedStreamingChatModel(delegate, guard, provider, layout, options, conversationId, encodingCache);
        }
    }
}
