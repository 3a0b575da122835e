package io.orderingguard.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

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
                sb.append(" -> '").append(c.result().content()).append('\'').append(c.result().isError() ? " (error)" : "");
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

    static List<String> messages(List<ChatMessage> messages) {
        List<String> out = new ArrayList<>();
        for (ChatMessage m : messages) {
            out.add(message(m));
        }
        return out;
    }

    static String message(ChatMessage m) {
        if (m instanceof SystemMessage s) {
            return "system '" + s.text() + "'";
        }
        if (m instanceof UserMessage u) {
            return "user " + (u.hasSingleText() ? "'" + u.singleText() + "'" : u.contents().toString());
        }
        if (m instanceof AiMessage a) {
            StringBuilder sb = new StringBuilder("ai");
            if (a.thinking() != null) {
                sb.append(" thinking='").append(a.thinking()).append('\'');
            }
            if (a.text() != null) {
                sb.append(" text='").append(a.text()).append('\'');
            }
            if (a.hasToolExecutionRequests()) {
                sb.append(" calls=").append(a.toolExecutionRequests().stream()
                        .map(r -> r.id() + ":" + r.name() + r.arguments()).collect(Collectors.joining(",", "[", "]")));
            }
            if (!a.attributes().isEmpty()) {
                sb.append(" attributes=").append(a.attributes());
            }
            return sb.toString();
        }
        if (m instanceof ToolExecutionResultMessage r) {
            return "result " + r.id() + ":" + r.toolName() + " '" + r.text() + "'" + (Boolean.TRUE.equals(r.isError()) ? " (error)" : "");
        }
        return m.type() + " " + m;
    }
}
