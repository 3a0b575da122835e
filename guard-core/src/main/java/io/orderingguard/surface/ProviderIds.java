package io.orderingguard.surface;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Provider ids: the canonical id of every provider profile selection knows, the names it is also
 * given (aliases), the vendor prefixes gateways put before a model id ({@code openai/gpt-4o-mini},
 * {@code anthropic/claude-sonnet-4.5}, {@code zai-org/GLM-4.6}) and the surfaces each provider serves
 * natively, so a gateway's request on another surface is not judged by that vendor's own rules.
 *
 * <pre>{@code
 * ProviderIds.canonical("Azure-OpenAI");                        // "openai"
 * ProviderIds.serves(ProviderIds.GEMINI, ProviderSurface.OPENAI_CHAT);   // false
 * }</pre>
 *
 * <p>Thread-safe: immutable tables.
 */
public final class ProviderIds {

    /** Anthropic's own API. */
    public static final String ANTHROPIC = "anthropic";
    /** Google Vertex AI (Claude on the Messages API, Gemini on generateContent). */
    public static final String VERTEX = "vertex";
    /** The Gemini API. */
    public static final String GEMINI = "gemini";
    /** OpenAI (and Azure OpenAI) on Chat Completions. */
    public static final String OPENAI = "openai";
    /** OpenAI (and Azure OpenAI) on the Responses API. */
    public static final String OPENAI_RESPONSES = "openai-responses";
    /** Amazon Bedrock (Converse). */
    public static final String BEDROCK = "bedrock";
    /** Mistral's La Plateforme. */
    public static final String MISTRAL = "mistral";
    /** The DeepSeek API. */
    public static final String DEEPSEEK = "deepseek";
    /** Cohere. */
    public static final String COHERE = "cohere";
    /** Alibaba Model Studio (DashScope). */
    public static final String DASHSCOPE = "dashscope";
    /** xAI. */
    public static final String XAI = "xai";

    private static final Map<String, String> ALIASES = new HashMap<>();
    private static final Map<String, String> VENDORS = new HashMap<>();
    private static final Map<String, Set<ProviderSurface>> SERVES = new LinkedHashMap<>();

    static {
        provider(ANTHROPIC, Set.of(ProviderSurface.ANTHROPIC_MESSAGES), "anthropic-messages", "claude");
        provider(VERTEX, Set.of(ProviderSurface.ANTHROPIC_MESSAGES, ProviderSurface.GEMINI), "vertex-ai", "vertexai",
                "vertex_ai", "google-vertex", "google-vertex-ai");
        provider(GEMINI, Set.of(ProviderSurface.GEMINI), "google", "google-genai", "google-ai", "googleai",
                "gemini-api", "google-ai-studio");
        provider(OPENAI, Set.of(ProviderSurface.OPENAI_CHAT), "openai-chat", "azure", "azure-openai", "azure_openai");
        provider(OPENAI_RESPONSES, Set.of(ProviderSurface.OPENAI_RESPONSES), "responses", "azure-openai-responses");
        provider(BEDROCK, Set.of(ProviderSurface.BEDROCK_CONVERSE), "bedrock-converse", "aws-bedrock",
                "amazon-bedrock", "aws");
        provider(MISTRAL, Set.of(ProviderSurface.OPENAI_CHAT), "mistralai", "mistral-ai");
        provider(DEEPSEEK, Set.of(ProviderSurface.OPENAI_CHAT));
        provider(COHERE, Set.of(ProviderSurface.OPENAI_CHAT));
        provider(DASHSCOPE, Set.of(ProviderSurface.OPENAI_CHAT), "alibaba", "aliyun", "qwen", "model-studio");
        provider(XAI, Set.of(ProviderSurface.OPENAI_CHAT), "x-ai");

        vendor(OPENAI, OPENAI);
        vendor(ANTHROPIC, ANTHROPIC);
        vendor(GEMINI, "google", GEMINI);
        vendor(DEEPSEEK, DEEPSEEK, "deepseek-ai");
        vendor(MISTRAL, "mistralai", MISTRAL);
        vendor(COHERE, COHERE, "coherelabs");
        vendor(XAI, "x-ai", XAI);
    }

    private ProviderIds() {}

    private static void provider(String canonical, Set<ProviderSurface> surfaces, String... aliases) {
        ALIASES.put(canonical, canonical);
        for (String alias : aliases) {
            ALIASES.put(alias, canonical);
        }
        SERVES.put(canonical, surfaces);
    }

    private static void vendor(String canonical, String... prefixes) {
        for (String prefix : prefixes) {
            VENDORS.put(prefix, canonical);
        }
    }

    /**
     * Returns the canonical id of a provider name.
     *
     * @param provider a provider name as given (any case, surrounding spaces ignored), or {@code null}
     * @return the canonical id, or {@code null} when absent or not a provider known here (a gateway,
     *     a name of the application's own)
     */
    public static String canonical(String provider) {
        if (provider == null || provider.isBlank()) {
            return null;
        }
        return ALIASES.get(provider.trim().toLowerCase(Locale.ROOT));
    }

    /**
     * Returns the provider a gateway's vendor prefix names.
     *
     * @param prefix the part of a model id before its first {@code /}, lower case
     * @return the canonical provider, or {@code null} when the prefix names none
     */
    public static String vendor(String prefix) {
        return prefix == null ? null : VENDORS.get(prefix);
    }

    /**
     * Returns whether a provider serves a surface with its own API, rather than through a
     * translation.
     *
     * @param canonical a canonical provider id
     * @param surface the surface
     * @return {@code true} when the provider's own rules apply to bodies of that surface
     */
    public static boolean serves(String canonical, ProviderSurface surface) {
        Set<ProviderSurface> served = canonical == null ? null : SERVES.get(canonical);
        return served != null && served.contains(surface);
    }

    /**
     * Returns the canonical ids.
     *
     * @return every canonical provider id, in declaration order
     */
    public static List<String> all() {
        return List.copyOf(SERVES.keySet());
    }
}
