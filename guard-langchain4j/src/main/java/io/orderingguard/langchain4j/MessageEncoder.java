package io.orderingguard.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One pass of {@link ChatRequestCodec#encode} over a request's messages: turns them into timeline
 * entries (the mapping the codec documents), pairs each tool result with the call it answers, and
 * records where every entry came from so that {@link EncodedChatRequest} can render a dispatch back.
 * Provider metadata is read through {@link MetadataCodec}. Not thread-safe: one instance per request.
 */
final class MessageEncoder {

    /** How the target's LangChain4j module sends tool results: what their wire messages are. */
    enum ResultWires {
        /** A run of results is one user message (Anthropic). */
        GROUPED,
        /** Each result is a message of its own (OpenAI {@code tool} messages, Gemini contents). */
        SEPARATE,
        /** Not verified for this provider's module: results name no wire message. */
        UNKNOWN
    }

    private final List<ChatMessage> messages;
    private final List<Entry> entries = new ArrayList<>();
    private final Map<String, Integer> messageIds = new HashMap<>();
    private final Map<String, Integer> stepIndex = new HashMap<>();
    private final List<EncodedChatRequest.CallInfo> calls = new ArrayList<>();
    private final List<EncodedChatRequest.OrphanInfo> orphans = new ArrayList<>();
    private final Map<String, Integer> thoughtIds = new HashMap<>();
    /** Entry positions of the calls of the AiMessage whose result run is still open. */
    private final List<Integer> openCalls = new ArrayList<>();
    private final List<EncodedChatRequest.CallInfo> openInfos = new ArrayList<>();

    private final MetadataLayout layout;
    private final ResultWires resultWires;
    /** The wire message of the run of results being read (grouped providers), or {@code null}. */
    private String resultRun;

    MessageEncoder(List<ChatMessage> messages, MetadataLayout layout, ResultWires resultWires) {
        this.messages = messages;
        this.layout = layout;
        this.resultWires = resultWires;
    }

    /** The timeline entries, in order. */
    List<Entry> entries() {
        return entries;
    }

    /** The index of the message each message entry came from, by entry id. */
    Map<String, Integer> messageIds() {
        return messageIds;
    }

    /** The index of the {@code AiMessage} each step came from, by step. */
    Map<String, Integer> stepIndex() {
        return stepIndex;
    }

    /** What each requested tool call came from, in request order. */
    List<EncodedChatRequest.CallInfo> calls() {
        return calls;
    }

    /** What each orphan result came from, in request order. */
    List<EncodedChatRequest.OrphanInfo> orphans() {
        return orphans;
    }

    /** Encodes the messages; call once. */
    void run() {
        for (int i = 0; i < messages.size(); i++) {
            ChatMessage m = messages.get(i);
            if (m instanceof ToolExecutionResultMessage r) {
                String wire = "messages[" + i + "]";
                resultRun = resultRun == null ? wire : resultRun;
                result(i, r, switch (resultWires) {
                    case GROUPED -> resultRun;
                    case SEPARATE -> wire;
                    case UNKNOWN -> null;
                });
                continue;
            }
            resultRun = null;
            openCalls.clear();
            openInfos.clear();
            String id = "messages[" + i + "]";
            if (m instanceof SystemMessage s) {
                add(id, i, id, new Message(id, Role.SYSTEM, s.text() == null ? "" : s.text(), null, null, null, id));
            } else if (m instanceof UserMessage u) {
                add(id, i, id, user(id, u));
            } else if (m instanceof AiMessage a) {
                ai(i, id, a);
            } else {
                ObjectNode marker = JsonNodeFactory.instance.objectNode().put("customMessage", true);
                add(id, i, id, new Message(id, Role.SYSTEM, "", marker, null, null, id));
            }
        }
    }

    /** Returns the text parts of a list of contents, joined by a line break. */
    static String textOf(List<Content> contents) {
        if (contents.size() == 1 && contents.get(0) instanceof TextContent only) {
            return only.text() == null ? "" : only.text(); // the usual user message: no copy of its text
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Content c : contents) {
            if (c instanceof TextContent t) {
                if (!first) {
                    sb.append('\n');
                }
                sb.append(t.text() == null ? "" : t.text());
                first = false;
            }
        }
        return sb.toString();
    }

    /** Returns the content of a result message as the timeline sees it. */
    static String textOf(ToolExecutionResultMessage result) {
        if (result.hasSingleText()) {
            return result.text() == null ? "" : result.text();
        }
        return textOf(result.contents());
    }

    /** Parses tool-call arguments; anything that is not a JSON object becomes an empty object. */
    static ObjectNode parseArguments(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        try {
            JsonNode node = ChatRequestCodec.JSON.readTree(arguments);
            return node instanceof ObjectNode o ? o : JsonNodeFactory.instance.objectNode();
        } catch (JsonProcessingException e) {
            return JsonNodeFactory.instance.objectNode();
        }
    }

    /** Returns the id, or the id with {@code #2}, {@code #3}… when this request already used it. */
    private String unique(String id) {
        int n = thoughtIds.merge(id, 1, Integer::sum);
        return n == 1 ? id : id + "#" + n;
    }

    /** Adds an entry of message {@code index}, which is the wire message {@code wire} ({@code messages[index]}). */
    private void add(String id, int index, String wire, Entry e) {
        messageIds.put(id, index);
        entries.add(wire.equals(e.wireMessage()) ? e : e.withWireMessage(wire));
    }

    private static Message user(String id, UserMessage u) {
        List<Content> contents = u.contents();
        ArrayNode other = null;
        for (Content c : contents) {
            if (!(c instanceof TextContent)) {
                if (other == null) {
                    other = JsonNodeFactory.instance.arrayNode();
                }
                other.add(c.type() == null ? "unknown" : c.type().name().toLowerCase(Locale.ROOT));
            }
        }
        ObjectNode payload = null;
        if (other != null) {
            payload = JsonNodeFactory.instance.objectNode();
            payload.set("nonTextContents", other);
        }
        return new Message(id, Role.USER, textOf(contents), payload, null, null, id);
    }

    private void ai(int index, String step, AiMessage a) {
        stepIndex.put(step, index);
        MetadataCodec.Thinking thinking = MetadataCodec.readThinking(layout, step, a, this::unique);
        boolean thought = thinking.thought() != null;
        if (thought) {
            add(thinking.thought().id(), index, step, thinking.thought());
        }
        for (Thought redacted : thinking.redacted()) {
            add(redacted.id(), index, step, redacted);
        }
        if (a.text() != null || !(a.hasToolExecutionRequests() || thought)) {
            add(step, index, step,
                    new Message(step, Role.ASSISTANT, a.text() == null ? "" : a.text(), null, null, step, step));
        }
        List<ToolExecutionRequest> requests = a.toolExecutionRequests();
        for (int k = 0; k < requests.size(); k++) {
            ToolExecutionRequest r = requests.get(k);
            boolean synthetic = r.id() == null || r.id().isBlank();
            String id = synthetic ? step + ".tool_calls[" + k + "]" : r.id();
            String tool = r.name() == null || r.name().isBlank() ? "unnamed" : r.name();
            EncodedChatRequest.CallInfo info = new EncodedChatRequest.CallInfo(id, step, k, r, tool, synthetic);
            ObjectNode payload = MetadataCodec.callPayload(layout, a, r, k, info);
            calls.add(info);
            openCalls.add(entries.size());
            openInfos.add(info);
            // the arguments stay text until a rule reads them: most profiles never do
            entries.add(new ToolCall(id, tool, null, null, true, payload, MetadataCodec.callTag(payload), step, step,
                    false).withArgumentText(r.arguments()));
        }
    }

    private void result(int index, ToolExecutionResultMessage r, String wire) {
        String content = textOf(r);
        boolean isError = Boolean.TRUE.equals(r.isError());
        for (int k = 0; k < openCalls.size(); k++) {
            int pos = openCalls.get(k);
            ToolCall call = (ToolCall) entries.get(pos);
            if (!call.isUnanswered()) {
                continue;
            }
            EncodedChatRequest.CallInfo info = openInfos.get(k);
            boolean matches = info.syntheticId()
                    ? (r.id() == null || r.id().isBlank()) && (r.toolName() == null || r.toolName().equals(info.request().name()))
                    : info.entryId().equals(r.id());
            if (matches) {
                entries.set(pos, call.withResult(new ToolResult(content, isError, wire)));
                info.answer(r, index, content, isError);
                return;
            }
        }
        // a result outside the run after its call, or answering no call at all: an orphan (it does not
        // end the run: the provider still pairs the results after it with the open calls)
        String id = r.id() == null || r.id().isBlank() ? "messages[" + index + "]" : r.id();
        String tool = r.toolName() == null ? "" : r.toolName();
        orphans.add(new EncodedChatRequest.OrphanInfo(id, r, index, content, isError));
        entries.add(new ToolCall(id, tool, null, new ToolResult(content, isError, wire), false, null, null, null, wire,
                false));
    }
}
