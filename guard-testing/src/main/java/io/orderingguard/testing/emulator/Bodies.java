package io.orderingguard.testing.emulator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** JSON helpers of the emulator. */
final class Bodies {

    static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private Bodies() {}

    static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise an emulator response", e);
        }
    }

    /** OpenAI's wording for the JSON type of a value: {@code a string}, {@code an object}, … */
    static String openAiType(JsonNode value) {
        if (value == null || value.isMissingNode() || value.isNull()) {
            return "null";
        }
        if (value.isTextual()) {
            return "a string";
        }
        if (value.isIntegralNumber()) {
            return "an integer";
        }
        if (value.isNumber()) {
            return "a decimal";
        }
        if (value.isBoolean()) {
            return "a boolean";
        }
        if (value.isArray()) {
            return "an array";
        }
        return "an object";
    }

    /** Estimated tokens of a text: a quarter of its characters, at least one. */
    static int tokens(String text) {
        return Math.max(1, text.length() / 4);
    }
}
