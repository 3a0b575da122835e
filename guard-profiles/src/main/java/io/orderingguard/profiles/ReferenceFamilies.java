package io.orderingguard.profiles;

import io.orderingguard.surface.ProviderIds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The 38 family recipes of the reference catalogue, plus {@code grok}: each a list of behaviour
 * tokens, in the reference's order, with a one-sentence description of what the family models.
 */
final class ReferenceFamilies {

    /** The family that resolves to the permissive behaviour itself. */
    static final String GROK = "grok";

    /** Appended to the description of a family whose recipe includes function-response adjacency. */
    static final String ADJACENCY_NOTE = " Function-response adjacency is checked on the call itself: a tool call owns "
            + "its result, so a message may not directly follow it.";

    /** Key → recipe tokens, in the reference's order. */
    static final Map<String, List<String>> RECIPES = new LinkedHashMap<>();

    /** Key → description. */
    static final Map<String, String> DESCRIPTIONS = new LinkedHashMap<>();

    private static final String BASELINE = "openai_shape_baseline";

    static {
        recipe("anthropic-manual-thinking", "Anthropic Claude with manual extended thinking: thinking precedes tool use "
                + "in the latest turn and thinking signatures stay byte-stable.",
                "thinking_before_tool_use", "payload_field_preservation:signature");
        recipe("anthropic-adaptive-thinking", "Anthropic Claude with adaptive thinking: thinking signatures stay "
                + "byte-stable.", "payload_field_preservation:signature");
        recipe("gemini-3", "Google Gemini 3: the first function call of each group carries its thoughtSignature.",
                "thought_signature_required", "function_response_adjacency");
        recipe("gemini-2-5", "Google Gemini 2.5: thoughtSignatures are recommended, not enforced.",
                "thought_signature_advisory", "function_response_adjacency");
        recipe("nova", "Amazon Nova: strict alternation on an OpenAI-shaped baseline.", "strict_alternation", BASELINE);
        recipe("bedrock-converse", "AWS Bedrock Converse: text before toolUse.", "converse_text_before_tool_use");
        recipe("deepseek-v3-base", "DeepSeek V3 without thinking: strict alternation on an OpenAI-shaped baseline.",
                "strict_alternation", BASELINE);
        recipe("deepseek-thinking", "DeepSeek thinking models: strict alternation, and reasoning is sent back in "
                + "full.", "strict_alternation", "full_history_preservation:thought");
        recipe("deepseek-v4", "DeepSeek V4: strict alternation, and reasoning is sent back in full.",
                "strict_alternation", "full_history_preservation:thought");
        recipe("qwen-2-5", "Alibaba Qwen 2.5: OpenAI-shaped baseline.", BASELINE);
        recipe("qwen-3", "Alibaba Qwen 3: OpenAI-shaped baseline; reasoning after the latest user turn is kept "
                + "unchanged.", BASELINE, "reasoning_pruned_after_latest_turn");
        recipe("glm-4-5", "Zhipu GLM 4.5: OpenAI-shaped baseline.", BASELINE);
        recipe("glm-4-7", "Zhipu GLM 4.7: OpenAI-shaped baseline; clear_thinking stays stable.", BASELINE,
                "payload_field_preservation:clear_thinking");
        recipe("kimi-k2", "Moonshot Kimi K2: OpenAI-shaped baseline; tool calls are sent back in full.", BASELINE,
                "full_history_preservation:toolCall");
        recipe("kimi-k3", "Moonshot Kimi K3: OpenAI-shaped baseline; tool calls and reasoning are sent back in full.",
                BASELINE, "full_history_preservation:toolCall", "full_history_preservation:thought");
        recipe("minimax-m2", "MiniMax M2: OpenAI-shaped baseline; tool calls and reasoning are sent back in full.",
                BASELINE, "full_history_preservation:toolCall", "full_history_preservation:thought");
        recipe("minimax-m3", "MiniMax M3: OpenAI-shaped baseline; tool calls and reasoning are sent back in full.",
                BASELINE, "full_history_preservation:toolCall", "full_history_preservation:thought");
        recipe(ProviderIds.MISTRAL, "Mistral: OpenAI-shaped baseline.", BASELINE);
        recipe("llama-3", "Meta Llama 3: OpenAI-shaped baseline; one tool call per model response.", BASELINE,
                "single_tool_call_per_turn");
        recipe("llama-4", "Meta Llama 4: OpenAI-shaped baseline (parallel tool calls allowed).", BASELINE);
        recipe("nemotron", "NVIDIA Nemotron: OpenAI-shaped baseline.", BASELINE);
        recipe("gemma-3", "Google Gemma 3: strict alternation.", "strict_alternation");
        recipe("gemma-4", "Google Gemma 4: strict alternation; thinking from earlier turns is reported.",
                "strict_alternation", "stale_thinking_advisory");
        recipe("gpt-oss", "OpenAI GPT-OSS (Harmony): tool calls carry a channel.", "harmony_commentary_channel");
        recipe("codex-responses", "OpenAI Codex on the Responses API: encrypted_content stays byte-stable.",
                "payload_field_preservation:encrypted_content");
        recipe("cohere-command-r", "Cohere Command R: OpenAI-shaped baseline.", BASELINE);
        recipe("phi", "Microsoft Phi: OpenAI-shaped baseline.", BASELINE);
        recipe("mai", "Microsoft MAI: OpenAI-shaped baseline.", BASELINE);
        recipe("jamba", "AI21 Jamba: OpenAI-shaped baseline.", BASELINE);
        recipe("falcon", "TII Falcon: OpenAI-shaped baseline.", BASELINE);
        recipe("palmyra", "Writer Palmyra: OpenAI-shaped baseline.", BASELINE);
        recipe("ernie", "Baidu ERNIE: OpenAI-shaped baseline.", BASELINE);
        recipe("gpt-4-legacy", "OpenAI GPT-4 (legacy chat models): OpenAI-shaped baseline.", BASELINE);
        recipe("bytedance-seed", "ByteDance Seed: OpenAI-shaped baseline. UNCONFIRMED guess: verify before relying "
                + "on it in enforce mode.", BASELINE);
        recipe("muse-spark", "Meta Muse Spark: OpenAI-shaped baseline. UNCONFIRMED guess: verify before relying on "
                + "it in enforce mode.", BASELINE);
        recipe("muse-glimmer", "Meta Muse Glimmer: OpenAI-shaped baseline. UNCONFIRMED guess: verify before relying "
                + "on it in enforce mode.", BASELINE);
        recipe("granite-3-x", "IBM Granite 3.x: tool calls are tagged for the split tool-call/tool-response renderer.",
                "role_remap_split_tool_roles");
        recipe("granite-4-x", "IBM Granite 4.x: tool calls are tagged for the inline renderer.",
                "role_remap_inline_tool_call");
    }

    private ReferenceFamilies() {}

    private static void recipe(String key, String description, String... tokens) {
        RECIPES.put(key, List.of(tokens));
        DESCRIPTIONS.put(key, List.of(tokens).contains("function_response_adjacency")
                ? description + ADJACENCY_NOTE : description);
    }
}
