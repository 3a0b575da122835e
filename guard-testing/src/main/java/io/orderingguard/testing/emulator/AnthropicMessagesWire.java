package io.orderingguard.testing.emulator;

import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_EMPTY_CONTENT;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_EMPTY_TEXT_BLOCK;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_FIRST_MESSAGE_NOT_USER;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_MALFORMED_REQUEST;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_ROLES_NOT_ALTERNATING;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_THINKING_MUST_LEAD_TOOL_LOOP;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_THINKING_SIGNATURE_REQUIRED;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_THINKING_WHILE_DISABLED;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_TOOL_RESULTS_NOT_FIRST;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_TOOL_USE_ID_PATTERN;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_TOOL_USE_WITHOUT_RESULT;
import static io.orderingguard.testing.emulator.EmulatorRule.ANTHROPIC_WHITESPACE_TEXT_BLOCK;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Anthropic Messages: request checks and response rendering. Checks run on the messages as sent:
 * the API's merging of consecutive same-role messages is not applied first.
 */
final class AnthropicMessagesWire {

    private static final Pattern TOOL_USE_ID = Pattern.compile("^[a-zA-Z0-9_-]+$");
    private static final Set<String> ROLES = Set.of("user", "assistant", "system");

    private AnthropicMessagesWire() {}

    /** The first broken rule: structure, then field formats, then content and ordering by position. */
    static Optional<Violation> validate(JsonNode root, Set<EmulatorRule> enabled) {
        Optional<Violation> malformed = structure(root);
        if (malformed.isPresent()) {
            return malformed;
        }
        List<JsonNode> messages = new ArrayList<>();
        root.path("messages").forEach(messages::add);
        for (int i = 0; i < messages.size(); i++) {
            List<JsonNode> blocks = blocks(messages.get(i));
            for (int j = 0; j < blocks.size(); j++) {
                JsonNode block = blocks.get(j);
                String type = block.path("type").asText();
                if (type.equals("tool_use") && enabled.contains(ANTHROPIC_TOOL_USE_ID_PATTERN)
                        && !TOOL_USE_ID.matcher(block.path("id").asText()).matches()) {
                    return Optional.of(Violation.of(ANTHROPIC_TOOL_USE_ID_PATTERN, i, null, null,
                            Map.of("message", i, "block", j)));
                }
                if (type.equals("thinking") && enabled.contains(ANTHROPIC_THINKING_SIGNATURE_REQUIRED)
                        && !block.has("signature")) {
                    return Optional.of(Violation.of(ANTHROPIC_THINKING_SIGNATURE_REQUIRED, i, null, null,
                            Map.of("message", i, "block", j)));
                }
            }
        }
        List<Violation> found = new ArrayList<>();
        contentRules(messages, enabled, found);
        roleRules(messages, enabled, found);
        toolRules(messages, enabled, found);
        thinkingRules(root, messages, enabled, found);
        return found.stream()
                .min(Comparator.comparingInt(Violation::messageIndex).thenComparing(v -> v.rule().ordinal()));
    }

    private static void contentRules(List<JsonNode> messages, Set<EmulatorRule> enabled, List<Violation> found) {
        for (int i = 0; i < messages.size(); i++) {
            JsonNode message = messages.get(i);
            JsonNode content = message.path("content");
            boolean finalAssistant = i == messages.size() - 1 && "assistant".equals(role(message));
            boolean empty = content.isTextual() ? content.textValue().isEmpty() : content.isEmpty();
            if (empty) {
                if (!finalAssistant && enabled.contains(ANTHROPIC_EMPTY_CONTENT)) {
                    found.add(Violation.of(ANTHROPIC_EMPTY_CONTENT, i, null, null, Map.of("message", i)));
                }
                continue;
            }
            for (JsonNode block : blocks(message)) {
                if (!"text".equals(block.path("type").asText())) {
                    continue;
                }
                String text = block.path("text").asText();
                if (text.isEmpty() && enabled.contains(ANTHROPIC_EMPTY_TEXT_BLOCK)) {
                    found.add(Violation.of(ANTHROPIC_EMPTY_TEXT_BLOCK, i, null, null, Map.of()));
                    break;
                }
                if (!text.isEmpty() && text.isBlank() && enabled.contains(ANTHROPIC_WHITESPACE_TEXT_BLOCK)) {
                    found.add(Violation.of(ANTHROPIC_WHITESPACE_TEXT_BLOCK, i, null, null, Map.of()));
                    break;
                }
            }
        }
    }

    private static void roleRules(List<JsonNode> messages, Set<EmulatorRule> enabled, List<Violation> found) {
        if (enabled.contains(ANTHROPIC_FIRST_MESSAGE_NOT_USER) && !"user".equals(role(messages.get(0)))) {
            found.add(Violation.of(ANTHROPIC_FIRST_MESSAGE_NOT_USER, 0, null, null, Map.of()));
        }
        if (enabled.contains(ANTHROPIC_ROLES_NOT_ALTERNATING)) {
            for (int i = 1; i < messages.size(); i++) {
                if (role(messages.get(i)).equals(role(messages.get(i - 1)))) {
                    found.add(Violation.of(ANTHROPIC_ROLES_NOT_ALTERNATING, i, null, null,
                            Map.of("role", role(messages.get(i)))));
                    break;
                }
            }
        }
    }

    private static void toolRules(List<JsonNode> messages, Set<EmulatorRule> enabled, List<Violation> found) {
        for (int i = 0; i < messages.size(); i++) {
            JsonNode message = messages.get(i);
            List<JsonNode> blocks = blocks(message);
            if ("assistant".equals(role(message))) {
                Set<String> uses = new LinkedHashSet<>();
                for (JsonNode block : blocks) {
                    if ("tool_use".equals(block.path("type").asText())) {
                        uses.add(block.path("id").asText());
                    }
                }
                if (uses.isEmpty()) {
                    continue;
                }
                JsonNode next = i + 1 < messages.size() ? messages.get(i + 1) : null;
                List<JsonNode> nextBlocks = next != null && "user".equals(role(next)) ? blocks(next) : List.of();
                Set<String> answered = new LinkedHashSet<>();
                for (JsonNode block : nextBlocks) {
                    if ("tool_result".equals(block.path("type").asText())) {
                        answered.add(block.path("tool_use_id").asText());
                    }
                }
                List<String> missing = new ArrayList<>();
                for (String id : uses) {
                    if (!answered.contains(id)) {
                        missing.add(id);
                    }
                }
                if (!missing.isEmpty()) {
                    if (enabled.contains(ANTHROPIC_TOOL_USE_WITHOUT_RESULT)) {
                        found.add(Violation.of(ANTHROPIC_TOOL_USE_WITHOUT_RESULT, i, null, null,
                                Map.of("message", i, "ids", String.join(", ", missing))));
                    }
                } else if (enabled.contains(ANTHROPIC_TOOL_RESULTS_NOT_FIRST)) {
                    for (int j = 0; j < uses.size(); j++) {
                        if (!"tool_result".equals(nextBlocks.get(j).path("type").asText())) {
                            found.add(Violation.of(ANTHROPIC_TOOL_RESULTS_NOT_FIRST, i + 1, null, null,
                                    Map.of("message", i + 1, "count", uses.size())));
                            break;
                        }
                    }
                }
            } else if ("user".equals(role(message)) && enabled.contains(ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE)) {
                Set<String> previousUses = new LinkedHashSet<>();
                if (i > 0 && "assistant".equals(role(messages.get(i - 1)))) {
                    for (JsonNode block : blocks(messages.get(i - 1))) {
                        if ("tool_use".equals(block.path("type").asText())) {
                            previousUses.add(block.path("id").asText());
                        }
                    }
                }
                for (int j = 0; j < blocks.size(); j++) {
                    JsonNode block = blocks.get(j);
                    if ("tool_result".equals(block.path("type").asText())
                            && !previousUses.contains(block.path("tool_use_id").asText())) {
                        found.add(Violation.of(ANTHROPIC_TOOL_RESULT_WITHOUT_TOOL_USE, i, null, null,
                                Map.of("message", i, "block", j, "id", block.path("tool_use_id").asText())));
                        break;
                    }
                }
            }
        }
    }

    private static void thinkingRules(JsonNode root, List<JsonNode> messages, Set<EmulatorRule> enabled,
            List<Violation> found) {
        String thinking = root.path("thinking").path("type").asText("disabled");
        boolean thinkingOn = thinking.equals("enabled") || thinking.equals("adaptive");
        int last = messages.size() - 1;
        if (thinkingOn && enabled.contains(ANTHROPIC_THINKING_MUST_LEAD_TOOL_LOOP)
                && "user".equals(role(messages.get(last))) && hasToolResult(messages.get(last))) {
            // the assistant turn of the current tool loop: back to the last user message that answers no tool
            int start = last;
            while (start > 0 && ("assistant".equals(role(messages.get(start - 1)))
                    || ("user".equals(role(messages.get(start - 1))) && hasToolResult(messages.get(start - 1))))) {
                start--;
            }
            for (int i = start; i <= last; i++) {
                if ("assistant".equals(role(messages.get(i)))) {
                    List<JsonNode> blocks = blocks(messages.get(i));
                    String type = blocks.isEmpty() ? "text" : blocks.get(0).path("type").asText();
                    if (!type.equals("thinking") && !type.equals("redacted_thinking")) {
                        found.add(Violation.of(ANTHROPIC_THINKING_MUST_LEAD_TOOL_LOOP, i, null, null,
                                Map.of("message", i, "type", type)));
                    }
                    break;
                }
            }
        }
        if (!thinkingOn && enabled.contains(ANTHROPIC_THINKING_WHILE_DISABLED) && "assistant".equals(role(messages.get(last)))) {
            List<JsonNode> blocks = blocks(messages.get(last));
            for (int j = 0; j < blocks.size(); j++) {
                String type = blocks.get(j).path("type").asText();
                if (type.equals("thinking") || type.equals("redacted_thinking")) {
                    found.add(Violation.of(ANTHROPIC_THINKING_WHILE_DISABLED, last, null, null,
                            Map.of("message", last, "block", j)));
                    break;
                }
            }
        }
    }

    private static boolean hasToolResult(JsonNode message) {
        return blocks(message).stream().anyMatch(b -> "tool_result".equals(b.path("type").asText()));
    }

    private static String role(JsonNode message) {
        return message.path("role").asText();
    }

    /** The content blocks; string content is one text block. */
    private static List<JsonNode> blocks(JsonNode message) {
        JsonNode content = message.path("content");
        List<JsonNode> blocks = new ArrayList<>();
        if (content.isTextual()) {
            blocks.add(Bodies.MAPPER.createObjectNode().put("type", "text").put("text", content.textValue()));
        } else {
            content.forEach(blocks::add);
        }
        return blocks;
    }

    private static Optional<Violation> structure(JsonNode root) {
        if (!root.isObject()) {
            return malformed("Input should be a valid dictionary");
        }
        if (!root.has("model")) {
            return malformed("model: Field required");
        }
        if (!root.path("model").isTextual()) {
            return malformed("model: Input should be a valid string");
        }
        if (!root.has("max_tokens")) {
            return malformed("max_tokens: Field required");
        }
        if (!root.path("max_tokens").isIntegralNumber()) {
            return malformed("max_tokens: Input should be a valid integer");
        }
        if (!root.has("messages")) {
            return malformed("messages: Field required");
        }
        JsonNode messages = root.path("messages");
        if (!messages.isArray()) {
            return malformed("messages: Input should be a valid list");
        }
        if (messages.isEmpty()) {
            return malformed("messages: at least one message is required");
        }
        for (int i = 0; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            String at = "messages." + i;
            if (!m.isObject()) {
                return malformed(at + ": Input should be a valid dictionary");
            }
            if (!m.has("role")) {
                return malformed(at + ".role: Field required");
            }
            if (!m.path("role").isTextual() || !ROLES.contains(m.path("role").textValue())) {
                return malformed(at + ".role: Input should be 'user' or 'assistant'");
            }
            if (!m.has("content")) {
                return malformed(at + ".content: Field required");
            }
            JsonNode content = m.path("content");
            if (!content.isTextual() && !content.isArray()) {
                return malformed(at + ".content: Input should be a valid list");
            }
            for (int j = 0; j < content.size(); j++) {
                JsonNode block = content.get(j);
                String blockAt = at + ".content." + j;
                if (!block.isObject()) {
                    return malformed(blockAt + ": Input should be a valid dictionary");
                }
                if (!block.path("type").isTextual()) {
                    return malformed(blockAt + ".type: Field required");
                }
                String type = block.path("type").textValue();
                Optional<Violation> field = switchRequired(block, type, blockAt);
                if (field.isPresent()) {
                    return field;
                }
            }
        }
        return Optional.empty();
    }

    /** The fields each block type requires (signature is a rule of its own). */
    private static Optional<Violation> switchRequired(JsonNode block, String type, String at) {
        List<String> required;
        if (type.equals("text")) {
            required = List.of("text");
        } else if (type.equals("tool_use")) {
            required = List.of("id", "name", "input");
        } else if (type.equals("tool_result")) {
            required = List.of("tool_use_id");
        } else if (type.equals("thinking")) {
            required = List.of("thinking");
        } else if (type.equals("redacted_thinking")) {
            required = List.of("data");
        } else {
            return Optional.empty();
        }
        for (String field : required) {
            if (!block.has(field)) {
                return malformed(at + "." + type + "." + field + ": Field required");
            }
        }
        if (type.equals("text") && !block.path("text").isTextual()) {
            return malformed(at + ".text.text: Input should be a valid string");
        }
        if (type.equals("tool_use") && !block.path("id").isTextual()) {
            return malformed(at + ".tool_use.id: Input should be a valid string");
        }
        if (type.equals("tool_result") && !block.path("tool_use_id").isTextual()) {
            return malformed(at + ".tool_result.tool_use_id: Input should be a valid string");
        }
        return Optional.empty();
    }

    private static Optional<Violation> malformed(String detail) {
        return Optional.of(Violation.malformed(ANTHROPIC_MALFORMED_REQUEST, detail, null, null));
    }

    static String errorBody(String type, String message, String requestId) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        root.put("type", "error");
        ObjectNode error = root.putObject("error");
        error.put("type", type);
        error.put("message", message);
        root.put("request_id", requestId);
        return Bodies.write(root);
    }

    static String message(Answer answer, JsonNode request, long sequence, IdSource ids) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        root.put("id", "msg_emu" + sequence);
        root.put("type", "message");
        root.put("role", "assistant");
        root.put("model", request.path("model").asText());
        ArrayNode content = root.putArray("content");
        if (answer.text() != null) {
            content.addObject().put("type", "text").put("text", answer.text());
        }
        for (Answer.Call call : answer.calls()) {
            ObjectNode block = content.addObject();
            block.put("type", "tool_use");
            block.put("id", call.id() != null ? call.id() : ids.next("toolu_emu"));
            block.put("name", call.name());
            block.set("input", call.arguments());
        }
        root.put("stop_reason", answer.calls().isEmpty() ? "end_turn" : "tool_use");
        root.putNull("stop_sequence");
        root.set("usage", usage(answer, request));
        return Bodies.write(root);
    }

    /** The same answer as server-sent events, as sent for {@code "stream": true}. */
    static String stream(Answer answer, JsonNode request, long sequence, IdSource ids) {
        StringBuilder sb = new StringBuilder();
        ObjectNode start = Bodies.MAPPER.createObjectNode().put("type", "message_start");
        ObjectNode message = start.putObject("message");
        message.put("id", "msg_emu" + sequence);
        message.put("type", "message");
        message.put("role", "assistant");
        message.put("model", request.path("model").asText());
        message.putArray("content");
        message.putNull("stop_reason");
        message.putNull("stop_sequence");
        ObjectNode usage = usage(answer, request);
        message.putObject("usage").put("input_tokens", usage.path("input_tokens").intValue()).put("output_tokens", 1);
        event(sb, "message_start", start);
        int index = 0;
        if (answer.text() != null) {
            ObjectNode blockStart = Bodies.MAPPER.createObjectNode().put("type", "content_block_start").put("index", index);
            blockStart.putObject("content_block").put("type", "text").put("text", "");
            event(sb, "content_block_start", blockStart);
            ObjectNode delta = Bodies.MAPPER.createObjectNode().put("type", "content_block_delta").put("index", index);
            delta.putObject("delta").put("type", "text_delta").put("text", answer.text());
            event(sb, "content_block_delta", delta);
            event(sb, "content_block_stop", Bodies.MAPPER.createObjectNode().put("type", "content_block_stop").put("index", index));
            index++;
        }
        for (Answer.Call call : answer.calls()) {
            ObjectNode blockStart = Bodies.MAPPER.createObjectNode().put("type", "content_block_start").put("index", index);
            ObjectNode block = blockStart.putObject("content_block");
            block.put("type", "tool_use");
            block.put("id", call.id() != null ? call.id() : ids.next("toolu_emu"));
            block.put("name", call.name());
            block.putObject("input");
            event(sb, "content_block_start", blockStart);
            ObjectNode delta = Bodies.MAPPER.createObjectNode().put("type", "content_block_delta").put("index", index);
            delta.putObject("delta").put("type", "input_json_delta").put("partial_json", Bodies.write(call.arguments()));
            event(sb, "content_block_delta", delta);
            event(sb, "content_block_stop", Bodies.MAPPER.createObjectNode().put("type", "content_block_stop").put("index", index));
            index++;
        }
        ObjectNode messageDelta = Bodies.MAPPER.createObjectNode().put("type", "message_delta");
        messageDelta.putObject("delta").put("stop_reason", answer.calls().isEmpty() ? "end_turn" : "tool_use")
                .putNull("stop_sequence");
        messageDelta.putObject("usage").put("output_tokens", usage.path("output_tokens").intValue());
        event(sb, "message_delta", messageDelta);
        event(sb, "message_stop", Bodies.MAPPER.createObjectNode().put("type", "message_stop"));
        return sb.toString();
    }

    private static void event(StringBuilder sb, String name, JsonNode data) {
        sb.append("event: ").append(name).append('\n').append("data: ").append(Bodies.write(data)).append("\n\n");
    }

    private static ObjectNode usage(Answer answer, JsonNode request) {
        ObjectNode usage = Bodies.MAPPER.createObjectNode();
        usage.put("input_tokens", Bodies.tokens(request.path("messages").toString() + request.path("system")));
        usage.put("output_tokens", Bodies.tokens((answer.text() == null ? "" : answer.text())
                + answer.calls().stream().map(c -> c.name() + c.arguments()).reduce("", String::concat)));
        return usage;
    }
}
