package io.orderingguard.springai;

import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;

/**
 * Builds assistant messages that open a thinking turn on Spring AI 1.1. Its Anthropic module never
 * sends thinking back, so the thinking a 1.1 history replays is OpenAI-compatible reasoning: the
 * {@code reasoningContent} metadata entry (DeepSeek's {@code reasoning_content}), which the codec
 * encodes as a thought leading the message's step.
 */
final class Thinking {

    private Thinking() {}

    /** A thinking block: on this line, its text (the signature has nowhere to go). */
    static Object block(String thinking, String signature) {
        return thinking;
    }

    static AssistantMessage message(String text, List<Object> blocks, AssistantMessage.ToolCall... calls) {
        StringBuilder reasoning = new StringBuilder();
        for (Object block : blocks) {
            reasoning.append(block);
        }
        Map<String, Object> properties = reasoning.length() == 0 ? Map.of()
                : Map.of(PromptCodec.REASONING_CONTENT, reasoning.toString());
        return AssistantMessage.builder().content(text).properties(properties).toolCalls(List.of(calls)).build();
    }
}
