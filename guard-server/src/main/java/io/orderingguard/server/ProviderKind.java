package io.orderingguard.server;

import io.orderingguard.surface.ProviderIds;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The upstreams the proxy knows, each with the paths it serves for it. A request is routed by its
 * path (and, where OpenAI and Anthropic share {@code /v1/...}, by the {@code anthropic-version}
 * header that every Anthropic client sends).
 *
 * <p>Thread-safe (an enum).
 */
public enum ProviderKind {
    /** OpenAI: {@code /v1/chat/completions}, {@code /v1/responses} (guarded) and the rest of {@code /v1/*}. */
    OPENAI(ProviderIds.OPENAI, List.of("/v1/chat/completions", "/v1/responses", "/v1/* (models, files, embeddings: not guarded)")),
    /** Anthropic: {@code /v1/messages} (guarded), and {@code /v1/*} with an {@code anthropic-version} header. */
    ANTHROPIC(ProviderIds.ANTHROPIC, List.of("/v1/messages", "/v1/messages/count_tokens and /v1/* with an anthropic-version "
            + "header (not guarded)")),
    /** Gemini API: {@code /v1beta/models/{model}:generateContent} and {@code :streamGenerateContent}. */
    GEMINI(ProviderIds.GEMINI, List.of("/v1beta/models/{model}:generateContent", "/v1beta/models/{model}:streamGenerateContent",
            "/v1beta/* (not guarded)")),
    /** Vertex AI: the {@code publishers/google/models/{model}:generateContent} paths under {@code /v1/projects/}. */
    VERTEX(ProviderIds.VERTEX, List.of("/v1/projects/{project}/locations/{location}/publishers/google/models/{model}:generateContent",
            "…:streamGenerateContent", "/v1/projects/* and /v1beta1/projects/* (not guarded)")),
    /** Azure OpenAI: {@code /openai/deployments/{deployment}/chat/completions}, {@code /openai/v1/*}. */
    AZURE_OPENAI("azure-openai", List.of("/openai/deployments/{deployment}/chat/completions",
            "/openai/v1/chat/completions", "/openai/v1/responses", "/openai/* (not guarded)")),
    /** Bedrock Runtime: {@code /model/{modelId}/converse} and {@code /converse-stream}. */
    BEDROCK(ProviderIds.BEDROCK, List.of("/model/{modelId}/converse", "/model/{modelId}/converse-stream",
            "/model/* (invoke: not guarded)"));

    private static final java.util.regex.Pattern VERTEX_PATH = java.util.regex.Pattern.compile("/v1[a-z0-9]*/projects/.*");
    private static final java.util.regex.Pattern GEMINI_MODEL_PATH = java.util.regex.Pattern.compile("/v1(alpha)?/models/[^/]+:.*");

    private final String configName;
    private final List<String> paths;

    ProviderKind(String configName, List<String> paths) {
        this.configName = configName;
        this.paths = paths;
    }

    /**
     * Returns the name an upstream is configured under ({@code --upstream openai=URL}).
     *
     * @return e.g. {@code openai}, {@code azure-openai}
     */
    public String configName() {
        return configName;
    }

    /**
     * Returns the paths served for this upstream, for the 404 that names them and for the docs.
     *
     * @return the paths, guarded ones first
     */
    public List<String> paths() {
        return paths;
    }

    /**
     * Finds a kind by its configuration name, ignoring case.
     *
     * @param name e.g. {@code anthropic}
     * @return the kind, or empty
     */
    public static Optional<ProviderKind> named(String name) {
        for (ProviderKind kind : values()) {
            if (kind.configName.equalsIgnoreCase(name == null ? "" : name.trim())) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /**
     * Returns the configuration names of every kind, for messages.
     *
     * @return {@code openai, anthropic, gemini, vertex, azure-openai, bedrock}
     */
    public static String names() {
        StringBuilder s = new StringBuilder();
        for (ProviderKind kind : values()) {
            s.append(s.length() == 0 ? "" : ", ").append(kind.configName);
        }
        return s.toString();
    }

    /**
     * Routes a request path to the upstream kind that serves it.
     *
     * @param path the URL path (without the query)
     * @param anthropicVersionHeader whether the request carries an {@code anthropic-version} header
     * @return the kind, or empty when no upstream serves the path
     */
    public static Optional<ProviderKind> route(String path, boolean anthropicVersionHeader) {
        String p = path.toLowerCase(Locale.ROOT);
        if (p.startsWith("/model/")) {
            return Optional.of(BEDROCK);
        }
        if (p.startsWith("/openai/")) {
            return Optional.of(AZURE_OPENAI);
        }
        if (VERTEX_PATH.matcher(p).matches()) {
            return Optional.of(VERTEX);
        }
        if (p.startsWith("/v1beta/") || p.startsWith("/upload/v1beta/") || GEMINI_MODEL_PATH.matcher(p).matches()) {
            return Optional.of(GEMINI);
        }
        if (p.equals("/v1/messages") || p.startsWith("/v1/messages/") || p.equals("/v1/complete")
                || (anthropicVersionHeader && p.startsWith("/v1/"))) {
            return Optional.of(ANTHROPIC);
        }
        if (p.startsWith("/v1/")) {
            return Optional.of(OPENAI);
        }
        return Optional.empty();
    }
}
