package io.orderingguard.testing.emulator;

import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_CALL_ID_TOO_LONG;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_ITEM_NOT_PERSISTED;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_ITEM_WITHOUT_REASONING;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_MALFORMED_REQUEST;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_OUTPUT_WITHOUT_CALL;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_REASONING_SUMMARY_REQUIRED;
import static io.orderingguard.testing.emulator.EmulatorRule.OPENAI_RESPONSES_REASONING_WITHOUT_FOLLOWING_ITEM;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * OpenAI Responses ({@code POST /v1/responses}): request checks and response rendering, for the
 * stateless use of the API (the whole history in {@code input}). Reasoning items the emulator hands
 * out carry an {@code encrypted_content} of Base64 {@value #ENCRYPTED_PREFIX} and a sequence number
 * when the request asks for {@code reasoning.encrypted_content}; the emulator remembers which message
 * and function call each reasoning item produced, so a history that drops the reasoning item of an
 * answer it gave is rejected as the API rejects it.
 */
final class OpenAiResponsesWire {

    static final int MAX_CALL_ID = 64;
    static final String ENCRYPTED_PREFIX = "emulator-reasoning-";

    private static final Set<String> ROLES = Set.of("user", "assistant", "system", "developer");

    private OpenAiResponsesWire() {}

    /**
     * The first broken rule: structure, then field formats, then items referenced but not sent, then
     * ordering by item position.
     *
     * @param producedBy output item id → the id of the reasoning item the emulator answered with it
     */
    static Optional<Violation> validate(JsonNode root, Set<EmulatorRule> enabled, Map<String, String> producedBy) {
        Optional<Violation> malformed = structure(root);
        if (malformed.isPresent()) {
            return malformed;
        }
        JsonNode input = root.path("input");
        if (!input.isArray()) {
            return Optional.empty(); // a string (or no) input holds no items to check
        }
        for (int i = 0; i < input.size(); i++) {
            JsonNode item = input.get(i);
            String type = type(item);
            if ((type.equals("function_call") || type.equals("function_call_output"))
                    && enabled.contains(OPENAI_RESPONSES_CALL_ID_TOO_LONG)) {
                int length = item.path("call_id").textValue().length();
                if (length > MAX_CALL_ID) {
                    return Optional.of(Violation.of(OPENAI_RESPONSES_CALL_ID_TOO_LONG, i, "input[" + i + "].call_id",
                            "string_above_max_length", Map.of("item", i, "length", length)));
                }
            }
            if (type.equals("reasoning") && !item.has("summary")
                    && enabled.contains(OPENAI_RESPONSES_REASONING_SUMMARY_REQUIRED)) {
                return Optional.of(Violation.of(OPENAI_RESPONSES_REASONING_SUMMARY_REQUIRED, i, "input[" + i + "]",
                        "missing_required_parameter", Map.of("item", i)));
            }
        }
        if (root.path("store").isBoolean() && !root.path("store").booleanValue()
                && enabled.contains(OPENAI_RESPONSES_ITEM_NOT_PERSISTED)) {
            for (int i = 0; i < input.size(); i++) {
                JsonNode item = input.get(i);
                String type = type(item);
                boolean byReference = type.equals("item_reference")
                        || type.equals("reasoning") && !item.path("encrypted_content").isTextual();
                if (byReference) {
                    return Optional.of(Violation.of(OPENAI_RESPONSES_ITEM_NOT_PERSISTED, i, "input", null,
                            Map.of("id", item.path("id").asText())));
                }
            }
        }
        Set<String> calls = new HashSet<>();
        Set<String> itemIds = new HashSet<>();
        for (int i = 0; i < input.size(); i++) {
            JsonNode item = input.get(i);
            String type = type(item);
            String id = item.path("id").textValue();
            if (type.equals("reasoning") && enabled.contains(OPENAI_RESPONSES_REASONING_WITHOUT_FOLLOWING_ITEM)
                    && (i + 1 == input.size() || !producedByModel(input.get(i + 1)))) {
                return Optional.of(Violation.of(OPENAI_RESPONSES_REASONING_WITHOUT_FOLLOWING_ITEM, i, "input", null,
                        Map.of("id", String.valueOf(id))));
            }
            String reasoning = id == null ? null : producedBy.get(id);
            if (reasoning != null && !itemIds.contains(reasoning) && enabled.contains(OPENAI_RESPONSES_ITEM_WITHOUT_REASONING)) {
                return Optional.of(Violation.of(OPENAI_RESPONSES_ITEM_WITHOUT_REASONING, i, "input", null,
                        Map.of("id", id, "type", type, "reasoning", reasoning)));
            }
            if (type.equals("function_call")) {
                String callId = item.path("call_id").textValue();
                if (enabled.contains(OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT) && !answeredAfter(input, i, callId)) {
                    return Optional.of(Violation.of(OPENAI_RESPONSES_CALL_WITHOUT_OUTPUT, i, "input", null,
                            Map.of("id", callId)));
                }
                calls.add(callId);
            }
            if (type.equals("function_call_output") && enabled.contains(OPENAI_RESPONSES_OUTPUT_WITHOUT_CALL)
                    && !calls.contains(item.path("call_id").textValue())) {
                return Optional.of(Violation.of(OPENAI_RESPONSES_OUTPUT_WITHOUT_CALL, i, "input", null,
                        Map.of("id", item.path("call_id").textValue())));
            }
            if (id != null) {
                itemIds.add(id);
            }
        }
        return Optional.empty();
    }

    /** An input item's type; an item with a role and no type is a message. */
    static String type(JsonNode item) {
        JsonNode type = item.path("type");
        return type.isTextual() ? type.textValue() : "message";
    }

    /** Whether an item is one a model response produces (what may follow a reasoning item). */
    private static boolean producedByModel(JsonNode item) {
        String type = type(item);
        if (type.equals("message")) {
            return "assistant".equals(item.path("role").textValue());
        }
        return !type.equals("reasoning") && !type.endsWith("_output");
    }

    private static boolean answeredAfter(JsonNode input, int index, String callId) {
        for (int j = index + 1; j < input.size(); j++) {
            JsonNode later = input.get(j);
            if (type(later).equals("function_call_output") && callId.equals(later.path("call_id").textValue())) {
                return true;
            }
        }
        return false;
    }

    private static Optional<Violation> structure(JsonNode root) {
        if (!root.isObject()) {
            return malformed("Invalid type for request body: expected an object, but got " + Bodies.openAiType(root)
                    + " instead.", null, "invalid_type");
        }
        if (root.path("model").isMissingNode()) {
            return missing("model");
        }
        if (!root.path("model").isTextual()) {
            return invalidType("model", "a string", root.path("model"));
        }
        JsonNode input = root.path("input");
        if (input.isMissingNode() || input.isTextual()) {
            return Optional.empty();
        }
        if (!input.isArray()) {
            return malformed("Invalid type for 'input': expected one of a string or array of input items, but got "
                    + Bodies.openAiType(input) + " instead.", "input", "invalid_type");
        }
        for (int i = 0; i < input.size(); i++) {
            Optional<Violation> bad = item(input.get(i), "input[" + i + "]");
            if (bad.isPresent()) {
                return bad;
            }
        }
        JsonNode store = root.path("store");
        if (!store.isMissingNode() && !store.isNull() && !store.isBoolean()) {
            return invalidType("store", "a boolean", store);
        }
        return Optional.empty();
    }

    private static Optional<Violation> item(JsonNode item, String at) {
        if (!item.isObject()) {
            return invalidType(at, "an object", item);
        }
        JsonNode typeNode = item.path("type");
        if (!typeNode.isMissingNode() && !typeNode.isTextual()) {
            return invalidType(at + ".type", "a string", typeNode);
        }
        String type = type(item);
        switch (type) {
            case "message" -> {
                JsonNode role = item.path("role");
                if (role.isMissingNode()) {
                    return missing(at + ".role");
                }
                if (!role.isTextual() || !ROLES.contains(role.textValue())) {
                    return malformed("Invalid value: '" + (role.isTextual() ? role.textValue() : role.toString())
                            + "'. Supported values are: 'user', 'assistant', 'system', and 'developer'.",
                            at + ".role", "invalid_value");
                }
                JsonNode content = item.path("content");
                if (content.isMissingNode()) {
                    return missing(at + ".content");
                }
                if (!content.isTextual() && !content.isArray()) {
                    return malformed("Invalid type for '" + at + ".content': expected one of a string or array of "
                            + "input content parts, but got " + Bodies.openAiType(content) + " instead.",
                            at + ".content", "invalid_type");
                }
                for (int j = 0; j < content.size(); j++) {
                    if (!content.get(j).isObject()) {
                        return invalidType(at + ".content[" + j + "]", "an object", content.get(j));
                    }
                    if (!content.get(j).path("type").isTextual()) {
                        return missing(at + ".content[" + j + "].type");
                    }
                }
            }
            case "function_call" -> {
                for (String field : List.of("call_id", "name", "arguments")) {
                    Optional<Violation> bad = requiredString(item, at, field);
                    if (bad.isPresent()) {
                        return bad;
                    }
                }
            }
            case "function_call_output" -> {
                Optional<Violation> bad = requiredString(item, at, "call_id");
                if (bad.isPresent()) {
                    return bad;
                }
                JsonNode output = item.path("output");
                if (output.isMissingNode()) {
                    return missing(at + ".output");
                }
                if (!output.isTextual() && !output.isArray()) {
                    return malformed("Invalid type for '" + at + ".output': expected one of a string or array of "
                            + "output content parts, but got " + Bodies.openAiType(output) + " instead.",
                            at + ".output", "invalid_type");
                }
            }
            case "reasoning", "item_reference" -> {
                Optional<Violation> bad = requiredString(item, at, "id");
                if (bad.isPresent()) {
                    return bad;
                }
                JsonNode summary = item.path("summary");
                if (type.equals("reasoning") && !summary.isMissingNode() && !summary.isArray()) {
                    return invalidType(at + ".summary", "an array of objects", summary);
                }
                JsonNode encrypted = item.path("encrypted_content");
                if (!encrypted.isMissingNode() && !encrypted.isNull() && !encrypted.isTextual()) {
                    return invalidType(at + ".encrypted_content", "a string", encrypted);
                }
            }
            default -> {
                // other item types (built-in tool calls and their outputs) are accepted as they are
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> requiredString(JsonNode item, String at, String field) {
        JsonNode value = item.path(field);
        if (value.isMissingNode()) {
            return missing(at + "." + field);
        }
        return value.isTextual() ? Optional.empty() : invalidType(at + "." + field, "a string", value);
    }

    private static Optional<Violation> missing(String param) {
        return malformed("Missing required parameter: '" + param + "'.", param, "missing_required_parameter");
    }

    private static Optional<Violation> invalidType(String param, String expected, JsonNode actual) {
        return malformed("Invalid type for '" + param + "': expected " + expected + ", but got "
                + Bodies.openAiType(actual) + " instead.", param, "invalid_type");
    }

    private static Optional<Violation> malformed(String detail, String param, String code) {
        return Optional.of(Violation.malformed(OPENAI_RESPONSES_MALFORMED_REQUEST, detail, param, code));
    }

    /** Whether the request asks for the encrypted content of reasoning items. */
    private static boolean includesEncryptedReasoning(JsonNode request) {
        for (JsonNode include : request.path("include")) {
            if ("reasoning.encrypted_content".equals(include.textValue())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The output items of an answer: reasoning, then the text message, then the function calls. Each
     * message and call produced with reasoning is recorded in {@code producedBy}.
     */
    private static List<ObjectNode> output(Answer answer, JsonNode request, IdSource ids, Map<String, String> producedBy) {
        List<ObjectNode> items = new ArrayList<>();
        String reasoningId = null;
        if (answer.reasoning() != null) {
            ObjectNode reasoning = Bodies.MAPPER.createObjectNode();
            reasoningId = ids.next("rs_emu");
            reasoning.put("id", reasoningId);
            reasoning.put("type", "reasoning");
            reasoning.putArray("summary").addObject().put("type", "summary_text").put("text", answer.reasoning());
            if (includesEncryptedReasoning(request)) {
                String minted = ENCRYPTED_PREFIX + reasoningId;
                reasoning.put("encrypted_content", Base64.getEncoder().encodeToString(minted.getBytes(StandardCharsets.UTF_8)));
            }
            items.add(reasoning);
        }
        if (answer.text() != null) {
            ObjectNode message = Bodies.MAPPER.createObjectNode();
            message.put("id", ids.next("msg_emu"));
            message.put("type", "message");
            message.put("status", "completed");
            message.put("role", "assistant");
            message.putArray("content").add(outputText(answer.text()));
            items.add(message);
        }
        for (Answer.Call call : answer.calls()) {
            ObjectNode functionCall = Bodies.MAPPER.createObjectNode();
            functionCall.put("id", ids.next("fc_emu"));
            functionCall.put("type", "function_call");
            functionCall.put("status", "completed");
            functionCall.put("call_id", call.id() != null ? call.id() : ids.next("call_emu"));
            functionCall.put("name", call.name());
            functionCall.put("arguments", Bodies.write(call.arguments()));
            items.add(functionCall);
        }
        if (reasoningId != null) {
            for (ObjectNode item : items.subList(1, items.size())) {
                producedBy.put(item.path("id").textValue(), reasoningId);
            }
        }
        return items;
    }

    private static ObjectNode outputText(String text) {
        ObjectNode part = Bodies.MAPPER.createObjectNode();
        part.put("type", "output_text");
        part.put("text", text);
        part.putArray("annotations");
        part.putArray("logprobs");
        return part;
    }

    /** A {@code Response} object with the request's settings echoed, as the API returns it. */
    private static ObjectNode response(JsonNode request, long sequence, long created, String status, List<ObjectNode> output,
            Answer answer) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        root.put("id", "resp_emu" + sequence);
        root.put("object", "response");
        root.put("created_at", created);
        root.put("status", status);
        root.put("background", false);
        root.putNull("error");
        root.putNull("incomplete_details");
        root.set("instructions", request.path("instructions").isMissingNode() ? null : request.path("instructions"));
        root.set("max_output_tokens", request.path("max_output_tokens").isMissingNode() ? null
                : request.path("max_output_tokens"));
        root.put("model", request.path("model").asText());
        root.putArray("output").addAll(output);
        root.put("parallel_tool_calls", request.path("parallel_tool_calls").asBoolean(true));
        root.set("previous_response_id", request.path("previous_response_id").isMissingNode() ? null
                : request.path("previous_response_id"));
        ObjectNode reasoning = root.putObject("reasoning");
        reasoning.set("effort", request.path("reasoning").path("effort").isMissingNode() ? null
                : request.path("reasoning").path("effort"));
        reasoning.set("summary", request.path("reasoning").path("summary").isMissingNode() ? null
                : request.path("reasoning").path("summary"));
        root.put("store", request.path("store").asBoolean(true));
        root.put("temperature", request.path("temperature").asDouble(1.0));
        root.putObject("text").putObject("format").put("type", "text");
        root.set("tool_choice", request.path("tool_choice").isMissingNode() ? Bodies.MAPPER.getNodeFactory().textNode("auto")
                : request.path("tool_choice"));
        ArrayNode tools = root.putArray("tools");
        for (JsonNode tool : request.path("tools")) {
            ObjectNode echoed = tool.deepCopy();
            if ("function".equals(tool.path("type").textValue())) {
                echoed.putIfAbsent("parameters", Bodies.MAPPER.createObjectNode().put("type", "object"));
                echoed.putIfAbsent("strict", Bodies.MAPPER.getNodeFactory().booleanNode(true));
            }
            tools.add(echoed);
        }
        root.put("top_p", request.path("top_p").asDouble(1.0));
        root.put("truncation", request.path("truncation").asText("disabled"));
        root.set("usage", status.equals("completed") ? usage(answer, request) : null);
        root.putNull("user");
        root.putObject("metadata");
        return root;
    }

    /** The answer as a {@code Response}. */
    static String response(Answer answer, JsonNode request, long sequence, long created, IdSource ids,
            Map<String, String> producedBy) {
        return Bodies.write(response(request, sequence, created, "completed", output(answer, request, ids, producedBy),
                answer));
    }

    /** The same answer as server-sent events, as sent for {@code "stream": true}. */
    static String stream(Answer answer, JsonNode request, long sequence, long created, IdSource ids,
            Map<String, String> producedBy) {
        List<ObjectNode> items = output(answer, request, ids, producedBy);
        Events events = new Events();
        events.add("response.created", Bodies.MAPPER.createObjectNode()
                .set("response", response(request, sequence, created, "in_progress", List.of(), answer)));
        events.add("response.in_progress", Bodies.MAPPER.createObjectNode()
                .set("response", response(request, sequence, created, "in_progress", List.of(), answer)));
        for (int index = 0; index < items.size(); index++) {
            ObjectNode item = items.get(index);
            String itemId = item.path("id").textValue();
            String type = item.path("type").textValue();
            ObjectNode added = item.deepCopy();
            if (type.equals("message")) {
                added.put("status", "in_progress").putArray("content");
            } else if (type.equals("function_call")) {
                added.put("status", "in_progress").put("arguments", "");
            }
            events.add("response.output_item.added", Bodies.MAPPER.createObjectNode().put("output_index", index)
                    .set("item", added));
            if (type.equals("message")) {
                String text = item.path("content").get(0).path("text").textValue();
                ObjectNode empty = outputText("");
                events.add("response.content_part.added", part(itemId, index).set("part", empty));
                events.add("response.output_text.delta", part(itemId, index).put("delta", text).set("logprobs",
                        Bodies.MAPPER.createArrayNode()));
                events.add("response.output_text.done", part(itemId, index).put("text", text).set("logprobs",
                        Bodies.MAPPER.createArrayNode()));
                events.add("response.content_part.done", part(itemId, index).set("part", outputText(text)));
            } else if (type.equals("function_call")) {
                String arguments = item.path("arguments").textValue();
                events.add("response.function_call_arguments.delta", Bodies.MAPPER.createObjectNode()
                        .put("item_id", itemId).put("output_index", index).put("delta", arguments));
                events.add("response.function_call_arguments.done", Bodies.MAPPER.createObjectNode()
                        .put("item_id", itemId).put("output_index", index).put("name", item.path("name").textValue())
                        .put("arguments", arguments));
            }
            events.add("response.output_item.done", Bodies.MAPPER.createObjectNode().put("output_index", index)
                    .set("item", item));
        }
        events.add("response.completed", Bodies.MAPPER.createObjectNode()
                .set("response", response(request, sequence, created, "completed", items, answer)));
        return events.text.toString();
    }

    private static ObjectNode part(String itemId, int outputIndex) {
        return Bodies.MAPPER.createObjectNode().put("item_id", itemId).put("output_index", outputIndex)
                .put("content_index", 0);
    }

    /** Server-sent events numbered by {@code sequence_number}, as the Responses stream sends them. */
    private static final class Events {
        private final StringBuilder text = new StringBuilder();
        private int sequence;

        void add(String type, JsonNode fields) {
            ObjectNode data = Bodies.MAPPER.createObjectNode();
            data.put("type", type);
            data.put("sequence_number", sequence++);
            data.setAll((ObjectNode) fields);
            text.append("event: ").append(type).append('\n').append("data: ").append(Bodies.write(data)).append("\n\n");
        }
    }

    private static ObjectNode usage(Answer answer, JsonNode request) {
        int input = Bodies.tokens(request.path("input").toString() + request.path("instructions"));
        int reasoning = answer.reasoning() == null ? 0 : Bodies.tokens(answer.reasoning());
        int output = reasoning + Bodies.tokens((answer.text() == null ? "" : answer.text())
                + answer.calls().stream().map(c -> c.name() + c.arguments()).reduce("", String::concat));
        ObjectNode usage = Bodies.MAPPER.createObjectNode();
        usage.put("input_tokens", input);
        usage.putObject("input_tokens_details").put("cached_tokens", 0).put("cache_write_tokens", 0);
        usage.put("output_tokens", output);
        usage.putObject("output_tokens_details").put("reasoning_tokens", reasoning);
        usage.put("total_tokens", input + output);
        return usage;
    }
}
