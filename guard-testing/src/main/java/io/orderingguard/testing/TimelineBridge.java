package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Converts between {@link Trace} and {@link Timeline}; see their Javadoc for the mapping. */
final class TimelineBridge {

    static final String PENDING_MESSAGES = "pending_messages";

    private TimelineBridge() {}

    static Timeline toTimeline(Trace trace) {
        Set<String> callIds = new HashSet<>();
        Map<String, RecordedResult> firstResult = new LinkedHashMap<>();
        for (Turn turn : trace.turns()) {
            for (RecordedCall call : turn.toolCalls()) {
                callIds.add(call.callId());
            }
            for (RecordedResult result : turn.toolResults()) {
                firstResult.putIfAbsent(result.callId(), result);
            }
        }
        List<Entry> entries = new ArrayList<>();
        List<PromptMessage> previousPrompt = List.of();
        for (Turn turn : trace.turns()) {
            String step = "turn-" + turn.index();
            LlmCall call = turn.llmCall();
            List<PromptMessage> prompt = call.messages();
            List<PromptMessage> fresh = !previousPrompt.isEmpty() && startsWith(prompt, previousPrompt)
                    ? prompt.subList(previousPrompt.size(), prompt.size())
                    : prompt;
            addPromptMessages(entries, fresh, step + "-message-");
            if (!prompt.isEmpty()) {
                previousPrompt = prompt;
            }
            if (call.responseText() != null) {
                entries.add(new Message(step + "-text", Role.ASSISTANT, call.responseText(), null, null, step, null));
            }
            for (RecordedCall c : call.toolCalls()) {
                RecordedResult r = firstResult.get(c.callId());
                entries.add(new ToolCall(c.callId(), c.name(), c.arguments(), r == null ? null : toolResult(r),
                        true, null, null, step, null, false));
            }
            for (RecordedResult r : turn.toolResults()) {
                if (!callIds.contains(r.callId())) {
                    entries.add(new ToolCall(r.callId(), "", null, toolResult(r), false, null, null, null, null, false));
                }
            }
        }
        JsonNode pending = trace.metadata().path(PENDING_MESSAGES);
        if (pending.isArray()) {
            List<PromptMessage> trailing = new ArrayList<>();
            for (JsonNode m : pending) {
                if (m.path("role").isTextual() && !m.path("role").textValue().isBlank()) {
                    trailing.add(new PromptMessage(m.path("role").textValue(), m.path("content")));
                }
            }
            addPromptMessages(entries, trailing, "pending-message-");
        }
        return Timeline.of(entries);
    }

    private static void addPromptMessages(List<Entry> entries, List<PromptMessage> messages, String idPrefix) {
        for (int i = 0; i < messages.size(); i++) {
            PromptMessage m = messages.get(i);
            String role = m.role().toLowerCase(Locale.ROOT);
            Role mapped = role.equals("user") ? Role.USER
                    : role.equals("system") || role.equals("developer") ? Role.SYSTEM : null;
            // assistant and tool prompt messages repeat what the turns already hold
            if (mapped != null) {
                entries.add(new Message(idPrefix + i, mapped, contentText(m.content()), null, null, null, null));
            }
        }
    }

    private static String contentText(JsonNode content) {
        if (content.isTextual()) {
            return content.textValue();
        }
        if (content.isArray()) {
            StringBuilder sb = new StringBuilder();
            boolean allText = true;
            for (JsonNode part : content) {
                if (part.path("text").isTextual()) {
                    sb.append(part.path("text").textValue());
                } else {
                    allText = false;
                }
            }
            if (allText) {
                return sb.toString();
            }
        }
        return content.isNull() ? "" : content.toString();
    }

    private static boolean startsWith(List<PromptMessage> list, List<PromptMessage> prefix) {
        if (prefix.size() > list.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            PromptMessage a = list.get(i);
            PromptMessage b = prefix.get(i);
            if (!a.role().equals(b.role()) || !Json.sameValue(a.content(), b.content())) {
                return false;
            }
        }
        return true;
    }

    private static ToolResult toolResult(RecordedResult r) {
        if (r.failed()) {
            return ToolResult.error(r.error());
        }
        JsonNode value = r.result();
        return ToolResult.of(value.isTextual() ? value.textValue() : value.isNull() ? "" : Json.render(value));
    }

    static Trace toTrace(String name, Timeline timeline) {
        List<Turn> turns = new ArrayList<>();
        List<PromptMessage> pendingMessages = new ArrayList<>();
        List<RecordedResult> pendingOrphans = new ArrayList<>();
        TurnBuilder current = null;
        for (Entry entry : timeline.entries()) {
            if (entry instanceof Message m && m.role() != Role.ASSISTANT) {
                if (current != null) {
                    turns.add(current.build(turns.size()));
                    current = null;
                }
                pendingMessages.add(PromptMessage.of(m.role().wireName(), m.content()));
            } else if (entry instanceof ToolCall call && call.isOrphan()) {
                RecordedResult r = recordedResult(call);
                if (current != null) {
                    current.results.add(r);
                } else {
                    pendingOrphans.add(r);
                }
            } else {
                if (current == null || !Objects.equals(current.step, entry.step())) {
                    if (current != null) {
                        turns.add(current.build(turns.size()));
                    }
                    current = new TurnBuilder(entry.step(), pendingMessages);
                    current.results.addAll(pendingOrphans);
                    pendingMessages = new ArrayList<>();
                    pendingOrphans.clear();
                }
                current.add(entry);
            }
        }
        if (current != null) {
            turns.add(current.build(turns.size()));
        }
        if (!pendingOrphans.isEmpty()) {
            if (turns.isEmpty()) {
                TurnBuilder empty = new TurnBuilder(null, List.of());
                empty.results.addAll(pendingOrphans);
                turns.add(empty.build(0));
            } else {
                Turn last = turns.remove(turns.size() - 1);
                List<RecordedResult> results = new ArrayList<>(last.toolResults());
                results.addAll(pendingOrphans);
                turns.add(new Turn(last.index(), last.llmCall(), results, last.durationMs()));
            }
        }
        ObjectNode metadata = Json.NODES.objectNode();
        if (!pendingMessages.isEmpty()) {
            ArrayNode pending = metadata.putArray(PENDING_MESSAGES);
            for (PromptMessage m : pendingMessages) {
                ObjectNode node = pending.addObject();
                node.put("role", m.role());
                node.set("content", m.content());
            }
        }
        return new Trace(java.util.UUID.randomUUID().toString(), name, turns, metadata, Instant.EPOCH, Instant.EPOCH,
                Trace.FORMAT_VERSION, null, null);
    }

    private static RecordedResult recordedResult(ToolCall call) {
        ToolResult r = call.result();
        return r.isError()
                ? new RecordedResult(call.id(), null, r.content(), 0)
                : new RecordedResult(call.id(), Json.NODES.textNode(r.content()), null, 0);
    }

    private static final class TurnBuilder {
        final String step;
        final List<PromptMessage> messages;
        final List<String> texts = new ArrayList<>();
        final List<RecordedCall> calls = new ArrayList<>();
        final List<RecordedResult> results = new ArrayList<>();

        TurnBuilder(String step, List<PromptMessage> messages) {
            this.step = step;
            this.messages = List.copyOf(messages);
        }

        void add(Entry entry) {
            if (entry instanceof Message m) {
                texts.add(m.content());
            } else if (entry instanceof ToolCall call) {
                calls.add(new RecordedCall(call.tool(), call.args(), call.id(), Instant.EPOCH));
                if (call.result() != null) {
                    results.add(recordedResult(call));
                }
            } else if (!(entry instanceof Thought)) {
                throw new IllegalStateException("unexpected entry " + entry);
            }
        }

        Turn build(int index) {
            String text = texts.isEmpty() ? null : String.join("\n", texts);
            LlmCall call = new LlmCall(messages, text, calls, null, null, Instant.EPOCH);
            return new Turn(index, call, results, 0);
        }
    }
}
