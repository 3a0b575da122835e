package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import java.io.IOException;
import java.nio.file.Path;

/** Checks the per-surface tests of the Gemini and Bedrock Converse codecs share. */
final class WireChecks {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private WireChecks() {}

    static ObjectNode json(String text) {
        try {
            return (ObjectNode) MAPPER.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static ObjectNode file(String relative) {
        try {
            return (ObjectNode) MAPPER.readTree(Path.of("src", "test", "resources", "bodies", relative).toFile());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static void assertBad(WireFormat format, String body, String message) throws IOException {
        JsonNode json = MAPPER.readTree(body);

        assertThatThrownBy(() -> format.codec().orElseThrow().read(json, WireContext.of("req.jsonl", 4)))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(message);
    }
}
