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

    /** The Gemini model, named in the URL path of Gemini bodies. */
    public static final String GEMINI_MODEL = "gemini-3-pro-preview";

    /** The Bedrock model id (Claude through a cross-region inference profile), named in the URL path. */
    public static final String BEDROCK_MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";

    /** Every surface this class writes, in the order the benchmarks list them. */
    public static final List<String> SURFACES =
            List.of("anthropic-messages", "openai-chat", "openai-responses", "gemini", "bedrock-converse");

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private WireBodies() {}

    /**
     * Returns the body of a conversation on a surface.
     *
     * @param surface the wire name (one of {@link #SURFACES})
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
            case "gemini":
                return bytes(gemini(entries));
            case "bedrock-converse":
                return bytes(bedrockConverse(entries));
            default:
                throw new IllegalArgumentException("surface must be one of " + SURFACES + ", but was '" + surface + "'");
        }
    }

    /**
     * Returns the URL path a client posts a surface's body to; Gemini and Bedrock name the model there.
     *
     * @param surface the wire name
     * @return the path
     */
    public static String urlPath(String surface) {
        switch (surface) {
            case "anthropic-messages":
                return "/v1/messages";
            case "openai-chat":
                return "/v1/chat/completions";
            case "openai-responses":
                return "/v1/responses";
            case "gemini":
                return "/v1beta/models/" + GEMINI_MODEL + ":generateContent";
            case "bedrock-converse":
                return "/model/" + BEDROCK_MODEL.replace(":", "%3A") + "/converse";
            default:
                throw new IllegalArgumentException("surface must be one of " + SURFACES + ", but was '" + surface + "'");
        }
    }

    /**
     * Returns the provider a surface's body goes to, for choosing the guard's profile.
     *
     * @param surface the wire name
     * @return the provider name
     */
    public static String provider(String surface) {
        switch (surface) {
            case "gemini":
                return "gemini";
            case "bedrock-converse":
                return "bedrock";
            case "openai-responses":
                return "openai-responses"; // as WireGuard checks a Responses body
            case "openai-chat":
                return "openai";
            default:
                return Conversations.PROVIDER;
        }
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
            case "gemini":
                return GEMINI_MODEL;
            case "bedrock-converse":
                return BEDROCK_MODEL;
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
     * — user messages, assistant output messages with their {@code msg_} ids, a {@code reasoning} item per
     * thought (its text as the summary, the signature as {@code encrypted_content}), a {@code function_call}
     * per call (arguments as a JSON string)
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
                // the output item as the model produced it, with its server id (a reasoning item before it
                // must be followed by the item it produced, which OpenAI knows by that id)
                ObjectNode message = input.addObject().put("type", "message").put("id", "msg_" + m.id())
                        .put("role", "assistant");
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

    /**
     * Builds a Gemini {@code generateContent} body, laid out as the Anthropic one (one {@code model} content
     * per step, the results of its calls in the {@code user} content that follows, with the next user text):
     * a thought is a {@code thought: true} text part; its signature travels as {@code thoughtSignature} on the
     * first function call of the step (as Gemini 3 returns it), or on the thought part in a step without calls;
     * results are {@code functionResponse} parts with the call's id and name. The model is in the URL path.
     */
    static ObjectNode gemini(List<Entry> entries) {
        ObjectNode body = NODES.objectNode();
        ArrayNode contents = body.putArray("contents");
        for (Turn turn : turns(entries)) {
            if (turn.system != null) {
                body.putObject("systemInstruction").putArray("parts").addObject().put("text", turn.system.content());
                continue;
            }
            ArrayNode parts = contents.addObject().put("role", turn.assistant ? "model" : "user").putArray("parts");
            String signature = null;
            ObjectNode thoughtPart = null;
            for (Entry e : turn.entries) {
                if (e instanceof Thought t) {
                    thoughtPart = parts.addObject().put("text", t.content()).put("thought", true);
                    signature = t.payloadAt("signature").asText();
                } else if (e instanceof Message m) {
                    parts.addObject().put("text", m.content());
                } else if (turn.assistant) {
                    ToolCall c = (ToolCall) e;
                    ObjectNode part = parts.addObject();
                    part.putObject("functionCall").put("id", c.id()).put("name", c.tool()).set("args", c.args());
                    if (signature != null) {
                        part.put("thoughtSignature", signature);
                        signature = null;
                    }
                } else {
                    ToolCall c = (ToolCall) e;
                    parts.addObject().putObject("functionResponse").put("id", c.id()).put("name", c.tool())
                            .putObject("response").put("output", c.result().content());
                }
            }
            if (signature != null) {
                thoughtPart.put("thoughtSignature", signature);
            }
        }
        ArrayNode declarations = body.putArray("tools").addObject().putArray("functionDeclarations");
        for (DeclaredTool t : Conversations.tools()) {
            declarations.addObject().put("name", t.name()).put("description", "The " + t.name() + " tool")
                    .set("parametersJsonSchema", t.inputSchema());
        }
        ObjectNode config = body.putObject("generationConfig").put("maxOutputTokens", 8_192);
        config.putObject("thinkingConfig").put("includeThoughts", true).put("thinkingLevel", "high");
        return body;
    }

    /**
     * Builds a Bedrock Converse body (what the AWS SDK's {@code ConverseRequest} sends), laid out as the
     * Anthropic one: {@code reasoningContent} blocks with the thought's text and signature, {@code toolUse}
     * and {@code toolResult} blocks, {@code system} text blocks, tools under {@code toolConfig}. The model
     * is in the URL path.
     */
    static ObjectNode bedrockConverse(List<Entry> entries) {
        ObjectNode body = NODES.objectNode();
        ArrayNode messages = body.putArray("messages");
        for (Turn turn : turns(entries)) {
            if (turn.system != null) {
                body.putArray("system").addObject().put("text", turn.system.content());
                continue;
            }
            ArrayNode content = messages.addObject().put("role", turn.assistant ? "assistant" : "user")
                    .putArray("content");
            for (Entry e : turn.entries) {
                if (e instanceof Thought t) {
                    content.addObject().putObject("reasoningContent").putObject("reasoningText")
                            .put("text", t.content()).put("signature", t.payloadAt("signature").asText());
                } else if (e instanceof Message m) {
                    content.addObject().put("text", m.content());
                } else if (turn.assistant) {
                    ToolCall c = (ToolCall) e;
                    content.addObject().putObject("toolUse").put("toolUseId", c.id()).put("name", c.tool())
                            .set("input", c.args());
                } else {
                    ToolCall c = (ToolCall) e;
                    ObjectNode result = content.addObject().putObject("toolResult").put("toolUseId", c.id());
                    result.putArray("content").addObject().put("text", c.result().content());
                    result.put("status", c.result().isError() ? "error" : "success");
                }
            }
        }
        body.putObject("inferenceConfig").put("maxTokens", 8_192);
        body.putObject("additionalModelRequestFields").putObject("thinking").put("type", "enabled")
                .put("budget_tokens", 4_096);
        ArrayNode tools = body.putObject("toolConfig").putArray("tools");
        for (DeclaredTool t : Conversations.tools()) {
            ObjectNode spec = tools.addObject().putObject("toolSpec").put("name", t.name())
                    .put("description", "The " + t.name() + " tool");
            spec.putObject("inputSchema").set("json", t.inputSchema());
        }
        return body;
    }

    /** One wire message of the Anthropic-style layout: the system message, or a user or assistant turn. */
    private static final class Turn {
        final Message system;
        final boolean assistant;
        final List<Entry> entries = new ArrayList<>();

        Turn(Message system, boolean assistant) {
            this.system = system;
            this.assistant = assistant;
        }
    }

    /**
     * Lays entries out as {@link AnthropicRequest#of} does: the system message apart; the thoughts, calls and
     * text of one step form an assistant turn; the results of its calls (as the calls themselves, to be
     * written as results) and the next user text form the user turn after it.
     */
    private static List<Turn> turns(List<Entry> entries) {
        List<Turn> turns = new ArrayList<>();
        Turn assistant = null;
        Turn user = new Turn(null, false);
        for (Entry e : entries) {
            if (e instanceof Message m && m.role() == Role.SYSTEM) {
                turns.add(new Turn(m, false));
                continue;
            }
            boolean userSide = e instanceof Message m && m.role() == Role.USER || e instanceof ToolCall c && !c.requested();
            if (userSide) {
                if (assistant != null) {
                    turns.add(assistant);
                    assistant = null;
                }
                user.entries.add(e);
                continue;
            }
            if (assistant != null && !Objects.equals(assistant.entries.get(0).step(), e.step()) && !user.entries.isEmpty()) {
                turns.add(assistant);
                assistant = null;
            }
            if (assistant == null) {
                if (!user.entries.isEmpty()) {
                    turns.add(user);
                    user = new Turn(null, false);
                }
                assistant = new Turn(null, true);
            }
            assistant.entries.add(e);
            if (e instanceof ToolCall c && c.result() != null) {
                user.entries.add(c);
            }
        }
        if (assistant != null) {
            turns.add(assistant);
        }
        if (!user.entries.isEmpty()) {
            turns.add(user);
        }
        return turns;
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
