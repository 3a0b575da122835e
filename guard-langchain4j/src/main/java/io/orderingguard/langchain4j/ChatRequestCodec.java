package io.orderingguard.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    public static final String ANTHROPIC_THINKING_TAG = "anthropic-messages-thinking-v1";

    /** The replay tag of tool calls carrying a Gemini thought signature. */
    public static final String GEMINI_SIGNATURE_TAG = "gemini-thought-signature-v1";

    /**
     * The replay tag of tool calls carrying one of the dummy signatures Gemini documents for histories
     * it did not produce ({@code skip_thought_signature_validator},
     * {@code context_engineering_is_the_way_to_go}).
     */
    public static final String GEMINI_SENTINEL_TAG = "gemini-thought-signature-sentinel-v1";

    private static final Set<String> GEMINI_SENTINELS = Set.of("skip_thought_signature_validator",
            "context_engineering_is_the_way_to_go");

    /** The replay tag of thoughts carrying an OpenAI Responses reasoning item's encrypted content. */
    public static final String OPENAI_REASONING_TAG = "openai-responses-reasoning-v1";

    static final ObjectMapper JSON = new ObjectMapper();

    private static final ChatRequestCodec PLAIN = new ChatRequestCodec(null, null, MetadataLayout.ANTHROPIC,
            RequestOptions.unknown());

    /** Providers whose LangChain4j module sends a run of tool results as one user message. */
    private static final Set<String> GROUPED_RESULTS = Set.of("anthropic", "vertex-anthropic");

    /** Providers whose LangChain4j module sends each tool result as a wire message of its own. */
    private static final Set<String> SEPARATE_RESULTS = Set.of("openai", "azure-openai", "github-models", "gemini",
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
                return "openai";
            case AZURE_OPEN_AI:
                return "azure-openai";
            case GOOGLE_AI_GEMINI:
            case GOOGLE_GENAI:
                return "gemini";
            case GOOGLE_VERTEX_AI_GEMINI:
                return "vertex-gemini";
            case GOOGLE_VERTEX_AI_ANTHROPIC:
                return "vertex-anthropic";
            case AMAZON_BEDROCK:
                return "bedrock";
            case MISTRAL_AI:
                return "mistral";
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
        Encoder encoder = new Encoder(request.messages(), layout, provider == null ? ResultWires.UNKNOWN
                : GROUPED_RESULTS.contains(provider) ? ResultWires.GROUPED
                : SEPARATE_RESULTS.contains(provider) ? ResultWires.SEPARATE : ResultWires.UNKNOWN);
        encoder.run();
        List<DeclaredTool> tools = declaredTools(effective.toolSpecifications());
        String model = effective.modelName();
        Dispatch dispatch = Dispatch.of(conversationId, provider, model == null || model.isBlank() ? null : model,
                Timeline.of(encoder.entries, tools)).withOptions(ParameterOptions.of(effective).overriddenBy(overrides));
        return new EncodedChatRequest(request, dispatch, layout, encoder.messageIds, encoder.stepIndex, encoder.calls,
                encoder.orphans);
    }

    private static List<DeclaredTool> declaredTools(List<ToolSpecification> specifications) {
        if (specifications == null || specifications.isEmpty()) {
            return List.of();
        }
        List<DeclaredTool> tools = new ArrayList<>(specifications.size());
        for (ToolSpecification spec : specifications) {
            if (spec == null || spec.name() == null || spec.name().isBlank()) {
                continue; // LangChain4j refuses such a specification itself; nothing to check here
            }
            ObjectNode schema = spec.parameters() == null ? null
                    : JSON.valueToTree(JsonSchemaElementUtils.toMap(spec.parameters()));
            tools.add(new DeclaredTool(spec.name(), schema));
        }
        return tools;
    }

    /** A short, stable digest of a vendor blob: 12 hex digits of its canonical fingerprint. */
    static String digest(String blob) {
        String hex = Long.toHexString(Payloads.fingerprint(JsonNodeFactory.instance.textNode(blob)));
        return "0".repeat(16 - hex.length()).concat(hex).substring(0, 12);
    }

    /** Returns the text parts of a list of contents, joined by a line break. */
    static String textOf(List<Content> contents) {
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Content c : contents) {
            if (c instanceof TextContent t) {
                if (!first) {
                    sb.append('\n');
                }
                sb.append(t.text() == null ? "" : t.text());
                first = false;
            }
        }
        return sb.toString();
    }

    /** Returns the content of a result message as the timeline sees it. */
    static String textOf(ToolExecutionResultMessage result) {
        if (result.hasSingleText()) {
            return result.text() == null ? "" : result.text();
        }
        return textOf(result.contents());
    }

    /** Parses tool-call arguments; anything that is not a JSON object becomes an empty object. */
    static ObjectNode parseArguments(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        try {
            JsonNode node = JSON.readTree(arguments);
            return node instanceof ObjectNode o ? o : JsonNodeFactory.instance.objectNode();
        } catch (JsonProcessingException e) {
            return JsonNodeFactory.instance.objectNode();
        }
    }

    /**
     * Gemini: the signature {@code langchain4j-google-ai-gemini} sends on the first function call of
     * a message ({@value #THINKING_SIGNATURE}; an empty one is not sent), or {@code null}.
     */
    static String messageSignature(AiMessage a) {
        return a.attributes().get(THINKING_SIGNATURE) instanceof String s && !s.isEmpty() && a.hasToolExecutionRequests()
                ? s : null;
    }

    /** Gemini: the per-call signature {@code langchain4j-google-genai} keeps for a request, or {@code null}. */
    static String callSignature(AiMessage a, ToolExecutionRequest r) {
        if (r.id() == null) {
            return null;
        }
        return a.attributes().get(CALL_THOUGHT_SIGNATURE_PREFIX + r.id()) instanceof String s ? s : null;
    }

    /** How the target's LangChain4j module sends tool results: what their wire messages are. */
    private enum ResultWires {
        /** A run of results is one user message (Anthropic). */
        GROUPED,
        /** Each result is a message of its own (OpenAI {@code tool} messages, Gemini contents). */
        SEPARATE,
        /** Not verified for this provider's module: results name no wire message. */
        UNKNOWN
    }

    /** The per-message state of one encoding. */
    private static final class Encoder {
        private final List<ChatMessage> messages;
        private final List<Entry> entries = new ArrayList<>();
        private final Map<String, Integer> messageIds = new HashMap<>();
        private final Map<String, Integer> stepIndex = new HashMap<>();
        private final List<EncodedChatRequest.CallInfo> calls = new ArrayList<>();
        private final List<EncodedChatRequest.OrphanInfo> orphans = new ArrayList<>();
        private final Map<String, Integer> thoughtIds = new HashMap<>();
        /** Entry positions of the calls of the AiMessage whose result run is still open. */
        private final List<Integer> openCalls = new ArrayList<>();
        private final List<EncodedChatRequest.CallInfo> openInfos = new ArrayList<>();

        private final MetadataLayout layout;
        private final ResultWires resultWires;
        /** The wire message of the run of results being read (grouped providers), or {@code null}. */
        private String resultRun;

        Encoder(List<ChatMessage> messages, MetadataLayout layout, ResultWires resultWires) {
            this.messages = messages;
            this.layout = layout;
            this.resultWires = resultWires;
        }

        void run() {
            for (int i = 0; i < messages.size(); i++) {
                ChatMessage m = messages.get(i);
                if (m instanceof ToolExecutionResultMessage r) {
                    String wire = "messages[" + i + "]";
                    resultRun = resultRun == null ? wire : resultRun;
                    result(i, r, switch (resultWires) {
                        case GROUPED -> resultRun;
                        case SEPARATE -> wire;
                        case UNKNOWN -> null;
                    });
                    continue;
                }
                resultRun = null;
                openCalls.clear();
                openInfos.clear();
                String id = "messages[" + i + "]";
                if (m instanceof SystemMessage s) {
                    add(id, i, Entry.system(id, s.text() == null ? "" : s.text()));
                } else if (m instanceof UserMessage u) {
                    add(id, i, user(id, u));
                } else if (m instanceof AiMessage a) {
                    ai(i, id, a);
                } else {
                    ObjectNode marker = JsonNodeFactory.instance.objectNode().put("customMessage", true);
                    add(id, i, new Message(id, Role.SYSTEM, "", marker, null, null, null));
                }
            }
        }

        /** Returns the id, or the id with {@code #2}, {@code #3}… when this request already used it. */
        private String unique(String id) {
            int n = thoughtIds.merge(id, 1, Integer::sum);
            return n == 1 ? id : id + "#" + n;
        }

        /** Adds an entry of message {@code index}, which is one wire message. */
        private void add(String id, int index, Entry e) {
            messageIds.put(id, index);
            entries.add(e.withWireMessage("messages[" + index + "]"));
        }

        private static Message user(String id, UserMessage u) {
            List<Content> contents = u.contents();
            ArrayNode other = null;
            for (Content c : contents) {
                if (!(c instanceof TextContent)) {
                    if (other == null) {
                        other = JsonNodeFactory.instance.arrayNode();
                    }
                    other.add(c.type() == null ? "unknown" : c.type().name().toLowerCase(Locale.ROOT));
                }
            }
            ObjectNode payload = null;
            if (other != null) {
                payload = JsonNodeFactory.instance.objectNode();
                payload.set("nonTextContents", other);
            }
            return new Message(id, Role.USER, textOf(contents), payload, null, null, null);
        }

        private void ai(int index, String step, AiMessage a) {
            stepIndex.put(step, index);
            boolean thought;
            switch (layout) {
                case ANTHROPIC:
                    thought = anthropicThinking(index, step, a);
                    break;
                case OPENAI_RESPONSES:
                    thought = reasoningItem(index, step, a);
                    break;
                default:
                    thought = a.thinking() != null;
                    if (thought) {
                        String id = step + ".thinking";
                        add(id, index, new Thought(id, a.thinking(), null, null, step, null));
                    }
                    break;
            }
            if (a.text() != null || !(a.hasToolExecutionRequests() || thought)) {
                add(step, index, new Message(step, Role.ASSISTANT, a.text() == null ? "" : a.text(), null, null, step, null));
            }
            List<ToolExecutionRequest> requests = a.toolExecutionRequests();
            for (int k = 0; k < requests.size(); k++) {
                ToolExecutionRequest r = requests.get(k);
                boolean synthetic = r.id() == null || r.id().isBlank();
                String id = synthetic ? step + ".tool_calls[" + k + "]" : r.id();
                String tool = r.name() == null || r.name().isBlank() ? "unnamed" : r.name();
                ObjectNode args = parseArguments(r.arguments());
                EncodedChatRequest.CallInfo info = new EncodedChatRequest.CallInfo(id, step, k, r, tool, args, synthetic);
                ObjectNode payload = null;
                if (layout == MetadataLayout.GEMINI) {
                    String signature = callSignature(a, r);
                    if (signature != null) {
                        info.signatureAttribute = CALL_THOUGHT_SIGNATURE_PREFIX + r.id();
                    } else if (k == 0) {
                        signature = messageSignature(a);
                    }
                    if (signature != null) {
                        payload = JsonNodeFactory.instance.objectNode().put("thoughtSignature", signature);
                    }
                }
                calls.add(info);
                openCalls.add(entries.size());
                openInfos.add(info);
                entries.add(new ToolCall(id, tool, args, null, true, payload, payload == null ? null
                        : GEMINI_SENTINELS.contains(payload.get("thoughtSignature").textValue()) ? GEMINI_SENTINEL_TAG
                        : GEMINI_SIGNATURE_TAG, step, step, false));
            }
        }

        /** Anthropic: one signed (or unsigned) thought and one thought per redacted block; true when the former exists. */
        private boolean anthropicThinking(int index, String step, AiMessage a) {
            Object signature = a.attributes().get(THINKING_SIGNATURE);
            boolean thought = a.thinking() != null || signature instanceof String;
            if (thought) {
                ObjectNode payload = null;
                String id = step + ".thinking";
                if (signature instanceof String s) {
                    payload = JsonNodeFactory.instance.objectNode().put("signature", s);
                    id = unique("thinking-" + digest(s));
                }
                add(id, index, new Thought(id, a.thinking() == null ? "" : a.thinking(), payload,
                        payload == null ? null : ANTHROPIC_THINKING_TAG, step, null));
            }
            if (a.attributes().get(REDACTED_THINKING) instanceof List<?> redacted && allStrings(redacted)) {
                for (Object element : redacted) {
                    String data = (String) element;
                    String id = unique("redacted-thinking-" + digest(data));
                    add(id, index, new Thought(id, "", JsonNodeFactory.instance.objectNode().put("data", data),
                            ANTHROPIC_THINKING_TAG, step, null));
                }
            }
            return thought;
        }

        /** OpenAI Responses: the reasoning item (encrypted content, summary as its text); true when there is one. */
        private boolean reasoningItem(int index, String step, AiMessage a) {
            Object encrypted = a.attributes().get(ENCRYPTED_REASONING);
            boolean thought = a.thinking() != null || encrypted instanceof String;
            if (thought) {
                ObjectNode payload = null;
                String id = step + ".thinking";
                if (encrypted instanceof String s) {
                    payload = JsonNodeFactory.instance.objectNode().put("encrypted_content", s);
                    id = unique("reasoning-" + digest(s));
                }
                add(id, index, new Thought(id, a.thinking() == null ? "" : a.thinking(), payload,
                        payload == null ? null : OPENAI_REASONING_TAG, step, null));
            }
            return thought;
        }

        private static boolean allStrings(List<?> values) {
            for (Object v : values) {
                if (!(v instanceof String)) {
                    return false;
                }
            }
            return true;
        }

        private void result(int index, ToolExecutionResultMessage r, String wire) {
            String content = textOf(r);
            boolean isError = Boolean.TRUE.equals(r.isError());
            for (int k = 0; k < openCalls.size(); k++) {
                int pos = openCalls.get(k);
                ToolCall call = (ToolCall) entries.get(pos);
                if (!call.isUnanswered()) {
                    continue;
                }
                EncodedChatRequest.CallInfo info = openInfos.get(k);
                boolean matches = info.syntheticId()
                        ? (r.id() == null || r.id().isBlank()) && (r.toolName() == null || r.toolName().equals(info.request().name()))
                        : info.entryId().equals(r.id());
                if (matches) {
                    entries.set(pos, call.withResult(new ToolResult(content, isError, wire)));
                    info.answer(r, index, content, isError);
                    return;
                }
            }
            // a result outside the run after its call, or answering no call at all: an orphan (it does not
            // end the run: the provider still pairs the results after it with the open calls)
            String id = r.id() == null || r.id().isBlank() ? "messages[" + index + "]" : r.id();
            String tool = r.toolName() == null ? "" : r.toolName();
            orphans.add(new EncodedChatRequest.OrphanInfo(id, r, index, content, isError));
            entries.add(new ToolCall(id, tool, null, new ToolResult(content, isError, wire), false, null, null, null, wire,
                    false));
        }
    }
}
