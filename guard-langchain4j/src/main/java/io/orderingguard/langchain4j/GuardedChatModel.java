package io.orderingguard.langchain4j;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.orderingguard.CheckObserver;
import io.orderingguard.OrderingGuard;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.RequestOptions;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * A {@link ChatModel} that checks every request with an {@link OrderingGuard} before its delegate
 * sends it. Because AI services and agents call the model once per tool-loop round, the decorator
 * sees every request, including each round of a tool loop.
 *
 * <pre>{@code
 * ChatModel model = GuardedChatModel.wrap(OpenAiChatModel.builder()...build(), guard);
 * String answer = model.chat("Hello");                       // checked, then sent
 * }</pre>
 *
 * <p>In {@link io.orderingguard.Mode#ENFORCE} mode a rejected request throws a
 * {@link GuardRejectedException} (a {@code NonRetriableException}, so it is never retried) and the
 * delegate is not called: no HTTP request is made. In {@link io.orderingguard.Mode#MUTATE} mode the
 * repaired request is sent; the application's messages — and the {@code ChatMemory} they live in —
 * are left as they were, so the repair happens on the wire copy only, again at every request.
 * A request that passes is handed to the delegate as the very same object.
 *
 * <p>The dispatch the guard checks names the provider (from {@link #provider()} unless given), the
 * effective model (the request's parameters over the delegate's defaults) and the conversation: the
 * {@link #CONVERSATION_ID} listener attribute of the {@link ChatRequestOptions} when present, else
 * the conversation-id function, else none (preservation rules then have no baseline).
 *
 * <p>The provider's answer: every request that went out is joined with its check
 * ({@link OrderingGuard#answered}), and the guard's listeners hear the verdict — confirmed,
 * contradicted, missed, agreed or unjudged (count them with guard-micrometer's
 * {@code GuardMicrometer.verdicts}). A response is an acceptance (LangChain4j hands over no status;
 * a response means a 2xx). A failure is read from LangChain4j's exceptions: the status and body of
 * the {@code HttpException} in the cause chain, else the status its type implies
 * ({@code InvalidRequestException} 400 with its message, {@code AuthenticationException} 401,
 * {@code ModelNotFoundException} 404, {@code RateLimitException} 429, {@code InternalServerException}
 * 500), else no answer (unjudged: a timeout, a network error). With the delegate's own retries
 * ({@code maxRetries}) only the last attempt's outcome is seen.
 *
 * <p>Listeners: the delegate's listeners fire as usual (the delegate's own {@code chat} is called);
 * this decorator reports none of its own, so nothing fires twice.
 *
 * <p>Encoding: the model remembers the last request of up to
 * {@value EncodingCache#DEFAULT_CONVERSATIONS} conversations ({@link Builder#encodingCache(int)}), so that
 * the next request of a conversation — a tool loop's next round — encodes only the messages it added to
 * the ones it shares, as the very same objects, with the previous one; the dispatch is the one a full
 * encode makes.
 *
 * <p>Thread-safe when the guard and the delegate are (the guard is).
 */
public final class GuardedChatModel implements ChatModel {

    /**
     * The key of the {@link ChatRequestOptions#listenerAttributes()} entry naming the conversation a
     * request belongs to.
     */
    public static final String CONVERSATION_ID = "ordering-guard.conversation-id";

    private final ChatModel delegate;
    private final OrderingGuard guard;
    private final String provider;
    private final MetadataLayout layout;
    private final RequestOptions options;
    private final Function<ChatRequest, ?> conversationId;
    /** The previous encoding of each recent conversation, or {@code null} when the builder turned it off. */
    private final EncodingCache cache;
    private final CodecMemo codecs = new CodecMemo();

    private GuardedChatModel(ChatModel delegate, OrderingGuard guard, String provider, MetadataLayout layout,
            RequestOptions options, Function<ChatRequest, ?> conversationId, int cacheSize) {
        this.delegate = delegate;
        this.guard = guard;
        this.provider = provider;
        this.layout = layout;
        this.options = options;
        this.conversationId = conversationId;
        this.cache = EncodingCache.remembering(cacheSize);
    }

    /**
     * Wraps a model; the provider name comes from the delegate's {@link ChatModel#provider()} and
     * requests carry no conversation id unless the {@link #CONVERSATION_ID} attribute is given.
     *
     * @param delegate the model that sends requests
     * @param guard the guard
     * @return the guarded model
     */
    public static GuardedChatModel wrap(ChatModel delegate, OrderingGuard guard) {
        return builder(delegate, guard).build();
    }

    /**
     * Wraps a model, naming each request's conversation with a function.
     *
     * @param delegate the model that sends requests
     * @param guard the guard
     * @param conversationId returns the conversation a request belongs to, or {@code null} when unknown
     * @return the guarded model
     */
    public static GuardedChatModel wrap(ChatModel delegate, OrderingGuard guard, Function<ChatRequest, ?> conversationId) {
        return builder(delegate, guard).conversationId(conversationId).build();
    }

    /**
     * Starts a builder.
     *
     * @param delegate the model that sends requests
     * @param guard the guard
     * @return the builder
     */
    public static Builder builder(ChatModel delegate, OrderingGuard guard) {
        return new Builder(Require.nonNull(delegate, "delegate"), Require.nonNull(guard, "guard"));
    }

    /**
     * Returns the wrapped model.
     *
     * @return the delegate
     */
    public ChatModel delegate() {
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
     * Returns the codec this model encodes requests with: its provider name and the delegate's
     * current default parameters.
     *
     * @return the codec
     */
    public ChatRequestCodec codec() {
        ChatRequestParameters defaults = delegate.defaultRequestParameters();
        ChatRequestCodec known = codecs.reuse(defaults);
        return known != null ? known : codecs.remember(defaults, ChatRequestCodec.of(
                provider != null ? provider : ChatRequestCodec.providerName(delegate.provider()), defaults,
                layout != null ? layout : MetadataLayout.of(delegate))
                .withOptions(RequestOptions.unknown().withStream(false).overriddenBy(options)));
    }

    /**
     * Checks the request and, unless it is rejected, sends it (or its repair) through the delegate.
     *
     * @param request the request
     * @param options per-request options; the {@link #CONVERSATION_ID} listener attribute names the
     *     conversation
     * @return the delegate's response
     * @throws GuardRejectedException when the guard rejects the request; the delegate is not called
     * @throws io.orderingguard.GuardConfigException when the guard's profile selector chooses no profile
     *     for the request's model (never with {@code Profiles.selector()}, which falls back to
     *     {@code unknown-model})
     */
    @Override
    public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
        Require.nonNull(request, "request");
        Object attribute = options == null ? null : options.listenerAttributes().get(CONVERSATION_ID);
        Object id = attribute != null ? attribute : conversationId == null ? null : conversationId.apply(request);
        RequestGate.Admitted admitted = RequestGate.check(guard, codec(), cache, request, RequestGate.conversationId(id));
        ChatResponse response;
        try {
            response = delegate.chat(admitted.request(), options == null ? ChatRequestOptions.EMPTY : options);
        } catch (RuntimeException e) {
            admitted.failed(e);
            throw e;
        }
        admitted.accepted();
        return response;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        return chat(request, ChatRequestOptions.EMPTY);
    }

    /**
     * Same as {@link #chat(ChatRequest)}: a guarded model has no unguarded path.
     *
     * @param request the request
     * @return the delegate's response
     */
    @Override
    public ChatResponse doChat(ChatRequest request) {
        return chat(request, ChatRequestOptions.EMPTY);
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
        return "GuardedChatModel{" + delegate + ", mode=" + guard.mode().wireName() + "}";
    }

    /**
     * Configures a {@link GuardedChatModel}. Not thread-safe.
     */
    public static final class Builder {
        private final ChatModel delegate;
        private OrderingGuard guard;
        private String provider;
        private MetadataLayout layout;
        private RequestOptions options = RequestOptions.unknown();
        private Function<ChatRequest, ?> conversationId;
        private int encodingCache = EncodingCache.DEFAULT_CONVERSATIONS;

        private Builder(ChatModel delegate, OrderingGuard guard) {
            this.delegate = delegate;
            this.guard = guard;
        }

        /**
         * Sets the provider name put on each dispatch (default: derived from the delegate's
         * {@link ChatModel#provider()} by {@link ChatRequestCodec#providerName}). Useful when an
         * OpenAI-compatible client talks to another vendor.
         *
         * @param value the provider name, e.g. {@code deepseek}
         * @return this
         * @throws IllegalArgumentException when blank
         */
        public Builder provider(String value) {
            this.provider = Require.nonBlank(value, "provider");
            return this;
        }

        /**
         * Sets the function naming the conversation of a request (used when the request options carry
         * no {@link #CONVERSATION_ID} attribute).
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
         * reasoning — on an {@code AiMessage} (default: {@link MetadataLayout#of(ChatModel)}, from the
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
        public GuardedChatModel build() {
            return new GuardedChatModel(delegate, guard, provider, layout, options, conversationId, encodingCache);
        }
    }
}
