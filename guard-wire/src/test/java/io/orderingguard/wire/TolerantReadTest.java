package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.timeline.ToolCall;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bodies a provider accepts (or may accept) that hold a role, a type or a value the surface's vocabulary
 * does not describe: each is read, never refused, and every such part is reported once with its JSON
 * path and what the codec made of it; the streaming read hands such a body to the tree read, so the
 * wire guard reports the same shapes; {@code strict(true)} refuses the body naming the first one.
 */
class TolerantReadTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static Stream<Arguments> bodies() {
        return Stream.of(
                Arguments.argumentSet("Anthropic tool role", WireFormat.ANTHROPIC_MESSAGES,
                        "{\"messages\":[{\"role\":\"tool\",\"content\":\"x\"}]}",
                        List.of("$.messages[0].role: unknown role \"tool\", read as a system message")),
                Arguments.argumentSet("Anthropic system message with tool_addition (deferred tool loading)",
                        WireFormat.ANTHROPIC_MESSAGES,
                        "{\"model\":\"claude-sonnet-4-5\",\"max_tokens\":64,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},"
                                + "{\"role\":\"system\",\"content\":[{\"type\":\"tool_addition\",\"tool_name\":\"search\"}]},"
                                + "{\"role\":\"assistant\",\"content\":\"ok\"}]}",
                        List.of()),
                Arguments.argumentSet("Anthropic thinking type", WireFormat.ANTHROPIC_MESSAGES,
                        "{\"thinking\":{\"type\":\"on\"},\"messages\":[]}",
                        List.of("$.thinking: type \"on\" is not one of enabled, disabled, adaptive; the option is left "
                                + "unknown")),
                Arguments.argumentSet("Anthropic tool_choice a string", WireFormat.ANTHROPIC_MESSAGES,
                        "{\"tool_choice\":\"auto\",\"messages\":[]}",
                        List.of("$.tool_choice: expected an object, but was a string (\"auto\"); the option is left "
                                + "unknown")),
                Arguments.argumentSet("Anthropic tool without name", WireFormat.ANTHROPIC_MESSAGES,
                        "{\"tools\":[{\"type\":\"mcp_toolset\",\"mcp_server_name\":\"m\"}],\"messages\":[]}",
                        List.of("$.tools[0]: a tool without a name (type \"mcp_toolset\"), not declared to the rules")),
                Arguments.argumentSet("Anthropic new call and result blocks", WireFormat.ANTHROPIC_MESSAGES,
                        "{\"messages\":[{\"role\":\"user\",\"content\":\"go\"},{\"role\":\"assistant\",\"content\":"
                                + "[{\"type\":\"quantum_tool_use\",\"id\":\"q1\",\"name\":\"q\",\"input\":{}}]},"
                                + "{\"role\":\"user\",\"content\":[{\"type\":\"quantum_tool_result\",\"tool_use_id\":\"q1\","
                                + "\"content\":\"ok\"},{\"type\":\"hologram\",\"data\":\"x\"}]}]}",
                        List.of("$.messages[1].content[0].type: unknown block type \"quantum_tool_use\", read as a "
                                        + "provider-executed call",
                                "$.messages[2].content[0].type: unknown block type \"quantum_tool_result\", read as the "
                                        + "result of the call its tool_use_id names",
                                "$.messages[2].content[1].type: unknown block type \"hologram\", kept as a placeholder")),
                Arguments.argumentSet("Chat unknown role", WireFormat.OPENAI_CHAT,
                        "{\"messages\":[{\"role\":\"model\",\"content\":\"x\"}]}",
                        List.of("$.messages[0].role: unknown role \"model\", read as a system message")),
                Arguments.argumentSet("Chat call without function", WireFormat.OPENAI_CHAT,
                        "{\"messages\":[{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"c\",\"type\":\"function\"}]},"
                                + "{\"role\":\"tool\",\"tool_call_id\":\"c\",\"content\":\"ok\"}]}",
                        List.of("$.messages[0].tool_calls[0]: a tool call of type \"function\", read as a call of that "
                                + "name waiting for its tool message")),
                Arguments.argumentSet("Chat gateway server tool (OpenRouter)", WireFormat.OPENAI_CHAT,
                        "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"tools\":[{\"type\":\"openrouter:web_search\"}]}",
                        List.of("$.tools[0]: a tool of type \"openrouter:web_search\" without a function object, not "
                                + "declared to the rules")),
                Arguments.argumentSet("Chat tool_choice any (Mistral)", WireFormat.OPENAI_CHAT,
                        "{\"tool_choice\":\"any\",\"messages\":[]}", List.of()),
                Arguments.argumentSet("Chat tool_choice without type", WireFormat.OPENAI_CHAT,
                        "{\"tool_choice\":{\"function\":{\"name\":\"f\"}},\"messages\":[]}", List.of()),
                Arguments.argumentSet("Chat tool_choice of an unknown kind", WireFormat.OPENAI_CHAT,
                        "{\"tool_choice\":\"validated\",\"messages\":[]}",
                        List.of("$.tool_choice: a tool_choice of a string (\"validated\") that is not documented; the "
                                + "choice is left unknown")),
                Arguments.argumentSet("Chat thinking without type (Z.ai)", WireFormat.OPENAI_CHAT,
                        "{\"thinking\":{\"budget\":1024},\"messages\":[]}",
                        List.of("$.thinking: no type; expected one of enabled, disabled; the option is left unknown")),
                Arguments.argumentSet("Chat unknown content part", WireFormat.OPENAI_CHAT,
                        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"video_url\",\"video_url\":{}}]}]}",
                        List.of("$.messages[0].content[0].type: unknown content part type \"video_url\", kept as a "
                                + "placeholder")),
                Arguments.argumentSet("Responses Chat role", WireFormat.OPENAI_RESPONSES,
                        "{\"input\":[{\"role\":\"tool\",\"content\":\"x\"}]}",
                        List.of("$.input[0].role: unknown role \"tool\", read as a system message")),
                Arguments.argumentSet("Responses tool_choice any", WireFormat.OPENAI_RESPONSES,
                        "{\"tool_choice\":\"any\",\"input\":\"hi\"}",
                        List.of("$.tool_choice: a tool_choice of a string (\"any\") that is not documented; the choice "
                                + "is left unknown")),
                Arguments.argumentSet("Responses tool search call answered by a function output",
                        WireFormat.OPENAI_RESPONSES,
                        "{\"input\":[{\"role\":\"user\",\"content\":\"hi\"},{\"type\":\"tool_search_call\",\"call_id\":"
                                + "\"ts_1\",\"arguments\":{}},{\"type\":\"function_call_output\",\"call_id\":\"ts_1\","
                                + "\"output\":\"found\"}]}",
                        List.of()),
                Arguments.argumentSet("Responses tool search call the client executes, left unanswered",
                        WireFormat.OPENAI_RESPONSES,
                        "{\"input\":[{\"role\":\"user\",\"content\":\"hi\"},{\"type\":\"tool_search_call\",\"call_id\":"
                                + "\"ts_1\",\"execution\":\"client\",\"arguments\":{}}]}",
                        List.of()),
                Arguments.argumentSet("Responses newer call and output items", WireFormat.OPENAI_RESPONSES,
                        "{\"input\":[{\"role\":\"user\",\"content\":\"hi\"},{\"type\":\"teleport_call\",\"call_id\":"
                                + "\"t1\",\"target\":\"x\"},{\"type\":\"teleport_call_output\",\"call_id\":\"t1\","
                                + "\"output\":{\"ok\":true}},{\"type\":\"mirage\",\"id\":\"mi_1\"}]}",
                        List.of("$.input[1].type: unknown item type \"teleport_call\", read as a call an output may answer",
                                "$.input[2].type: unknown item type \"teleport_call_output\", read as the output of the "
                                        + "call its call_id names",
                                "$.input[3].type: unknown item type \"mirage\", kept as a placeholder")),
                Arguments.argumentSet("Gemini assistant role", WireFormat.GEMINI,
                        "{\"contents\":[{\"role\":\"assistant\",\"parts\":[{\"text\":\"x\"}]}]}",
                        List.of("$.contents[0].role: unknown role \"assistant\", read as a user content (as a content "
                                + "without a role is)")),
                Arguments.argumentSet("Gemini empty part", WireFormat.GEMINI, "{\"contents\":[{\"parts\":[{}]}]}",
                        List.of("$.contents[0].parts[0]: a part with none of text, inlineData, fileData, functionCall, "
                                + "functionResponse, executableCode, codeExecutionResult, kept as a placeholder")),
                Arguments.argumentSet("Gemini part with metadata only", WireFormat.GEMINI,
                        "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]},{\"role\":\"model\",\"parts\":"
                                + "[{\"videoMetadata\":{\"fps\":1},\"mediaResolution\":\"LOW\"}]}]}",
                        List.of("$.contents[1].parts[0]: a part with none of text, inlineData, fileData, functionCall, "
                                + "functionResponse, executableCode, codeExecutionResult, kept as a placeholder")),
                Arguments.argumentSet("Gemini part with an undocumented field", WireFormat.GEMINI,
                        "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"audioSnippet\":{\"uri\":\"x\"}}]}]}",
                        List.of("$.contents[0].parts[0]: a part holding the undocumented field \"audioSnippet\", kept as "
                                + "a placeholder")),
                Arguments.argumentSet("Gemini thinking budget", WireFormat.GEMINI,
                        "{\"generationConfig\":{\"thinkingConfig\":{\"thinkingBudget\":-2}},\"contents\":[]}",
                        List.of("$.generationConfig.thinkingConfig.thinkingBudget: a thinking budget of -2 (documented: -1 "
                                + "dynamic, 0 off, or a positive budget); reasoning is left unknown")),
                Arguments.argumentSet("Gemini calling mode", WireFormat.GEMINI,
                        "{\"toolConfig\":{\"functionCallingConfig\":{\"mode\":\"auto\"}},\"contents\":[]}",
                        List.of("$.toolConfig.functionCallingConfig.mode: an undocumented function calling mode \"auto\"; "
                                + "the tool choice is left unknown")),
                Arguments.argumentSet("Gemini tools as one object", WireFormat.GEMINI,
                        "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"hi\"}]}],\"tools\":{\"functionDeclarations\":"
                                + "[{\"name\":\"f\"}]}}",
                        List.of("$.tools: a single tool object where a list is documented, read as a list of one")),
                Arguments.argumentSet("Bedrock system role", WireFormat.BEDROCK_CONVERSE,
                        "{\"messages\":[{\"role\":\"system\",\"content\":[]}]}",
                        List.of("$.messages[0].role: unknown role \"system\", read as a system message")),
                Arguments.argumentSet("Bedrock result status", WireFormat.BEDROCK_CONVERSE,
                        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"toolResult\":{\"toolUseId\":\"t\",\"content\":[],"
                                + "\"status\":\"failed\"}}]}]}",
                        List.of("$.messages[0].content[0].toolResult.status: an undocumented result status \"failed\", "
                                + "read as a result that is not an error")),
                Arguments.argumentSet("Bedrock tool choice", WireFormat.BEDROCK_CONVERSE,
                        "{\"toolConfig\":{\"tools\":[],\"toolChoice\":{\"required\":{}}},\"messages\":[]}",
                        List.of("$.toolConfig.toolChoice: a toolChoice with none of auto, any, tool; the choice is left "
                                + "unknown")),
                Arguments.argumentSet("Bedrock thinking type", WireFormat.BEDROCK_CONVERSE,
                        "{\"additionalModelRequestFields\":{\"thinking\":{\"type\":\"on\"}},\"messages\":[]}",
                        List.of("$.additionalModelRequestFields.thinking: type \"on\" is not one of enabled, disabled, "
                                + "adaptive; the option is left unknown")),
                Arguments.argumentSet("Bedrock reasoning_config as an effort string", WireFormat.BEDROCK_CONVERSE,
                        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"hi\"}]}],\"additionalModelRequestFields\":"
                                + "{\"reasoning_config\":\"high\"}}",
                        List.of()),
                Arguments.argumentSet("Bedrock unknown content block", WireFormat.BEDROCK_CONVERSE,
                        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"hi\"},{\"hologram\":{\"x\":1}}]}]}",
                        List.of("$.messages[0].content[1].hologram: unknown content block \"hologram\", kept as a "
                                + "placeholder")));
    }

    @ParameterizedTest
    @MethodSource("bodies")
    void should_read_every_part_it_understands_and_report_each_unknown_shape(WireFormat surface, String body,
            List<String> expected) throws Exception {
        JsonNode json = MAPPER.readTree(body);

        ParsedBody parsed = surface.codec().orElseThrow().read(json, WireContext.of("req.json", 0));

        assertThat(parsed.unknownShapes()).extracting(s -> s.path() + ": " + s.detail())
                .containsExactlyElementsOf(expected);
        assertThat(parsed.unknownShapes()).allSatisfy(s -> assertThat(s.surface()).isEqualTo(surface.wireName()));
        assertThat(parsed.dispatch().options().api()).isEqualTo(surface.surface());
    }

    @Test
    void should_read_a_client_tool_search_as_a_call_waiting_for_its_output_and_a_hosted_one_as_answerable()
            throws Exception {
        String body = "{\"input\":[{\"role\":\"user\",\"content\":\"hi\"},{\"type\":\"tool_search_call\","
                + "\"call_id\":\"ts_1\",\"execution\":\"%s\",\"arguments\":{}}]}";
        WireCodec codec = WireFormat.OPENAI_RESPONSES.codec().orElseThrow();

        ToolCall client = (ToolCall) codec.read(MAPPER.readTree(body.formatted("client")), WireContext.of("r", 0))
                .dispatch().timeline().entries().get(1);
        ToolCall hosted = (ToolCall) codec.read(MAPPER.readTree(body.formatted("server")), WireContext.of("r", 0))
                .dispatch().timeline().entries().get(1);

        assertThat(client.id()).isEqualTo("ts_1");
        assertThat(client.tool()).isEqualTo("tool_search_call");
        assertThat(client.providerExecuted()).isFalse();
        assertThat(hosted.providerExecuted()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("bodies")
    void should_report_the_same_shapes_through_the_wire_guard_and_refuse_them_when_strict(WireFormat surface,
            String body, List<String> expected) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        OrderingGuard guard = OrderingGuard.builder().profile("permissive").build();
        String path = surface.surface().pathSuffixes().get(0).replace(":", "/models/m:");

        WireVerdict verdict = WireGuard.of(guard).inspect(bytes, path, null);
        WireVerdict strict = WireGuard.builder(guard).strict(true).build().inspect(bytes, path, null);

        assertThat(verdict).isInstanceOf(WireVerdict.Passed.class);
        List<String> reported = verdict.guardResult().orElseThrow().advisories().stream()
                .filter(f -> f.ruleId().equals(UnknownShape.RULE_ID)).map(f -> f.detail()).toList();
        assertThat(reported).containsExactlyElementsOf(expected.stream()
                .map(e -> surface.wireName() + " body, " + e + " (carried through unchanged)").toList());
        if (expected.isEmpty()) {
            assertThat(strict).isInstanceOf(WireVerdict.Passed.class);
        } else {
            assertThat(strict).isInstanceOf(WireVerdict.Unguarded.class);
            assertThat(((WireVerdict.Unguarded) strict).reason()).isEqualTo("unreadable body: " + path + ": "
                    + expected.get(0) + " (strict reading: " + expected.size() + " part(s) the " + surface.wireName()
                    + " vocabulary does not describe)");
        }
    }

    static {
        // the shipped catalogue is on the test class path; reading it here keeps the first case's time honest
        Profiles.selector();
    }
}
