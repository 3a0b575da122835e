package io.orderingguard.testing.emulator;

import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_BLANK_TEXT;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_EMPTY_CONTENT;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_EMPTY_ERROR_RESULT;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_FIRST_MESSAGE_NOT_USER;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_INVALID_REASONING_SIGNATURE;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_MALFORMED_REQUEST;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_MISSING_TOOL_RESULTS;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_ROLES_NOT_ALTERNATING;
import static io.orderingguard.testing.emulator.EmulatorRule.BEDROCK_TOO_MANY_TOOL_RESULTS;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AWS Bedrock Runtime Converse ({@code POST /model/<modelId>/converse} and {@code /converse-stream}):
 * request checks and response rendering, the streamed answer as AWS event-stream frames. Errors are answered the way the AWS JSON protocol sends them, a body
 * {@code {"message": …}} with the exception name in the {@code x-amzn-ErrorType} header, so the AWS
 * SDK raises its {@code ValidationException} with the provider's text. Reasoning blocks the emulator
 * hands out are signed with Base64 of {@value #SIGNATURE_PREFIX} and a sequence number.
 */
final class BedrockConverseWire {

    static final Pattern PATH = Pattern.compile("^/model/(.+)/(converse|converse-stream)$");

    /** The content type of a {@code converse-stream} answer. */
    static final String EVENT_STREAM = "application/vnd.amazon.eventstream";

    static final String SIGNATURE_PREFIX = "emulator-reasoning-signature-";

    private static final Set<String> ROLES = Set.of("user", "assistant");
    private static final List<String> BLOCK_KEYS = List.of("text", "image", "document", "video", "audio", "toolUse",
            "toolResult", "guardContent", "cachePoint", "reasoningContent", "citationsContent", "searchResult");

    private BedrockConverseWire() {}

    /** Returns the model id named in a Converse path (URL-decoded), or {@code null} when the path is not one. */
    static String model(String path) {
        Matcher m = PATH.matcher(path);
        return m.matches() ? m.group(1) : null;
    }

    /** Returns whether a Converse path asks for the streamed answer ({@code converse-stream}). */
    static boolean streaming(String path) {
        return path.endsWith("/converse-stream");
    }

    /** The first broken rule: structure, then the first message, then the rule at the earliest message. */
    static Optional<Violation> validate(JsonNode root, Set<EmulatorRule> enabled) {
        Optional<Violation> malformed = structure(root);
        if (malformed.isPresent()) {
            return malformed;
        }
        JsonNode messages = root.path("messages");
        if (enabled.contains(BEDROCK_FIRST_MESSAGE_NOT_USER) && !"user".equals(role(messages.get(0)))) {
            return Optional.of(Violation.of(BEDROCK_FIRST_MESSAGE_NOT_USER, 0, null, null, Map.of()));
        }
        if (enabled.contains(BEDROCK_INVALID_REASONING_SIGNATURE)) {
            for (int i = 0; i < messages.size(); i++) {
                JsonNode content = messages.get(i).path("content");
                for (int j = 0; j < content.size(); j++) {
                    JsonNode signature = content.get(j).path("reasoningContent").path("reasoningText").path("signature");
                    if (signature.isTextual() && !minted(signature.textValue())) {
                        return Optional.of(Violation.of(BEDROCK_INVALID_REASONING_SIGNATURE, i, null, null,
                                Map.of("message", i, "block", j)));
                    }
                }
            }
        }
        for (int i = 0; i < messages.size(); i++) {
            JsonNode message = messages.get(i);
            JsonNode content = message.path("content");
            if (content.isEmpty() && enabled.contains(BEDROCK_EMPTY_CONTENT)) {
                return Optional.of(Violation.of(BEDROCK_EMPTY_CONTENT, i, null, null, Map.of("message", i)));
            }
            for (int j = 0; j < content.size(); j++) {
                JsonNode block = content.get(j);
                if (block.has("text") && block.path("text").textValue().isBlank() && enabled.contains(BEDROCK_BLANK_TEXT)) {
                    return Optional.of(Violation.of(BEDROCK_BLANK_TEXT, i, null, null, Map.of("message", i, "block", j)));
                }
                JsonNode result = block.path("toolResult");
                if (result.isObject() && "error".equals(result.path("status").textValue())
                        && result.path("content").isEmpty() && enabled.contains(BEDROCK_EMPTY_ERROR_RESULT)) {
                    return Optional.of(Violation.of(BEDROCK_EMPTY_ERROR_RESULT, i, null, null,
                            Map.of("message", i, "block", j)));
                }
            }
            JsonNode previous = i == 0 ? null : messages.get(i - 1);
            if (previous != null && role(previous).equals(role(message)) && enabled.contains(BEDROCK_ROLES_NOT_ALTERNATING)) {
                return Optional.of(Violation.of(BEDROCK_ROLES_NOT_ALTERNATING, i, null, null, Map.of()));
            }
            List<String> called = previous != null && "assistant".equals(role(previous)) ? ids(previous, "toolUse")
                    : List.of();
            List<String> answered = ids(message, "toolResult");
            if (!called.isEmpty() && enabled.contains(BEDROCK_MISSING_TOOL_RESULTS)) {
                Set<String> given = new HashSet<>(answered);
                List<String> missing = called.stream().filter(id -> !given.contains(id)).toList();
                if (!missing.isEmpty()) {
                    return Optional.of(Violation.of(BEDROCK_MISSING_TOOL_RESULTS, i, null, null,
                            Map.of("message", i, "ids", String.join(", ", missing))));
                }
            }
            if (answered.size() > called.size() && enabled.contains(BEDROCK_TOO_MANY_TOOL_RESULTS)) {
                return Optional.of(Violation.of(BEDROCK_TOO_MANY_TOOL_RESULTS, i, null, null, Map.of("message", i)));
            }
        }
        return Optional.empty();
    }

    /** Whether a reasoning signature is one this emulator handed out. */
    private static boolean minted(String signature) {
        try {
            return new String(Base64.getDecoder().decode(signature), StandardCharsets.UTF_8).startsWith(SIGNATURE_PREFIX);
        } catch (IllegalArgumentException e) {
            return false; // not Base64: not one of ours
        }
    }

    private static String role(JsonNode message) {
        return message.path("role").textValue();
    }

    /** The {@code toolUseId}s of the message's {@code toolUse} or {@code toolResult} blocks, in order. */
    private static List<String> ids(JsonNode message, String blockKey) {
        List<String> ids = new ArrayList<>();
        for (JsonNode block : message.path("content")) {
            JsonNode inner = block.path(blockKey);
            if (inner.isObject()) {
                ids.add(inner.path("toolUseId").textValue());
            }
        }
        return ids;
    }

    private static Optional<Violation> structure(JsonNode root) {
        if (!root.isObject()) {
            return malformed("Malformed input request: the request body must be a JSON object, please reformat your "
                    + "input and try again.");
        }
        JsonNode messages = root.path("messages");
        if (messages.isMissingNode() || messages.isNull()) {
            return malformed("1 validation error detected: Value null at 'messages' failed to satisfy constraint: "
                    + "Member must not be null");
        }
        if (!messages.isArray()) {
            return malformed("The format of the value at messages is invalid. Provide a list for the field and try again.");
        }
        if (messages.isEmpty()) {
            return malformed("A conversation must start with a user message. Try again with a conversation that starts "
                    + "with a user message.");
        }
        for (int i = 0; i < messages.size(); i++) {
            JsonNode message = messages.get(i);
            String at = "messages." + i;
            if (!message.isObject()) {
                return malformed("The format of the value at " + at + " is invalid. Provide a json object for the field "
                        + "and try again.");
            }
            JsonNode role = message.path("role");
            if (!role.isTextual() || !ROLES.contains(role.textValue())) {
                return malformed("1 validation error detected: Value " + (role.isTextual() ? "'" + role.textValue() + "'"
                        : role.isMissingNode() ? "null" : role.toString()) + " at '" + at + ".member.role' failed to "
                        + "satisfy constraint: " + (role.isMissingNode() ? "Member must not be null"
                        : "Member must satisfy enum value set: [user, assistant]"));
            }
            JsonNode content = message.path("content");
            if (content.isMissingNode() || content.isNull()) {
                return malformed("1 validation error detected: Value null at '" + at + ".member.content' failed to "
                        + "satisfy constraint: Member must not be null");
            }
            if (!content.isArray()) {
                return malformed("The format of the value at " + at + ".content is invalid. Provide a list for the "
                        + "field and try again.");
            }
            for (int j = 0; j < content.size(); j++) {
                Optional<Violation> bad = block(content.get(j), at + ".content." + j);
                if (bad.isPresent()) {
                    return bad;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> block(JsonNode block, String at) {
        if (!block.isObject()) {
            return malformed("The format of the value at " + at + " is invalid. Provide a json object for the field "
                    + "and try again.");
        }
        if (BLOCK_KEYS.stream().noneMatch(block::has)) {
            return malformed("The ContentBlock object at " + at + " must set one of the following keys: "
                    + String.join(", ", BLOCK_KEYS) + ".");
        }
        if (block.has("text") && !block.path("text").isTextual()) {
            return malformed("The format of the value at " + at + ".text is invalid. Provide a string for the field "
                    + "and try again.");
        }
        if (block.has("toolUse")) {
            JsonNode use = block.path("toolUse");
            for (String field : List.of("toolUseId", "name")) {
                if (!use.path(field).isTextual()) {
                    return missing(at + ".toolUse", field);
                }
            }
            if (!use.has("input")) {
                return missing(at + ".toolUse", "input");
            }
        }
        if (block.has("toolResult")) {
            JsonNode result = block.path("toolResult");
            if (!result.path("toolUseId").isTextual()) {
                return missing(at + ".toolResult", "toolUseId");
            }
            if (!result.path("content").isArray()) {
                return missing(at + ".toolResult", "content");
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> missing(String at, String field) {
        return malformed("1 validation error detected: Value null at '" + at + "." + field + "' failed to satisfy "
                + "constraint: Member must not be null");
    }

    private static Optional<Violation> malformed(String detail) {
        return Optional.of(Violation.malformed(BEDROCK_MALFORMED_REQUEST, detail, null, null));
    }

    /** The AWS JSON protocol's error body; the exception name goes in the {@code x-amzn-ErrorType} header. */
    static String errorBody(String message) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        root.put("message", message);
        return Bodies.write(root);
    }

    /** The AWS exception name of an HTTP error status, as Bedrock Runtime answers it. */
    static String errorType(int status) {
        return switch (status) {
            case 400 -> "ValidationException";
            case 403 -> "AccessDeniedException";
            case 404 -> "ResourceNotFoundException";
            case 408 -> "ModelTimeoutException";
            case 429 -> "ThrottlingException";
            case 503 -> "ServiceUnavailableException";
            default -> status >= 500 ? "InternalServerException" : "ValidationException";
        };
    }

    /**
     * A {@code ConverseResponse}: reasoning, text and tool calls as the content blocks of one assistant
     * message.
     */
    static String response(Answer answer, JsonNode request, IdSource ids) {
        return Bodies.write(responseNode(answer, request, ids));
    }

    private static ObjectNode responseNode(Answer answer, JsonNode request, IdSource ids) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        ObjectNode message = root.putObject("output").putObject("message");
        message.put("role", "assistant");
        ArrayNode content = message.putArray("content");
        if (answer.reasoning() != null) {
            String signature = ids.next(SIGNATURE_PREFIX);
            content.addObject().putObject("reasoningContent").putObject("reasoningText")
                    .put("text", answer.reasoning())
                    .put("signature", Base64.getEncoder().encodeToString(signature.getBytes(StandardCharsets.UTF_8)));
        }
        if (answer.text() != null) {
            content.addObject().put("text", answer.text());
        }
        for (Answer.Call call : answer.calls()) {
            ObjectNode use = content.addObject().putObject("toolUse");
            use.put("toolUseId", call.id() != null ? call.id() : ids.next("tooluse_emu"));
            use.put("name", call.name());
            use.set("input", call.arguments());
        }
        root.put("stopReason", answer.calls().isEmpty() ? "end_turn" : "tool_use");
        int input = Bodies.tokens(request.path("messages").toString() + request.path("system"));
        int output = Bodies.tokens((answer.reasoning() == null ? "" : answer.reasoning())
                + (answer.text() == null ? "" : answer.text())
                + answer.calls().stream().map(c -> c.name() + c.arguments()).reduce("", String::concat));
        root.putObject("usage").put("inputTokens", input).put("outputTokens", output).put("totalTokens", input + output);
        root.putObject("metrics").put("latencyMs", 1);
        return root;
    }

    /**
     * The same answer as {@code converse-stream} sends it: {@code messageStart}; per content block
     * its deltas (reasoning text then its signature; text in two chunks; a tool use opened by
     * {@code contentBlockStart} with its id and name, its input as one JSON-string delta) and
     * {@code contentBlockStop}; then {@code messageStop} and {@code metadata}. Ids and signatures
     * are minted in the same order as {@link #response}.
     */
    static List<EventStreamFrame> stream(Answer answer, JsonNode request, IdSource ids) {
        ObjectNode whole = responseNode(answer, request, ids);
        List<EventStreamFrame> frames = new ArrayList<>();
        frames.add(event("messageStart", Bodies.MAPPER.createObjectNode().put("role", "assistant")));
        JsonNode content = whole.at("/output/message/content");
        for (int i = 0; i < content.size(); i++) {
            JsonNode block = content.get(i);
            if (block.has("reasoningContent")) {
                JsonNode reasoning = block.at("/reasoningContent/reasoningText");
                frames.add(delta(i, "reasoningContent", Bodies.MAPPER.createObjectNode()
                        .put("text", reasoning.path("text").textValue())));
                frames.add(delta(i, "reasoningContent", Bodies.MAPPER.createObjectNode()
                        .put("signature", reasoning.path("signature").textValue())));
            } else if (block.has("text")) {
                String text = block.path("text").textValue();
                int half = text.length() / 2;
                for (String chunk : half == 0 ? List.of(text) : List.of(text.substring(0, half), text.substring(half))) {
                    frames.add(delta(i, "text", Bodies.MAPPER.getNodeFactory().textNode(chunk)));
                }
            } else {
                JsonNode use = block.path("toolUse");
                ObjectNode start = Bodies.MAPPER.createObjectNode().put("contentBlockIndex", i);
                start.putObject("start").putObject("toolUse").put("toolUseId", use.path("toolUseId").textValue())
                        .put("name", use.path("name").textValue());
                frames.add(event("contentBlockStart", start));
                frames.add(delta(i, "toolUse", Bodies.MAPPER.createObjectNode().put("input", use.path("input").toString())));
            }
            frames.add(event("contentBlockStop", Bodies.MAPPER.createObjectNode().put("contentBlockIndex", i)));
        }
        frames.add(event("messageStop", Bodies.MAPPER.createObjectNode().put("stopReason", whole.path("stopReason").textValue())));
        ObjectNode metadata = Bodies.MAPPER.createObjectNode();
        metadata.set("usage", whole.path("usage"));
        metadata.set("metrics", whole.path("metrics"));
        frames.add(event("metadata", metadata));
        return frames;
    }

    private static EventStreamFrame delta(int index, String kind, JsonNode value) {
        ObjectNode payload = Bodies.MAPPER.createObjectNode().put("contentBlockIndex", index);
        payload.putObject("delta").set(kind, value);
        return event("contentBlockDelta", payload);
    }

    private static EventStreamFrame event(String type, JsonNode payload) {
        return EventStreamFrame.event(type, Bodies.write(payload));
    }
}
