package io.orderingguard.springai;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
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
 * (the mapping the codec documents), pairs each tool response with the call it answers, and records
 * where every entry came from so that {@link EncodedPrompt} can render a dispatch back. Not
 * thread-safe: one instance per prompt.
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

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final List<org.springframework.ai.chat.messages.Message> messages;
    private final ResultWires resultWires;
    private final List<Entry> entries;
    private final Map<String, ThinkingContents.Block> thinkingBlocks = new HashMap<>();
    private final List<EncodedPrompt.CallSource> calls = new ArrayList<>();
    private final List<EncodedPrompt.OrphanSource> orphans = new ArrayList<>();
    private final Map<String, Integer> usedIds = new HashMap<>();
    /** Per tool response message, the responses a call took (the rest are orphans); {@code null} until one is. */
    private boolean[][] taken;

    PromptEncoder(List<org.springframework.ai.chat.messages.Message> messages, ResultWires resultWires) {
        this.messages = messages;
        this.resultWires = resultWires;
        this.entries = new ArrayList<>(messages.size() + 8);
    }

    List<Entry> entries() {
        return entries;
    }

    Map<String, ThinkingContents.Block> thinkingBlocks() {
        return thinkingBlocks;
    }

    List<EncodedPrompt.CallSource> calls() {
        return calls;
    }

    List<EncodedPrompt.OrphanSource> orphans() {
        return orphans;
    }

    /** Encodes the messages; call once. */
    void run() {
        for (int i = 0; i < messages.size(); i++) {
            org.springframework.ai.chat.messages.Message m = messages.get(i);
            if (m instanceof ToolResponseMessage r) {
                orphans(i, r);
                continue;
            }
            String id = wire(i);
            if (m instanceof SystemMessage s) {
                add(new Message(id, Role.SYSTEM, text(s.getText()), null, null, null, id));
            } else if (m instanceof UserMessage u) {
                add(user(id, u));
            } else if (m instanceof AssistantMessage a) {
                assistant(i, id, a);
            } else {
                ObjectNode marker = NODES.objectNode().put("customMessage", m.getClass().getName());
                add(new Message(id, Role.SYSTEM, "", marker, null, null, id));
            }
        }
    }

    /** {@code messages[i]} for the first indices, made once: every dispatch of a long conversation names them. */
    private static final String[] WIRES = new String[1024];

    static String wire(int index) {
        if (index >= WIRES.length) {
            return "messages[" + index + "]";
        }
        String w = WIRES[index];
        if (w == null) {
            w = "messages[" + index + "]";
            WIRES[index] = w;
        }
        return w;
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

    /** Returns the id, or the id with {@code #2}, {@code #3}… when this prompt already used it. */
    private String unique(String id) {
        int n = usedIds.merge(id, 1, Integer::sum);
        return n == 1 ? id : id + "#" + n;
    }

    private void add(Entry e) {
        entries.add(e);
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

    private void assistant(int index, String step, AssistantMessage a) {
        String wire = wire(index);
        Map<String, Object> metadata = a.getMetadata();
        Object reasoning = metadata.get(PromptCodec.REASONING_CONTENT);
        if (reasoning instanceof String r && !r.isBlank()) {
            String id = unique("reasoning-" + PromptCodec.digest(r));
            entries.add(new Thought(id, r, null, null, step, wire));
        }
        List<ThinkingContents.Block> blocks = ThinkingContents.read(metadata);
        String text = a.getText();
        boolean hasText = text != null && !text.isEmpty();
        if (hasText || (!a.hasToolCalls() && blocks.isEmpty())) {
            entries.add(new Message(step, Role.ASSISTANT, text(text), null, null, step, wire));
        }
        for (ThinkingContents.Block b : blocks) {
            ObjectNode payload = NODES.objectNode();
            String id;
            if (b.redacted()) {
                payload.put("data", b.data());
                id = unique("redacted-thinking-" + PromptCodec.digest(b.data()));
            } else {
                if (b.signature() != null) {
                    payload.put("signature", b.signature());
                }
                id = unique(b.signature() == null ? step + ".thinking" : "thinking-" + PromptCodec.digest(b.signature()));
            }
            thinkingBlocks.put(id, b);
            entries.add(new Thought(id, b.redacted() ? "" : text(b.thinking()), payload,
                    PromptCodec.ANTHROPIC_THINKING_TAG, step, wire));
        }
        Map<?, ?> extras = metadata.get(PromptCodec.TOOL_CALL_PROPERTIES) instanceof Map<?, ?> m ? m : Map.of();
        List<AssistantMessage.ToolCall> toolCalls = a.getToolCalls();
        if (toolCalls.isEmpty()) {
            return;
        }
        EncodedPrompt.CallSource[] sources = new EncodedPrompt.CallSource[toolCalls.size()];
        for (int k = 0; k < sources.length; k++) {
            AssistantMessage.ToolCall c = toolCalls.get(k);
            boolean synthetic = c.id() == null || c.id().isBlank();
            String id = synthetic ? unique(step + ".tool_calls[" + k + "]") : unique(c.id());
            String tool = c.name() == null || c.name().isBlank() ? "unnamed" : c.name();
            sources[k] = new EncodedPrompt.CallSource(id, step, k, c, tool, synthetic);
        }
        answer(index, sources);
        for (EncodedPrompt.CallSource source : sources) {
            AssistantMessage.ToolCall c = source.call();
            ObjectNode payload = null;
            if (!source.syntheticId() && extras.get(c.id()) instanceof String json) {
                payload = NODES.objectNode();
                payload.set("additionalProperties", parseArguments(json));
            }
            ToolResult result = source.response == null ? null
                    : new ToolResult(source.responseContent, false, resultWire(source.responseMessage, source.responsePosition));
            calls.add(source);
            // the arguments stay text until a rule reads them: most profiles never do
            entries.add(new ToolCall(source.entryId, source.tool, null, result, true, payload, null, step, wire, false)
                    .withArgumentText(c.arguments()));
        }
    }

    /**
     * Pairs the calls of the assistant message at {@code index} with the responses of the run of tool
     * response messages right after it (the only place a provider accepts them), marking each
     * response it takes, so that each call entry is made once, with its result.
     */
    private void answer(int index, EncodedPrompt.CallSource[] sources) {
        for (int j = index + 1; j < messages.size() && messages.get(j) instanceof ToolResponseMessage t; j++) {
            List<ToolResponseMessage.ToolResponse> responses = t.getResponses();
            for (int k = 0; k < responses.size(); k++) {
                ToolResponseMessage.ToolResponse r = responses.get(k);
                for (EncodedPrompt.CallSource source : sources) {
                    if (source.response != null) {
                        continue;
                    }
                    boolean matches = source.syntheticId()
                            ? (r.id() == null || r.id().isBlank()) && (r.name() == null || r.name().equals(source.call().name()))
                            : source.call().id().equals(r.id());
                    if (matches) {
                        source.answer(r, j, k, text(r.responseData()));
                        if (taken == null) {
                            taken = new boolean[messages.size()][];
                        }
                        if (taken[j] == null) {
                            taken[j] = new boolean[responses.size()];
                        }
                        taken[j][k] = true;
                        break;
                    }
                }
            }
        }
    }

    private String resultWire(int index, int position) {
        return switch (resultWires) {
            case GROUPED -> wire(index);
            case SEPARATE -> wire(index) + ".responses[" + position + "]";
            case UNKNOWN -> null;
        };
    }

    /** Adds the responses of a tool response message that no call took: orphan results. */
    private void orphans(int index, ToolResponseMessage message) {
        List<ToolResponseMessage.ToolResponse> responses = message.getResponses();
        for (int k = 0; k < responses.size(); k++) {
            if (taken != null && taken[index] != null && taken[index][k]) {
                continue;
            }
            ToolResponseMessage.ToolResponse r = responses.get(k);
            String content = text(r.responseData());
            String id = r.id() == null || r.id().isBlank() ? wire(index) + ".responses[" + k + "]" : r.id();
            orphans.add(new EncodedPrompt.OrphanSource(id, r, index, k, content));
            String wire = resultWire(index, k);
            entries.add(new ToolCall(id, text(r.name()), null, new ToolResult(content, false, wire), false, null, null,
                    null, wire, false));
        }
    }
}
