package io.orderingguard.surface;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A provider API surface and its vocabulary, declared once: the roles a body may carry, the block,
 * item or part types that hold tool calls, tool results and reasoning (with the field that holds each
 * one's call id), the other types a provider documents (images, documents, built-in tool items), the
 * fields that hold reasoning signatures, the replay tags of reasoning read from the surface, the
 * provider whose own families judge it, and the endpoint paths that name it.
 *
 * <p>A codec reads a body tolerantly against this vocabulary: a role or type it does not list is
 * carried through unchanged and reported (an advisory finding {@code wire-unknown-shape}), never
 * refused. A type that ends like a call ({@link #looksLikeCall}) or a result ({@link #looksLikeResult})
 * and carries a call id still takes part in tool-call pairing.
 *
 * <p>Thread-safe (an enum of immutable tables).
 */
public enum ProviderSurface {
    /** Anthropic Messages ({@code POST /v1/messages}; also on Vertex AI). */
    ANTHROPIC_MESSAGES("anthropic-messages", ProviderIds.ANTHROPIC, List.of("/messages"),
            Set.of("user", "assistant", "system"),
            Map.of("tool_use", "id", "server_tool_use", "id", "mcp_tool_use", "id"),
            Map.of("tool_result", "tool_use_id", "mcp_tool_result", "tool_use_id",
                    "web_search_tool_result", "tool_use_id", "web_fetch_tool_result", "tool_use_id",
                    "code_execution_tool_result", "tool_use_id", "bash_code_execution_tool_result", "tool_use_id",
                    "text_editor_code_execution_tool_result", "tool_use_id", "tool_search_tool_result", "tool_use_id"),
            Set.of("thinking", "redacted_thinking"),
            Set.of("text", "image", "document", "search_result", "container_upload", "tool_reference",
                    "tool_addition"),
            Set.of("signature", "data"), List.of(ReplayTags.ANTHROPIC_THINKING)),
    /** OpenAI Chat Completions ({@code POST /v1/chat/completions}) and the APIs compatible with it. */
    OPENAI_CHAT("openai-chat", ProviderIds.OPENAI, List.of("/chat/completions"),
            Set.of("system", "developer", "user", "assistant", "tool", "function"),
            Map.of("function", "id", "custom", "id"),
            Map.of("tool", "tool_call_id"),
            Set.of("reasoning_content"),
            Set.of("text", "image_url", "input_audio", "file", "refusal"),
            Set.of("reasoning_content"), List.of(ReplayTags.DEEPSEEK_REASONING_CONTENT)),
    /** OpenAI Responses ({@code POST /v1/responses}). */
    OPENAI_RESPONSES(ProviderIds.OPENAI_RESPONSES, ProviderIds.OPENAI_RESPONSES, List.of("/responses"),
            Set.of("user", "assistant", "system", "developer"),
            Map.of("function_call", "call_id", "custom_tool_call", "call_id", "computer_call", "call_id",
                    "local_shell_call", "call_id", "shell_call", "call_id", "apply_patch_call", "call_id",
                    "tool_search_call", "call_id"),
            Map.of("function_call_output", "call_id", "custom_tool_call_output", "call_id",
                    "computer_call_output", "call_id", "local_shell_call_output", "call_id",
                    "shell_call_output", "call_id", "apply_patch_call_output", "call_id",
                    "tool_search_output", "call_id"),
            Set.of("reasoning"),
            Set.of("message", "input_text", "output_text", "text", "summary_text", "reasoning_text", "refusal",
                    "input_image", "input_file", "input_audio", "item_reference", "web_search_call",
                    "file_search_call", "image_generation_call", "code_interpreter_call", "mcp_call", "mcp_list_tools",
                    "mcp_approval_request", "mcp_approval_response", "compaction"),
            Set.of("encrypted_content"), List.of(ReplayTags.OPENAI_RESPONSES_REASONING)),
    /** Gemini {@code generateContent} and {@code streamGenerateContent} (Gemini API and Vertex AI). */
    GEMINI(ProviderIds.GEMINI, ProviderIds.GEMINI, List.of(":generatecontent", ":streamgeneratecontent"),
            Set.of("user", "model", "function"),
            Map.of("functionCall", "id", "function_call", "id"),
            Map.of("functionResponse", "id", "function_response", "id"),
            Set.of("thought"),
            Set.of("text", "inlineData", "inline_data", "fileData", "file_data", "executableCode", "executable_code",
                    "codeExecutionResult", "code_execution_result", "thoughtSignature", "thought_signature",
                    "partMetadata", "part_metadata", "videoMetadata", "video_metadata", "mediaResolution",
                    "media_resolution"),
            Set.of("thoughtSignature", "thought_signature"),
            List.of(ReplayTags.GEMINI_THOUGHT_SIGNATURE, ReplayTags.GEMINI_SIGNATURE_SENTINEL)),
    /** Amazon Bedrock Converse ({@code POST /model/{id}/converse} and {@code /converse-stream}). */
    BEDROCK_CONVERSE("bedrock-converse", ProviderIds.BEDROCK, List.of("/converse", "/converse-stream"),
            Set.of("user", "assistant"),
            Map.of("toolUse", "toolUseId"),
            Map.of("toolResult", "toolUseId"),
            Set.of("reasoningContent"),
            Set.of("text", "cachePoint", "image", "document", "video", "guardContent", "citationsContent",
                    "searchResult", "audio"),
            Set.of("signature", "redactedContent"), List.of(ReplayTags.BEDROCK_REASONING));

    /**
     * The rule id of the advisory finding a part of a body the vocabulary does not describe becomes
     * (no rule: the wire guard reports it; it can be disabled like an advisory rule).
     */
    public static final String UNKNOWN_SHAPE_RULE_ID = "wire-unknown-shape";

    private final String wireName;
    private final String provider;
    private final List<String> pathSuffixes;
    private final Set<String> roles;
    private final Map<String, String> calls;
    private final Map<String, String> results;
    private final Set<String> thoughts;
    private final Set<String> others;
    private final Set<String> signatureFields;
    private final List<String> replayTags;

    ProviderSurface(String wireName, String provider, List<String> pathSuffixes, Set<String> roles,
            Map<String, String> calls, Map<String, String> results, Set<String> thoughts, Set<String> others,
            Set<String> signatureFields, List<String> replayTags) {
        this.wireName = wireName;
        this.provider = provider;
        this.pathSuffixes = pathSuffixes;
        this.roles = roles;
        this.calls = calls;
        this.results = results;
        this.thoughts = thoughts;
        this.others = others;
        this.signatureFields = signatureFields;
        this.replayTags = replayTags;
    }

    /**
     * Returns the name {@code guard check --wire} uses.
     *
     * @return e.g. {@code openai-responses}
     */
    public String wireName() {
        return wireName;
    }

    /**
     * Returns the canonical provider whose own families judge bodies of this surface when no other
     * provider is named ({@link ProviderIds}).
     *
     * @return e.g. {@code anthropic}
     */
    public String provider() {
        return provider;
    }

    /**
     * Returns the endpoint path endings that name this surface, lower case.
     *
     * @return e.g. {@code /chat/completions}
     */
    public List<String> pathSuffixes() {
        return pathSuffixes;
    }

    /**
     * Returns the roles a body of this surface may carry.
     *
     * @return the wire role names
     */
    public Set<String> roles() {
        return roles;
    }

    /**
     * Returns the types that hold a tool call, each with the field holding its id.
     *
     * @return type → id field
     */
    public Map<String, String> callTypes() {
        return calls;
    }

    /**
     * Returns the types that hold a tool result, each with the field naming the call it answers.
     *
     * @return type → call id field
     */
    public Map<String, String> resultTypes() {
        return results;
    }

    /**
     * Returns the types that hold reasoning.
     *
     * @return the types
     */
    public Set<String> thoughtTypes() {
        return thoughts;
    }

    /**
     * Returns the other documented types (text, media, documents, built-in tool items).
     *
     * @return the types
     */
    public Set<String> otherTypes() {
        return others;
    }

    /**
     * Returns the fields that hold a reasoning signature or an opaque reasoning blob.
     *
     * @return the field names
     */
    public Set<String> signatureFields() {
        return signatureFields;
    }

    /**
     * Returns the replay tags of reasoning read from this surface.
     *
     * @return the tags ({@link ReplayTags})
     */
    public List<String> replayTags() {
        return replayTags;
    }

    /**
     * Returns whether this surface documents a role.
     *
     * @param role the wire role
     * @return {@code true} when documented
     */
    public boolean knowsRole(String role) {
        return roles.contains(role);
    }

    /**
     * Returns whether this surface documents a block, item or part type.
     *
     * @param type the type
     * @return {@code true} when it holds a call, a result, reasoning or one of the other documented types
     */
    public boolean knowsType(String type) {
        return calls.containsKey(type) || results.containsKey(type) || thoughts.contains(type) || others.contains(type);
    }

    /**
     * Returns whether an undocumented type reads as a tool call: it ends in {@code _call} or
     * {@code _tool_use} (a newer built-in or client tool of the same family).
     *
     * @param type the type
     * @return {@code true} when it looks like a call
     */
    public static boolean looksLikeCall(String type) {
        return type.endsWith("_call") || type.endsWith("_tool_use");
    }

    /**
     * Returns whether an undocumented type reads as a tool result: it ends in {@code _output},
     * {@code _call_output} or {@code _tool_result}.
     *
     * @param type the type
     * @return {@code true} when it looks like a result
     */
    public static boolean looksLikeResult(String type) {
        return type.endsWith("_output") || type.endsWith("_tool_result");
    }

    /**
     * Parses a wire name.
     *
     * @param name e.g. {@code openai-chat}
     * @return the surface
     * @throws IllegalArgumentException when the name is not a surface
     */
    public static ProviderSurface fromWire(String name) {
        for (ProviderSurface surface : values()) {
            if (surface.wireName.equals(name)) {
                return surface;
            }
        }
        throw new IllegalArgumentException("surface must be one of anthropic-messages, openai-chat, openai-responses, "
                + "gemini, bedrock-converse, but was '" + name + "'");
    }

    /**
     * Picks the surface an endpoint path names.
     *
     * @param urlPath the URL path; a query is ignored, case does not matter
     * @return the surface, or empty when the path names no chat endpoint
     */
    public static Optional<ProviderSurface> forPath(String urlPath) {
        String p = urlPath.toLowerCase(Locale.ROOT);
        int query = p.indexOf('?');
        if (query >= 0) {
            p = p.substring(0, query);
        }
        for (ProviderSurface surface : values()) {
            for (String suffix : surface.pathSuffixes) {
                if (p.endsWith(suffix)) {
                    return Optional.of(surface);
                }
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
