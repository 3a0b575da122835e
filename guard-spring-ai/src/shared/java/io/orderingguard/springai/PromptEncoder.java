package io.orderingguard.springai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.EncoderIds;
import io.orderingguard.support.UniqueIds;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.content.Media;

/**
 * One pass of {@link PromptCodec#encode} over a prompt's messages: turns them into timeline entries
 * (the mapping the codec documents) and pairs each tool response with the call it answers.
 *
 * <p>Every round of a tool loop encodes the whole conversation again, so the pass makes each entry
 * once, in its final form: the responses to an assistant message's calls are found (in the run of
 * tool response messages right after it) before its call entries are made; ids are shared
 * ({@code messages[i]} names come from {@link EncoderIds}, a step is the id of its message); arguments
 * stay text. What rendering needs to know of where each entry came from ({@link Sources}) is recorded
 * only by a second pass, which {@link EncodedPrompt} runs when it first renders a dispatch that a repair
 * changed.
 *
 * <p>Not thread-safe: one instance per pass.
 */
final class PromptEncoder {

    /** How the target's Spring AI module sends tool responses: what their wire messages are. */
    enum ResultWires {
        /** One {@code ToolResponseMessage} is one user message (Anthropic). */
        GROUPED,
        /** Each response is a {@code tool} message of its own (OpenAI). */
        SEPARATE,
        /** Not verified for this provider's module: results name no wire message. */
        UNKNOWN
    }

    /** Where the entries of an encoding came from, for rendering: what the recording pass collects. */
    static final class Sources {
        /** The thinking block each thought of one came from, by thought id. */
        final Map<String, ThinkingContents.Block> thinkingBlocks = new HashMap<>();
        /** What each requested tool call came from, in prompt order. */
        final List<EncodedPrompt.CallSource> calls = new ArrayList<>();
        /** What each orphan result came from, in prompt order. */
        final List<EncodedPrompt.OrphanSource> orphans = new ArrayList<>();
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final List<org.springframework.ai.chat.messages.Message> messages;
    private final ResultWires resultWires;
    /** What the pass records for rendering, or {@code null} when it only makes entries. */
    private final Sources sources;
    private final Timeline.Builder entries;
    private final UniqueIds usedIds;
    /** Per tool response message, where its responses start in {@link #taken}; made on the first pairing. */
    private int[] firstResponse;
    /** Per tool response, whether a call took it (so it is no orphan). */
    private boolean[] taken;
    /** Per call of the assistant message being read: the message of its response, or -1. */
    private int[] answeredBy = new int[4];
    /** Per call of the assistant message being read: the position of its response in that message. */
    private int[] answeredAt = new int[4];

    private PromptEncoder(List<org.springframework.ai.chat.messages.Message> messages, ResultWires resultWires,
            Sources sources) {
        this.messages = messages;
        this.resultWires = resultWires;
        this.sources = sources;
        int capacity = 0;
        int ids = 0;
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i) instanceof AssistantMessage a) {
                int calls = a.getToolCalls().size();
                capacity += 2 + calls;
                ids += 1 + calls;
            } else if (!(messages.get(i) instanceof ToolResponseMessage)) {
                capacity++;
            }
        }
        this.entries = Timeline.builder(capacity);
        this.usedIds = UniqueIds.expecting(ids);
    }

    /**
     * Encodes messages into timeline entries.
     *
     * @return the builder holding the entries, in order
     */
    static Timeline.Builder entries(List<org.springframework.ai.chat.messages.Message> messages, ResultWires resultWires) {
        PromptEncoder encoder = new PromptEncoder(messages, resultWires, null);
        encoder.run();
        return encoder.entries;
    }

    /**
     * Encodes messages again, recording where each entry came from.
     *
     * @return what rendering looks entries up in
     */
    static Sources sources(List<org.springframework.ai.chat.messages.Message> messages, ResultWires resultWires) {
        PromptEncoder encoder = new PromptEncoder(messages, resultWires, new Sources());
        encoder.run();
        return encoder.sources;
    }

    private void run() {
        for (int i = 0; i < messages.size(); i++) {
            org.springframework.ai.chat.messages.Message m = messages.get(i);
            if (m instanceof ToolResponseMessage r) {
                orphans(i, r);
                continue;
            }
            String id = EncoderIds.message(i);
            if (m instanceof SystemMessage s) {
                entries.add(new Message(id, Role.SYSTEM, text(s.getText()), null, null, null, id));
            } else if (m instanceof UserMessage u) {
                entries.add(user(id, u));
            } else if (m instanceof AssistantMessage a) {
                assistant(i, id, a);
            } else {
                ObjectNode marker = NODES.objectNode().put("customMessage", m.getClass().getName());
                entries.add(new Message(id, Role.SYSTEM, "", marker, null, null, id));
            }
        }
    }

    /** {@code messages[index]}: the id of the entry of the message at {@code index}, and its wire message. */
    static String wire(int index) {
        return EncoderIds.message(index);
    }

    static String text(String s) {
        return s == null ? "" : s;
    }

    /** Parses tool-call arguments; anything that is not a JSON object becomes an empty object. */
    static ObjectNode parseArguments(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return NODES.objectNode();
        }
        try {
            JsonNode node = PromptCodec.JSON.readTree(arguments);
            return node instanceof ObjectNode o ? o : NODES.objectNode();
        } catch (JsonProcessingException e) {
            return NODES.objectNode();
        }
    }

    private static Message user(String id, UserMessage u) {
        ObjectNode payload = null;
        List<Media> media = u.getMedia();
        if (media != null && !media.isEmpty()) {
            ArrayNode types = NODES.arrayNode();
            for (Media item : media) {
                types.add(item.getMimeType() == null ? "unknown" : item.getMimeType().toString());
            }
            payload = NODES.objectNode();
            payload.set("media", types);
        }
        return new Message(id, Role.USER, text(u.getText()), payload, null, null, id);
    }

    /** An assistant message at {@code index}: its step (and wire message) is its id {@code messages[index]}. */
    private void assistant(int index, String step, AssistantMessage a) {
        Map<String, Object> metadata = a.getMetadata();
        Object reasoning = metadata.get(PromptCodec.REASONING_CONTENT);
        if (reasoning instanceof String r && !r.isBlank()) {
            String id = usedIds.unique(PromptCodec.digestId("reasoning-", r));
            entries.add(new Thought(id, r, null, null, step, step));
        }
        List<ThinkingContents.Block> blocks = ThinkingContents.read(metadata);
        String text = a.getText();
        boolean hasText = text != null && !text.isEmpty();
        if (hasText || (!a.hasToolCalls() && blocks.isEmpty())) {
            entries.add(new Message(step, Role.ASSISTANT, text(text), null, null, step, step));
        }
        for (ThinkingContents.Block b : blocks) {
            ObjectNode payload;
            String id;
            if (b.redacted()) {
                payload = Payloads.of("data", b.data());
                id = usedIds.unique(PromptCodec.digestId("redacted-thinking-", b.data()));
            } else if (b.signature() != null) {
                payload = Payloads.of("signature", b.signature());
                id = usedIds.unique(PromptCodec.digestId("thinking-", b.signature()));
            } else {
                payload = NODES.objectNode();
                id = usedIds.unique(step + ".thinking");
            }
            if (sources != null) {
                sources.thinkingBlocks.put(id, b);
            }
            entries.add(new Thought(id, b.redacted() ? "" : text(b.thinking()), payload,
                    PromptCodec.ANTHROPIC_THINKING_TAG, step, step));
        }
        List<AssistantMessage.ToolCall> toolCalls = a.getToolCalls();
        if (toolCalls.isEmpty()) {
            return;
        }
        Map<?, ?> extras = metadata.get(PromptCodec.TOOL_CALL_PROPERTIES) instanceof Map<?, ?> m ? m : Map.of();
        pair(index, toolCalls);
        for (int k = 0; k < toolCalls.size(); k++) {
            AssistantMessage.ToolCall c = toolCalls.get(k);
            boolean synthetic = c.id() == null || c.id().isBlank();
            String id = synthetic ? usedIds.unique(step + ".tool_calls[" + k + "]") : usedIds.unique(c.id());
            String tool = c.name() == null || c.name().isBlank() ? "unnamed" : c.name();
            ObjectNode payload = null;
            if (!synthetic && extras.get(c.id()) instanceof String json) {
                payload = NODES.objectNode();
                payload.set("additionalProperties", parseArguments(json));
            }
            ToolResult result = null;
            int message = answeredBy[k];
            if (message >= 0) {
                int position = answeredAt[k];
                ToolResponseMessage.ToolResponse r = ((ToolResponseMessage) messages.get(message)).getResponses()
                        .get(position);
                result = new ToolResult(text(r.responseData()), false, resultWire(message, position));
            }
            if (sources != null) {
                EncodedPrompt.CallSource source = new EncodedPrompt.CallSource(id, step, k, c, tool, synthetic);
                if (result != null) {
                    source.answer(((ToolResponseMessage) messages.get(message)).getResponses().get(answeredAt[k]),
                            message, answeredAt[k], result.content());
                }
                sources.calls.add(source);
            }
            // the arguments stay text until a rule reads them: most profiles never do
            entries.add(ToolCall.ofArgumentText(id, tool, c.arguments(), result, payload, null, step, step));
        }
    }

    /**
     * Finds the responses to the calls of the assistant message at {@code index} in the run of tool
     * response messages right after it (the only place a provider accepts them): each response, in
     * order, answers the first call not yet answered that it matches (by id; a call without an id takes
     * a response without one whose name, when given, is the call's). Fills {@link #answeredBy} and
     * {@link #answeredAt} and marks the responses taken.
     */
    private void pair(int index, List<AssistantMessage.ToolCall> calls) {
        int n = calls.size();
        if (answeredBy.length < n) {
            answeredBy = new int[Math.max(n, answeredBy.length * 2)];
            answeredAt = new int[answeredBy.length];
        }
        for (int k = 0; k < n; k++) {
            answeredBy[k] = -1;
        }
        for (int j = index + 1; j < messages.size() && messages.get(j) instanceof ToolResponseMessage t; j++) {
            List<ToolResponseMessage.ToolResponse> responses = t.getResponses();
            for (int p = 0; p < responses.size(); p++) {
                ToolResponseMessage.ToolResponse r = responses.get(p);
                for (int k = 0; k < n; k++) {
                    if (answeredBy[k] >= 0) {
                        continue;
                    }
                    AssistantMessage.ToolCall call = calls.get(k);
                    boolean matches = call.id() == null || call.id().isBlank()
                            ? (r.id() == null || r.id().isBlank()) && (r.name() == null || r.name().equals(call.name()))
                            : call.id().equals(r.id());
                    if (matches) {
                        answeredBy[k] = j;
                        answeredAt[k] = p;
                        take(j, p);
                        break;
                    }
                }
            }
        }
    }

    /** Marks response {@code position} of the tool response message at {@code message} as taken by a call. */
    private void take(int message, int position) {
        if (taken == null) {
            firstResponse = new int[messages.size()];
            int count = 0;
            for (int i = 0; i < messages.size(); i++) {
                firstResponse[i] = count;
                if (messages.get(i) instanceof ToolResponseMessage t) {
                    count += t.getResponses().size();
                }
            }
            taken = new boolean[count];
        }
        taken[firstResponse[message] + position] = true;
    }

    private boolean isTaken(int message, int position) {
        return taken != null && taken[firstResponse[message] + position];
    }

    private String resultWire(int index, int position) {
        return switch (resultWires) {
            case GROUPED -> wire(index);
            case SEPARATE -> EncoderIds.response(index, position);
            case UNKNOWN -> null;
        };
    }

    /** Adds the responses of a tool response message that no call took: orphan results. */
    private void orphans(int index, ToolResponseMessage message) {
        List<ToolResponseMessage.ToolResponse> responses = message.getResponses();
        for (int k = 0; k < responses.size(); k++) {
            if (isTaken(index, k)) {
                continue;
            }
            ToolResponseMessage.ToolResponse r = responses.get(k);
            String content = text(r.responseData());
            String id = r.id() == null || r.id().isBlank() ? EncoderIds.response(index, k) : r.id();
            if (sources != null) {
                sources.orphans.add(new EncodedPrompt.OrphanSource(id, r, index, k, content));
            }
            String wire = resultWire(index, k);
            entries.add(new ToolCall(id, text(r.name()), null, new ToolResult(content, false, wire), false, null, null,
                    null, wire, false));
        }
    }
}
