package io.orderingguard.testing.emulator;

import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_MALFORMED_REQUEST;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_TOOL_CALL_ID_TOO_LONG;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_TOOL_MESSAGE_WITHOUT_CALL;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_UNANSWERED_TOOL_CALLS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** OpenAI Chat Completions: request checks and response rendering. */
final class OpenAiChatWire {

    static final int MAX_TOOL_CALL_ID = 40;
    private static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant", "tool", "function");

    private OpenAiChatWire() {}

    /** The first broken rule: structure, then field formats, then ordering by message position. */
    static Optional<Violation> validate(JsonNode root, Set<EmulatorRule> enabled) {
        Optional<Violation> malformed = structure(root);
        if (malformed.isPresent()) {
            return malformed;
        }
        JsonNode messages = root.path("messages");
        if (enabled.contains(OPENAI_TOOL_CALL_ID_TOO_LONG)) {
            for (int i = 0; i < messages.size(); i++) {
                JsonNode calls = messages.get(i).path("tool_calls");
                for (int j = 0; j < calls.size(); j++) {
                    String id = calls.get(j).path("id").textValue();
                    if (id.length() > MAX_TOOL_CALL_ID) {
                        return Optional.of(Violation.of(OPENAI_TOOL_CALL_ID_TOO_LONG, i,
                                "messages[" + i + "].tool_calls[" + j + "].id", "string_above_max_length",
                                Map.of("message", i, "call", j, "length", id.length())));
                    }
                }
            }
        }
        for (int i = 0; i < messages.size(); i++) {
            JsonNode message = messages.get(i);
            String role = message.path("role").textValue();
            if (role.equals("assistant") && message.path("tool_calls").size() > 0
                    && enabled.contains(OPENAI_UNANSWERED_TOOL_CALLS)) {
                Set<String> answered = new HashSet<>();
                for (int j = i + 1; j < messages.size() && "tool".equals(messages.get(j).path("role").textValue()); j++) {
                    answered.add(messages.get(j).path("tool_call_id").textValue());
                }
                List<String> missing = new ArrayList<>();
                for (JsonNode call : message.path("tool_calls")) {
                    if (!answered.contains(call.path("id").textValue())) {
                        missing.add(call.path("id").textValue());
                    }
                }
                if (!missing.isEmpty()) {
                    return Optional.of(Violation.of(OPENAI_UNANSWERED_TOOL_CALLS, i, "messages.[" + i + "].role", null,
                            Map.of("ids", String.join(", ", missing))));
                }
            }
            if (role.equals("tool") && enabled.contains(OPENAI_TOOL_MESSAGE_WITHOUT_CALL)) {
                int k = i - 1;
                while (k >= 0 && "tool".equals(messages.get(k).path("role").textValue())) {
                    k--;
                }
                boolean answersCall = false;
                if (k >= 0 && "assistant".equals(messages.get(k).path("role").textValue())) {
                    String id = message.path("tool_call_id").textValue();
                    for (JsonNode call : messages.get(k).path("tool_calls")) {
                        answersCall |= id.equals(call.path("id").textValue());
                    }
                }
                if (!answersCall) {
                    return Optional.of(Violation.of(OPENAI_TOOL_MESSAGE_WITHOUT_CALL, i, "messages.[" + i + "].role",
                            null, Map.of()));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> structure(JsonNode root) {
        if (!root.isObject()) {
            return malformed("Invalid type for request body: expected an object, but got " + Bodies.openAiType(root)
                    + " instead.", null, "invalid_type");
        }
        if (!root.path("model").isTextual()) {
            return malformed("you must provide a model parameter", null, null);
        }
        JsonNode messages = root.path("messages");
        if (messages.isMissingNode()) {
            return malformed("Missing required parameter: 'messages'.", "messages", "missing_required_parameter");
        }
        if (!messages.isArray()) {
            return malformed("Invalid type for 'messages': expected an array of objects, but got "
                    + Bodies.openAiType(messages) + " instead.", "messages", "invalid_type");
        }
        if (messages.isEmpty()) {
            return malformed("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an "
                    + "empty array instead.", "messages", "empty_array");
        }
        for (int i = 0; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            String at = "messages[" + i + "]";
            if (!m.isObject()) {
                return malformed("Invalid type for '" + at + "': expected an object, but got " + Bodies.openAiType(m)
                        + " instead.", at, "invalid_type");
            }
            JsonNode role = m.path("role");
            if (role.isMissingNode()) {
                return missing(at + ".role");
            }
            if (!role.isTextual() || !ROLES.contains(role.textValue())) {
                return malformed("Invalid value: '" + (role.isTextual() ? role.textValue() : role.toString())
                        + "'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.",
                        at + ".role", "invalid_value");
            }
            if (role.textValue().equals("tool")) {
                JsonNode id = m.path("tool_call_id");
                if (id.isMissingNode()) {
                    return missing(at + ".tool_call_id");
                }
                if (!id.isTextual()) {
                    return invalidType(at + ".tool_call_id", "a string", id);
                }
            }
            JsonNode calls = m.path("tool_calls");
            if (!calls.isMissingNode() && !calls.isNull()) {
                if (!role.textValue().equals("assistant")) {
                    return malformed("Invalid parameter: only messages with role 'assistant' can have 'tool_calls'.",
                            at + ".tool_calls", null);
                }
                if (!calls.isArray()) {
                    return invalidType(at + ".tool_calls", "an array of objects", calls);
                }
                for (int j = 0; j < calls.size(); j++) {
                    JsonNode call = calls.get(j);
                    String callAt = at + ".tool_calls[" + j + "]";
                    if (!call.isObject()) {
                        return invalidType(callAt, "an object", call);
                    }
                    if (call.path("id").isMissingNode()) {
                        return missing(callAt + ".id");
                    }
                    if (!call.path("id").isTextual()) {
                        return invalidType(callAt + ".id", "a string", call.path("id"));
                    }
                    if (call.path("function").isMissingNode()) {
                        return missing(callAt + ".function");
                    }
                    if (!call.path("function").path("name").isTextual()) {
                        return missing(callAt + ".function.name");
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> missing(String param) {
        return malformed("Missing required parameter: '" + param + "'.", param, "missing_required_parameter");
    }

    private static Optional<Violation> invalidType(String param, String expected, JsonNode actual) {
        return malformed("Invalid type for '" + param + "': expected " + expected + ", but got "
                + Bodies.openAiType(actual) + " instead.", param, "invalid_type");
    }

    private static Optional<Violation> malformed(String detail, String param, String code) {
        return Optional.of(Violation.malformed(OPENAI_MALFORMED_REQUEST, detail, param, code));
    }

    static String errorBody(String message, String type, String param, String code) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        ObjectNode error = root.putObject("error");
        error.put("message", message);
        error.put("type", type);
        error.put("param", param);
        error.put("code", code);
        return Bodies.write(root);
    }

    static String completion(Answer answer, JsonNode request, long sequence, long created, IdSource ids) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        root.put("id", "chatcmpl-emu" + sequence);
        root.put("object", "chat.completion");
        root.put("created", created);
        root.put("model", request.path("model").asText());
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", answer.text());
        if (!answer.calls().isEmpty()) {
            ArrayNode calls = message.putArray("tool_calls");
            for (Answer.Call call : answer.calls()) {
                ObjectNode c = calls.addObject();
                c.put("id", call.id() != null ? call.id() : ids.next("call_emu"));
                c.put("type", "function");
                c.putObject("function").put("name", call.name()).put("arguments", Bodies.write(call.arguments()));
            }
        }
        message.putNull("refusal");
        choice.putNull("logprobs");
        choice.put("finish_reason", answer.calls().isEmpty() ? "stop" : "tool_calls");
        root.set("usage", usage(answer, request));
        return Bodies.write(root);
    }

    /** The same answer as server-sent events, as sent for {@code "stream": true}. */
    static String stream(Answer answer, JsonNode request, long sequence, long created, IdSource ids) {
        StringBuilder sb = new StringBuilder();
        String id = "chatcmpl-emu" + sequence;
        String model = request.path("model").asText();
        ObjectNode first = chunk(id, created, model);
        first.withArrayProperty("choices").addObject().put("index", 0).put("finish_reason", (String) null)
                .putObject("delta").put("role", "assistant").put("content", "");
        event(sb, first);
        if (answer.text() != null && !answer.text().isEmpty()) {
            ObjectNode text = chunk(id, created, model);
            text.withArrayProperty("choices").addObject().put("index", 0).put("finish_reason", (String) null)
                    .putObject("delta").put("content", answer.text());
            event(sb, text);
        }
        for (int i = 0; i < answer.calls().size(); i++) {
            Answer.Call call = answer.calls().get(i);
            ObjectNode start = chunk(id, created, model);
            ObjectNode delta = start.withArrayProperty("choices").addObject().put("index", 0).put("finish_reason", (String) null)
                    .putObject("delta");
            delta.putArray("tool_calls").addObject().put("index", i)
                    .put("id", call.id() != null ? call.id() : ids.next("call_emu")).put("type", "function")
                    .putObject("function").put("name", call.name()).put("arguments", "");
            event(sb, start);
            ObjectNode args = chunk(id, created, model);
            args.withArrayProperty("choices").addObject().put("index", 0).put("finish_reason", (String) null)
                    .putObject("delta").putArray("tool_calls").addObject().put("index", i)
                    .putObject("function").put("arguments", Bodies.write(call.arguments()));
            event(sb, args);
        }
        ObjectNode last = chunk(id, created, model);
        last.withArrayProperty("choices").addObject().put("index", 0)
                .put("finish_reason", answer.calls().isEmpty() ? "stop" : "tool_calls").putObject("delta");
        event(sb, last);
        if (request.path("stream_options").path("include_usage").asBoolean(false)) {
            ObjectNode usage = chunk(id, created, model);
            usage.putArray("choices");
            usage.set("usage", usage(answer, request));
            event(sb, usage);
        }
        sb.append("data: [DONE]\n\n");
        return sb.toString();
    }

    private static ObjectNode chunk(String id, long created, String model) {
        ObjectNode chunk = Bodies.MAPPER.createObjectNode();
        chunk.put("id", id);
        chunk.put("object", "chat.completion.chunk");
        chunk.put("created", created);
        chunk.put("model", model);
        chunk.putArray("choices");
        return chunk;
    }

    private static void event(StringBuilder sb, JsonNode data) {
        sb.append("data: ").append(Bodies.write(data)).append("\n\n");
    }

    private static ObjectNode usage(Answer answer, JsonNode request) {
        int prompt = Bodies.tokens(request.path("messages").toString());
        int completion = Bodies.tokens((answer.text() == null ? "" : answer.text())
                + answer.calls().stream().map(c -> c.name() + c.arguments()).reduce("", String::concat));
        ObjectNode usage = Bodies.MAPPER.createObjectNode();
        usage.put("prompt_tokens", prompt);
        usage.put("completion_tokens", completion);
        usage.put("total_tokens", prompt + completion);
        return usage;
    }
}
