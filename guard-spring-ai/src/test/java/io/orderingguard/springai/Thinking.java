package io.orderingguard.springai;

import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;

/**
 * Builds the assistant messages Spring AI 2.0.1's Anthropic module produces for a thinking response:
 * the thinking blocks are records of its package-private {@code AnthropicThinkingContent} type in the
 * metadata entry {@code anthropicThinkingContents} (the module renders them back from there).
 */
final class Thinking {

    private Thinking() {}

    static Object block(String thinking, String signature) {
        return create(thinking, signature, null);
    }

    static Object redacted(String data) {
        return create(null, null, data);
    }

    private static Object create(String thinking, String signature, String data) {
        try {
            Class<?> type = Class.forName("org.springframework.ai.anthropic.AnthropicChatModel$AnthropicThinkingContent");
            Constructor<?> c = type.getDeclaredConstructor(String.class, String.class, String.class);
            c.setAccessible(true);
            return c.newInstance(thinking, signature, data);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Spring AI's Anthropic thinking record changed: " + e, e);
        }
    }

    static AssistantMessage message(String text, List<Object> blocks, AssistantMessage.ToolCall... calls) {
        return AssistantMessage.builder().content(text).properties(Map.of("anthropicThinkingContents", blocks))
                .toolCalls(List.of(calls)).build();
    }
}
