package io.orderingguard.wire;

import static io.orderingguard.wire.WireChecks.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolResult;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Bedrock Converse codec: round trip over seeded generated bodies, what it makes of the
 * collected bodies (ids, steps, reasoning payloads and tags, results, options, positions), the URL
 * path, detection and bad bodies (the fuzzed bodies are {@link FuzzTest}'s).
 */
class BedrockWireTest {

    private static final WireCodec CODEC = WireFormat.BEDROCK_CONVERSE.codec().orElseThrow();

    static LongStream seeds() {
        return LongStream.range(0, 1_200);
    }

    @ParameterizedTest(name = "bedrock-converse seed {0}")
    @MethodSource("seeds")
    void should_render_an_unchanged_converse_body_back_equal(long seed) {
        RoundTripTest.assertRoundTrip(WireFormat.BEDROCK_CONVERSE, BedrockBodies.converse(seed));
    }

    @Test
    void should_map_a_claude_thinking_tool_loop() {
        ParsedBody parsed = CODEC.read(WireChecks.file("bedrock-converse/claude-thinking-tool-use.json"),
                WireContext.empty().withUrlPath("/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/converse"));
        Dispatch dispatch = parsed.dispatch();
        List<Entry> entries = dispatch.timeline().entries();

        assertThat(dispatch.provider()).isEqualTo("bedrock");
        assertThat(dispatch.model()).isEqualTo("us.anthropic.claude-3-7-sonnet-20250219-v1:0");
        assertThat(dispatch.options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.BEDROCK_CONVERSE)
                .withReasoning(Reasoning.enabled(4000)).withMaxTokens(16000));
        assertThat(dispatch.tools()).extracting(t -> t.name()).containsExactly("top_song");
        assertThat(dispatch.tools().get(0).inputSchema().path("required").get(0).asText()).isEqualTo("sign");
        assertThat(entries).extracting(Entry::id).containsExactly("m0.c0", "m1.c0", "m1.c1",
                "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q");
        assertThat(entries.get(1)).isEqualTo(new Thought("m1.c0", "The user wants the top song of radio station WZPZ. "
                + "I have a tool for that, top_song, which takes a call sign.",
                json("{\"signature\":\"ErcBCkgIAhABGAIiQMuK2qrQ\"}"), "bedrock-converse-reasoning-v1", "m1", "m1"));
        ToolCall call = (ToolCall) entries.get(3);
        assertThat(call.args()).isEqualTo(json("{\"sign\":\"WZPZ\"}"));
        assertThat(call.step()).isEqualTo("m1");
        assertThat(call.result()).isEqualTo(new ToolResult("{\"song\":\"Elemental Hotel\",\"artist\":\"8 Storey Hike\"}",
                false, "m2"));
        assertThat(parsed.positions()).containsAllEntriesOf(Map.of(
                "m0.c0", "messages[0].content[0]",
                "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "messages[1].content[2]"));
        assertThat(parsed.resultPosition("tooluse_kZJMlvQmRJ6eAyJE5GIl7Q")).isEqualTo("messages[2].content[0]");
    }

    @Test
    void should_map_documents_images_an_error_result_and_nova_reasoning() {
        ParsedBody parsed = CODEC.read(WireChecks.file("bedrock-converse/nova-documents-and-error-result.json"),
                WireContext.empty().withUrlPath("https://bedrock-runtime.us-east-1.amazonaws.com/model/"
                        + "amazon.nova-pro-v1:0/converse-stream"));
        List<Entry> entries = parsed.dispatch().timeline().entries();

        assertThat(parsed.dispatch().model()).isEqualTo("amazon.nova-pro-v1:0");
        assertThat(entries).extracting(Entry::id).containsExactly("system.c0", "m0.c0", "m0.c1", "m0.c2", "m1.c0",
                "tooluse_3w8Wq1kTSaO3n0XjP2b8Rg");
        assertThat(entries.get(1)).isEqualTo(new Message("m0.c0", Role.USER, "[document]", null, null, null, "m0"));
        assertThat(((Message) entries.get(2)).content()).isEqualTo("[image]");
        assertThat(((ToolCall) entries.get(5)).result()).isEqualTo(
                new ToolResult("Rate service unavailable", true, "m2"));
        assertThat(parsed.dispatch().options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.BEDROCK_CONVERSE)
                .withReasoning(Reasoning.effort("low")).withToolChoice(ToolChoice.required()).withMaxTokens(2048));
        assertThat(parsed.position("system.c0")).isEqualTo("system[0]");
    }

    @Test
    void should_map_redacted_reasoning_and_leave_cache_points_out_of_the_timeline() {
        ParsedBody parsed = CODEC.read(WireChecks.file("bedrock-converse/prompt-caching-redacted-reasoning.json"),
                WireContext.empty());
        List<Entry> entries = parsed.dispatch().timeline().entries();

        assertThat(entries).extracting(Entry::id).containsExactly("system.c0", "system.c1", "m0.c0", "m0.c1", "m1.c0",
                "m1.c1", "tooluse_Ab12Cd34", "tooluse_Ef56Gh78");
        Thought redacted = (Thought) entries.get(4);
        assertThat(redacted.content()).isEmpty();
        assertThat(redacted.payloadAt("data").textValue()).isEqualTo("EmwKAhgBEgwAVCSmmHCCOg0c6NkaDF8JtXIJnb8xL0fHbSIw");
        assertThat(redacted.replayCompatibility()).isEqualTo("bedrock-converse-reasoning-v1");
        assertThat(((ToolCall) entries.get(6)).result()).isEqualTo(new ToolResult("12 passed", false, "m2"));
        assertThat(parsed.resultPosition("tooluse_Ef56Gh78")).isEqualTo("messages[2].content[1]");
        assertThat(parsed.dispatch().options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.BEDROCK_CONVERSE)
                .withReasoning(Reasoning.enabled(2048)).withToolChoice(ToolChoice.auto()).withMaxTokens(8000));
    }

    @Test
    void should_take_the_model_from_the_logged_model_id_unless_the_path_names_one() {
        Dispatch logged = CODEC.parse(WireChecks.file("bedrock-converse/sdk-logged-request.json"), WireContext.empty());
        Dispatch pathed = CODEC.parse(WireChecks.file("bedrock-converse/sdk-logged-request.json"),
                WireContext.empty().withUrlPath("/model/meta.llama3-3-70b-instruct-v1:0/converse"));

        assertThat(logged.model()).isEqualTo(
                "arn:aws:bedrock:us-east-1:111122223333:inference-profile/us.meta.llama3-3-70b-instruct-v1:0");
        assertThat(pathed.model()).isEqualTo("meta.llama3-3-70b-instruct-v1:0");
        assertThat(((Message) logged.timeline().get(3)).content()).isEqualTo("[guardContent]");
        assertThat(logged.options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.BEDROCK_CONVERSE).withMaxTokens(512));
    }

    @Test
    void should_pair_a_server_tool_result_in_the_same_message_with_its_provider_executed_call() {
        Dispatch dispatch = CODEC.parse(json("""
                {"messages":[{"role":"user","content":[{"text":"Search the news"}]},
                 {"role":"assistant","content":[
                   {"toolUse":{"toolUseId":"srv_1","name":"web_search","input":{"q":"news"},"type":"server_tool_use"}},
                   {"toolResult":{"toolUseId":"srv_1","content":[{"text":"3 hits"}]}},
                   {"text":"Here is the news."}]}]}
                """), WireContext.empty());

        ToolCall server = (ToolCall) dispatch.timeline().get(1);
        assertThat(server.providerExecuted()).isTrue();
        assertThat(server.result()).isEqualTo(new ToolResult("3 hits", false, "m1"));
        assertThat(dispatch.timeline().size()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "/model/anthropic.claude-3-5-haiku-20241022-v1:0/converse|anthropic.claude-3-5-haiku-20241022-v1:0",
        "/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A1%3Aapplication-inference-profile%2Fabc/converse-stream"
                + "|arn:aws:bedrock:us-east-1:1:application-inference-profile/abc",
        "/model/odd%zzid/converse|odd%zzid",
        "/model/x/invoke|"})
    void should_take_the_model_from_a_bedrock_path(String path, String model) {
        assertThat(WireContext.empty().withUrlPath(path).model()).isEqualTo(model);
        assertThat(WireContext.empty().withUrlPath(path).provider()).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"x\"}]}]}",
        "{\"system\":[{\"text\":\"s\"}],\"messages\":[]}",
        "{\"modelId\":\"amazon.nova-lite-v1:0\",\"messages\":[]}",
        "{\"messages\":[{\"role\":\"user\",\"content\":[{\"image\":{\"format\":\"png\",\"source\":{\"bytes\":\"x\"}}}]}]}",
        "{\"messages\":[{\"role\":\"assistant\",\"content\":[{\"reasoningContent\":{\"redactedContent\":\"x\"}}]}]}",
        "{\"guardrailConfig\":{},\"messages\":[]}"})
    void should_detect_converse_from_the_body(String body) {
        assertThat(WireFormat.detect(json(body), null)).isEqualTo(WireFormat.BEDROCK_CONVERSE);
    }

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of("not an object", "true",
                        "req.jsonl:4: $: expected an object, but was a boolean (true)"),
                Arguments.of("Gemini body", "{\"contents\":[]}",
                        "req.jsonl:4: $.messages: required field is missing"),
                Arguments.of("content a string", "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}",
                        "req.jsonl:4: $.messages[0].content: expected an array, but was a string (\"hi\")"),
                Arguments.of("empty block", "{\"messages\":[{\"role\":\"user\",\"content\":[{}]}]}",
                        "req.jsonl:4: $.messages[0].content[0]: expected a content block with one of text, image, "
                                + "document, video, toolUse, toolResult, reasoningContent, cachePoint, but found none "
                                + "of them"),
                Arguments.of("text a number", "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":1}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].text: expected a string, but was a number (1)"),
                Arguments.of("toolUse without id", "{\"messages\":[{\"role\":\"assistant\",\"content\":"
                                + "[{\"toolUse\":{\"name\":\"f\",\"input\":{}}}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].toolUse.toolUseId: required field is missing"),
                Arguments.of("input a string", "{\"messages\":[{\"role\":\"assistant\",\"content\":"
                                + "[{\"toolUse\":{\"toolUseId\":\"t\",\"name\":\"f\",\"input\":\"{}\"}}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].toolUse.input: expected an object, but was a string "
                                + "(\"{}\")"),
                Arguments.of("result content an object", "{\"messages\":[{\"role\":\"user\",\"content\":"
                                + "[{\"toolResult\":{\"toolUseId\":\"t\",\"content\":{\"text\":\"x\"}}}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].toolResult.content: expected an array, but was an "
                                + "object"),
                Arguments.of("reasoning without text", "{\"messages\":[{\"role\":\"assistant\",\"content\":"
                                + "[{\"reasoningContent\":{\"reasoningText\":{\"signature\":\"s\"}}}]}]}",
                        "req.jsonl:4: $.messages[0].content[0].reasoningContent.reasoningText.text: required field is "
                                + "missing"),
                Arguments.of("system a string", "{\"system\":\"be brief\",\"messages\":[]}",
                        "req.jsonl:4: $.system: expected an array, but was a string (\"be brief\")"),
                Arguments.of("maxTokens zero", "{\"inferenceConfig\":{\"maxTokens\":0},\"messages\":[]}",
                        "req.jsonl:4: $.inferenceConfig.maxTokens: expected an integer >= 1, but was 0"),
                Arguments.of("tool spec without name", "{\"toolConfig\":{\"tools\":[{\"toolSpec\":{\"inputSchema\":"
                                + "{\"json\":{}}}}]},\"messages\":[]}",
                        "req.jsonl:4: $.toolConfig.tools[0].toolSpec.name: required field is missing"),
                Arguments.of("budget a string", "{\"additionalModelRequestFields\":{\"reasoning_config\":"
                                + "{\"type\":\"enabled\",\"budget_tokens\":\"2k\"}},\"messages\":[]}",
                        "req.jsonl:4: $.additionalModelRequestFields.reasoning_config.budget_tokens: expected an "
                                + "integer, but was a string (\"2k\")"));
    }

    @ParameterizedTest(name = "bedrock-converse: {0}")
    @MethodSource("bad")
    void should_name_the_path_and_what_was_expected_for_a_bad_converse_body(String name, String body, String message)
            throws Exception {
        WireChecks.assertBad(WireFormat.BEDROCK_CONVERSE, body, message);
    }

}
