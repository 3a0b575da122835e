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

    /** The reasoning model named in OpenAI Responses bodies. */
    public static final String RESPONSES_MODEL = "o4-mini";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private WireBodies() {}

    /**
     * Returns the body of a conversation on a surface.
     *
     * @param surface the wire name ({@code anthropic-messages}, {@code openai-chat}, {@code openai-responses})
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
            case "openai-responses":
                return bytes(openAiResponses(entries));
            default:
                throw new IllegalArgumentException("surface must be anthropic-messages, openai-chat or openai-responses, but was '"
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
        return surface.equals("openai-responses") ? "openai-responses"
                : surface.startsWith("openai") ? "openai" : Conversations.PROVIDER;
    }

    /**
     * Returns the model named in a surface's body.
     *
     * @param surface the wire name
     * @return the model id
     */
    public static String model(String surface) {
        switch (surface) {
            case "openai-chat":
                return OPENAI_MODEL;
            case "openai-responses":
                return RESPONSES_MODEL;
            default:
                return Conversations.MODEL;
        }
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

    /**
     * Builds a stateless OpenAI Responses body: {@code instructions}, then one {@code input} item per entry
     * — user and assistant messages, a {@code reasoning} item per thought (its text as the summary, the
     * signature as {@code encrypted_content}), a {@code function_call} per call (arguments as a JSON string)
     * and a {@code function_call_output} per result after the step's calls.
     */
    static ObjectNode openAiResponses(List<Entry> entries) {
        ObjectNode body = NODES.objectNode().put("model", RESPONSES_MODEL).put("store", false);
        ArrayNode input = body.putArray("input");
        String step = null;
        List<ToolCall> results = new ArrayList<>();
        for (Entry e : entries) {
            if (!Objects.equals(step, e.step()) || e.step() == null) {
                flushOutputs(input, results);
                step = e.step();
            }
            if (e instanceof Message m && m.role() == Role.SYSTEM) {
                body.put("instructions", m.content());
            } else if (e instanceof Message m && m.role() == Role.USER) {
                input.addObject().put("role", "user").put("content", m.content());
            } else if (e instanceof Message m) {
                ObjectNode message = input.addObject().put("type", "message").put("role", "assistant");
                message.putArray("content").addObject().put("type", "output_text").put("text", m.content());
            } else if (e instanceof Thought t) {
                ObjectNode reasoning = input.addObject().put("type", "reasoning").put("id", "rs_" + t.id());
                reasoning.putArray("summary").addObject().put("type", "summary_text").put("text", t.content());
                reasoning.put("encrypted_content", t.payloadAt("signature").asText());
            } else {
                ToolCall c = (ToolCall) e;
                if (!c.requested()) {
                    results.add(c);
                    flushOutputs(input, results);
                    continue;
                }
                input.addObject().put("type", "function_call").put("id", "fc_" + c.id()).put("call_id", c.id())
                        .put("name", c.tool()).put("arguments", c.args().toString());
                if (c.result() != null) {
                    results.add(c);
                }
            }
        }
        flushOutputs(input, results);
        ArrayNode tools = body.putArray("tools");
        for (DeclaredTool t : Conversations.tools()) {
            ObjectNode tool = tools.addObject().put("type", "function").put("name", t.name())
                    .put("description", "The " + t.name() + " tool");
            tool.set("parameters", t.inputSchema());
        }
        body.putObject("reasoning").put("effort", "medium");
        body.putArray("include").add("reasoning.encrypted_content");
        return body;
    }

    private static void flushOutputs(ArrayNode input, List<ToolCall> results) {
        for (ToolCall c : results) {
            input.addObject().put("type", "function_call_output").put("call_id", c.id())
                    .put("output", c.result().content());
        }
        results.clear();
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
