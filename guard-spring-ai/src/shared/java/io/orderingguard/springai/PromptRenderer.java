package io.orderingguard.springai;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * One rendering pass of {@link EncodedPrompt#toPrompt}: turns a dispatch's entries back into Spring
 * AI messages, starting from the encoded prompt's messages and changing only what the entries changed
 * (the rules {@link EncodedPrompt} documents). Each step becomes one {@code AssistantMessage} followed
 * by the {@code ToolResponseMessage}(s) with its responses. Not thread-safe: one instance per rendering.
 */
final class PromptRenderer {

    private final EncodedPrompt source;
    private final List<Message> original;
    private final List<Entry> entries;
    private final List<Message> out;
    /** Each requested call's position among the calls of its original step, in timeline order. */
    private final Map<Entry, Integer> positions = new IdentityHashMap<>();
    /** Original assistant messages already used as the base of a rendered step. */
    private final Set<Integer> usedSteps = new HashSet<>();

    PromptRenderer(EncodedPrompt source, List<Entry> entries) {
        this.source = source;
        this.original = source.messages();
        this.entries = entries;
        this.out = new ArrayList<>(original.size() + 4);
        Map<String, Integer> counts = new HashMap<>();
        for (Entry e : entries) {
            if (e instanceof ToolCall c && c.requested()) {
                positions.put(e, counts.merge(EncodedPrompt.baseStep(c.step()), 1, Integer::sum) - 1);
            }
        }
    }

    List<Message> render() {
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
            } else if (e instanceof ToolCall) {
                int k = i;
                while (k < n && entries.get(k) instanceof ToolCall c && c.isOrphan()) {
                    k++;
                }
                List<Sent> sent = new ArrayList<>();
                for (Entry orphan : entries.subList(i, k)) {
                    sent.add(orphan((ToolCall) orphan));
                }
                responses(sent);
                i = k;
            } else {
                Message m = message((io.orderingguard.timeline.Message) e);
                if (m != null) {
                    out.add(m);
                }
                i++;
            }
        }
        return out;
    }

    /** Renders one step (or a run of step-less assistant entries) and the responses after it. */
    private void group(String step, List<Entry> members, List<Entry> followingOrphans) {
        AssistantMessage message = assistant(step, members);
        if (message != null) {
            out.add(message);
        }
        List<Sent> sent = new ArrayList<>();
        for (Entry e : members) {
            if (e instanceof ToolCall c && c.result() != null) {
                sent.add(result(step, c));
            }
        }
        for (Entry e : followingOrphans) {
            sent.add(orphan((ToolCall) e));
        }
        responses(sent);
    }

    /**
     * Emits responses as tool response messages: the responses of one original message stay together
     * and give back that very message when it is sent whole; new responses join the last message.
     */
    private void responses(List<Sent> sent) {
        if (sent.isEmpty()) {
            return;
        }
        sent.sort((a, b) -> a.message != b.message ? Integer.compare(a.message, b.message)
                : Integer.compare(a.position, b.position));
        List<List<Sent>> runs = new ArrayList<>();
        for (Sent s : sent) {
            List<Sent> last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            if (last != null && (last.get(0).message == s.message || s.message == Integer.MAX_VALUE)) {
                last.add(s);
            } else {
                List<Sent> run = new ArrayList<>();
                run.add(s);
                runs.add(run);
            }
        }
        for (List<Sent> run : runs) {
            int index = run.get(0).message;
            ToolResponseMessage base = index != Integer.MAX_VALUE && original.get(index) instanceof ToolResponseMessage t
                    ? t : null;
            List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>(run.size());
            for (Sent s : run) {
                responses.add(s.response);
            }
            if (base != null && sameElements(responses, base.getResponses())) {
                out.add(base);
            } else {
                out.add(ToolResponseMessage.builder().responses(responses)
                        .metadata(base == null ? Map.of() : base.getMetadata()).build());
            }
        }
    }

    private AssistantMessage assistant(String step, List<Entry> members) {
        Integer index = step == null ? null : source.stepIndex(EncodedPrompt.baseStep(step));
        AssistantMessage base = null;
        if (index != null && usedSteps.add(index) && original.get(index) instanceof AssistantMessage a) {
            base = a;
        }
        io.orderingguard.timeline.Message text = null;
        String reasoning = null;
        List<Object> thinking = new ArrayList<>();
        List<AssistantMessage.ToolCall> calls = new ArrayList<>();
        Map<String, String> renamedCalls = new HashMap<>();
        for (Entry e : members) {
            if (e instanceof io.orderingguard.timeline.Message m) {
                text = m;
            } else if (e instanceof Thought t) {
                ThinkingContents.Block block = source.thinkingBlock(t.id());
                if (block != null && sameBlock(block, t)) {
                    thinking.add(block.source());
                } else if (block != null) {
                    // a thinking block whose text or signature the dispatch changed: same record type, new values
                    Object created = ThinkingContents.create(block.source(), block.redacted() ? null : t.content(),
                            textAt(t, "signature"), textAt(t, "data"));
                    if (created != null) {
                        thinking.add(created);
                    }
                } else if (!PromptCodec.ANTHROPIC_THINKING_TAG.equals(t.replayCompatibility())) {
                    reasoning = t.content();
                }
            } else {
                ToolCall c = (ToolCall) e;
                EncodedPrompt.CallSource from = source.findCall(step, c, positions.get(c));
                AssistantMessage.ToolCall call = call(c, from);
                if (from != null && !call.id().equals(from.call.id())) {
                    renamedCalls.put(from.call.id(), call.id());
                }
                calls.add(call);
            }
        }
        if (text == null && reasoning == null && thinking.isEmpty() && calls.isEmpty()) {
            return null;
        }
        // no text entry: the message had none (keep its empty text as it was) or a repair removed it
        String content = text == null
                ? (base != null && PromptEncoder.text(base.getText()).isEmpty() ? base.getText() : "")
                : text.content();
        if (base != null && text != null && text.content().equals(PromptEncoder.text(base.getText()))) {
            content = base.getText();
        }
        Map<String, Object> metadata = new LinkedHashMap<>(base == null ? Map.of() : base.getMetadata());
        if (thinking.isEmpty()) {
            metadata.remove(ThinkingContents.KEY);
        } else {
            metadata.put(ThinkingContents.KEY, List.copyOf(thinking));
        }
        if (reasoning == null) {
            metadata.remove(PromptCodec.REASONING_CONTENT);
        } else {
            metadata.put(PromptCodec.REASONING_CONTENT, reasoning);
        }
        if (!renamedCalls.isEmpty() && metadata.get(PromptCodec.TOOL_CALL_PROPERTIES) instanceof Map<?, ?> extras) {
            Map<Object, Object> renamed = new LinkedHashMap<>();
            extras.forEach((k, v) -> renamed.put(renamedCalls.getOrDefault(String.valueOf(k), String.valueOf(k)), v));
            metadata.put(PromptCodec.TOOL_CALL_PROPERTIES, renamed);
        }
        if (base != null && Objects.equals(content, base.getText()) && calls.equals(base.getToolCalls())
                && metadata.equals(base.getMetadata())) {
            return base;
        }
        return AssistantMessage.builder().content(content).properties(metadata).toolCalls(calls)
                .media(base == null ? List.of() : base.getMedia()).build();
    }

    private static boolean sameBlock(ThinkingContents.Block block, Thought t) {
        if (block.redacted()) {
            return block.data().equals(textAt(t, "data"));
        }
        return PromptEncoder.text(block.thinking()).equals(t.content())
                && Objects.equals(block.signature(), textAt(t, "signature"));
    }

    private static String textAt(Thought t, String field) {
        return t.payloadAt(field).isTextual() ? t.payloadAt(field).textValue() : null;
    }

    private static AssistantMessage.ToolCall call(ToolCall c, EncodedPrompt.CallSource from) {
        if (from == null) {
            return new AssistantMessage.ToolCall(c.id(), "function", c.tool(), c.args().toString());
        }
        AssistantMessage.ToolCall o = from.call;
        String id = c.id().equals(from.entryId) ? o.id() : c.id();
        String name = c.tool().equals(from.tool) ? o.name() : c.tool();
        String arguments = c.args().equals(from.args()) ? o.arguments() : c.args().toString();
        if (Objects.equals(id, o.id()) && Objects.equals(name, o.name()) && Objects.equals(arguments, o.arguments())) {
            return o;
        }
        return new AssistantMessage.ToolCall(id, o.type(), name, arguments);
    }

    private Sent result(String step, ToolCall c) {
        ToolResult r = c.result();
        EncodedPrompt.CallSource from = source.findCall(step, c, positions.get(c));
        if (from == null || from.response == null) {
            String id = from != null && from.syntheticId && c.id().equals(from.entryId) ? "" : c.id();
            return new Sent(new ToolResponseMessage.ToolResponse(id, c.tool(), r.content()), Integer.MAX_VALUE, 0);
        }
        ToolResponseMessage.ToolResponse o = from.response;
        String id = c.id().equals(from.entryId) ? o.id() : c.id();
        if (r.content().equals(from.responseContent) && Objects.equals(id, o.id())) {
            return new Sent(o, from.responseMessage, from.responsePosition);
        }
        return new Sent(new ToolResponseMessage.ToolResponse(id, o.name(), r.content()), from.responseMessage,
                from.responsePosition);
    }

    private Sent orphan(ToolCall c) {
        ToolResult r = c.result();
        for (EncodedPrompt.OrphanSource o : source.orphans(c.id())) {
            if (o.content.equals(r.content()) && c.tool().equals(PromptEncoder.text(o.response.name()))) {
                return new Sent(o.response, o.message, o.position);
            }
        }
        return new Sent(new ToolResponseMessage.ToolResponse(c.id(), c.tool(), r.content()), Integer.MAX_VALUE, 0);
    }

    private Message message(io.orderingguard.timeline.Message m) {
        Integer index = source.messageIndex(m.id());
        Message o = index == null ? null : original.get(index);
        if (m.role() == Role.SYSTEM) {
            if (o instanceof SystemMessage s) {
                return m.content().equals(PromptEncoder.text(s.getText())) ? s : s.mutate().text(m.content()).build();
            }
            if (o != null && m.hasPayloadPath("customMessage")) {
                return o;
            }
            return new SystemMessage(m.content());
        }
        if (o instanceof UserMessage u) {
            return m.content().equals(PromptEncoder.text(u.getText())) ? u : u.mutate().text(m.content()).build();
        }
        return new UserMessage(m.content());
    }

    private static boolean sameElements(List<?> a, List<?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean assistantSide(Entry e) {
        if (e instanceof io.orderingguard.timeline.Message m) {
            return m.role() == Role.ASSISTANT;
        }
        return e instanceof Thought || e instanceof ToolCall c && c.requested();
    }

    /** A response to send, with the index of its original message and its position there. */
    private static final class Sent {
        final ToolResponseMessage.ToolResponse response;
        final int message;
        final int position;

        Sent(ToolResponseMessage.ToolResponse response, int message, int position) {
            this.response = response;
            this.message = message;
            this.position = position;
        }
    }
}
