package io.orderingguard.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.time.Instant;
import java.util.List;

/**
 * One recorded call to the model: what it was sent (optional) and what it answered
 * ({@code llm_call} in the trace file).
 *
 * @param messages the prompt messages, empty when not recorded
 * @param responseText the text of the answer, or {@code null}
 * @param toolCalls the tool calls of the answer, in the order the model gave them
 * @param model the model name, or {@code null}
 * @param tokenUsage the token counts as the client reported them (e.g. {@code input_tokens},
 *     {@code output_tokens}), or {@code null}
 * @param timestamp when the call was logged
 */
public record LlmCall(
        List<PromptMessage> messages,
        String responseText,
        List<RecordedCall> toolCalls,
        String model,
        ObjectNode tokenUsage,
        Instant timestamp) {

    /** Validates and copies the fields. */
    public LlmCall {
        messages = messages == null ? List.of() : List.copyOf(messages);
        toolCalls = List.copyOf(Require.nonNull(toolCalls, "toolCalls"));
        Require.nonNull(timestamp, "timestamp");
        tokenUsage = tokenUsage == null ? null : tokenUsage.deepCopy();
    }

    /**
     * Returns a copy of the token usage.
     *
     * @return the usage object, or {@code null}
     */
    @Override
    public ObjectNode tokenUsage() {
        return tokenUsage == null ? null : tokenUsage.deepCopy();
    }
}
