package io.orderingguard.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What one LLM call answered, to log with {@link FlowSession#logLlmCall(LlmResponse)}: its tool
 * calls, and optionally its text, the model name, the token usage and the prompt it was sent.
 *
 * <pre>{@code
 * session.logLlmCall(LlmResponse.of(ToolRequest.of("search", Map.of("q", "x")))
 *         .withModel("gpt-4o")
 *         .withTokenUsage(812, 40));
 * session.logLlmCall(LlmResponse.text("The vendor is high risk."));
 * }</pre>
 *
 * @param toolCalls the tool calls, possibly none
 * @param responseText the answer text, or {@code null}
 * @param model the model name, or {@code null}
 * @param tokenUsage the token counts, or {@code null}
 * @param messages the prompt messages, empty when not recorded
 */
public record LlmResponse(
        List<ToolRequest> toolCalls, String responseText, String model, ObjectNode tokenUsage, List<PromptMessage> messages) {

    /** Validates and copies the fields. */
    public LlmResponse {
        toolCalls = List.copyOf(Require.nonNull(toolCalls, "toolCalls"));
        messages = messages == null ? List.of() : List.copyOf(messages);
        tokenUsage = tokenUsage == null ? null : tokenUsage.deepCopy();
    }

    /**
     * Creates a response with tool calls.
     *
     * @param toolCalls the calls
     * @return the response
     */
    public static LlmResponse of(ToolRequest... toolCalls) {
        return new LlmResponse(Arrays.asList(toolCalls), null, null, null, null);
    }

    /**
     * Creates a response with tool calls.
     *
     * @param toolCalls the calls
     * @return the response
     */
    public static LlmResponse of(List<ToolRequest> toolCalls) {
        return new LlmResponse(toolCalls, null, null, null, null);
    }

    /**
     * Creates a text-only response (such as a final answer). It is still a turn.
     *
     * @param responseText the text
     * @return the response
     */
    public static LlmResponse text(String responseText) {
        return new LlmResponse(List.of(), Require.nonNull(responseText, "responseText"), null, null, null);
    }

    /**
     * Returns a copy with answer text.
     *
     * @param text the text, or {@code null}
     * @return the copy
     */
    public LlmResponse withResponseText(String text) {
        return new LlmResponse(toolCalls, text, model, tokenUsage, messages);
    }

    /**
     * Returns a copy with a model name.
     *
     * @param modelName the model, or {@code null}
     * @return the copy
     */
    public LlmResponse withModel(String modelName) {
        return new LlmResponse(toolCalls, responseText, modelName, tokenUsage, messages);
    }

    /**
     * Returns a copy with token usage recorded as {@code input_tokens} and {@code output_tokens}.
     *
     * @param inputTokens the prompt tokens, {@code >= 0}
     * @param outputTokens the completion tokens, {@code >= 0}
     * @return the copy
     */
    public LlmResponse withTokenUsage(long inputTokens, long outputTokens) {
        Require.argument(inputTokens >= 0, "inputTokens must be >= 0, but was " + inputTokens);
        Require.argument(outputTokens >= 0, "outputTokens must be >= 0, but was " + outputTokens);
        ObjectNode usage = Json.NODES.objectNode();
        usage.put("input_tokens", inputTokens);
        usage.put("output_tokens", outputTokens);
        return new LlmResponse(toolCalls, responseText, model, usage, messages);
    }

    /**
     * Returns a copy with token usage as the client reported it.
     *
     * @param usage the counts by key
     * @return the copy
     */
    public LlmResponse withTokenUsage(Map<String, ?> usage) {
        return new LlmResponse(toolCalls, responseText, model, Json.toObject(usage, "usage"), messages);
    }

    /**
     * Returns a copy with the prompt messages.
     *
     * @param prompt the messages
     * @return the copy
     */
    public LlmResponse withMessages(List<PromptMessage> prompt) {
        return new LlmResponse(toolCalls, responseText, model, tokenUsage, prompt);
    }

    /**
     * Returns a copy of the token usage.
     *
     * @return the usage, or {@code null}
     */
    @Override
    public ObjectNode tokenUsage() {
        return tokenUsage == null ? null : tokenUsage.deepCopy();
    }
}
