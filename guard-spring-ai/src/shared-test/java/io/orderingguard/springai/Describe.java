package io.orderingguard.springai;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;

/** One-line descriptions of entries and messages, so tests can assert a whole conversation exactly. */
final class Describe {

    private Describe() {}

    static List<String> entries(Timeline timeline) {
        List<String> out = new ArrayList<>();
        for (Entry e : timeline.entries()) {
            out.add(entry(e));
        }
        return out;
    }

    static String entry(Entry e) {
        StringBuilder sb = new StringBuilder();
        if (e instanceof Message m) {
            sb.append(m.role().wireName()).append(' ').append(m.id()).append(" '").append(m.content()).append('\'');
        } else if (e instanceof Thought t) {
            sb.append("thought ").append(t.id()).append(" '").append(t.content()).append('\'');
        } else {
            ToolCall c = (ToolCall) e;
            sb.append(c.isOrphan() ? "orphan " : "call ").append(c.id()).append(' ').append(c.tool());
            if (c.requested()) {
                sb.append(' ').append(c.args());
            }
            if (c.result() != null) {
                sb.append(" -> '").append(c.result().content()).append('\'');
            } else {
                sb.append(" (unanswered)");
            }
        }
        if (e.hasPayload()) {
            sb.append(" payload=").append(e.payload());
        }
        if (e.replayCompatibility() != null) {
            sb.append(" tag=").append(e.replayCompatibility());
        }
        if (e.step() != null) {
            sb.append(" step=").append(e.step());
        }
        return sb.toString();
    }

    static List<String> messages(List<org.springframework.ai.chat.messages.Message> messages) {
        List<String> out = new ArrayList<>();
        for (org.springframework.ai.chat.messages.Message m : messages) {
            StringBuilder sb = new StringBuilder(m.getMessageType().getValue());
            if (m instanceof ToolResponseMessage t) {
                for (ToolResponseMessage.ToolResponse r : t.getResponses()) {
                    sb.append(' ').append(r.id()).append("='").append(r.responseData()).append('\'');
                }
            } else {
                sb.append(" '").append(m.getText()).append('\'');
            }
            if (m instanceof AssistantMessage a) {
                for (AssistantMessage.ToolCall c : a.getToolCalls()) {
                    sb.append(' ').append(c.id()).append(':').append(c.name()).append(c.arguments());
                }
                if (a.getMetadata().get("anthropicThinkingContents") instanceof List<?> blocks) {
                    sb.append(" thinking=").append(blocks.size());
                }
                if (a.getMetadata().get("reasoningContent") != null) {
                    sb.append(" reasoning='").append(a.getMetadata().get("reasoningContent")).append('\'');
                }
            }
            out.add(sb.toString());
        }
        return out;
    }
}
