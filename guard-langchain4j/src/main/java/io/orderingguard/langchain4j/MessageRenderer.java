package io.orderingguard.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import io.orderingguard.langchain4j.EncodedChatRequest.CallInfo;
import io.orderingguard.langchain4j.EncodedChatRequest.OrphanInfo;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One rendering pass of {@link EncodedChatRequest#toChatRequest(Dispatch)}: turns a dispatch's
 * entries back into LangChain4j messages, starting from the messages of the encoded request and
 * changing only what the entries changed (the rules {@link EncodedChatRequest} documents). Each step
 * becomes one {@code AiMessage} (or one per part of a split step) followed by its results; provider
 * payloads are written back through {@link MetadataCodec}. Not thread-safe: one instance per rendering.
 */
final class MessageRenderer {

    private final EncodedChatRequest source;
    private final List<ChatMessage> originalMessages;
    private final MetadataLayout layout;
    private final List<Entry> entries;
    private final List<ChatMessage> out = new ArrayList<>();
    /** Each requested call's position among the calls of its original step, in timeline order. */
    private final Map<Entry, Integer> positions = new IdentityHashMap<>();

    MessageRenderer(EncodedChatRequest source, List<Entry> entries) {
        this.source = source;
        this.originalMessages = source.request().messages();
        this.layout = source.layout();
        this.entries = entries;
        // counted per AiMessage by its index (a step names its message), per other step in a map
        int[] perMessage = new int[originalMessages.size()];
        Map<String, Integer> otherSteps = null;
        for (Entry e : entries) {
            if (e instanceof ToolCall c && c.requested()) {
                String base = EncodedChatRequest.baseStep(c.step());
                Integer message = source.stepIndex(base);
                int position;
                if (message != null) {
                    position = perMessage[message]++;
                } else {
                    if (otherSteps == null) {
                        otherSteps = new HashMap<>();
                    }
                    position = otherSteps.merge(base, 1, Integer::sum) - 1;
                }
                positions.put(e, position);
            }
        }
    }

    private CallInfo find(String step, ToolCall c) {
        return source.findCall(step, c, positions.get(c));
    }

    /** Renders the entries as the messages to send. */
    List<ChatMessage> render() {
        int n = entries.size();
        int i = 0;
        while (i < n) {
            Entry e = entries.get(i);
            if (assistantSide(e)) {
                String step = e.step();
                int j = i;
                while (j < n && assistantSide(entries.get(j)) && Objects.equals(entries.get(j).step(), step)) {
                    j++;
                }
                int k = j;
                while (k < n && entries.get(k) instanceof ToolCall c && c.isOrphan()) {
                    k++;
                }
                group(step, entries.subList(i, j), entries.subList(j, k));
                i = k;
            } else if (e instanceof ToolCall c) {
                out.add(orphan(c).message);
                i++;
            } else {
                ChatMessage m = message((Message) e);
                if (m != null) {
                    out.add(m);
                }
                i++;
            }
        }
        return out;
    }

    /** Renders one step (or a run of step-less assistant entries) and the results that follow it. */
    private void group(String step, List<Entry> members, List<Entry> followingOrphans) {
        List<List<Entry>> parts = new ArrayList<>();
        List<Entry> part = new ArrayList<>();
        boolean text = false;
        boolean thinking = false;
        for (Entry e : members) {
            boolean isText = e instanceof Message;
            boolean isThinking = e instanceof Thought t && !MetadataCodec.redacted(t);
            if (isText && text || isThinking && thinking) {
                parts.add(part);
                part = new ArrayList<>();
                text = false;
                thinking = false;
            }
            part.add(e);
            text |= isText;
            thinking |= isThinking;
        }
        parts.add(part);
        for (int p = 0; p < parts.size(); p++) {
            boolean last = p == parts.size() - 1;
            out.add(ai(step, parts.get(p), p == 0));
            List<Sent> results = new ArrayList<>();
            for (Entry e : parts.get(p)) {
                if (e instanceof ToolCall c && c.result() != null) {
                    results.add(result(step, c));
                }
            }
            if (last) {
                for (Entry e : followingOrphans) {
                    results.add(orphan((ToolCall) e));
                }
            }
            // stable: results keep the original wire order, new ones come after in call order
            results.sort(Comparator.comparingInt(s -> s.position));
            for (Sent s : results) {
                out.add(s.message);
            }
        }
    }

    private AiMessage ai(String step, List<Entry> part, boolean first) {
        Integer index = step == null || !first ? null : source.stepIndex(step);
        AiMessage base = index != null && originalMessages.get(index) instanceof AiMessage a ? a : null;
        Message textEntry = null;
        Thought thinkingEntry = null;
        List<String> redactedData = new ArrayList<>();
        List<ToolExecutionRequest> requests = new ArrayList<>();
        Map<String, Object> callAttributes = new LinkedHashMap<>();
        for (Entry e : part) {
            if (e instanceof Message m) {
                textEntry = m;
            } else if (e instanceof Thought t) {
                if (MetadataCodec.redacted(t)) {
                    redactedData.add(t.payloadAt("data").textValue());
                } else {
                    thinkingEntry = t;
                }
            } else {
                ToolCall c = (ToolCall) e;
                CallInfo info = find(step, c);
                ToolExecutionRequest r = request(c, info);
                MetadataCodec.writeCallSignature(layout, c, info, r, requests.isEmpty(), callAttributes);
                requests.add(r);
            }
        }
        String text = null;
        if (textEntry != null) {
            text = base != null && textEntry.content().equals(orEmpty(base.text())) ? base.text() : textEntry.content();
        }
        String thinking = null;
        if (thinkingEntry != null) {
            thinking = base != null && thinkingEntry.content().equals(orEmpty(base.thinking())) ? base.thinking()
                    : thinkingEntry.content();
        }
        Map<String, Object> attributes = new LinkedHashMap<>(base == null ? Map.of() : base.attributes());
        if (base != null) {
            MetadataCodec.removeEncoded(layout, base, attributes);
        }
        MetadataCodec.writeThinking(layout, attributes, thinkingEntry, redactedData);
        attributes.putAll(callAttributes);
        if (base != null && Objects.equals(text, base.text()) && Objects.equals(thinking, base.thinking())
                && requests.equals(base.toolExecutionRequests()) && attributes.equals(base.attributes())) {
            return base;
        }
        AiMessage.Builder b = base == null ? AiMessage.builder() : base.toBuilder();
        return b.text(text).thinking(thinking).toolExecutionRequests(requests).attributes(attributes).build();
    }

    private ToolExecutionRequest request(ToolCall c, CallInfo info) {
        if (info == null) {
            return ToolExecutionRequest.builder().id(c.id()).name(c.tool()).arguments(c.args().toString()).build();
        }
        ToolExecutionRequest original = info.request();
        String id = c.id().equals(info.entryId()) ? original.id() : c.id();
        String name = c.tool().equals(info.tool()) ? original.name() : c.tool();
        String arguments = c.argumentsMatch(original.arguments()) ? original.arguments() : c.args().toString();
        if (Objects.equals(id, original.id()) && Objects.equals(name, original.name())
                && Objects.equals(arguments, original.arguments())) {
            return original;
        }
        return original.toBuilder().id(id).name(name).arguments(arguments).build();
    }

    private Sent result(String step, ToolCall c) {
        ToolResult r = c.result();
        CallInfo info = find(step, c);
        if (info == null || info.result == null) {
            String id = info != null && info.syntheticId() && c.id().equals(info.entryId()) ? null : c.id();
            return new Sent(ToolExecutionResultMessage.builder().id(id).toolName(c.tool()).text(r.content())
                    .isError(r.isError() ? Boolean.TRUE : null).build(), Integer.MAX_VALUE);
        }
        ToolExecutionResultMessage original = info.result;
        String id = c.id().equals(info.entryId()) ? original.id() : c.id();
        boolean sameResult = r.content().equals(info.resultContent) && r.isError() == info.resultIsError;
        if (sameResult && Objects.equals(id, original.id())) {
            return new Sent(original, info.resultIndex);
        }
        if (sameResult) {
            return new Sent(original.toBuilder().id(id).build(), info.resultIndex);
        }
        return new Sent(ToolExecutionResultMessage.builder().id(id).toolName(original.toolName()).text(r.content())
                .isError(r.isError() ? Boolean.TRUE : original.isError()).attributes(original.attributes()).build(),
                info.resultIndex);
    }

    private Sent orphan(ToolCall c) {
        ToolResult r = c.result();
        for (OrphanInfo o : source.orphans(c.id())) {
            if (o.content.equals(r.content()) && o.isError == r.isError()
                    && c.tool().equals(orEmpty(o.message.toolName()))) {
                return new Sent(o.message, o.index);
            }
        }
        return new Sent(ToolExecutionResultMessage.builder().id(c.id()).toolName(c.tool().isEmpty() ? null : c.tool())
                .text(r.content()).isError(r.isError() ? Boolean.TRUE : null).build(), Integer.MAX_VALUE);
    }

    private ChatMessage message(Message m) {
        Integer index = source.messageIndex(m.id());
        ChatMessage original = index == null ? null : originalMessages.get(index);
        if (m.role() == Role.SYSTEM) {
            if (original instanceof SystemMessage s && m.content().equals(orEmpty(s.text()))) {
                return s;
            }
            if (original != null && !(original instanceof SystemMessage) && !(original instanceof UserMessage)
                    && !(original instanceof AiMessage) && m.hasPayloadPath("customMessage")) {
                return original;
            }
            // LangChain4j refuses a blank system message, and one carries nothing to send
            return m.content().isBlank() ? null : SystemMessage.from(m.content());
        }
        if (original instanceof UserMessage u) {
            if (m.content().equals(MessageEncoder.textOf(u.contents()))) {
                return u;
            }
            return u.toBuilder().contents(withText(u.contents(), m.content())).build();
        }
        return UserMessage.from(m.content());
    }

    private List<Content> withText(List<Content> contents, String text) {
        List<Content> result = new ArrayList<>(contents.size());
        boolean placed = text.isEmpty();
        for (Content c : contents) {
            if (c instanceof TextContent) {
                if (!placed) {
                    result.add(TextContent.from(text));
                    placed = true;
                }
            } else {
                result.add(c);
            }
        }
        if (!placed) {
            result.add(0, TextContent.from(text));
        }
        return result;
    }


    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static boolean assistantSide(Entry e) {
        if (e instanceof Message m) {
            return m.role() == Role.ASSISTANT;
        }
        return e instanceof Thought || e instanceof ToolCall c && c.requested();
    }

    /** A message to send, with its position in the original request ({@code MAX_VALUE} for a new one). */
    private static final class Sent {
        final ChatMessage message;
        final int position;

        Sent(ChatMessage message, int position) {
            this.message = message;
            this.position = position;
        }
    }
}
