package io.orderingguard.wire;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded generators of request bodies for the round-trip and fuzz tests: every shape a codec maps
 * (thinking, redacted thinking, tool calls and results, server tools, images, cache_control,
 * unknown fields, orphan results, unanswered calls, options), so a body of any seed parses.
 */
public final class Bodies {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Bodies() {}

    /**
     * Generates a random valid body of a surface (the generator of each surface, by its wire format).
     *
     * @param format the surface
     * @param seed the seed
     * @return the body
     */
    public static ObjectNode of(WireFormat format, long seed) {
        return switch (format) {
            case ANTHROPIC_MESSAGES -> anthropic(seed);
            case OPENAI_CHAT -> openAiChat(seed);
            case OPENAI_RESPONSES -> openAiResponses(seed);
            case GEMINI -> GeminiBodies.gemini(seed);
            default -> BedrockBodies.converse(seed);
        };
    }

    /**
     * Generates an Anthropic Messages body.
     *
     * @param seed the seed
     * @return the body
     */
    public static ObjectNode anthropic(long seed) {
        Random random = new Random(seed);
        ObjectNode body = NODES.objectNode();
        body.put("model", random.nextBoolean() ? "claude-sonnet-4-5" : "claude-opus-4-1");
        body.put("max_tokens", 1 + random.nextInt(64_000));
        if (random.nextInt(3) == 0) {
            body.put("system", "You are terse. " + seed);
        } else if (random.nextBoolean()) {
            ArrayNode system = body.putArray("system");
            system.addObject().put("type", "text").put("text", "Rules " + seed);
            ObjectNode cached = system.addObject().put("type", "text").put("text", "Long context");
            cached.putObject("cache_control").put("type", "ephemeral");
        }
        if (random.nextBoolean()) {
            body.putObject("metadata").put("user_id", "u-" + seed);
        }
        ArrayNode messages = body.putArray("messages");
        int turns = 1 + random.nextInt(8);
        List<String> open = new ArrayList<>();
        int counter = 0;
        for (int t = 0; t < turns; t++) {
            ObjectNode user = messages.addObject().put("role", "user");
            if (open.isEmpty() && random.nextBoolean()) {
                user.put("content", "Question " + t + " of seed " + seed);
            } else {
                ArrayNode content = user.putArray("content");
                for (String id : open) {
                    if (random.nextInt(8) == 0) {
                        continue; // unanswered call
                    }
                    ObjectNode result = content.addObject().put("type", "tool_result").put("tool_use_id", id);
                    switch (random.nextInt(4)) {
                        case 0 -> result.put("content", "result of " + id);
                        case 1 -> result.putArray("content").addObject().put("type", "text").put("text", "r " + id);
                        case 2 -> result.put("content", "failed").put("is_error", true);
                        default -> { /* no content */ }
                    }
                }
                if (random.nextInt(10) == 0) {
                    content.addObject().put("type", "tool_result").put("tool_use_id", "toolu_orphan_" + seed + "_" + t)
                            .put("content", "late");
                }
                if (random.nextInt(4) == 0) {
                    ObjectNode image = content.addObject().put("type", "image");
                    image.putObject("source").put("type", "base64").put("media_type", "image/png").put("data", "iVBOR");
                }
                if (content.isEmpty() || random.nextBoolean()) {
                    ObjectNode text = content.addObject().put("type", "text").put("text", "Next " + t);
                    if (random.nextInt(5) == 0) {
                        text.putObject("cache_control").put("type", "ephemeral");
                    }
                }
            }
            open.clear();
            if (t == turns - 1 && random.nextBoolean()) {
                break;
            }
            ObjectNode assistant = messages.addObject().put("role", "assistant");
            if (random.nextInt(5) == 0) {
                assistant.put("content", "Plain answer " + t);
                continue;
            }
            ArrayNode content = assistant.putArray("content");
            if (random.nextBoolean()) {
                ObjectNode thinking = content.addObject().put("type", "thinking").put("thinking", "Let me think " + t);
                if (random.nextInt(6) != 0) {
                    thinking.put("signature", "EqQBCkYIBxgCKkA" + seed + t);
                }
            }
            if (random.nextInt(6) == 0) {
                content.addObject().put("type", "redacted_thinking").put("data", "EmwKAhgBEgy" + seed + t);
            }
            if (random.nextBoolean()) {
                content.addObject().put("type", "text").put("text", "I will look " + t);
            }
            if (random.nextInt(6) == 0) {
                String id = "srvtoolu_" + seed + "_" + counter++;
                content.addObject().put("type", "server_tool_use").put("id", id).put("name", "web_search")
                        .putObject("input").put("query", "q" + t);
                ObjectNode result = content.addObject().put("type", "web_search_tool_result").put("tool_use_id", id);
                result.putArray("content").addObject().put("type", "web_search_result").put("url", "https://x.test")
                        .put("title", "X").put("encrypted_content", "Eo8");
            }
            int calls = random.nextInt(3);
            for (int c = 0; c < calls; c++) {
                String id = "toolu_" + seed + "_" + counter++;
                ObjectNode input = content.addObject().put("type", "tool_use").put("id", id)
                        .put("name", random.nextBoolean() ? "get_weather" : "search").putObject("input");
                input.put("city", "Paris " + c);
                open.add(id);
            }
            if (content.isEmpty()) {
                content.addObject().put("type", "text").put("text", "Done " + t);
            }
        }
        if (random.nextBoolean()) {
            ArrayNode tools = body.putArray("tools");
            ObjectNode weather = tools.addObject().put("name", "get_weather").put("description", "Weather");
            weather.putObject("input_schema").put("type", "object").putObject("properties").putObject("city")
                    .put("type", "string");
            tools.addObject().put("name", "search").putObject("input_schema").put("type", "object");
            if (random.nextBoolean()) {
                tools.addObject().put("type", "web_search_20250305").put("name", "web_search").put("max_uses", 3);
            }
        }
        switch (random.nextInt(4)) {
            case 0 -> body.putObject("thinking").put("type", "enabled").put("budget_tokens", 1024 + random.nextInt(4096));
            case 1 -> body.putObject("thinking").put("type", "disabled");
            case 2 -> body.putObject("thinking").put("type", "adaptive");
            default -> { /* none */ }
        }
        switch (random.nextInt(5)) {
            case 0 -> body.putObject("tool_choice").put("type", "auto").put("disable_parallel_tool_use", true);
            case 1 -> body.putObject("tool_choice").put("type", "any");
            case 2 -> body.putObject("tool_choice").put("type", "tool").put("name", "get_weather");
            case 3 -> body.putObject("tool_choice").put("type", "none");
            default -> { /* none */ }
        }
        if (random.nextBoolean()) {
            body.put("stream", random.nextBoolean());
        }
        if (random.nextInt(3) == 0) {
            body.put("temperature", 0.5);
        }
        return body;
    }

    /**
     * Generates an OpenAI Chat Completions body.
     *
     * @param seed the seed
     * @return the body
     */
    public static ObjectNode openAiChat(long seed) {
        Random random = new Random(seed);
        ObjectNode body = NODES.objectNode();
        body.put("model", random.nextBoolean() ? "gpt-4.1" : "deepseek-reasoner");
        ArrayNode messages = body.putArray("messages");
        switch (random.nextInt(3)) {
            case 0 -> messages.addObject().put("role", "system").put("content", "Be brief " + seed);
            case 1 -> messages.addObject().put("role", "developer").putArray("content").addObject()
                    .put("type", "text").put("text", "Rules " + seed);
            default -> { /* none */ }
        }
        int turns = 1 + random.nextInt(8);
        int counter = 0;
        for (int t = 0; t < turns; t++) {
            ObjectNode user = messages.addObject().put("role", "user");
            if (random.nextInt(3) == 0) {
                ArrayNode parts = user.putArray("content");
                parts.addObject().put("type", "text").put("text", "Look " + t);
                parts.addObject().put("type", "image_url").putObject("image_url").put("url", "https://img.test/" + t);
            } else {
                user.put("content", "Question " + t);
            }
            if (random.nextInt(4) == 0) {
                user.put("name", "alice");
            }
            if (t == turns - 1 && random.nextBoolean()) {
                break;
            }
            int rounds = random.nextInt(3);
            for (int r = 0; r <= rounds; r++) {
                ObjectNode assistant = messages.addObject().put("role", "assistant");
                if (random.nextInt(3) == 0) {
                    assistant.put("reasoning_content", "thinking " + t + "." + r);
                }
                int calls = r == rounds ? 0 : 1 + random.nextInt(3);
                if (calls == 0) {
                    assistant.put("content", "Answer " + t);
                    break;
                }
                switch (random.nextInt(3)) {
                    case 0 -> assistant.putNull("content");
                    case 1 -> assistant.put("content", "");
                    default -> assistant.put("content", "Calling " + r);
                }
                ArrayNode toolCalls = assistant.putArray("tool_calls");
                List<String> ids = new ArrayList<>();
                for (int c = 0; c < calls; c++) {
                    String id = "call_" + seed + "_" + counter++;
                    ids.add(id);
                    ObjectNode call = toolCalls.addObject().put("id", id).put("type", "function");
                    call.putObject("function").put("name", random.nextBoolean() ? "get_weather" : "search")
                            .put("arguments", random.nextInt(10) == 0 ? "{\"city\": \"Par" : "{\"city\":\"Paris\"}");
                }
                for (String id : ids) {
                    if (random.nextInt(8) == 0) {
                        continue; // unanswered
                    }
                    ObjectNode tool = messages.addObject().put("role", "tool").put("tool_call_id", id);
                    if (random.nextInt(4) == 0) {
                        tool.putArray("content").addObject().put("type", "text").put("text", "r " + id);
                    } else {
                        tool.put("content", "result of " + id);
                    }
                }
                if (random.nextInt(10) == 0) {
                    messages.addObject().put("role", "tool").put("tool_call_id", "call_orphan_" + seed + "_" + t)
                            .put("content", "late");
                }
            }
        }
        if (random.nextBoolean()) {
            ArrayNode tools = body.putArray("tools");
            for (String name : List.of("get_weather", "search")) {
                ObjectNode function = tools.addObject().put("type", "function").putObject("function").put("name", name);
                function.putObject("parameters").put("type", "object");
            }
        }
        switch (random.nextInt(4)) {
            case 0 -> body.put("reasoning_effort", "low");
            case 1 -> body.put("reasoning_effort", "none");
            case 2 -> body.putObject("thinking").put("type", "enabled");
            default -> { /* none */ }
        }
        switch (random.nextInt(4)) {
            case 0 -> body.put("tool_choice", "required");
            case 1 -> body.putObject("tool_choice").put("type", "function").putObject("function").put("name", "search");
            case 2 -> body.put("tool_choice", "auto");
            default -> { /* none */ }
        }
        if (random.nextBoolean()) {
            body.put("parallel_tool_calls", random.nextBoolean());
        }
        if (random.nextBoolean()) {
            body.put("max_completion_tokens", 1 + random.nextInt(4000));
        }
        if (random.nextInt(3) == 0) {
            body.put("temperature", 0.2).putObject("response_format").put("type", "json_object");
        }
        return body;
    }

    /**
     * Generates an OpenAI Responses body (stateless: the whole history in {@code input}): reasoning
     * items with and without {@code encrypted_content}, messages with string and part content,
     * parallel function calls, custom tool calls, built-in tool items, orphan outputs, unanswered
     * calls and the request options.
     *
     * @param seed the seed
     * @return the body
     */
    public static ObjectNode openAiResponses(long seed) {
        Random random = new Random(seed);
        ObjectNode body = NODES.objectNode();
        body.put("model", random.nextBoolean() ? "o4-mini" : "gpt-5");
        if (random.nextBoolean()) {
            body.put("instructions", "Answer briefly. " + seed);
        }
        if (random.nextInt(8) == 0) {
            body.put("input", "Just one question " + seed);
        } else {
            ArrayNode input = body.putArray("input");
            if (random.nextInt(4) == 0) {
                input.addObject().put("role", "developer").put("content", "Rules " + seed);
            }
            int turns = 1 + random.nextInt(6);
            int counter = 0;
            for (int t = 0; t < turns; t++) {
                ObjectNode user = input.addObject();
                if (random.nextBoolean()) {
                    user.put("type", "message");
                }
                user.put("role", "user");
                if (random.nextInt(3) == 0) {
                    ArrayNode parts = user.putArray("content");
                    parts.addObject().put("type", "input_text").put("text", "Look " + t);
                    parts.addObject().put("type", "input_image").put("detail", "auto")
                            .put("image_url", "https://img.test/" + t);
                } else {
                    user.put("content", "Question " + t);
                }
                if (t == turns - 1 && random.nextBoolean()) {
                    break;
                }
                int rounds = random.nextInt(3);
                for (int r = 0; r <= rounds; r++) {
                    if (random.nextInt(3) != 0) {
                        ObjectNode reasoning = input.addObject().put("type", "reasoning")
                                .put("id", "rs_" + seed + "_" + counter++);
                        ArrayNode summary = reasoning.putArray("summary");
                        if (random.nextBoolean()) {
                            summary.addObject().put("type", "summary_text").put("text", "Thinking " + t + "." + r);
                        }
                        if (random.nextInt(5) != 0) {
                            reasoning.put("encrypted_content", "gAAAAABo" + seed + "x" + counter);
                        }
                    }
                    if (random.nextInt(8) == 0) {
                        input.addObject().put("type", "web_search_call").put("id", "ws_" + seed + "_" + counter++)
                                .put("status", "completed").putObject("action").put("type", "search").put("query", "q");
                    }
                    int calls = r == rounds ? 0 : 1 + random.nextInt(3);
                    if (calls == 0) {
                        ObjectNode message = input.addObject().put("type", "message").put("role", "assistant")
                                .put("id", "msg_" + seed + "_" + counter++);
                        if (random.nextBoolean()) {
                            message.put("status", "completed");
                        }
                        ObjectNode text = message.putArray("content").addObject().put("type", "output_text")
                                .put("text", "Answer " + t);
                        text.putArray("annotations");
                        break;
                    }
                    List<String> ids = new ArrayList<>();
                    for (int c = 0; c < calls; c++) {
                        String id = "call_" + seed + "_" + counter++;
                        ids.add(id);
                        if (random.nextInt(6) == 0) {
                            input.addObject().put("type", "custom_tool_call").put("id", "ctc_" + id).put("call_id", id)
                                    .put("name", "code_exec").put("input", "print(" + c + ")");
                            continue;
                        }
                        ObjectNode call = input.addObject().put("type", "function_call").put("id", "fc_" + id)
                                .put("call_id", id).put("name", random.nextBoolean() ? "get_weather" : "search")
                                .put("arguments", random.nextInt(10) == 0 ? "{\"city\": \"Par" : "{\"city\":\"Paris\"}");
                        if (random.nextBoolean()) {
                            call.put("status", "completed");
                        }
                    }
                    for (String id : ids) {
                        if (random.nextInt(8) == 0) {
                            continue; // unanswered
                        }
                        boolean custom = input.get(input.size() - 1).path("type").asText().startsWith("custom")
                                && random.nextBoolean();
                        ObjectNode output = input.addObject().put("type", custom ? "custom_tool_call_output"
                                : "function_call_output").put("call_id", id);
                        if (random.nextInt(4) == 0) {
                            output.putArray("output").addObject().put("type", "input_text").put("text", "r " + id);
                        } else {
                            output.put("output", "result of " + id);
                        }
                    }
                    if (random.nextInt(10) == 0) {
                        input.addObject().put("type", "function_call_output").put("call_id", "call_orphan_" + seed + "_" + t)
                                .put("output", "late");
                    }
                }
            }
        }
        if (random.nextBoolean()) {
            ArrayNode tools = body.putArray("tools");
            for (String name : List.of("get_weather", "search")) {
                ObjectNode function = tools.addObject().put("type", "function").put("name", name).put("strict", false);
                function.putObject("parameters").put("type", "object");
            }
            if (random.nextBoolean()) {
                tools.addObject().put("type", "custom").put("name", "code_exec");
            }
            if (random.nextBoolean()) {
                tools.addObject().put("type", "web_search");
            }
        }
        switch (random.nextInt(4)) {
            case 0 -> body.putObject("reasoning").put("effort", "medium").put("summary", "auto");
            case 1 -> body.putObject("reasoning").put("effort", "none");
            case 2 -> body.putObject("reasoning").put("summary", "detailed");
            default -> { /* none */ }
        }
        if (random.nextBoolean()) {
            body.put("store", false).putArray("include").add("reasoning.encrypted_content");
        }
        switch (random.nextInt(5)) {
            case 0 -> body.put("tool_choice", "required");
            case 1 -> body.putObject("tool_choice").put("type", "function").put("name", "search");
            case 2 -> body.put("tool_choice", "auto");
            case 3 -> body.putObject("tool_choice").put("type", "allowed_tools").put("mode", "auto").putArray("tools")
                    .addObject().put("type", "function").put("name", "search");
            default -> { /* none */ }
        }
        if (random.nextBoolean()) {
            body.put("parallel_tool_calls", random.nextBoolean());
        }
        if (random.nextBoolean()) {
            body.put("max_output_tokens", 1 + random.nextInt(4000));
        }
        if (random.nextInt(3) == 0) {
            body.put("stream", random.nextBoolean());
        }
        if (random.nextInt(3) == 0) {
            body.putObject("text").putObject("format").put("type", "text");
            body.putObject("metadata").put("run", "r" + seed);
        }
        return body;
    }
}
