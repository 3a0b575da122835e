package io.orderingguard.testing.emulator;

import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_CALL_NOT_AFTER_USER_TURN;
import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_CORRUPTED_THOUGHT_SIGNATURE;
import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_EMPTY_PARTS;
import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_MALFORMED_REQUEST;
import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_MISSING_THOUGHT_SIGNATURE;
import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_RESPONSE_COUNT;
import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_RESPONSE_NOT_AFTER_CALL;
import static io.orderingguard.testing.emulator.EmulatorRule.GEMINI_ROLES_NOT_ALTERNATING;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gemini {@code generateContent} (Gemini API): request checks and response rendering. The model is
 * named in the path ({@code /v1beta/models/<model>:generateContent}); {@code streamGenerateContent}
 * answers with server-sent events. Thought signatures the emulator hands out are Base64 of
 * {@value #SIGNATURE_PREFIX} and a sequence number, so {@link EmulatorRule#GEMINI_CORRUPTED_THOUGHT_SIGNATURE}
 * can tell one it minted from any other value.
 */
final class GeminiWire {

    static final Pattern PATH = Pattern.compile("^/(v1|v1beta)/models/([^/:]+):(generateContent|streamGenerateContent)$");

    static final String SIGNATURE_PREFIX = "emulator-thought-signature-";

    /** The dummy signatures Gemini documents for histories it did not produce. */
    static final Set<String> DUMMY_SIGNATURES = Set.of("skip_thought_signature_validator",
            "context_engineering_is_the_way_to_go");

    private static final Set<String> ROLES = Set.of("user", "model");
    private static final List<String> DATA_FIELDS = List.of("text", "inlineData", "fileData", "functionCall",
            "functionResponse", "executableCode", "codeExecutionResult");

    private GeminiWire() {}

    /** Returns the model named in a Gemini path, or {@code null} when the path is not one. */
    static String model(String path) {
        Matcher m = PATH.matcher(path);
        return m.matches() ? m.group(2) : null;
    }

    /** Returns whether a Gemini path asks for a streamed answer. */
    static boolean streaming(String path) {
        return path.endsWith(":streamGenerateContent");
    }

    /** Whether a model enforces thought signatures on function calls (Gemini 3 and later, not 2.5). */
    static boolean enforcesSignatures(String model) {
        return model.toLowerCase(Locale.ROOT).startsWith("gemini-3");
    }

    /** The first broken rule: structure, then signatures, then ordering by content position. */
    static Optional<Violation> validate(JsonNode root, String model, Set<EmulatorRule> enabled) {
        Optional<Violation> malformed = structure(root);
        if (malformed.isPresent()) {
            return malformed;
        }
        JsonNode contents = root.path("contents");
        if (enabled.contains(GEMINI_EMPTY_PARTS)) {
            for (int i = 0; i < contents.size(); i++) {
                if (contents.get(i).path("parts").isEmpty()) {
                    return Optional.of(Violation.of(GEMINI_EMPTY_PARTS, i, null, null, Map.of("content", i)));
                }
            }
        }
        if (enabled.contains(GEMINI_CORRUPTED_THOUGHT_SIGNATURE)) {
            for (int i = 0; i < contents.size(); i++) {
                for (JsonNode part : contents.get(i).path("parts")) {
                    String signature = part.path("thoughtSignature").textValue();
                    if (signature != null && !minted(signature) && !dummy(signature)) {
                        return Optional.of(Violation.of(GEMINI_CORRUPTED_THOUGHT_SIGNATURE, i, null, null, Map.of()));
                    }
                }
            }
        }
        if (enforcesSignatures(model) && enabled.contains(GEMINI_MISSING_THOUGHT_SIGNATURE)) {
            for (int i = currentTurnStart(contents); i < contents.size(); i++) {
                JsonNode content = contents.get(i);
                if (!"model".equals(role(content))) {
                    continue;
                }
                for (JsonNode part : content.path("parts")) {
                    if (part.has("functionCall")) {
                        String signature = part.path("thoughtSignature").textValue();
                        if (signature == null || signature.isEmpty()) {
                            return Optional.of(Violation.of(GEMINI_MISSING_THOUGHT_SIGNATURE, i, null, null,
                                    Map.of("name", part.path("functionCall").path("name").textValue(), "position", i + 1)));
                        }
                        break; // only the first function call of a step carries the signature
                    }
                }
            }
        }
        for (int i = 0; i < contents.size(); i++) {
            JsonNode content = contents.get(i);
            JsonNode previous = i == 0 ? null : contents.get(i - 1);
            int calls = count(content, "functionCall");
            int responses = count(content, "functionResponse");
            if (calls > 0 && enabled.contains(GEMINI_CALL_NOT_AFTER_USER_TURN)
                    && (previous == null || !"user".equals(role(previous)))) {
                return Optional.of(Violation.of(GEMINI_CALL_NOT_AFTER_USER_TURN, i, null, null, Map.of()));
            }
            if (responses > 0) {
                int previousCalls = previous == null ? 0 : count(previous, "functionCall");
                if (previousCalls == 0 && enabled.contains(GEMINI_RESPONSE_NOT_AFTER_CALL)) {
                    return Optional.of(Violation.of(GEMINI_RESPONSE_NOT_AFTER_CALL, i, null, null, Map.of()));
                }
                if (previousCalls > 0 && previousCalls != responses && enabled.contains(GEMINI_RESPONSE_COUNT)) {
                    return Optional.of(Violation.of(GEMINI_RESPONSE_COUNT, i, null, null, Map.of()));
                }
            }
            if (previous != null && role(previous).equals(role(content)) && enabled.contains(GEMINI_ROLES_NOT_ALTERNATING)) {
                return Optional.of(Violation.of(GEMINI_ROLES_NOT_ALTERNATING, i, null, null, Map.of()));
            }
        }
        return Optional.empty();
    }

    /**
     * The first content of the current turn: the one after the latest user content that holds
     * anything other than function responses (signatures are validated from there on).
     */
    private static int currentTurnStart(JsonNode contents) {
        for (int i = contents.size() - 1; i >= 0; i--) {
            JsonNode content = contents.get(i);
            if ("user".equals(role(content)) && content.path("parts").size() > count(content, "functionResponse")) {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * Whether a signature is one of the documented dummies. {@code thoughtSignature} is a bytes field, and
     * proto3 JSON reads bytes in the standard and the URL-safe Base64 alphabet alike, so the server sees
     * the same bytes for {@code skip_thought_signature_validator} and for
     * {@code skip/thought/signature/validator} (what an SDK holding the field as {@code byte[]}, such as
     * google-genai for Java, writes for them).
     */
    static boolean dummy(String signature) {
        if (DUMMY_SIGNATURES.contains(signature)) {
            return true;
        }
        String urlSafe = signature.replace('+', '-').replace('/', '_');
        return DUMMY_SIGNATURES.contains(urlSafe);
    }

    private static boolean minted(String signature) {
        try {
            String decoded = new String(Base64.getDecoder().decode(signature), StandardCharsets.UTF_8);
            return decoded.startsWith(SIGNATURE_PREFIX);
        } catch (IllegalArgumentException e) {
            return false; // not Base64: not one of ours
        }
    }

    private static int count(JsonNode content, String field) {
        int n = 0;
        for (JsonNode part : content.path("parts")) {
            n += part.has(field) ? 1 : 0;
        }
        return n;
    }

    /** A content's role; Gemini takes a missing role as {@code user}. */
    private static String role(JsonNode content) {
        return content.path("role").asText("user");
    }

    private static Optional<Violation> structure(JsonNode root) {
        if (!root.isObject()) {
            return malformed("Invalid JSON payload received. Expected an object at the top level.");
        }
        JsonNode contents = root.path("contents");
        if (contents.isMissingNode() || contents.isNull() || contents.isArray() && contents.isEmpty()) {
            return malformed("* GenerateContentRequest.contents: contents is not specified");
        }
        if (!contents.isArray()) {
            return malformed("Invalid JSON payload received. Unknown name \"contents\": Proto field is not repeating, "
                    + "cannot start list.");
        }
        for (int i = 0; i < contents.size(); i++) {
            JsonNode content = contents.get(i);
            String at = "* GenerateContentRequest.contents[" + i + "]";
            if (!content.isObject()) {
                return malformed(at + ": must be an object");
            }
            if (content.has("role") && (!content.path("role").isTextual() || !ROLES.contains(content.path("role").textValue()))) {
                return malformed("Please use a valid role: user, model.");
            }
            JsonNode parts = content.path("parts");
            if (!parts.isMissingNode() && !parts.isArray()) {
                return malformed(at + ".parts: must be a list");
            }
            for (int j = 0; j < parts.size(); j++) {
                JsonNode part = parts.get(j);
                String partAt = at + ".parts[" + j + "]";
                if (DATA_FIELDS.stream().noneMatch(part::has)) {
                    return malformed(partAt + ".data: required oneof field 'data' must have one initialized field");
                }
                if (part.has("functionCall") && !part.path("functionCall").path("name").isTextual()) {
                    return malformed(partAt + ".function_call.name: Name cannot be empty.");
                }
                if (part.has("functionResponse") && !part.path("functionResponse").path("name").isTextual()) {
                    return malformed(partAt + ".function_response.name: Name cannot be empty.");
                }
                if (part.has("thoughtSignature") && !part.path("thoughtSignature").isTextual()) {
                    return malformed(partAt + ".thought_signature: Invalid value (bytes expected)");
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Violation> malformed(String detail) {
        return Optional.of(Violation.malformed(GEMINI_MALFORMED_REQUEST, detail, null, null));
    }

    /** Google's error shape: {@code {"error": {"code", "message", "status"}}}. */
    static String errorBody(int status, String message) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        ObjectNode error = root.putObject("error");
        error.put("code", status);
        error.put("message", message);
        error.put("status", status == 400 ? "INVALID_ARGUMENT" : status == 404 ? "NOT_FOUND"
                : status == 429 ? "RESOURCE_EXHAUSTED" : status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION");
        return Bodies.write(root);
    }

    /**
     * A {@code GenerateContentResponse}: the answer's text and calls as parts of one model content,
     * the first call (or, without calls, the last part) carrying a fresh thought signature.
     */
    static String response(Answer answer, JsonNode request, String model, long sequence, IdSource ids) {
        return Bodies.write(responseNode(answer, request, model, sequence, ids));
    }

    /** The same answer as server-sent events, as {@code streamGenerateContent?alt=sse} sends it. */
    static String stream(Answer answer, JsonNode request, String model, long sequence, IdSource ids) {
        return "data: " + response(answer, request, model, sequence, ids) + "\r\n\r\n";
    }

    private static ObjectNode responseNode(Answer answer, JsonNode request, String model, long sequence, IdSource ids) {
        ObjectNode root = Bodies.MAPPER.createObjectNode();
        ObjectNode candidate = root.putArray("candidates").addObject();
        ObjectNode content = candidate.putObject("content");
        content.put("role", "model");
        ArrayNode parts = content.putArray("parts");
        if (answer.text() != null) {
            parts.addObject().put("text", answer.text());
        }
        for (Answer.Call call : answer.calls()) {
            ObjectNode functionCall = parts.addObject().putObject("functionCall");
            if (call.id() != null) {
                functionCall.put("id", call.id());
            }
            functionCall.put("name", call.name());
            functionCall.set("args", call.arguments());
        }
        if (!parts.isEmpty()) {
            ObjectNode signed = (ObjectNode) (answer.calls().isEmpty() ? parts.get(parts.size() - 1)
                    : parts.get(answer.text() == null ? 0 : 1));
            String signature = ids.next(SIGNATURE_PREFIX);
            signed.put("thoughtSignature", Base64.getEncoder().encodeToString(signature.getBytes(StandardCharsets.UTF_8)));
        }
        candidate.put("finishReason", "STOP");
        candidate.put("index", 0);
        int prompt = Bodies.tokens(request.path("contents").toString() + request.path("systemInstruction"));
        int output = Bodies.tokens((answer.text() == null ? "" : answer.text())
                + answer.calls().stream().map(c -> c.name() + c.arguments()).reduce("", String::concat));
        root.putObject("usageMetadata").put("promptTokenCount", prompt).put("candidatesTokenCount", output)
                .put("totalTokenCount", prompt + output);
        root.put("modelVersion", model);
        root.put("responseId", "emu" + sequence);
        return root;
    }
}
