package io.orderingguard.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The request body a client sends on each wire surface for a generated conversation, as UTF-8 JSON
 * bytes: what an HTTP-level guard (an OkHttp interceptor, an SDK hook) receives. Building a body is
 * not measured; reading it is.
 *
 * <p>Thread-safe: stateless.
 */
public final class WireBodies {

    /** The model named in OpenAI Chat Completions bodies. */
    public static final String OPENAI_MODEL = "gpt-4.1";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private WireBodies() {}

    /**
     * Returns the body of a conversation on a surface.
     *
     * @param surface the wire name ({@code anthropic-messages}, {@code openai-chat})
     * @param entries the conversation
     * @return the UTF-8 JSON body
     * @throws IllegalArgumentException for a surface this class does not write
     */
    public static byte[] body(String surface, List<Entry> entries) {
        switch (surface) {
            case "anthropic-messages":
                return AnthropicRequest.of(Conversations.MODEL, entries, Conversations.tools()).toJson();
            case "openai-chat":
                return bytes(openAiChat(entries));
            default:
                throw new IllegalArgumentException("surface must be anthropic-messages or openai-chat, but was '"
                        + surface + "'");
        }
    }

    /**
     * Returns the provider a surface's body goes to, for choosing the guard's profile.
     *
     * @param surface the wire name
     * @return the provider name
     */
    public static String provider(String surface) {
        return surface.startsWith("openai") ? "openai" : Conversations.PROVIDER;
    }

    /**
     * Returns the model named in a surface's body.
     *
     * @param surface the wire name
     * @return the model id
     */
    public static String model(String surface) {
        return surface.startsWith("openai") ? OPENAI_MODEL : Conversations.MODEL;
    }

    /**
     * Builds an OpenAI Chat Completions body: the system message, user messages, one assistant message
     * per step with its text and {@code tool_calls} (arguments as a JSON string), and one {@code tool}
     * message per result after it. OpenAI keeps reasoning on its side, so thoughts are not sent.
     */
    static ObjectNode openAiChat(List<Entry> entries) {
        ObjectNode body = NODES.objectNode().put("model", OPENAI_MODEL).put("max_completion_tokens", 8_192);
        ArrayNode messages = body.putArray("messages");
        ObjectNode assistant = null;
        String step = null;
        List<ToolCall> results = new ArrayList<>();
        for (Entry e : entries) {
            boolean userSide = e instanceof Message m && m.role() != Role.ASSISTANT || e instanceof ToolCall c
                    && !c.requested();
            if (assistant != null && (userSide || !Objects.equals(step, e.step()))) {
                flush(messages, results);
                assistant = null;
            }
            if (e instanceof Thought) {
                continue;
            }
            if (e instanceof Message m && m.role() != Role.ASSISTANT) {
                messages.addObject().put("role", m.role() == Role.USER ? "user" : "system").put("content", m.content());
                continue;
            }
            if (e instanceof ToolCall c && !c.requested()) {
                results.add(c);
                flush(messages, results);
                continue;
            }
            if (assistant == null) {
                assistant = messages.addObject().put("role", "assistant");
                step = e.step();
            }
            if (e instanceof Message m) {
                assistant.put("content", m.content());
            } else {
                ToolCall c = (ToolCall) e;
                ArrayNode calls = assistant.has("tool_calls") ? (ArrayNode) assistant.get("tool_calls")
                        : assistant.putArray("tool_calls");
                ObjectNode call = calls.addObject().put("id", c.id()).put("type", "function");
                call.putObject("function").put("name", c.tool()).put("arguments", c.args().toString());
                if (c.result() != null) {
                    results.add(c);
                }
            }
        }
        flush(messages, results);
        ArrayNode tools = body.putArray("tools");
        for (DeclaredTool t : Conversations.tools()) {
            ObjectNode function = tools.addObject().put("type", "function").putObject("function");
            function.put("name", t.name()).put("description", "The " + t.name() + " tool");
            function.set("parameters", t.inputSchema());
        }
        return body;
    }

    private static void flush(ArrayNode messages, List<ToolCall> results) {
        for (ToolCall c : results) {
            messages.addObject().put("role", "tool").put("tool_call_id", c.id()).put("content", c.result().content());
        }
        results.clear();
    }

    private static byte[] bytes(ObjectNode body) {
        try {
            return MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the body: " + e.getOriginalMessage(), e);
        }
    }
}
