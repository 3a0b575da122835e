package io.orderingguard.testing.emulator;

import java.util.List;

/** The provider APIs the {@link ProviderEmulator} speaks. */
public enum Wire {

    /** OpenAI Chat Completions: {@code POST /v1/chat/completions} (and {@code /chat/completions}). */
    OPENAI_CHAT_COMPLETIONS(List.of("/v1/chat/completions", "/chat/completions")),

    /** Anthropic Messages: {@code POST /v1/messages} (and {@code /messages}). */
    ANTHROPIC_MESSAGES(List.of("/v1/messages", "/messages")),

    /**
     * Gemini API {@code generateContent}: {@code POST /v1beta/models/<model>:generateContent} and
     * {@code :streamGenerateContent} (also under {@code /v1}); the model is part of the path.
     */
    GEMINI_GENERATE_CONTENT(List.of("/v1beta/models/{model}:generateContent",
            "/v1beta/models/{model}:streamGenerateContent", "/v1/models/{model}:generateContent",
            "/v1/models/{model}:streamGenerateContent")),

    /** OpenAI Responses: {@code POST /v1/responses} (and {@code /responses}); stateless, see the rules. */
    OPENAI_RESPONSES(List.of("/v1/responses", "/responses")),

    /**
     * AWS Bedrock Runtime Converse: {@code POST /model/<modelId>/converse}, and
     * {@code /converse-stream}, answered in the AWS event-stream binary framing; the model id
     * (URL-encoded by the AWS SDK, e.g. {@code anthropic.claude-sonnet-4-5-20250929-v1%3A0}) is part of
     * the path.
     */
    BEDROCK_CONVERSE(List.of("/model/{modelId}/converse", "/model/{modelId}/converse-stream"));

    private final List<String> paths;

    Wire(List<String> paths) {
        this.paths = paths;
    }

    /**
     * Returns the request paths this wire is served on ({@code {model}} stands for a model name).
     *
     * @return the paths, the versioned one first
     */
    public List<String> paths() {
        return paths;
    }

    static Wire forPath(String path) {
        if (GeminiWire.model(path) != null) {
            return GEMINI_GENERATE_CONTENT;
        }
        if (BedrockConverseWire.model(path) != null) {
            return BEDROCK_CONVERSE;
        }
        for (Wire wire : values()) {
            if (wire.paths.contains(path)) {
                return wire;
            }
        }
        return null;
    }
}
