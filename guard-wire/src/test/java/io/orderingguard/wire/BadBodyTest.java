package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.GuardInputException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A bad body gives one {@link GuardInputException} naming the source, line, JSON path and what was expected. */
class BadBodyTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static Stream<Arguments> anthropic() {
        return Stream.of(
                Arguments.of("not an object", "[]",
                        "req.jsonl:4: $: expected an object, but was an array"),
                Arguments.of("messages missing", "{\"model\":\"claude-sonnet-4-5\"}",
                        "req.jsonl:4: $.messages: required field is missing"),
                Arguments.of("messages not an array", "{\"messages\":{}}",
                        "req.jsonl:4: $.messages: expected an array, but was an object"),
                Arguments.of("content a number", "{\"messages\":[{\"role\":\"user\",\"content\":3}]}",
                        "req.jsonl:4: $.messages[0].content: expected a string or an array of content blocks, "
                                + "but was a number (3)"),
                Arguments.of("block without type", "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"x\"}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].type: required field is missing"),
                Arguments.of("tool_use without id", "{\"messages\":[{\"role\":\"assistant\",\"content\":"
                                + "[{\"type\":\"tool_use\",\"name\":\"f\",\"input\":{}}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].id: required field is missing"),
                Arguments.of("input an array", "{\"messages\":[{\"role\":\"assistant\",\"content\":"
                                + "[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"f\",\"input\":[]}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].input: expected an object, but was an array"),
                Arguments.of("is_error a string", "{\"messages\":[{\"role\":\"user\",\"content\":"
                                + "[{\"type\":\"tool_result\",\"tool_use_id\":\"t\",\"is_error\":\"yes\"}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].is_error: expected true or false, but was a string "
                                + "(\"yes\")"),
                Arguments.of("system a number", "{\"system\":1,\"messages\":[]}",
                        "req.jsonl:4: $.system: expected a string or an array of text blocks, but was a number (1)"),
                Arguments.of("budget zero", "{\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":0},\"messages\":[]}",
                        "req.jsonl:4: $.thinking.budget_tokens: expected an integer >= 1, but was 0"),
                Arguments.of("max_tokens a string", "{\"max_tokens\":\"1024\",\"messages\":[]}",
                        "req.jsonl:4: $.max_tokens: expected an integer, but was a string (\"1024\")"));
    }

    static Stream<Arguments> openAiChat() {
        return Stream.of(
                Arguments.of("not an object", "\"hi\"",
                        "req.jsonl:4: $: expected an object, but was a string (\"hi\")"),
                Arguments.of("Gemini body", "{\"contents\":[]}",
                        "req.jsonl:4: $.messages: required field is missing"),
                Arguments.of("tool without tool_call_id", "{\"messages\":[{\"role\":\"tool\",\"content\":\"x\"}]}",
                        "req.jsonl:4: $.messages[0].tool_call_id: required field is missing"),
                Arguments.of("tool_calls an object", "{\"messages\":[{\"role\":\"assistant\",\"tool_calls\":{}}]}",
                        "req.jsonl:4: $.messages[0].tool_calls: expected an array, but was an object"),
                Arguments.of("arguments an object", "{\"messages\":[{\"role\":\"assistant\",\"tool_calls\":"
                                + "[{\"id\":\"c\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":{}}}]}]}",
                        "req.jsonl:4: $.messages[0].tool_calls[0].function.arguments: expected a string, but was an "
                                + "object"),
                Arguments.of("reasoning_content a number", "{\"messages\":[{\"role\":\"assistant\","
                                + "\"reasoning_content\":1,\"content\":\"x\"}]}",
                        "req.jsonl:4: $.messages[0].reasoning_content: expected a string, but was a number (1)"),
                Arguments.of("parallel_tool_calls a string", "{\"parallel_tool_calls\":\"no\",\"messages\":[]}",
                        "req.jsonl:4: $.parallel_tool_calls: expected true or false, but was a string (\"no\")"),
                Arguments.of("max_completion_tokens negative", "{\"max_completion_tokens\":-5,\"messages\":[]}",
                        "req.jsonl:4: $.max_completion_tokens: expected an integer >= 1, but was -5"),
                Arguments.of("user part without text", "{\"messages\":[{\"role\":\"user\",\"content\":"
                                + "[{\"type\":\"text\"}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].text: required field is missing"));
    }

    @ParameterizedTest(name = "anthropic-messages: {0}")
    @MethodSource("anthropic")
    void should_name_the_path_and_what_was_expected_for_a_bad_anthropic_body(String name, String body,
            String message) throws Exception {
        assertBad(WireFormat.ANTHROPIC_MESSAGES, body, message);
    }

    @ParameterizedTest(name = "openai-chat: {0}")
    @MethodSource("openAiChat")
    void should_name_the_path_and_what_was_expected_for_a_bad_openai_chat_body(String name, String body,
            String message) throws Exception {
        assertBad(WireFormat.OPENAI_CHAT, body, message);
    }

    private static void assertBad(WireFormat format, String body, String message) throws Exception {
        JsonNode json = MAPPER.readTree(body);

        assertThatThrownBy(() -> format.codec().orElseThrow().read(json, WireContext.of("req.jsonl", 4)))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(message);
    }
}
