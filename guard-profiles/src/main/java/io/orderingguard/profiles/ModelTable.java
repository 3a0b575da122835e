package io.orderingguard.profiles;

import static io.orderingguard.profiles.Confidence.CONFIRMED;
import static io.orderingguard.profiles.Confidence.DOCUMENTED;
import static io.orderingguard.profiles.Confidence.GUESSED;

import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ProviderSurface;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Model id → family, as data: an ordered table of {@link ModelRule}s, first match wins. The API
 * surface counts: a Bedrock-style id ({@code us.anthropic.claude-…}) or the provider {@code bedrock}
 * selects a Bedrock Converse family whatever the model, and a Claude id on {@code anthropic} or
 * {@code vertex} selects the Messages API family.
 *
 * <p>Providers are canonicalised ({@link #canonicalProvider}); an unknown provider (a gateway, a
 * custom name) gives no surface hint, so only rows that do not require a provider apply.
 *
 * <p>Model ids are matched as {@link #resolve} leaves them: lower case; a Bedrock ARN reduced to its
 * last path segment; an API path ({@code models/…}, Vertex {@code publishers/google/models/…},
 * {@code projects/…/models/…}) reduced to what follows {@code models/}; a gateway's vendor prefix
 * ({@code openai/gpt-4o-mini}, {@code deepseek/deepseek-chat}, {@code anthropic/claude-…} on
 * OpenRouter, {@code zai-org/GLM-4.6} on Hugging Face) removed, a known vendor becoming the surface
 * hint (it is the vendor's API that answers, whatever gateway relays the request).
 */
final class ModelTable {

    static final String ANTHROPIC = ProviderIds.ANTHROPIC;
    static final String VERTEX = ProviderIds.VERTEX;
    static final String GEMINI = ProviderIds.GEMINI;
    static final String OPENAI = ProviderIds.OPENAI;
    static final String OPENAI_RESPONSES = ProviderIds.OPENAI_RESPONSES;
    static final String BEDROCK = ProviderIds.BEDROCK;
    static final String DASHSCOPE = ProviderIds.DASHSCOPE;

    /** A provider other than OpenAI on the Responses surface. */
    static final ModelRule RESPONSES_COMPATIBLE = new ModelRule(Set.of(), false, ".",
            ProviderFamilies.RESPONSES_COMPATIBLE, DOCUMENTED, "a provider other than OpenAI serving the Responses "
                    + "API translates it to its own: only the surface's pairing applies");

    /** A vendor's model behind a gateway, on a surface the vendor does not serve itself. */
    static final ModelRule GATEWAY_TRANSLATED = new ModelRule(Set.of(), false, ".",
            ProviderFamilies.GATEWAY_TRANSLATED, DOCUMENTED, "the gateway translates the request to the vendor's "
                    + "API: the vendor's native rules check shapes it rewrites");

    private static final List<ModelRule> ROWS = new ArrayList<>();
    private static final List<Pattern> PATTERNS = new ArrayList<>();

    private static final String REGION = "^(?:(?:us|eu|apac|global|us-gov|jp|au|ca)\\.)?";

    static {
        // AWS Bedrock Converse: the surface decides, whatever the model
        row(Set.of(BEDROCK), false, REGION + "anthropic\\.claude", "bedrock-converse-claude", CONFIRMED,
                "Claude on Bedrock Converse: the B- rules, not the Messages API rules");
        row(Set.of(BEDROCK), false, REGION + "qwen\\.[a-z0-9]", "bedrock-converse-qwen", CONFIRMED,
                "Qwen on Bedrock Converse accepts a leading assistant message (pydantic/pydantic-ai PR #6255)");
        row(Set.of(BEDROCK), false, REGION + "(?:amazon|meta|mistral|cohere|ai21|deepseek|qwen|openai|writer|minimax"
                + "|moonshot|moonshotai|zai|google|nvidia)\\.[a-z0-9]", "bedrock-converse-api", DOCUMENTED,
                "a Bedrock model id: Converse applies its own rules to every model");
        row(Set.of(BEDROCK), true, "claude", "bedrock-converse-claude", CONFIRMED, "Claude on Bedrock Converse");
        row(Set.of(BEDROCK), true, ".", "bedrock-converse-api", DOCUMENTED,
                "any model on Bedrock Converse");

        // Anthropic Messages API (1P and Vertex AI)
        row(Set.of(ANTHROPIC, VERTEX), false,
                "(?:^|/)claude-(?:(?:opus|sonnet|haiku)-[4-9]|[3-9](?:[-.][0-9])?-(?:opus|sonnet|haiku))",
                "anthropic-messages", CONFIRMED, "Claude 3.x and 4.x: the A- and T- rules were reported against them");
        row(Set.of(ANTHROPIC, VERTEX), false, "(?:^|/)claude-", "anthropic-messages", GUESSED,
                "another Claude generation: assumed to follow the Messages API rules");

        // OpenAI
        row(Set.of(OPENAI), false, "^o1-(?:mini|preview)", "openai-chat-o1-mini", CONFIRMED,
                "o1-mini and o1-preview reject the system role (BerriAI/litellm#5671)");
        row(Set.of(OPENAI, OPENAI_RESPONSES), false, "(?:^|/)(?:gpt-[0-9.]+-codex|codex-)", OPENAI_RESPONSES,
                DOCUMENTED, "Codex models are served on the Responses API only");
        row(Set.of(OPENAI_RESPONSES), true, "^(?:gpt-|o[1-9]|chatgpt-|computer-use)", OPENAI_RESPONSES, DOCUMENTED,
                "an OpenAI model on the Responses API");
        row(Set.of(OPENAI), false, "^(?:gpt-4o|gpt-4\\.1|gpt-4-turbo|gpt-4(?:-|$)|gpt-3\\.5-turbo|chatgpt-4o)",
                "openai-chat", CONFIRMED, "the O- rules were reported against these models");
        row(Set.of(OPENAI), false, "^(?:gpt-5|gpt-4\\.5|o1|o3|o4-mini)", "openai-chat", DOCUMENTED,
                "Chat Completions rules apply to every model on the surface");

        // Google Gemini API and Vertex AI
        row(Set.of(GEMINI, VERTEX), false, "(?:^|/)gemini-3(?:\\.[0-9]+)?-pro-image", "gemini-2-5-api", DOCUMENTED,
                "Gemini 3 Pro Image does not enforce thought signatures");
        row(Set.of(GEMINI, VERTEX), false, "(?:^|/)gemini-3(?:\\.[0-9]+)?(?:-|$)", "gemini-3-api", CONFIRMED,
                "Gemini 3: missing thought signatures reported as 400 (nanbingxyz/5ire#405)");
        row(Set.of(GEMINI, VERTEX), false, "(?:^|/)gemini-2\\.5-", "gemini-2-5-api", CONFIRMED,
                "Gemini 2.5: signatures returned but not enforced");
        row(Set.of(GEMINI, VERTEX), false, "(?:^|/)gemini-(?:flash|pro)(?:-lite)?-latest", "gemini-3-api", GUESSED,
                "a moving alias (the reference saw one resolve to another model upstream): assumed the current "
                        + "generation, Gemini 3");
        row(Set.of(GEMINI, VERTEX), false, "(?:^|/)gemini-(?:2\\.0|1\\.5|1\\.0|pro)", "gemini-legacy-api", CONFIRMED,
                "Gemini 1.x and 2.0: empty text parts were refused (vercel/ai#3775, 2024); G5 (ends with a user "
                        + "turn) is not modelled");

        // Open-weight and other model families: any provider
        row(Set.of(), false, "gpt-oss", "gpt-oss-template", DOCUMENTED, "the Harmony chat template raises on orphan "
                + "tool results");
        row(Set.of(), false, "deepseek-r1-distill", "deepseek-r1-api", GUESSED,
                "a distilled R1 served through its chat template: D1-D3 are checks of the DeepSeek API");
        row(Set.of(), false, "deepseek-r1", "deepseek-r1-api", CONFIRMED,
                "the R1 generation: D1-D3 reported against deepseek-reasoner R1");
        row(Set.of(), false, "deepseek-v4", "deepseek-v4-api", CONFIRMED, "D5 reported against V4");
        row(Set.of(), false, "deepseek-v3[.-]2", "deepseek-v3-2-api", CONFIRMED, "D4 reported against V3.2");
        row(Set.of(), false, "^deepseek-reasoner$", "deepseek-v4-api-thinking", DOCUMENTED,
                "the thinking-mode alias, which follows DeepSeek's current generation: V4 as of 2026-11 (before: V3.2 "
                        + "thinking, and R1)");
        row(Set.of(), false, "^deepseek-chat$", "deepseek-v4-api", DOCUMENTED,
                "the non-thinking alias, which follows DeepSeek's current generation: V4 as of 2026-11 (before: V3.2)");
        row(Set.of(), false, "deepseek-v3", "deepseek-v3-base", DOCUMENTED, "DeepSeek V3 before 3.2, no thinking");
        row(Set.of(), false, "(?:^|/)magistral", "mistral-reasoning-api", CONFIRMED,
                "Magistral takes reasoning back, also another provider's (pydantic/pydantic-ai cassette)");
        row(Set.of(), false, "(?:^|/)mistral-(?:medium-3[.-]5|small-(?:4|2603)|medium-latest|small-latest)",
                "mistral-reasoning-api", GUESSED, "Mistral Medium 3.5 and Small 4 reason (reasoning_effort); the "
                        + "-latest aliases are assumed to point at them");
        row(Set.of(), false, "(?:^|/)(?:mistral|magistral|codestral|devstral|ministral|pixtral|open-mistral"
                + "|open-mixtral|mixtral)", "mistral-api", DOCUMENTED,
                "the mistral-common validator is the check of the hosted API and of vLLM serving");
        row(Set.of(), false, "nemotron", "nemotron", DOCUMENTED, "NVIDIA Nemotron (before Llama: many are Llama "
                + "derivatives)");
        row(Set.of(), false, "llama-?3(?:[.-][0-9])?(?![0-9])|llama3", "llama-3-template", CONFIRMED,
                "the official template raises on parallel tool calls (vllm-project/vllm PR #12938)");
        row(Set.of(), false, "llama-?4", "llama-4", DOCUMENTED, "Llama 4 allows parallel tool calls");
        row(Set.of(), false, "granite-?3", "granite-3-template", DOCUMENTED, "the Granite 3.x template");
        row(Set.of(), false, "granite-?4", "granite-4-template", CONFIRMED,
                "the reference live-tested Granite 4 (both renderings accepted)");
        row(Set.of(), false, "qwq", "qwen-3-api", GUESSED, "QwQ strips thinking like Qwen 3");
        row(Set.of(), false, "qwen-?3", "qwen-3-api", DOCUMENTED, "the Qwen 3 template and DashScope wording");
        row(Set.of(), false, "qwen-?2\\.5|qwen2", "qwen-2-5", DOCUMENTED, "Qwen 2.5");
        row(Set.of(DASHSCOPE), false, "^qwen-(?:max|plus|turbo|flash)", "qwen-3-api", GUESSED,
                "DashScope's moving qwen aliases: assumed Qwen 3");
        row(Set.of(), false, "command-(?:r|a)", "cohere-v2", DOCUMENTED, "Cohere Command on the v2 Chat API");
        row(Set.of(), false, "gemma-?3", "gemma-3", DOCUMENTED, "Gemma 3 template");
        row(Set.of(), false, "gemma-?4", "gemma-4", DOCUMENTED, "Gemma 4 guidance");
        row(Set.of(), false, "glm-?4\\.5", "glm-4-5", DOCUMENTED, "GLM 4.5");
        row(Set.of(), false, "glm-?4\\.7", "glm-4-7", DOCUMENTED, "GLM 4.7");
        row(Set.of(), false, "glm-?4\\.6", "glm-4-7", GUESSED, "GLM 4.6: assumed to behave like 4.7");
        row(Set.of(), false, "(?:^|/)glm-?(?:[5-9]|4\\.[89])", "glm-4-7", GUESSED,
                "a GLM generation after 4.7: assumed to behave like 4.7");
        row(Set.of(), false, "(?:^|/)glm-?4(?:-|$)", "glm-4-5", GUESSED,
                "another GLM-4 model (glm-4-plus, glm-4-9b-chat): assumed to behave like 4.5");
        row(Set.of(), false, "kimi-k2", "kimi-k2", DOCUMENTED, "Kimi K2");
        row(Set.of(), false, "kimi-k3", "kimi-k3", DOCUMENTED, "Kimi K3");
        row(Set.of(), false, "minimax-m2", "minimax-m2", DOCUMENTED, "MiniMax M2");
        row(Set.of(), false, "minimax-m3", "minimax-m3", DOCUMENTED, "MiniMax M3");
        row(Set.of(), false, "(?:^|/)phi-?[0-9]", "phi", DOCUMENTED, "Microsoft Phi");
        row(Set.of(), false, "(?:^|/)mai-", "mai", DOCUMENTED, "Microsoft MAI");
        row(Set.of(), false, "jamba", "jamba", DOCUMENTED, "AI21 Jamba");
        row(Set.of(), false, "falcon", "falcon", DOCUMENTED, "TII Falcon");
        row(Set.of(), false, "palmyra", "palmyra", DOCUMENTED, "Writer Palmyra");
        row(Set.of(), false, "ernie", "ernie", DOCUMENTED, "Baidu ERNIE");
        row(Set.of(), false, "(?:^|/)(?:seed-|doubao)", "bytedance-seed", GUESSED,
                "ByteDance Seed: the reference marks the family UNCONFIRMED");
        row(Set.of(), false, "muse-spark", "muse-spark", GUESSED, "the reference marks the family UNCONFIRMED");
        row(Set.of(), false, "muse-glimmer", "muse-glimmer", GUESSED, "the reference marks the family UNCONFIRMED");
        row(Set.of(), false, "(?:^|/)grok", "grok", DOCUMENTED, "xAI documents no ordering limitation");
        row(Set.of(), false, "(?:^|/)nova-", "nova", DOCUMENTED, "Amazon Nova outside Bedrock Converse");
    }

    private ModelTable() {}

    private static void row(Set<String> providers, boolean requiresProvider, String pattern, String family,
            Confidence confidence, String note) {
        ROWS.add(new ModelRule(providers, requiresProvider, pattern, family, confidence, note));
        PATTERNS.add(Pattern.compile(pattern));
    }

    static List<ModelRule> rows() {
        return List.copyOf(ROWS);
    }

    /**
     * Canonicalises a provider name.
     *
     * @param provider the provider as given, or {@code null}
     * @return the canonical name, or {@code null} when absent or unknown
     */
    static String canonicalProvider(String provider) {
        return ProviderIds.canonical(provider);
    }

    /**
     * A model id as the table matches it, with the provider (surface) hint in force.
     *
     * @param provider the canonical provider whose rows apply, or {@code null}
     * @param id the model id as matched
     * @param translated the vendor a gateway prefix named when that vendor does not serve the request's
     *     surface itself (its native rows then do not apply), else {@code null}
     */
    record Resolved(String provider, String id, String translated) {}

    /**
     * Reduces a model id to what the table matches, and settles the provider hint (see the class
     * comment).
     *
     * @param provider the provider as given, or {@code null}
     * @param modelId the model id as given
     * @return the canonical provider (or {@code null}) and the id
     */
    static Resolved resolve(String provider, String modelId) {
        return resolve(provider, modelId, null);
    }

    /**
     * Reduces a model id to what the table matches on a known surface: a gateway's vendor prefix
     * names the provider only when that vendor serves the surface itself, and on the Responses surface
     * OpenAI (and Azure) is the provider {@code openai-responses}.
     *
     * @param provider the provider as given, or {@code null}
     * @param modelId the model id as given
     * @param api the surface the request is written in, or {@code null} when unknown
     * @return the canonical provider (or {@code null}), the id and the vendor left out, if any
     */
    static Resolved resolve(String provider, String modelId, ProviderSurface api) {
        String canonical = canonicalProvider(provider);
        String translated = null;
        String id = modelId.trim().toLowerCase(Locale.ROOT);
        if (id.startsWith("arn:")) {
            id = id.substring(id.lastIndexOf('/') + 1);
        }
        int models = id.lastIndexOf("models/");
        if (models >= 0 && (models == 0 || id.charAt(models - 1) == '/')) {
            id = id.substring(models + "models/".length());
        }
        int slash = id.indexOf('/');
        if (slash > 0) {
            String vendor = ProviderIds.vendor(id.substring(0, slash));
            if (vendor != null && (api == null || ProviderIds.serves(vendor, api))) {
                canonical = vendor;
            } else if (vendor != null) {
                translated = vendor;
            }
            id = id.substring(id.lastIndexOf('/') + 1);
        }
        if (api == ProviderSurface.OPENAI_RESPONSES && (OPENAI.equals(canonical) || provider == null)) {
            canonical = OPENAI_RESPONSES;
        }
        return new Resolved(canonical, id, translated);
    }

    /**
     * Finds the first row for a model id.
     *
     * @param provider the provider, or {@code null}
     * @param modelId the model id
     * @return the row, or {@code null}
     */
    static ModelRule find(String provider, String modelId) {
        return find(provider, modelId, null);
    }

    /**
     * Finds the first row for a model id on a surface. The surface decides: on the Responses surface
     * a provider other than OpenAI gets {@link #RESPONSES_COMPATIBLE}; a model whose vendor does not
     * serve the surface itself (Claude or Gemini behind a gateway's Chat Completions) gets
     * {@link #GATEWAY_TRANSLATED}, not the vendor's native family; rows bound to providers apply only
     * to those providers.
     *
     * @param provider the provider, or {@code null}
     * @param modelId the model id
     * @param api the surface, or {@code null} when unknown (then the table reads as without surfaces)
     * @return the row, or {@code null}
     */
    static ModelRule find(String provider, String modelId, ProviderSurface api) {
        Resolved resolved = resolve(provider, modelId, api);
        String canonical = resolved.provider();
        String id = resolved.id();
        if (api == ProviderSurface.OPENAI_RESPONSES && !OPENAI_RESPONSES.equals(canonical)) {
            return RESPONSES_COMPATIBLE;
        }
        for (int i = 0; i < ROWS.size(); i++) {
            ModelRule row = ROWS.get(i);
            boolean surfaceMatches = canonical != null && row.providers().contains(canonical);
            boolean bound = !row.providers().isEmpty();
            if (row.requiresProvider() && !surfaceMatches) {
                continue;
            }
            if (bound && !surfaceMatches) {
                boolean served = api == null || servesAny(row.providers(), api);
                if (!served && PATTERNS.get(i).matcher(id).find()) {
                    return GATEWAY_TRANSLATED; // the vendor's model, on a surface the vendor does not speak
                }
                // an unnamed provider (a gateway) relaying the vendor's own surface keeps the vendor's rows
                if (canonical != null || !served) {
                    continue;
                }
            }
            if (PATTERNS.get(i).matcher(id).find()) {
                return row;
            }
        }
        return resolved.translated() != null ? GATEWAY_TRANSLATED : null;
    }

    private static boolean servesAny(Set<String> providers, ProviderSurface api) {
        for (String p : providers) {
            if (ProviderIds.serves(p, api)) {
                return true;
            }
        }
        return false;
    }
}
