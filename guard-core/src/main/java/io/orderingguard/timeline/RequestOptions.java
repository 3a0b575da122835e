package io.orderingguard.timeline;

import io.orderingguard.support.Require;
import io.orderingguard.surface.ProviderSurface;

/**
 * The request parameters that decide which provider rules apply ({@link Dispatch#options()}). Every
 * field is optional: {@code null} means "not known", never "off" — a caller that knows reasoning is
 * off says {@link Reasoning#disabled()}. Profile selection reads them to pick a family variant (a
 * thinking or a no-thinking variant), and rules whose provider check depends on a parameter read
 * them through {@code RuleContext.dispatch().options()}.
 *
 * <pre>{@code
 * RequestOptions options = RequestOptions.unknown()
 *         .withReasoning(Reasoning.enabled(2048))
 *         .withToolChoice(ToolChoice.auto())
 *         .withMaxTokens(8192);
 * }</pre>
 *
 * <p>The parameters each field mirrors:
 * <ul>
 *   <li>{@code reasoning}: Anthropic {@code thinking}; OpenAI {@code reasoning_effort} /
 *       {@code reasoning.effort}; Gemini {@code thinkingConfig} ({@code thinkingBudget},
 *       {@code thinkingLevel}); Bedrock {@code additionalModelRequestFields.thinking}; DeepSeek
 *       {@code thinking} or the model id; DashScope {@code enable_thinking}. See {@link Reasoning}.</li>
 *   <li>{@code toolChoice}: Anthropic and OpenAI {@code tool_choice}; Gemini
 *       {@code toolConfig.functionCallingConfig.mode}; Bedrock {@code toolConfig.toolChoice}. See
 *       {@link ToolChoice}.</li>
 *   <li>{@code parallelToolCalls}: OpenAI {@code parallel_tool_calls}; Anthropic
 *       {@code tool_choice.disable_parallel_tool_use} (negated: {@code disable_parallel_tool_use:
 *       true} is {@code parallelToolCalls = false}).</li>
 *   <li>{@code maxTokens}: Anthropic and Bedrock {@code max_tokens} / {@code maxTokens} (manual
 *       thinking needs {@code budget_tokens < max_tokens}); OpenAI {@code max_completion_tokens} /
 *       {@code max_output_tokens}; Gemini {@code maxOutputTokens}.</li>
 *   <li>{@code stream}: {@code stream} (Anthropic, OpenAI), the streaming endpoint (Gemini
 *       {@code streamGenerateContent}, Bedrock {@code ConverseStream}); DashScope accepts thinking
 *       only on streaming calls.</li>
 *   <li>{@code api}: the API surface the request is written in (the endpoint it is sent to). The
 *       surface decides which families apply: a Responses body gets the Responses rules whatever the
 *       provider name says, and a gateway's Chat Completions body for a vendor that does not serve
 *       that surface itself (Claude, Gemini) is not judged by the vendor's native rules. The wire
 *       codecs set it; {@code null} when the caller does not know.</li>
 * </ul>
 *
 * <p>Thread-safe: immutable.
 *
 * @param reasoning the reasoning configuration, or {@code null} when unknown
 * @param toolChoice the tool choice, or {@code null} when unknown
 * @param parallelToolCalls whether the model may call several tools in one response, or
 *     {@code null} when unknown
 * @param maxTokens the output token limit (at least 1), or {@code null} when unknown
 * @param stream whether the response is streamed, or {@code null} when unknown
 * @param api the API surface the request is written in, or {@code null} when unknown
 */
public record RequestOptions(
        Reasoning reasoning, ToolChoice toolChoice, Boolean parallelToolCalls, Integer maxTokens, Boolean stream,
        ProviderSurface api) {

    private static final RequestOptions UNKNOWN = new RequestOptions(null, null, null, null, null, null);

    /** Validates the fields. */
    public RequestOptions {
        if (maxTokens != null && maxTokens < 1) {
            // built only when needed: options are made for every body read
            throw new IllegalArgumentException("maxTokens must be >= 1, but was " + maxTokens);
        }
    }

    /**
     * Creates options without a known API surface.
     *
     * @param reasoning the reasoning configuration, or {@code null} when unknown
     * @param toolChoice the tool choice, or {@code null} when unknown
     * @param parallelToolCalls whether parallel tool calls are allowed, or {@code null} when unknown
     * @param maxTokens the output token limit (at least 1), or {@code null} when unknown
     * @param stream whether the response is streamed, or {@code null} when unknown
     */
    public RequestOptions(Reasoning reasoning, ToolChoice toolChoice, Boolean parallelToolCalls, Integer maxTokens,
            Boolean stream) {
        this(reasoning, toolChoice, parallelToolCalls, maxTokens, stream, null);
    }

    /**
     * Returns options of which nothing is known.
     *
     * @return the options
     */
    public static RequestOptions unknown() {
        return UNKNOWN;
    }

    /**
     * Returns whether nothing is known.
     *
     * @return {@code true} when every field is {@code null}
     */
    public boolean isUnknown() {
        return reasoning == null && toolChoice == null && parallelToolCalls == null && maxTokens == null
                && stream == null && api == null;
    }

    /**
     * Returns a copy with another reasoning configuration.
     *
     * @param newReasoning the configuration, or {@code null} for unknown
     * @return the copy
     */
    public RequestOptions withReasoning(Reasoning newReasoning) {
        return new RequestOptions(newReasoning, toolChoice, parallelToolCalls, maxTokens, stream, api);
    }

    /**
     * Returns a copy with another tool choice.
     *
     * @param newToolChoice the choice, or {@code null} for unknown
     * @return the copy
     */
    public RequestOptions withToolChoice(ToolChoice newToolChoice) {
        return new RequestOptions(reasoning, newToolChoice, parallelToolCalls, maxTokens, stream, api);
    }

    /**
     * Returns a copy with another parallel-tool-calls setting.
     *
     * @param newParallelToolCalls the setting, or {@code null} for unknown
     * @return the copy
     */
    public RequestOptions withParallelToolCalls(Boolean newParallelToolCalls) {
        return new RequestOptions(reasoning, toolChoice, newParallelToolCalls, maxTokens, stream, api);
    }

    /**
     * Returns a copy with another output token limit.
     *
     * @param newMaxTokens the limit, or {@code null} for unknown
     * @return the copy
     */
    public RequestOptions withMaxTokens(Integer newMaxTokens) {
        return new RequestOptions(reasoning, toolChoice, parallelToolCalls, newMaxTokens, stream, api);
    }

    /**
     * Returns a copy with another streaming setting.
     *
     * @param newStream the setting, or {@code null} for unknown
     * @return the copy
     */
    public RequestOptions withStream(Boolean newStream) {
        return new RequestOptions(reasoning, toolChoice, parallelToolCalls, maxTokens, newStream, api);
    }

    /**
     * Returns a copy with another API surface.
     *
     * @param newApi the surface, or {@code null} for unknown
     * @return the copy
     */
    public RequestOptions withApi(ProviderSurface newApi) {
        return new RequestOptions(reasoning, toolChoice, parallelToolCalls, maxTokens, stream, newApi);
    }

    /**
     * Returns these options with every field the other options know replacing this one's (used by
     * {@code guard check --option}).
     *
     * @param overrides the options that win where they are known
     * @return the merged options
     */
    public RequestOptions overriddenBy(RequestOptions overrides) {
        Require.nonNull(overrides, "overrides");
        return new RequestOptions(
                overrides.reasoning != null ? overrides.reasoning : reasoning,
                overrides.toolChoice != null ? overrides.toolChoice : toolChoice,
                overrides.parallelToolCalls != null ? overrides.parallelToolCalls : parallelToolCalls,
                overrides.maxTokens != null ? overrides.maxTokens : maxTokens,
                overrides.stream != null ? overrides.stream : stream,
                overrides.api != null ? overrides.api : api);
    }
}
