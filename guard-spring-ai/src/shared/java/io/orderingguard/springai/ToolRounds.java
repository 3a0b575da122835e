package io.orderingguard.springai;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * Splits a conversation into the units {@link PairSafeChatMemory} evicts whole, oldest first. Not
 * public API.
 *
 * <p>A unit is one of:
 * <ul>
 *   <li>a user message;</li>
 *   <li>an assistant message with tool calls together with the tool response messages after it that
 *       answer them (a <em>tool round</em>);</li>
 *   <li>an assistant message that opens with a thinking block (Anthropic thinking, or
 *       {@code reasoningContent}) together with everything up to the next user message: the tool
 *       rounds that continue a thinking turn are replayed only behind the block that opened it;</li>
 *   <li>a plain assistant message, or a tool response message that answers nothing before it.</li>
 * </ul>
 * System messages belong to no unit: the memory keeps them.
 *
 * <p>Thread-safe: stateless.
 */
final class ToolRounds {

    private ToolRounds() {}

    /** The positions of the messages of each unit, in order. */
    static List<int[]> units(List<Message> messages) {
        List<int[]> units = new ArrayList<>();
        int n = messages.size();
        int i = 0;
        while (i < n) {
            Message m = messages.get(i);
            if (m instanceof SystemMessage) {
                i++;
                continue;
            }
            List<Integer> unit = new ArrayList<>();
            unit.add(i);
            int j = i + 1;
            if (m instanceof AssistantMessage a && opensThinkingTurn(a)) {
                while (j < n && !(messages.get(j) instanceof UserMessage)) {
                    if (!(messages.get(j) instanceof SystemMessage)) {
                        unit.add(j);
                    }
                    j++;
                }
            } else if (m instanceof AssistantMessage a && a.hasToolCalls()) {
                Set<String> open = new HashSet<>();
                for (AssistantMessage.ToolCall c : a.getToolCalls()) {
                    open.add(c.id());
                }
                while (j < n && (messages.get(j) instanceof ToolResponseMessage || messages.get(j) instanceof SystemMessage)) {
                    if (messages.get(j) instanceof ToolResponseMessage r && !answersAny(r, open)) {
                        break;
                    }
                    if (!(messages.get(j) instanceof SystemMessage)) {
                        unit.add(j);
                    }
                    j++;
                }
            }
            units.add(unit.stream().mapToInt(Integer::intValue).toArray());
            i = j;
        }
        return units;
    }

    static boolean opensThinkingTurn(AssistantMessage a) {
        return !ThinkingContents.read(a.getMetadata()).isEmpty()
                || a.getMetadata().get(PromptCodec.REASONING_CONTENT) instanceof String s && !s.isBlank();
    }

    private static boolean answersAny(ToolResponseMessage r, Set<String> open) {
        for (ToolResponseMessage.ToolResponse response : r.getResponses()) {
            if (open.contains(response.id())) {
                return true;
            }
        }
        return false;
    }
}
