package io.orderingguard.langchain4j;

import io.orderingguard.surface.ProviderIds;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;

/**
 * Where a LangChain4j provider module keeps a provider's opaque metadata — thinking signatures,
 * thought signatures, encrypted reasoning — on an {@code AiMessage}, and so where the
 * {@link ChatRequestCodec} reads it from and writes it back to.
 *
 * <p>The layout matters because two modules use the same attribute key for different things:
 * {@code langchain4j-anthropic} and {@code langchain4j-google-ai-gemini} (1.19.0) both store their
 * signature under {@code "thinking_signature"}. Anthropic sends it back as the {@code signature} of
 * the thinking block; Gemini sends it back as the {@code thoughtSignature} of the message's
 * <em>first function call</em> part. Reading one as the other makes a guard reject a valid request or
 * strip the signature the provider requires.
 *
 * <p>What each module does in 1.19.0 (read in its sources and bytecode):
 * <ul>
 *   <li>{@link #ANTHROPIC}: a response's thinking blocks become {@code AiMessage.thinking()} (texts
 *       joined by a line break) and attribute {@code thinking_signature} (their signatures joined the
 *       same way); {@code redacted_thinking} blocks become a {@code List<String>} of their
 *       {@code data} under {@code redacted_thinking}. A request sends one {@code thinking} block
 *       (when the thinking text is not blank) with that signature, then one
 *       {@code redacted_thinking} block per list element, then the text and the {@code tool_use}
 *       blocks.</li>
 *   <li>{@link #GEMINI}: the {@code thoughtSignature}s of a response's parts are joined by a blank
 *       line into {@code thinking_signature}; thought summaries become {@code thinking()}. A request
 *       sends the thinking as a {@code thought: true} part without a signature, the text without a
 *       signature, and the signature on the <em>first</em> {@code functionCall} part only — a
 *       message without function calls sends no signature at all. The {@code langchain4j-google-genai}
 *       module keeps one Base64 signature per call under {@code thought_signature_<call id>} and sends
 *       it on that call's part; this layout reads and writes both forms.</li>
 *   <li>{@link #OPENAI_RESPONSES}: {@code OpenAiResponsesChatModel} keeps the {@code encrypted_content}
 *       of a response's reasoning item under {@code encrypted_reasoning} (and the summary as
 *       {@code thinking()}), and sends them back as one {@code reasoning} input item before the
 *       message's text and function calls.</li>
 *   <li>{@link #NONE}: the module sends no opaque metadata (OpenAI Chat Completions, which sends
 *       {@code thinking()} as DeepSeek-style {@code reasoning_content} at most); attributes are passed
 *       through untouched and thinking is a thought of unknown origin.</li>
 * </ul>
 *
 * <p>How each layout appears in the guard's timeline:
 * <ul>
 *   <li>{@code ANTHROPIC}: a thought with payload {@code {"signature": …}} and one per redacted
 *       block with {@code {"data": …}}, all tagged {@value ChatRequestCodec#ANTHROPIC_THINKING_TAG};</li>
 *   <li>{@code GEMINI}: payload {@code {"thoughtSignature": …}} tagged
 *       {@value ChatRequestCodec#GEMINI_SIGNATURE_TAG} on the tool call that carries it on the wire
 *       (the first of its step, or the call a per-call key names) — where the Gemini 3 rule
 *       ({@code requiredMetadata} on the first call of each step) looks for it; a signature stored on a
 *       message without function calls is not sent by the module and stays an opaque attribute;</li>
 *   <li>{@code OPENAI_RESPONSES}: a thought with payload {@code {"encrypted_content": …}} tagged
 *       {@value ChatRequestCodec#OPENAI_REASONING_TAG};</li>
 *   <li>{@code NONE}: no payloads.</li>
 * </ul>
 */
public enum MetadataLayout {

    /** {@code langchain4j-anthropic}: {@code thinking_signature} and {@code redacted_thinking} are Anthropic thinking. */
    ANTHROPIC,

    /** {@code langchain4j-google-ai-gemini} and {@code -google-genai}: the signatures are Gemini thought signatures. */
    GEMINI,

    /** {@code OpenAiResponsesChatModel}: {@code encrypted_reasoning} is an OpenAI Responses reasoning item. */
    OPENAI_RESPONSES,

    /** A module that sends no opaque reasoning metadata (OpenAI Chat Completions and compatible servers). */
    NONE;

    /**
     * Returns the layout of a LangChain4j provider: {@code ANTHROPIC} for Anthropic (also on Vertex AI),
     * {@code GEMINI} for Google AI Gemini, Google GenAI and Vertex AI Gemini, {@code NONE} for OpenAI
     * (its Chat Completions models; see {@link #of(ChatModel)} for the Responses model), and
     * {@code ANTHROPIC} for every other provider and for {@code null} — the layout of the key's first
     * user, which the codec has always assumed.
     *
     * @param provider the provider, or {@code null}
     * @return the layout
     */
    public static MetadataLayout of(ModelProvider provider) {
        if (provider == null) {
            return ANTHROPIC;
        }
        switch (provider) {
            case GOOGLE_AI_GEMINI:
            case GOOGLE_GENAI:
            case GOOGLE_VERTEX_AI_GEMINI:
                return GEMINI;
            case OPEN_AI:
            case AZURE_OPEN_AI:
            case GITHUB_MODELS:
                return NONE;
            default:
                return ANTHROPIC;
        }
    }

    /**
     * Returns the layout of a model: {@code OPENAI_RESPONSES} for LangChain4j's OpenAI Responses
     * models (told apart by class, as their provider is {@code OPEN_AI} like the Chat Completions
     * models), else the layout of its {@link ChatModel#provider() provider}. A decorator that wraps
     * another model is looked through when it is a {@link GuardedChatModel}.
     *
     * @param model the model
     * @return the layout
     */
    public static MetadataLayout of(ChatModel model) {
        ChatModel target = model instanceof GuardedChatModel g ? g.delegate() : model;
        return of(target.getClass(), target.provider());
    }

    /**
     * Returns the layout of a streaming model, as {@link #of(ChatModel)} does.
     *
     * @param model the model
     * @return the layout
     */
    public static MetadataLayout of(StreamingChatModel model) {
        StreamingChatModel target = model instanceof GuardedStreamingChatModel g ? g.delegate() : model;
        return of(target.getClass(), target.provider());
    }

    /**
     * Returns the layout for a provider name as the guard spells it ({@link ChatRequestCodec#providerName}):
     * {@code gemini} and {@code vertex-gemini} are {@code GEMINI}, {@code openai},
     * {@code azure-openai} and {@code github-models} are {@code NONE}, anything else (and
     * {@code null}) is {@code ANTHROPIC}.
     *
     * @param provider the provider name, or {@code null}
     * @return the layout
     */
    public static MetadataLayout forProviderName(String provider) {
        if (provider == null) {
            return ANTHROPIC;
        }
        switch (provider) {
            case ProviderIds.GEMINI:
            case "vertex-gemini":
                return GEMINI;
            case ProviderIds.OPENAI:
            case "azure-openai":
            case "github-models":
                return NONE;
            default:
                return ANTHROPIC;
        }
    }

    private static MetadataLayout of(Class<?> type, ModelProvider provider) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().startsWith("dev.langchain4j.model.openai.OpenAiResponses")) {
                return OPENAI_RESPONSES;
            }
        }
        return of(provider);
    }
}
