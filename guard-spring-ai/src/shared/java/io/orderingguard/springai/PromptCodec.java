package io.orderingguard.springai;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ReplayTags;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.support.EncoderIds;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Translates a Spring AI {@link Prompt} into the {@link Dispatch} the guard checks, and a (possibly
 * repaired) dispatch back into a {@code Prompt} ({@link EncodedPrompt#toPrompt}).
 *
 * <p>Mapping, for message {@code i} of the prompt:
 * <ul>
 *   <li>{@link SystemMessage} → system message {@code messages[i]};</li>
 *   <li>{@link UserMessage} → user message {@code messages[i]}; a message with media carries the
 *       payload {@code {"media": ["image/png", …]}} so that no repair merges or drops it as empty;</li>
 *   <li>{@link AssistantMessage} → one <em>step</em> {@code messages[i]}, in the order Spring AI's
 *       provider modules send its parts: a {@code Thought} for OpenAI-compatible
 *       {@value #REASONING_CONTENT} metadata (DeepSeek-style {@code reasoning_content}, id
 *       {@code reasoning-<digest>}); the text as assistant message {@code messages[i]} (omitted when
 *       empty and the message has tool calls or thinking); one {@code Thought} per Anthropic thinking
 *       block the Anthropic module keeps in its metadata — payload {@code {"signature": …}} (id
 *       {@code thinking-<digest of the signature>}) or, for redacted thinking, {@code {"data": …}} (id
 *       {@code redacted-thinking-<digest>}), tag {@value #ANTHROPIC_THINKING_TAG}; one {@code ToolCall}
 *       per {@link AssistantMessage.ToolCall}, with its id (or {@code messages[i].tool_calls[k]} when
 *       it has none), its arguments as a JSON object, and the OpenAI module's per-call extra
 *       properties ({@value #TOOL_CALL_PROPERTIES}) as payload {@code {"additionalProperties": …}};</li>
 *   <li>each {@link ToolResponseMessage.ToolResponse} → the result of the call with the same id when it
 *       belongs to the run of tool response messages directly after that call's assistant message
 *       (the only place a provider accepts it); any other response is an orphan result;</li>
 *   <li>any other {@code Message} implementation → an empty system message with the payload
 *       {@code {"customMessage": "<class>"}}, transparent to alternation, sent back unchanged.</li>
 * </ul>
 * Content-derived thought ids stay the same when a memory window drops older messages, so
 * preservation rules (which match entries by id across dispatches) compare each block with itself. An
 * id repeated within one prompt gets {@code #2}, {@code #3}…
 *
 * <p>The dispatch's provider is the codec's, else the one the prompt's options class belongs to
 * ({@code AnthropicChatOptions} → {@code anthropic}, {@code OpenAiChatOptions} → {@code openai}); its
 * model is the options' model (else the default options'); its declared tools are the options' tool
 * callbacks' definitions; its {@link RequestOptions} are read from the options — output limit,
 * Anthropic thinking, tool choice and parallel tool use, OpenAI reasoning effort, parallel tool calls,
 * tool choice and {@code max_completion_tokens} — with the codec's overrides on top. Tool results are
 * one wire message per {@code ToolResponseMessage} for Anthropic and one per response for OpenAI.
 *
 * <pre>{@code
 * PromptCodec codec = PromptCodec.forModel(chatModel);
 * EncodedPrompt encoded = codec.encode(prompt, "conversation-42");
 * GuardResult result = guard.check(encoded.dispatch());
 * Prompt toSend = encoded.toPrompt(result.dispatch());
 * }</pre>
 *
 * <p>Thread-safe and immutable.
 */
public final class PromptCodec {

    /** The {@code AssistantMessage} metadata key of OpenAI-compatible reasoning ({@code reasoning_content}). */
    public static final String REASONING_CONTENT = "reasoningContent";

    /** The {@code AssistantMessage} metadata key of the OpenAI module's per-call extra properties. */
    public static final String TOOL_CALL_PROPERTIES = "openai.tool_calls.additional_properties";

    /** The replay tag of thoughts carrying an Anthropic signature or redacted blob. */
    public static final String ANTHROPIC_THINKING_TAG = ReplayTags.ANTHROPIC_THINKING;

    static final ObjectMapper JSON = new ObjectMapper();

    private static final PromptCodec PLAIN = new PromptCodec(null, null, RequestOptions.unknown());

    private final String provider;
    private final ChatOptions defaults;
    private final RequestOptions overrides;

    private PromptCodec(String provider, ChatOptions defaults, RequestOptions overrides) {
        this.provider = provider;
        this.defaults = defaults;
        this.overrides = overrides;
    }

    /**
     * Returns a codec that takes the provider from each prompt's options class and has no defaults.
     *
     * @return the codec
     */
    public static PromptCodec create() {
        return PLAIN;
    }

    /**
     * Returns a codec that puts a provider name on every dispatch.
     *
     * @param provider the provider name (e.g. {@code anthropic}), or {@code null} to take it from each
     *     prompt's options class
     * @return the codec
     * @throws IllegalArgumentException when {@code provider} is blank
     */
    public static PromptCodec of(String provider) {
        Require.blankToError(provider, "provider");
        return new PromptCodec(provider, null, RequestOptions.unknown());
    }

    /**
     * Returns a codec for prompts sent to a model: the provider its class belongs to (when it is a
     * Spring AI provider module's) and its default options (which supply the model name and tools a
     * prompt leaves out).
     *
     * @param model the model the prompts go to
     * @return the codec
     */
    public static PromptCodec forModel(ChatModel model) {
        Require.nonNull(model, "model");
        return new PromptCodec(ProviderOptions.providerOf(model.getClass()), DelegatingChatModel.defaultOptions(model),
                RequestOptions.unknown());
    }

    /**
     * Returns a copy whose dispatches carry these options over what the prompt's options say.
     *
     * @param value the overriding options; their unknown fields leave the prompt's
     * @return the codec
     */
    public PromptCodec withOptions(RequestOptions value) {
        return new PromptCodec(provider, defaults, overrides.overriddenBy(Require.nonNull(value, "options")));
    }

    /**
     * Returns a copy that puts another provider name on every dispatch.
     *
     * @param value the provider name
     * @return the codec
     * @throws IllegalArgumentException when blank
     */
    public PromptCodec withProvider(String value) {
        return new PromptCodec(Require.nonBlank(value, "provider"), defaults, overrides);
    }

    /**
     * Returns the provider name this codec puts on dispatches, or {@code null} when it takes it from
     * each prompt's options.
     *
     * @return the name, or {@code null}
     */
    public String provider() {
        return provider;
    }

    /**
     * Encodes a prompt.
     *
     * @param prompt the prompt as the application (or the advisor chain) built it
     * @param conversationId the conversation it belongs to, or {@code null} when unknown
     * @return the encoding: the dispatch, and the way back to a prompt
     * @throws IllegalArgumentException when {@code conversationId} is blank
     */
    public EncodedPrompt encode(Prompt prompt, String conversationId) {
        Require.nonNull(prompt, "prompt");
        Require.blankToError(conversationId, "conversationId");
        ChatOptions options = prompt.getOptions();
        String name = provider;
        if (name == null && options != null) {
            name = ProviderOptions.providerOf(options.getClass());
        }
        PromptEncoder.ResultWires wires = name == null ? PromptEncoder.ResultWires.UNKNOWN : switch (name) {
            case ProviderIds.ANTHROPIC -> PromptEncoder.ResultWires.GROUPED;
            case ProviderIds.OPENAI -> PromptEncoder.ResultWires.SEPARATE;
            default -> PromptEncoder.ResultWires.UNKNOWN;
        };
        Timeline.Builder entries = PromptEncoder.entries(prompt.getInstructions(), wires);
        String model = options == null ? null : options.getModel();
        if ((model == null || model.isBlank()) && defaults != null) {
            model = defaults.getModel();
        }
        List<DeclaredTool> tools = tools(options);
        if (tools.isEmpty() && defaults != null) {
            tools = tools(defaults);
        }
        RequestOptions requestOptions = ProviderOptions.of(options != null ? options : defaults).overriddenBy(overrides);
        Dispatch dispatch = new Dispatch(conversationId, name, model == null || model.isBlank() ? null : model,
                Surface.DISPATCH, entries.build(tools), null, requestOptions);
        return new EncodedPrompt(prompt, dispatch, wires);
    }

    private static List<DeclaredTool> tools(ChatOptions options) {
        if (!(options instanceof ToolCallingChatOptions t) || t.getToolCallbacks() == null
                || t.getToolCallbacks().isEmpty()) {
            return List.of();
        }
        List<DeclaredTool> tools = new ArrayList<>(t.getToolCallbacks().size());
        for (ToolCallback callback : t.getToolCallbacks()) {
            ToolDefinition definition = callback.getToolDefinition();
            tools.add(new DeclaredTool(definition.name(), PromptEncoder.parseArguments(definition.inputSchema())));
        }
        return tools;
    }

    /**
     * {@code prefix} and a short, stable digest of a blob (a signature): 12 hex digits of its canonical
     * fingerprint, made as one string. Used in content-derived ids.
     */
    static String digestId(String prefix, String blob) {
        return EncoderIds.digest(prefix, Payloads.fingerprintOfText(blob));
    }

    @Override
    public String toString() {
        return "PromptCodec{provider=" + provider + ", overrides=" + overrides + "}";
    }
}
