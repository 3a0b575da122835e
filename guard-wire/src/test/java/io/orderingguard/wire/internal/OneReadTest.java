package io.orderingguard.wire.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The one read of a body's bytes on the shapes where a pass and a tree could differ: fields in another
 * order than the tree read reads them, a repeated field (inside a message: the last one, as Jackson's
 * tree has it; the list itself: left to the tree read), trailing tokens, malformed JSON and another
 * encoding (left to the tree read, which names them), a continued response that names its previous
 * response after its input, arguments with a float (the tree read's exact decimals), a provider result
 * written back as JSON.
 */
class OneReadTest {

    private static final ObjectMapper FULL = JsonMapper.builder()
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    @Test
    void should_take_content_before_role_and_system_after_messages_as_the_tree_read_does() {
        String body = """
                {"max_tokens": 1024,
                 "messages": [
                   {"content": "Find X", "role": "user"},
                   {"content": [{"type": "tool_use", "id": "toolu_1", "name": "search", "input": {"q": "x"}}],
                    "role": "assistant"},
                   {"content": [{"content": "3 hits", "tool_use_id": "toolu_1", "type": "tool_result"}],
                    "role": "user"}],
                 "model": "claude-sonnet-4-5",
                 "system": "Be brief"}""";

        Dispatch streamed = streamed(WireFormat.ANTHROPIC_MESSAGES, body);

        assertThat(streamed).isEqualTo(treeRead(WireFormat.ANTHROPIC_MESSAGES, body));
        assertThat(streamed.timeline().entries()).extracting(Entry::id)
                .containsExactly("system", "m0", "toolu_1");
        assertThat(((ToolCall) streamed.timeline().entries().get(2)).result().content()).isEqualTo("3 hits");
    }

    @Test
    void should_read_escaped_and_non_ascii_text_beside_plain_text_as_the_tree_read_does() {
        String body = """
                {"model": "gpt-4.1", "messages": [
                   {"role": "system", "content": "tool"},
                   {"role": "user", "content": "Caf\\u00e9 \\"Zur Post\\"\\n\\tat 8 \\u2014 ok?"},
                   {"role": "assistant", "content": "Grüße 😀 and a backslash \\\\ here",
                    "tool_calls": [{"id": "call_é", "type": "function",
                                    "function": {"name": "book", "arguments": "{\\"at\\": \\"8\\"}"}}]},
                   {"role": "tool", "tool_call_id": "call_é", "content": "booked, 12345678901234567890123"}]}""";

        Dispatch streamed = streamed(WireFormat.OPENAI_CHAT, body);

        assertThat(streamed).isEqualTo(treeRead(WireFormat.OPENAI_CHAT, body));
        assertThat(streamed.timeline().entries()).extracting(Entry::toString)
                .anySatisfy(text -> assertThat(text).contains("content=Café \"Zur Post\"\n\tat 8 — ok?"))
                .anySatisfy(text -> assertThat(text).contains("content=Grüße 😀 and a backslash \\ here"))
                .anySatisfy(text -> assertThat(text).contains("content=booked, 12345678901234567890123"));
        assertThat(streamed.timeline().entries().get(0).toString()).contains("content=tool");
    }

    @Test
    void should_keep_the_exact_decimals_of_arguments_with_a_float() {
        String body = """
                {"contents": [
                   {"role": "user", "parts": [{"text": "Dim the lights"}]},
                   {"role": "model", "parts": [{"functionCall": {"name": "dim", "args": {"brightness": 0.50}}}]}]}""";

        Dispatch streamed = streamed(WireFormat.GEMINI, body);

        assertThat(streamed).isEqualTo(treeRead(WireFormat.GEMINI, body));
        assertThat(((ToolCall) streamed.timeline().entries().get(1)).arg("brightness").decimalValue())
                .hasToString("0.50");
    }

    @Test
    void should_read_arguments_kept_as_text_as_the_tree_read_does() {
        String args = """
                {"q": "caf\u00e9 \\"x\\" é 😀", "n": [1, -0, 12345678901234567890123, {"deep": [true, null, {}]}],
                 "dup": 1, "e": {}, "dup": "last", "big": 9007199254740993, "neg": -7}""";
        String anthropic = """
                {"model": "claude-sonnet-4-5", "max_tokens": 64, "messages": [
                   {"role": "user", "content": "Go"},
                   {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": %s},
                                                     {"type": "tool_use", "id": "t2", "name": "g", "input": {}}]},
                   {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"},
                                                {"type": "tool_result", "tool_use_id": "t2", "content": "ok"}]}]}"""
                .formatted(args);
        String gemini = """
                {"contents": [
                   {"role": "user", "parts": [{"text": "Go"}]},
                   {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "f", "args": %s}}]},
                   {"role": "user", "parts": [{"functionResponse": {"id": "c1", "name": "f", "response": {"output": "ok"}}}]}]}"""
                .formatted(args);
        String bedrock = """
                {"messages": [
                   {"role": "user", "content": [{"text": "Go"}]},
                   {"role": "assistant", "content": [{"toolUse": {"toolUseId": "u1", "name": "f", "input": %s}}]},
                   {"role": "user", "content": [{"toolResult": {"toolUseId": "u1", "content": [{"text": "ok"}]}}]}]}"""
                .formatted(args);
        JsonNode expected = FULL.createObjectNode().put("q", "café \"x\" é 😀").set("n", FULL.createArrayNode()
                .add(1).add(0).add(new java.math.BigInteger("12345678901234567890123"))
                .add(FULL.createObjectNode().set("deep", FULL.createArrayNode().add(true).addNull()
                        .add(FULL.createObjectNode()))));
        for (String[] body : new String[][] {{"ANTHROPIC_MESSAGES", anthropic}, {"GEMINI", gemini},
            {"BEDROCK_CONVERSE", bedrock}}) {
            WireFormat format = WireFormat.valueOf(body[0]);
            Dispatch streamed = streamed(format, body[1]);
            Dispatch tree = treeRead(format, body[1]);

            ToolCall call = (ToolCall) streamed.timeline().entries().get(1);
            ToolCall treeCall = (ToolCall) tree.timeline().entries().get(1);
            assertThat(call.args()).as(format.wireName()).isEqualTo(treeCall.args());
            assertThat(call.args().get("q")).isEqualTo(expected.get("q"));
            assertThat(call.args().get("n").toString()).isEqualTo(treeCall.args().get("n").toString());
            assertThat(call.argText("dup")).isEqualTo("last");
            assertThat(call.argText("big")).isEqualTo("9007199254740993");
            assertThat(call.args().fieldNames()).toIterable().containsExactly("q", "n", "dup", "e", "big", "neg");
            assertThat(streamed).isEqualTo(tree);
        }
    }

    @Test
    void should_read_a_repeated_field_of_a_message_as_the_tree_read_does_and_leave_a_repeated_list_to_it() {
        String body = """
                {"model": "gpt-4.1", "messages": [{"role": "user", "role": "system", "content": "Hi"}]}""";
        String twice = """
                {"model": "gpt-4.1", "messages": [{"role": "user", "content": "Hi"}],
                 "messages": [{"role": "user", "content": "Bye"}]}""";

        assertThat(streamed(WireFormat.OPENAI_CHAT, body)).isEqualTo(treeRead(WireFormat.OPENAI_CHAT, body));
        assertThat(treeRead(WireFormat.OPENAI_CHAT, body).timeline().entries().get(0).toString())
                .contains("role=system");
        assertThat(read(WireFormat.OPENAI_CHAT, twice)).isEmpty();
    }

    @Test
    void should_leave_trailing_tokens_malformed_json_and_other_encodings_to_the_tree_read() {
        String body = "{\"model\": \"gpt-4.1\", \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}";

        assertThat(read(WireFormat.OPENAI_CHAT, body)).isPresent();
        assertThat(read(WireFormat.OPENAI_CHAT, body + " {}")).isEmpty();
        assertThat(read(WireFormat.OPENAI_CHAT, body.substring(0, body.length() - 1))).isEmpty();
        assertThat(WireFormat.OPENAI_CHAT.codec().orElseThrow()
                .readBytes(body.getBytes(StandardCharsets.UTF_16BE), ctx(WireFormat.OPENAI_CHAT))).isEmpty();
    }

    @Test
    void should_write_a_provider_result_that_is_no_string_back_as_json_as_the_tree_read_does() {
        String body = """
                {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [
                   {"role": "user", "content": "Search"},
                   {"role": "assistant", "content": [
                      {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}},
                      {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
                       "content": [{"type": "web_search_result", "url": "https://x.test", "title": "X"}]}]}]}""";

        Dispatch streamed = streamed(WireFormat.ANTHROPIC_MESSAGES, body);

        assertThat(streamed).isEqualTo(treeRead(WireFormat.ANTHROPIC_MESSAGES, body));
        assertThat(((ToolCall) streamed.timeline().entries().get(1)).result().content())
                .isEqualTo("[{\"type\":\"web_search_result\",\"url\":\"https://x.test\",\"title\":\"X\"}]");
    }

    @Test
    void should_read_a_continued_response_that_names_its_previous_response_after_its_input_as_the_tree_read_does() {
        String body = """
                {"model": "o4-mini", "input": [
                   {"type": "function_call_output", "call_id": "call_1", "output": "3 hits"}],
                 "previous_response_id": "resp_1"}""";

        assertThat(streamed(WireFormat.OPENAI_RESPONSES, body)).isEqualTo(treeRead(WireFormat.OPENAI_RESPONSES, body));
        assertThat(streamed(WireFormat.OPENAI_RESPONSES, body).timeline().entries().get(0).toString())
                .contains("content=[function_call_output]");
    }

    @Test
    void should_read_the_positions_of_a_body_when_first_asked_for() {
        String body = """
                {"messages": [{"role": "user", "content": [{"text": "Hi"}]}], "modelId": "m"}""";

        ParsedBody parsed = read(WireFormat.BEDROCK_CONVERSE, body).orElseThrow();

        assertThat(parsed.position("m0.c0")).isEqualTo("messages[0].content[0]");
        assertThat(parsed.dispatch()).isEqualTo(treeRead(WireFormat.BEDROCK_CONVERSE, body));
    }

    private static Dispatch streamed(WireFormat format, String body) {
        Optional<ParsedBody> read = read(format, body);
        assertThat(read).as("the one read of %s", body).isPresent();
        return read.orElseThrow().dispatch();
    }

    private static Optional<ParsedBody> read(WireFormat format, String body) {
        return format.codec().orElseThrow().readBytes(body.getBytes(StandardCharsets.UTF_8), ctx(format));
    }

    private static Dispatch treeRead(WireFormat format, String body) {
        try {
            JsonNode tree = FULL.readTree(body);
            return format.codec().orElseThrow().read(tree, ctx(format)).dispatch();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static WireContext ctx(WireFormat format) {
        return WireContext.of("/" + format.wireName(), 0).withConversationId("c-1");
    }
}
