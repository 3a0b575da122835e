package io.orderingguard.langchain4j;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ReplayTags;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import io.orderingguard.support.EncoderIds;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Translates a LangChain4j {@link ChatRequest} into the {@link Dispatch} the guard checks, and a
 * (possibly repaired) dispatch back into a {@code ChatRequest}.
 *
 * <p>Mapping, for message {@code i} of the request:
 * <ul>
 *   <li>{@link SystemMessage} → system {@link Message} {@code messages[i]};</li>
 *   <li>{@link UserMessage} → user message {@code messages[i]} whose content is its text parts
 *       joined by a line break; a message with other contents (images, PDFs, audio) carries the
 *       payload {@code {"nonTextContents": ["image", …]}} so that no repair merges or drops it as
 *       empty;</li>
 *   <li>{@link AiMessage} → one <em>step</em> {@code messages[i]}: a {@link Thought} for
 *       {@link AiMessage#thinking()}; the assistant text as message {@code messages[i]} (omitted
 *       when the message has no text but has tool calls or thinking); one {@link ToolCall} per
 *       {@link ToolExecutionRequest}, with the request's id (or {@code messages[i].tool_calls[k]}
 *       when it has none) and its arguments as a JSON object. Provider metadata is read per the
 *       codec's {@link MetadataLayout}: Anthropic's {@value #THINKING_SIGNATURE} becomes the thought's
 *       payload {@code {"signature": …}} and each element of {@value #REDACTED_THINKING} a thought
 *       with {@code {"data": …}} (tag {@value #ANTHROPIC_THINKING_TAG}); Gemini's signature becomes
 *       the payload {@code {"thoughtSignature": …}} of the tool call it is sent on (tag
 *       {@value #GEMINI_SIGNATURE_TAG}); OpenAI Responses' {@value #ENCRYPTED_REASONING} becomes
 *       the thought's {@code {"encrypted_content": …}} (tag {@value #OPENAI_REASONING_TAG});</li>
 *   <li>{@link ToolExecutionResultMessage} → the result of the call with the same id when it belongs
 *       to the contiguous run of results directly after that call's {@code AiMessage} (the only
 *       place a provider accepts it); any other result is an orphan result;</li>
 *   <li>any other message (a {@code CustomMessage}) → an empty system message with the payload
 *       {@code {"customMessage": true}}, which alternation treats as transparent, sent back
 *       unchanged.</li>
 * </ul>
 * Ids: messages are named by position ({@code messages[i]}), which is what a finding should point
 * at. Tool calls keep their wire id. A signed thought is {@code thinking-<digest of its signature>},
 * a redacted one {@code redacted-thinking-<digest of its data>} and an OpenAI reasoning item
 * {@code reasoning-<digest of its encrypted content>}: these ids stay the same when a
 * memory window drops older messages, so preservation rules (which match entries by id across
 * dispatches) compare each block with itself; a thought without a signature has nothing to preserve
 * and is {@code messages[i].thinking}. An id repeated within one request gets {@code #2}, {@code #3}…
 *
 * <p>The declared tools are the effective tool specifications, the model is the effective model name
 * (the request's parameters over the model's defaults), and the provider is the one the codec was
 * built with. Rendering writes every payload back where the layout's module sends it from, so a
 * round trip through a guard keeps every signature the provider needs.
 *
 * <p>Nothing the timeline does not model is lost: {@link EncodedChatRequest#toChatRequest(Dispatch)}
 * starts from the original objects and changes only what the dispatch changed, so an unchanged
 * dispatch gives back a request equal to the original (in fact the same message objects), and the
 * request parameters, message attributes, names and non-text contents always survive.
 *
 * <pre>{@code
 * ChatRequestCodec codec = ChatRequestCodec.forModel(model);      // provider, defaults and layout
 * EncodedChatRequest encoded = codec.encode(request, "conversation-42");
 * GuardResult result = guard.check(encoded.dispatch());
 * ChatRequest toSend = encoded.toChatRequest(result.dispatch());
 * }</pre>
 *
 * <p>Thread-safe and immutable.
 */
public final class ChatRequestCodec {

    /**
     * The {@link AiMessage} attribute holding a signature: Anthropic's thinking signature, or Gemini's
     * thought signature(s) — LangChain4j's Anthropic and Google AI Gemini modules share the key.
     */
    public static final String THINKING_SIGNATURE = "thinking_signature";

    /** The {@link AiMessage} attribute holding the list of Anthropic redacted thinking blobs. */
    public static final String REDACTED_THINKING = "redacted_thinking";

    /**
     * The prefix of the per-call {@link AiMessage} attributes of {@code langchain4j-google-genai}:
     * {@code thought_signature_<call id>} holds that call's Base64 thought signature.
     */
    public static final String CALL_THOUGHT_SIGNATURE_PREFIX = "thought_signature_";

    /** The {@link AiMessage} attribute holding the OpenAI Responses reasoning item's {@code encrypted_content}. */
    public static final String ENCRYPTED_REASONING = "encrypted_reasoning";

    /** The replay tag of thoughts carrying an Anthropic signature or redacted blob. */
    public static final String ANTHROPIC_THINKING_TAG = ReplayTags.ANTHROPIC_THINKING;

    /** The replay tag of tool calls carrying a Gemini thought signature. */
    public static final String GEMINI_SIGNATURE_TAG = ReplayTags.GEMINI_THOUGHT_SIGNATURE;

    /**
     * The replay tag of tool calls carrying one of the dummy signatures Gemini documents for histories
     * it did not produce ({@code skip_thought_signature_validator},
     * {@code context_engineering_is_the_way_to_go}).
     */
    public static final String GEMINI_SENTINEL_TAG = ReplayTags.GEMINI_SIGNATURE_SENTINEL;

    /** The replay tag of thoughts carrying an OpenAI Responses reasoning item's encrypted content. */
    public static final String OPENAI_REASONING_TAG = ReplayTags.OPENAI_RESPONSES_REASONING;

    static final ObjectMapper JSON = new ObjectMapper();

    private static final ChatRequestCodec PLAIN = new ChatRequestCodec(null, null, MetadataLayout.ANTHROPIC,
            RequestOptions.unknown());

    /** Providers whose LangChain4j module sends a run of tool results as one user message. */
    private static final Set<String> GROUPED_RESULTS = Set.of(ProviderIds.ANTHROPIC, "vertex-anthropic");

    /** Providers whose LangChain4j module sends each tool result as a wire message of its own. */
    private static final Set<String> SEPARATE_RESULTS = Set.of(ProviderIds.OPENAI, "azure-openai", "github-models", ProviderIds.GEMINI,
            "vertex-gemini");

    private final String provider;
    private final ChatRequestParameters defaults;
    private final MetadataLayout layout;
    private final RequestOptions overrides;

    private ChatRequestCodec(String provider, ChatRequestParameters defaults, MetadataLayout layout,
            RequestOptions overrides) {
        this.provider = provider;
        this.defaults = defaults;
        this.layout = layout;
        this.overrides = overrides;
    }

    /**
     * Returns a codec with no provider and no default parameters (the model is the request's own),
     * reading metadata in the {@link MetadataLayout#ANTHROPIC} layout.
     *
     * @return the codec
     */
    public static ChatRequestCodec create() {
        return PLAIN;
    }

    /**
     * Creates a codec reading metadata in the layout of the provider name
     * ({@link MetadataLayout#forProviderName}).
     *
     * @param provider the provider name put on every dispatch (e.g. {@code anthropic}), or
     *     {@code null}
     * @param defaults the default parameters of the model the request goes to (they supply the
     *     model name and tools the request itself leaves out), or {@code null}
     * @return the codec
     * @throws IllegalArgumentException when {@code provider} is blank
     */
    public static ChatRequestCodec of(String provider, ChatRequestParameters defaults) {
        return of(provider, defaults, MetadataLayout.forProviderName(provider));
    }

    /**
     * Creates a codec that reads and writes provider metadata in a given layout.
     *
     * @param provider the provider name put on every dispatch (e.g. {@code gemini}), or {@code null}
     * @param defaults the default parameters of the model the request goes to, or {@code null}
     * @param layout where the model's LangChain4j module keeps signatures and reasoning on an
     *     {@code AiMessage}
     * @return the codec
     * @throws IllegalArgumentException when {@code provider} is blank or {@code layout} is {@code null}
     */
    public static ChatRequestCodec of(String provider, ChatRequestParameters defaults, MetadataLayout layout) {
        Require.blankToError(provider, "provider");
        return new ChatRequestCodec(provider, defaults, Require.nonNull(layout, "layout"), RequestOptions.unknown());
    }

    /**
     * Returns a codec for requests to a model: the provider name from its {@code provider()}, its
     * default parameters, and its metadata layout ({@link MetadataLayout#of(ChatModel)}).
     *
     * @param model the model the requests go to
     * @return the codec
     */
    public static ChatRequestCodec forModel(ChatModel model) {
        Require.nonNull(model, "model");
        return of(providerName(model.provider()), model.defaultRequestParameters(), MetadataLayout.of(model));
    }

    /**
     * Returns a codec for requests to a streaming model, as {@link #forModel(ChatModel)} does.
     *
     * @param model the model the requests go to
     * @return the codec
     */
    public static ChatRequestCodec forModel(StreamingChatModel model) {
        Require.nonNull(model, "model");
        return of(providerName(model.provider()), model.defaultRequestParameters(), MetadataLayout.of(model));
    }

    /**
     * Returns this codec with another metadata layout.
     *
     * @param value the layout
     * @return the codec
     */
    public ChatRequestCodec withLayout(MetadataLayout value) {
        Require.nonNull(value, "layout");
        return value == layout ? this : new ChatRequestCodec(provider, defaults, value, overrides);
    }

    /**
     * Returns this codec with request options that win over what the parameters say — for what
     * LangChain4j does not expose (Gemini's {@code thinkingConfig} lives in the model, without a
     * getter) or what only the caller knows (whether the request is streamed).
     *
     * @param value the options; their known fields replace the ones read from the parameters
     * @return the codec
     */
    public ChatRequestCodec withOptions(RequestOptions value) {
        Require.nonNull(value, "options");
        return new ChatRequestCodec(provider, defaults, layout, value);
    }

    /**
     * Returns the request options a request is sent with: read from its effective parameters — tool
     * choice and output limit, and from the provider modules' parameter classes Anthropic's
     * {@code thinkingType}/{@code thinkingBudgetTokens} (no type and no budget: thinking off, as no
     * {@code thinking} field is sent), {@code toolChoiceName} and {@code disableParallelToolUse},
     * OpenAI's {@code reasoningEffort} ({@code none}: off) and {@code parallelToolCalls} — with the
     * codec's {@linkplain #withOptions options} over them. What nothing says stays unknown.
     *
     * @param request the request
     * @return the options
     */
    public RequestOptions requestOptions(ChatRequest request) {
        return ParameterOptions.of(effectiveParameters(request)).overriddenBy(overrides);
    }

    /**
     * Returns where this codec reads provider metadata from and writes it back to.
     *
     * @return the layout
     */
    public MetadataLayout layout() {
        return layout;
    }

    /**
     * Returns the provider name the guard uses for a LangChain4j provider: {@code openai},
     * {@code anthropic}, {@code gemini} (Google AI Gemini and Google GenAI), {@code vertex-gemini},
     * {@code vertex-anthropic}, {@code bedrock}, {@code mistral}, {@code azure-openai},
     * {@code github-models}, {@code microsoft-foundry}, {@code ollama}, {@code watsonx},
     * {@code cohere}, {@code voyage-ai}, {@code jina}; {@code null} for {@code OTHER} or
     * {@code null}.
     *
     * @param provider the LangChain4j provider, or {@code null}
     * @return the name, or {@code null} when unknown
     */
    public static String providerName(ModelProvider provider) {
        if (provider == null || provider == ModelProvider.OTHER) {
            return null;
        }
        switch (provider) {
            case OPEN_AI:
                return ProviderIds.OPENAI;
            case AZURE_OPEN_AI:
                return "azure-openai";
            case GOOGLE_AI_GEMINI:
            case GOOGLE_GENAI:
                return ProviderIds.GEMINI;
            case GOOGLE_VERTEX_AI_GEMINI:
                return "vertex-gemini";
            case GOOGLE_VERTEX_AI_ANTHROPIC:
                return "vertex-anthropic";
            case AMAZON_BEDROCK:
                return ProviderIds.BEDROCK;
            case MISTRAL_AI:
                return ProviderIds.MISTRAL;
            default:
                return provider.name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * Returns the provider name put on every dispatch.
     *
     * @return the name, or {@code null}
     */
    public String provider() {
        return provider;
    }

    /**
     * Returns the parameters the request is sent with: the request's own over the defaults.
     *
     * @param request the request
     * @return the effective parameters
     */
    public ChatRequestParameters effectiveParameters(ChatRequest request) {
        Require.nonNull(request, "request");
        return defaults == null ? request.parameters() : defaults.overrideWith(request.parameters());
    }

    /**
     * Encodes a request with no conversation id (preservation rules then have no baseline).
     *
     * @param request the request
     * @return the dispatch with what is needed to render it back
     */
    public EncodedChatRequest encode(ChatRequest request) {
        return encode(request, null);
    }

    /**
     * Encodes a request.
     *
     * @param request the request
     * @param conversationId the conversation the request belongs to, or {@code null}
     * @return the dispatch with what is needed to render it back
     * @throws IllegalArgumentException when {@code conversationId} is blank
     */
    public EncodedChatRequest encode(ChatRequest request, String conversationId) {
        Require.nonNull(request, "request");
        Require.blankToError(conversationId, "conversationId");
        ChatRequestParameters effective = effectiveParameters(request);
        MessageEncoder.ResultWires resultWires = resultWires();
        Timeline.Builder entries = MessageEncoder.entries(request.messages(), layout, resultWires);
        List<DeclaredTool> tools = ToolDeclarations.of(effective.toolSpecifications());
        String model = effective.modelName();
        Dispatch dispatch = Dispatch.of(conversationId, provider, model == null || model.isBlank() ? null : model,
                entries.build(tools)).withOptions(ParameterOptions.of(effective).overriddenBy(overrides));
        return new EncodedChatRequest(request, dispatch, layout, resultWires);
    }

    /**
     * Encodes a request, reusing the entries a cache remembers from the previous request of the same
     * conversation (see {@link EncodingCache}) and remembering this one's. The dispatch is the one
     * {@link #encode(ChatRequest, String)} makes; with no cache or no conversation id it is that method
     * (kept apart, so that the stateless path compiles as it did).
     */
    EncodedChatRequest encode(ChatRequest request, String conversationId, EncodingCache cache) {
        if (cache == null || conversationId == null) {
            return encode(request, conversationId);
        }
        Require.nonNull(request, "request");
        Require.blankToError(conversationId, "conversationId");
        ChatRequestParameters effective = effectiveParameters(request);
        MessageEncoder.ResultWires resultWires = resultWires();
        List<DeclaredTool> tools = ToolDeclarations.of(effective.toolSpecifications());
        EncodingCache.Snapshot previous = cache.get(conversationId);
        if (previous != null && !previous.encodedLike(layout, resultWires)) {
            previous = null;
        }
        List<ChatMessage> messages = request.messages();
        MessageEncoder encoder = MessageEncoder.remembering(messages, layout, resultWires, previous);
        Timeline timeline = encoder.builder().build(tools);
        // a ChatRequest keeps an unmodifiable copy of its messages; a subclass may not
        List<ChatMessage> kept = request.getClass() == ChatRequest.class ? messages : List.copyOf(messages);
        cache.put(conversationId, encoder.snapshot(kept, timeline.entries()));
        String model = effective.modelName();
        Dispatch dispatch = Dispatch.of(conversationId, provider, model == null || model.isBlank() ? null : model,
                timeline).withOptions(ParameterOptions.of(effective).overriddenBy(overrides));
        return new EncodedChatRequest(request, dispatch, layout, resultWires);
    }

    /** How the provider's LangChain4j module sends tool results, as far as it was verified. */
    MessageEncoder.ResultWires resultWires() {
        if (provider == null) {
            return MessageEncoder.ResultWires.UNKNOWN;
        }
        if (GROUPED_RESULTS.contains(provider)) {
            return MessageEncoder.ResultWires.GROUPED;
        }
        return SEPARATE_RESULTS.contains(provider) ? MessageEncoder.ResultWires.SEPARATE
                : MessageEncoder.ResultWires.UNKNOWN;
    }

    /** A short, stable digest of a vendor blob: 12 hex digits of its canonical fingerprint. */
    static String digest(String blob) {
        return EncoderIds.digest("", Payloads.fingerprintOfText(blob));
    }

    /** {@code prefix} and the {@link #digest} of a blob, made as one string. */
    static String digestId(String prefix, String blob) {
        return EncoderIds.digest(prefix, Payloads.fingerprintOfText(blob));
    }
}
