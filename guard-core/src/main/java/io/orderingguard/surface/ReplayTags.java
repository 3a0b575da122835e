package io.orderingguard.surface;

import java.util.List;
import java.util.Set;

/**
 * The replay tags of the shipped vocabulary: each names the wire a reasoning payload (a signature, an
 * encrypted blob, a channel) was produced by, as {@code Entry.replayCompatibility()} carries it. A
 * {@code replayCompatibility} rule lists the tags its target accepts; a payload with another tag is
 * foreign, an untagged one of unknown origin.
 *
 * <p>Which surface produces which tag is declared on {@link ProviderSurface#replayTags()}.
 */
public final class ReplayTags {

    /** Anthropic Messages {@code thinking} and {@code redacted_thinking} blocks (signature, data). */
    public static final String ANTHROPIC_THINKING = "anthropic-messages-thinking-v1";
    /** A Gemini {@code thoughtSignature} the model produced. */
    public static final String GEMINI_THOUGHT_SIGNATURE = "gemini-thought-signature-v1";
    /** A Gemini {@code thoughtSignature} holding one of the documented sentinels that skip validation. */
    public static final String GEMINI_SIGNATURE_SENTINEL = "gemini-thought-signature-sentinel-v1";
    /** An OpenAI Responses {@code reasoning} item's {@code encrypted_content}. */
    public static final String OPENAI_RESPONSES_REASONING = "openai-responses-reasoning-v1";
    /** DeepSeek's {@code reasoning_content} on a Chat Completions assistant message. */
    public static final String DEEPSEEK_REASONING_CONTENT = "deepseek-reasoning-content-v1";
    /** A Bedrock Converse {@code reasoningContent} block (signature, redacted content). */
    public static final String BEDROCK_REASONING = "bedrock-converse-reasoning-v1";
    /** The Harmony chat template's {@code channel} of a GPT-OSS message. */
    public static final String HARMONY_CHANNEL = "harmony-channel-v1";

    /** The documented dummy thought signature that makes Gemini skip validation. */
    public static final String GEMINI_SKIP_VALIDATOR = "skip_thought_signature_validator";

    private static final Set<String> GEMINI_SENTINELS = Set.of(GEMINI_SKIP_VALIDATOR,
            "context_engineering_is_the_way_to_go");

    private ReplayTags() {}

    /**
     * Returns whether a Gemini thought signature is one of the documented dummies that skip validation.
     *
     * @param signature the signature
     * @return {@code true} for a sentinel
     */
    public static boolean isGeminiSentinel(String signature) {
        return GEMINI_SENTINELS.contains(signature);
    }

    /**
     * Returns the replay tag of a Gemini thought signature: {@link #GEMINI_SIGNATURE_SENTINEL} for a
     * documented dummy, else {@link #GEMINI_THOUGHT_SIGNATURE}.
     *
     * @param signature the signature
     * @return the tag
     */
    public static String geminiTagOf(String signature) {
        return isGeminiSentinel(signature) ? GEMINI_SIGNATURE_SENTINEL : GEMINI_THOUGHT_SIGNATURE;
    }

    /**
     * Returns every shipped tag.
     *
     * @return the tags, in the order above
     */
    public static List<String> all() {
        return List.of(ANTHROPIC_THINKING, GEMINI_THOUGHT_SIGNATURE, GEMINI_SIGNATURE_SENTINEL,
                OPENAI_RESPONSES_REASONING, DEEPSEEK_REASONING_CONTENT, BEDROCK_REASONING, HARMONY_CHANNEL);
    }
}
