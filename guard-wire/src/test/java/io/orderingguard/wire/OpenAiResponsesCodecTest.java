package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.GuardInputException;
import io.orderingguard.GuardResult;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The OpenAI Responses codec: what it makes of a body (entries, steps, payloads, options, positions),
 * {@code previous_response_id}, bad bodies, and bodies repaired by the guard in mutate mode.
 */
class OpenAiResponsesCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final WireCodec CODEC = WireFormat.OPENAI_RESPONSES.codec().orElseThrow();
    private static final String NOT_EXECUTED = "Tool call was not executed: the conversation has no result for it.";

    private static final OrderingGuard GUARD = OrderingGuard.builder()
            .profile(OrderingProfile.of("responses",
                    ToolResultPairingRule.builder("pairing").unanswered(true).orphans(true).build()
                            .withSeverity(Severity.BLOCKING),
                    OrderingRule.adjacency("reasoning-not-before-user", Kind.THOUGHT, Kind.MESSAGE)
                            .withSuccessorRoles(Set.of(Role.USER)).withSeverity(Severity.BLOCKING)))
            .mode(Mode.MUTATE)
            .build();

    private static ParsedBody readFile(String name) throws IOException {
        JsonNode body = MAPPER.readTree(Path.of("src", "test", "resources", "bodies", "openai-responses", name).toFile());
        return CODEC.read(body, WireContext.empty());
    }

    private static ObjectNode json(String text) {
        try {
            return (ObjectNode) MAPPER.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void should_map_a_stateless_reasoning_tool_loop() throws IOException {
        ParsedBody parsed = readFile("reasoning-tool-loop-stateless.json");
        Dispatch dispatch = parsed.dispatch();
        List<Entry> entries = dispatch.timeline().entries();

        assertThat(dispatch.provider()).isEqualTo("openai-responses");
        assertThat(dispatch.model()).isEqualTo("o4-mini");
        assertThat(dispatch.context()).isNull();
        assertThat(dispatch.options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.OPENAI_RESPONSES)
                .withReasoning(Reasoning.effort("medium")).withMaxTokens(4000));
        assertThat(dispatch.tools()).extracting(t -> t.name()).containsExactly("get_weather");
        assertThat(entries).extracting(Entry::id).containsExactly(
                "instructions", "m0", "m1", "call_12xJZbVoH8bp3KLdZ9wO2kWy");
        assertThat(entries.get(0)).isEqualTo(new Message("instructions", Role.SYSTEM,
                "You are a weather assistant. Use the tools.", null, null, null, "instructions"));
        assertThat(entries.get(1)).isEqualTo(new Message("m0", Role.USER, "What's the weather like in Paris today?",
                null, null, null, "m0"));
        Thought thought = (Thought) entries.get(2);
        assertThat(thought.content()).startsWith("**Checking the weather**");
        assertThat(thought.replayCompatibility()).isEqualTo("openai-responses-reasoning-v1");
        assertThat(thought.payloadAt("encrypted_content").textValue()).startsWith("gAAAAABooeMq");
        assertThat(thought.step()).isEqualTo("m1");
        ToolCall call = (ToolCall) entries.get(3);
        assertThat(call.tool()).isEqualTo("get_weather");
        assertThat(call.args().toString()).isEqualTo("{\"location\":\"Paris, France\"}");
        assertThat(call.step()).isEqualTo("m1");
        assertThat(call.wireMessage()).isEqualTo("m2");
        assertThat(call.result()).isEqualTo(new ToolResult("{\"temperature\": 18, \"unit\": \"C\"}", false, "m3"));
        assertThat(parsed.positions()).containsAllEntriesOf(Map.of(
                "instructions", "instructions",
                "m0", "input[0].content",
                "m1", "input[1]",
                "call_12xJZbVoH8bp3KLdZ9wO2kWy", "input[2]"));
        assertThat(parsed.resultPosition("call_12xJZbVoH8bp3KLdZ9wO2kWy")).isEqualTo("input[3]");
    }

    @Test
    void should_map_parallel_calls_custom_calls_and_a_second_reasoning_step() throws IOException {
        Dispatch dispatch = readFile("parallel-and-custom-tool-calls.json").dispatch();
        List<Entry> entries = dispatch.timeline().entries();

        assertThat(entries).extracting(Entry::id).containsExactly("m0", "m1", "call_XOnF4B9DvB8EJVB3JvWnGg83",
                "call_7zQf1mUqXw1eJmB6kVd1P0aA", "m6", "call_aGiFQkRWSWAIsMQ19fKqxUgb");
        assertThat(entries).extracting(Entry::step).containsExactly(null, "m1", "m1", "m1", "m6", "m6");
        assertThat(((Thought) entries.get(1)).content()).isEmpty();
        assertThat(((ToolCall) entries.get(3)).result()).isEqualTo(new ToolResult("14", false, "m5"));
        ToolCall custom = (ToolCall) entries.get(5);
        assertThat(custom.tool()).isEqualTo("code_exec");
        assertThat(custom.args()).isEmpty();
        assertThat(custom.payloadAt("input").textValue()).isEqualTo("print(18 - 14)");
        assertThat(custom.result()).isEqualTo(new ToolResult("4", false, "m8"));
        assertThat(dispatch.tools()).extracting(t -> t.name()).containsExactly("get_weather", "code_exec");
        assertThat(dispatch.options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.OPENAI_RESPONSES).withReasoning(Reasoning.effort("low"))
                .withToolChoice(ToolChoice.auto()).withParallelToolCalls(true));
    }

    @Test
    void should_keep_built_in_tool_items_and_content_parts_as_messages() throws IOException {
        List<Entry> entries = readFile("vision-file-and-web-search.json").dispatch().timeline().entries();

        assertThat(entries).extracting(Entry::id).containsExactly("m0.c0", "m1.c0", "m1.c1", "m1.c2", "m2", "m3.c0", "m4");
        assertThat(entries).extracting(e -> ((Message) e).role() + ":" + ((Message) e).content()).containsExactly(
                "system:Cite your sources.",
                "user:What is in this image, and is the attached report consistent with the latest news?",
                "user:[input_image]", "user:[input_file]", "assistant:[web_search_call]",
                "assistant:The image shows a wooden boardwalk through a green wetland; the report matches recent coverage.",
                "user:Summarise that in one sentence.");
        assertThat(entries).extracting(Entry::step).containsExactly(null, null, null, null, "m2", "m2", null);
    }

    @Test
    void should_not_report_the_output_of_a_stored_call_as_an_orphan_when_continuing_a_response() throws IOException {
        ParsedBody parsed = readFile("previous-response-continuation.json");
        Dispatch dispatch = parsed.dispatch();

        assertThat(dispatch.timeline().entries()).containsExactly(
                new Message("m0", Role.USER, "[function_call_output]", null, null, null, "m0"),
                new Message("m1", Role.USER, "And tomorrow?", null, null, null, "m1"));
        assertThat(dispatch.context().toString())
                .isEqualTo("{\"previous_response_id\":\"resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b\"}");
        assertThat(dispatch.options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.OPENAI_RESPONSES).withStream(true));
        assertThat(GUARD.check(dispatch).outcome()).isEqualTo(Outcome.PASSED);
    }

    @Test
    void should_report_the_same_output_as_an_orphan_without_previous_response_id() {
        Dispatch dispatch = CODEC.parse(json("""
                {"model":"gpt-4.1","input":[
                 {"type":"function_call_output","call_id":"call_1","output":"18"},
                 {"role":"user","content":"And tomorrow?"}]}
                """), WireContext.empty());

        assertThat(dispatch.timeline().entries().get(0)).isEqualTo(new ToolCall("call_1", "", null,
                new ToolResult("18", false, "m0"), false, null, null, null, "m0", false));
    }

    @Test
    void should_read_a_string_input_as_one_user_message() {
        ParsedBody parsed = CODEC.read(json("{\"model\":\"gpt-4.1\",\"input\":\"Tell me a joke\"}"), WireContext.empty());

        assertThat(parsed.dispatch().timeline().entries())
                .containsExactly(new Message("m0", Role.USER, "Tell me a joke", null, null, null, "m0"));
        assertThat(parsed.position("m0")).isEqualTo("input");
        assertThat(WireFormat.detect(json("{\"model\":\"gpt-4.1\",\"input\":\"hi\"}"), null))
                .isEqualTo(WireFormat.OPENAI_RESPONSES);
        assertThat(WireFormat.detect(json("{\"model\":\"gpt-4.1\"}"), "/v1/responses"))
                .isEqualTo(WireFormat.OPENAI_RESPONSES);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                Arguments.argumentSet("not an object", "[]", "req.jsonl:4: $: expected an object, but was an array"),
                Arguments.argumentSet("input a number", "{\"input\":3}",
                        "req.jsonl:4: $.input: expected a string or an array of input items, but was a number (3)"),
                Arguments.argumentSet("item a string", "{\"input\":[\"hi\"]}",
                        "req.jsonl:4: $.input[0]: expected an object, but was a string (\"hi\")"),
                Arguments.argumentSet("message without content", "{\"input\":[{\"role\":\"user\"}]}",
                        "req.jsonl:4: $.input[0].content: required field is missing"),
                Arguments.argumentSet("part without type", "{\"input\":[{\"role\":\"user\",\"content\":[{\"text\":\"x\"}]}]}",
                        "req.jsonl:4: $.input[0].content[0].type: required field is missing"),
                Arguments.argumentSet("function_call without call_id", "{\"input\":[{\"type\":\"function_call\","
                                + "\"name\":\"f\",\"arguments\":\"{}\"}]}",
                        "req.jsonl:4: $.input[0].call_id: required field is missing"),
                Arguments.argumentSet("arguments an object", "{\"input\":[{\"type\":\"function_call\",\"call_id\":\"c\","
                                + "\"name\":\"f\",\"arguments\":{}}]}",
                        "req.jsonl:4: $.input[0].arguments: expected a string, but was an object"),
                Arguments.argumentSet("output a number", "{\"input\":[{\"type\":\"function_call_output\","
                                + "\"call_id\":\"c\",\"output\":1}]}",
                        "req.jsonl:4: $.input[0].output: expected a string or an array of content parts, but was a "
                                + "number (1)"),
                Arguments.argumentSet("encrypted_content a number", "{\"input\":[{\"type\":\"reasoning\",\"id\":\"rs_1\","
                                + "\"summary\":[],\"encrypted_content\":7}]}",
                        "req.jsonl:4: $.input[0].encrypted_content: expected a string, but was a number (7)"),
                Arguments.argumentSet("summary an object", "{\"input\":[{\"type\":\"reasoning\",\"id\":\"rs_1\",\"summary\":{}}]}",
                        "req.jsonl:4: $.input[0].summary: expected an array, but was an object"),
                Arguments.argumentSet("instructions an array", "{\"instructions\":[],\"input\":\"hi\"}",
                        "req.jsonl:4: $.instructions: expected a string, but was an array"),
                Arguments.argumentSet("effort blank", "{\"reasoning\":{\"effort\":\"\"},\"input\":\"hi\"}",
                        "req.jsonl:4: $.reasoning.effort: expected a non-blank string, but was \"\""),
                Arguments.argumentSet("max_output_tokens zero", "{\"max_output_tokens\":0,\"input\":\"hi\"}",
                        "req.jsonl:4: $.max_output_tokens: expected an integer >= 1, but was 0"),
                Arguments.argumentSet("function tool without name", "{\"tools\":[{\"type\":\"function\"}],\"input\":\"hi\"}",
                        "req.jsonl:4: $.tools[0].name: required field is missing"),
                Arguments.argumentSet("previous_response_id a number", "{\"previous_response_id\":5,\"input\":\"hi\"}",
                        "req.jsonl:4: $.previous_response_id: expected a string, but was a number (5)"));
    }

    @ParameterizedTest
    @MethodSource("badBodies")
    void should_name_the_path_and_what_was_expected_for_a_bad_body(String body, String message) throws IOException {
        JsonNode json = MAPPER.readTree(body);

        assertThatThrownBy(() -> CODEC.read(json, WireContext.of("req.jsonl", 4)))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(message);
    }

    @Test
    void should_drop_an_orphan_output_and_answer_an_unanswered_call_after_its_response() {
        assertMutated("""
                {"model":"o4-mini","store":false,"include":["reasoning.encrypted_content"],"input":[
                 {"type":"function_call_output","call_id":"call_old","output":"stale"},
                 {"role":"user","content":[{"type":"input_text","text":"Weather in Paris and Rome?"}]},
                 {"type":"reasoning","id":"rs_1","summary":[],"encrypted_content":"gAAAAB1"},
                 {"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"},
                 {"type":"function_call","id":"fc_2","call_id":"call_2","name":"get_weather","arguments":"{\\"city\\":\\"Rome\\"}"},
                 {"type":"function_call_output","call_id":"call_1","output":"18 C"},
                 {"role":"user","content":"Thanks"}],"tools":[{"type":"function","name":"get_weather","strict":false,
                 "parameters":{"type":"object"}}]}
                """, """
                {"model":"o4-mini","store":false,"include":["reasoning.encrypted_content"],"input":[
                 {"role":"user","content":[{"type":"input_text","text":"Weather in Paris and Rome?"}]},
                 {"type":"reasoning","id":"rs_1","summary":[],"encrypted_content":"gAAAAB1"},
                 {"type":"function_call","id":"fc_1","call_id":"call_1","name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"},
                 {"type":"function_call","id":"fc_2","call_id":"call_2","name":"get_weather","arguments":"{\\"city\\":\\"Rome\\"}"},
                 {"type":"function_call_output","call_id":"call_2","output":"%s"},
                 {"type":"function_call_output","call_id":"call_1","output":"18 C"},
                 {"role":"user","content":"Thanks"}],"tools":[{"type":"function","name":"get_weather","strict":false,
                 "parameters":{"type":"object"}}]}
                """.formatted(NOT_EXECUTED));
    }

    @Test
    void should_drop_a_reasoning_item_whose_following_item_was_dropped() {
        assertMutated("""
                {"model":"o4-mini","input":[
                 {"role":"user","content":"Hi"},
                 {"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"greet"}],"encrypted_content":"gA1"},
                 {"role":"user","content":"Are you there?"}]}
                """, """
                {"model":"o4-mini","input":[
                 {"role":"user","content":"Hi"},
                 {"role":"user","content":"Are you there?"}]}
                """);
    }

    @Test
    void should_answer_an_unanswered_custom_call_with_a_custom_output_at_the_end() {
        assertMutated("""
                {"model":"gpt-5","input":[{"role":"user","content":"Run it"},
                 {"type":"custom_tool_call","call_id":"call_9","name":"code_exec","input":"print(1)"}],"tools":[]}
                """, """
                {"model":"gpt-5","input":[{"role":"user","content":"Run it"},
                 {"type":"custom_tool_call","call_id":"call_9","name":"code_exec","input":"print(1)"},
                 {"type":"custom_tool_call_output","call_id":"call_9","output":"%s"}],"tools":[]}
                """.formatted(NOT_EXECUTED));
    }

    private static void assertMutated(String body, String expected) {
        ObjectNode original = json(body);
        Dispatch dispatch = CODEC.parse(original, WireContext.empty());

        GuardResult result = GUARD.check(dispatch);
        ObjectNode rendered = CODEC.render(result.dispatch(), original);

        assertThat(result.repairs()).isNotEmpty();
        assertThat(rendered).isEqualTo(json(expected));
        Dispatch again = CODEC.parse(rendered, WireContext.empty());
        assertThat(GUARD.check(again).outcome()).isEqualTo(Outcome.PASSED);
        assertThat(CODEC.render(again, rendered).toString()).isEqualTo(rendered.toString());
        assertThat(original).isEqualTo(json(body));
    }
}
