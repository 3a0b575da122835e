package io.orderingguard.wire;

import static io.orderingguard.wire.WireChecks.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * The Gemini {@code generateContent} codec: round trip over seeded generated bodies, what it makes of
 * the collected bodies (ids, steps, signatures, tags, pairing, options, positions), the URL path,
 * and bad bodies (the fuzzed bodies are {@link FuzzTest}'s).
 */
class GeminiWireTest {

    private static final WireCodec CODEC = WireFormat.GEMINI.codec().orElseThrow();

    static LongStream seeds() {
        return LongStream.range(0, 1_200);
    }

    @ParameterizedTest(name = "gemini seed {0}")
    @MethodSource("seeds")
    void should_render_an_unchanged_gemini_body_back_equal(long seed) {
        RoundTripTest.assertRoundTrip(WireFormat.GEMINI, GeminiBodies.gemini(seed));
    }

    @Test
    void should_map_a_gemini_3_tool_loop_with_signatures_on_the_first_call_of_each_step() {
        ParsedBody parsed = CODEC.read(WireChecks.file("gemini/gemini-3-function-calling-signatures.json"),
                WireContext.empty().withUrlPath("/v1beta/models/gemini-3-pro-preview:generateContent"));
        Dispatch dispatch = parsed.dispatch();
        List<Entry> entries = dispatch.timeline().entries();

        assertThat(dispatch.provider()).isEqualTo("gemini");
        assertThat(dispatch.model()).isEqualTo("gemini-3-pro-preview");
        assertThat(dispatch.options())
                .isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.GEMINI).withReasoning(Reasoning.effort("high")));
        assertThat(dispatch.tools()).extracting(t -> t.name()).containsExactly("check_flight", "book_taxi");
        assertThat(entries).extracting(Entry::id).containsExactly("system.c0", "m0.c0", "m1.c0", "m3.c0");
        assertThat(entries.get(0)).isEqualTo(new Message("system.c0", Role.SYSTEM,
                "You are a helpful travel assistant. Use the tools when you need live data.", null, null, null,
                "system"));
        ToolCall first = (ToolCall) entries.get(2);
        assertThat(first.tool()).isEqualTo("check_flight");
        assertThat(first.step()).isEqualTo("m1");
        assertThat(first.payloadAt("thoughtSignature").textValue())
                .isEqualTo("Ct8BAePx/17sQmUqKQ8YlZtNIAbz3wAuj1sdvFZkBvCrIdmwrr5G");
        assertThat(first.replayCompatibility()).isEqualTo("gemini-thought-signature-v1");
        assertThat(first.result()).isEqualTo(new ToolResult("{\"status\":\"delayed\",\"departure_time\":\"12 PM\"}",
                false, "m2"));
        assertThat(((ToolCall) entries.get(3)).result()).isEqualTo(
                new ToolResult("{\"booking_status\":\"success\"}", false, "m4"));
        assertThat(parsed.positions()).containsAllEntriesOf(Map.of(
                "system.c0", "systemInstruction.parts[0]",
                "m0.c0", "contents[0].parts[0]",
                "m3.c0", "contents[3].parts[0]"));
        assertThat(parsed.resultPosition("m1.c0")).isEqualTo("contents[2].parts[0]");
    }

    @Test
    void should_pair_responses_without_ids_by_name_and_order_and_read_the_proto_spelling() {
        ParsedBody parsed = CODEC.read(WireChecks.file("gemini/rest-parallel-calls-snake-case.json"),
                WireContext.empty());
        List<Entry> entries = parsed.dispatch().timeline().entries();

        assertThat(entries).extracting(Entry::id).containsExactly("system.c0", "m0.c0", "m1.c0", "m1.c1", "m1.c2");
        assertThat(entries.subList(2, 5)).extracting(e -> ((ToolCall) e).result().content()).containsExactly(
                "Disco ball is spinning!", "Starting music! energetic=True loud=True", "Lights are now set to 50%");
        assertThat(entries.get(2).payloadAt("thoughtSignature").textValue()).isEqualTo("CiQBjz1rX7cM2yPz");
        assertThat(entries.get(3).hasPayload()).isFalse();
        assertThat(parsed.dispatch().options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.GEMINI)
                .withToolChoice(ToolChoice.required()).withMaxTokens(2048));
        assertThat(parsed.position("system.c0")).isEqualTo("system_instruction.parts[0]");
        assertThat(parsed.resultPosition("m1.c2")).isEqualTo("contents[2].parts[2]");
    }

    @Test
    void should_pair_responses_by_id_keep_thoughts_and_read_an_error_response() {
        ParsedBody parsed = CODEC.read(WireChecks.file("gemini/function-ids-sequential-steps.json"),
                WireContext.empty());
        List<Entry> entries = parsed.dispatch().timeline().entries();

        assertThat(entries).extracting(Entry::id).containsExactly("m0.c0", "m1.c0", "fc_7d1f2a", "fc_9b3e0c",
                "fc_1c44aa");
        assertThat(entries.get(1)).isEqualTo(new Thought("m1.c0", "I will look up both cities.",
                json("{\"thoughtSignature\":\"EjQKMgFyyNp8sig1\"}"), "gemini-thought-signature-v1", "m1", "m1"));
        assertThat(((ToolCall) entries.get(2)).result().content()).isEqualTo("Sunny, 18 C");
        assertThat(((ToolCall) entries.get(3)).result().content()).isEqualTo("Rain, 11 C");
        assertThat(((ToolCall) entries.get(4)).result()).isEqualTo(
                new ToolResult("forecast service unavailable", true, "m4"));
        assertThat(entries.get(4).step()).isEqualTo("m3");
        assertThat(parsed.resultPosition("fc_7d1f2a")).isEqualTo("contents[2].parts[1]");
        assertThat(parsed.dispatch().options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.GEMINI)
                .withReasoning(Reasoning.adaptive()).withToolChoice(ToolChoice.auto()));
        assertThat(parsed.dispatch().tools()).extracting(t -> t.inputSchema().path("type").asText())
                .containsExactly("object", "object");
    }

    @Test
    void should_map_media_parts_thought_summaries_and_a_signed_text_answer_on_vertex() {
        ParsedBody parsed = CODEC.read(WireChecks.file("gemini/vertex-multimodal-thinking.json"),
                WireContext.empty().withUrlPath("https://us-central1-aiplatform.googleapis.com/v1/projects/p-1/"
                        + "locations/us-central1/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse"));
        List<Entry> entries = parsed.dispatch().timeline().entries();

        assertThat(parsed.dispatch().provider()).isEqualTo("vertex");
        assertThat(parsed.dispatch().model()).isEqualTo("gemini-2.5-pro");
        assertThat(entries).extracting(e -> e.kind().wireName() + ":" + e.id()).containsExactly(
                "message:m0.c0", "message:m0.c1", "message:m0.c2", "thought:m1.c0", "message:m1.c1", "message:m2.c0");
        assertThat(((Message) entries.get(0)).content()).isEqualTo("[fileData]");
        assertThat(((Message) entries.get(1)).content()).isEqualTo("[inlineData]");
        assertThat(((Thought) entries.get(3)).hasPayload()).isFalse();
        assertThat(entries.get(3).replayCompatibility()).isEqualTo("gemini-thought-signature-v1");
        assertThat(entries.get(4).payloadAt("thoughtSignature").textValue()).isEqualTo("EsEDCr4DAdHtim9x");
        assertThat(parsed.dispatch().options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.GEMINI)
                .withReasoning(Reasoning.enabled(1024)).withMaxTokens(8192));
    }

    @Test
    void should_tag_the_documented_dummy_signature_as_the_sentinel() {
        Dispatch dispatch = CODEC.parse(json("""
                {"contents":[{"parts":[{"text":"hi"}]},{"role":"model","parts":[
                  {"functionCall":{"name":"f"},"thoughtSignature":"skip_thought_signature_validator"}]}]}
                """), WireContext.empty());

        assertThat(dispatch.timeline().get(1).replayCompatibility()).isEqualTo("gemini-thought-signature-sentinel-v1");
        assertThat(((Message) dispatch.timeline().get(0)).role()).isEqualTo(Role.USER);
    }

    @Test
    void should_pair_an_id_less_response_with_the_latest_content_that_has_an_open_call_of_its_name() {
        Dispatch dispatch = CODEC.parse(json("""
                {"contents":[
                  {"role":"user","parts":[{"text":"a"}]},
                  {"role":"model","parts":[{"functionCall":{"name":"f","args":{"n":1}}}]},
                  {"role":"user","parts":[{"text":"never mind"}]},
                  {"role":"model","parts":[{"functionCall":{"name":"f","args":{"n":2}}},{"functionCall":{"name":"f","args":{"n":3}}}]},
                  {"role":"user","parts":[{"functionResponse":{"name":"f","response":{"output":"two"}}},
                    {"functionResponse":{"name":"f","response":{"output":"three"}}},
                    {"functionResponse":{"name":"g","response":{"output":"who?"}}}]}]}
                """), WireContext.empty());
        List<Entry> entries = dispatch.timeline().entries();

        assertThat(((ToolCall) entries.get(1)).isUnanswered()).isTrue();
        assertThat(((ToolCall) entries.get(3)).result().content()).isEqualTo("two");
        assertThat(((ToolCall) entries.get(4)).result().content()).isEqualTo("three");
        ToolCall orphan = (ToolCall) entries.get(5);
        assertThat(orphan.isOrphan()).isTrue();
        assertThat(orphan.id()).isEqualTo("m4.c2");
        assertThat(orphan.tool()).isEqualTo("g");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "/v1beta/models/gemini-2.5-flash:generateContent|gemini-2.5-flash|",
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse"
                + "|gemini-3-pro-preview|",
        "/v1/projects/my-proj/locations/global/publishers/google/models/gemini-3-flash:generateContent"
                + "|gemini-3-flash|vertex",
        "/v1/chat/completions||"})
    void should_take_the_model_and_provider_from_a_gemini_path(String path, String model, String provider) {
        WireContext ctx = WireContext.empty().withUrlPath(path);

        assertThat(ctx.model()).isEqualTo(model);
        assertThat(ctx.provider()).isEqualTo(provider);
        assertThat(WireContext.empty().withModel("pinned").withUrlPath(path).model()).isEqualTo("pinned");
    }

    @Test
    void should_detect_gemini_from_the_path_or_the_contents() {
        assertThat(WireFormat.detect(json("{}"), "/v1/projects/p/locations/l/publishers/google/models/"
                + "gemini-3-pro:streamGenerateContent")).isEqualTo(WireFormat.GEMINI);
        assertThat(WireFormat.detect(WireChecks.file("gemini/rest-parallel-calls-snake-case.json"), null))
                .isEqualTo(WireFormat.GEMINI);
    }

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of("not an object", "[1]",
                        "req.jsonl:4: $: expected an object, but was an array"),
                Arguments.of("Anthropic body", "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}",
                        "req.jsonl:4: $.contents: required field is missing"),
                Arguments.of("contents an object", "{\"contents\":{}}",
                        "req.jsonl:4: $.contents: expected an array, but was an object"),
                Arguments.of("parts a string", "{\"contents\":[{\"role\":\"user\",\"parts\":\"hi\"}]}",
                        "req.jsonl:4: $.contents[0].parts: expected an array, but was a string (\"hi\")"),
                Arguments.of("text a number", "{\"contents\":[{\"parts\":[{\"text\":5}]}]}",
                        "req.jsonl:4: $.contents[0].parts[0].text: expected a string, but was a number (5)"),
                Arguments.of("thought a string", "{\"contents\":[{\"parts\":[{\"text\":\"x\",\"thought\":\"yes\"}]}]}",
                        "req.jsonl:4: $.contents[0].parts[0].thought: expected true or false, but was a string (\"yes\")"),
                Arguments.of("signature a number", "{\"contents\":[{\"role\":\"model\",\"parts\":"
                                + "[{\"functionCall\":{\"name\":\"f\"},\"thoughtSignature\":1}]}]}",
                        "req.jsonl:4: $.contents[0].parts[0].thoughtSignature: expected a string, but was a number (1)"),
                Arguments.of("call without name", "{\"contents\":[{\"role\":\"model\",\"parts\":"
                                + "[{\"functionCall\":{\"args\":{}}}]}]}",
                        "req.jsonl:4: $.contents[0].parts[0].functionCall.name: required field is missing"),
                Arguments.of("args an array", "{\"contents\":[{\"role\":\"model\",\"parts\":"
                                + "[{\"function_call\":{\"name\":\"f\",\"args\":[]}}]}]}",
                        "req.jsonl:4: $.contents[0].parts[0].function_call.args: expected an object, but was an array"),
                Arguments.of("response a string", "{\"contents\":[{\"parts\":"
                                + "[{\"functionResponse\":{\"name\":\"f\",\"response\":\"ok\"}}]}]}",
                        "req.jsonl:4: $.contents[0].parts[0].functionResponse.response: expected an object, but was a "
                                + "string (\"ok\")"),
                Arguments.of("system instruction a string", "{\"systemInstruction\":\"be brief\",\"contents\":[]}",
                        "req.jsonl:4: $.systemInstruction: expected an object, but was a string (\"be brief\")"),
                Arguments.of("max output tokens a string", "{\"generation_config\":{\"max_output_tokens\":\"9\"},"
                                + "\"contents\":[]}",
                        "req.jsonl:4: $.generation_config.max_output_tokens: expected an integer, but was a string "
                                + "(\"9\")"),
                Arguments.of("declaration without name", "{\"tools\":[{\"functionDeclarations\":[{}]}],\"contents\":[]}",
                        "req.jsonl:4: $.tools[0].functionDeclarations[0].name: required field is missing"));
    }

    @ParameterizedTest(name = "gemini: {0}")
    @MethodSource("bad")
    void should_name_the_path_and_what_was_expected_for_a_bad_gemini_body(String name, String body, String message)
            throws Exception {
        WireChecks.assertBad(WireFormat.GEMINI, body, message);
    }


    @Test
    void should_keep_the_callers_body_untouched_and_render_our_own_rendering_byte_identical() {
        ObjectNode body = WireChecks.file("gemini/function-ids-sequential-steps.json");
        ObjectNode before = body.deepCopy();
        Dispatch dispatch = CODEC.parse(body, WireContext.empty());
        List<Entry> entries = new java.util.ArrayList<>(dispatch.timeline().entries());
        entries.remove(1);

        ObjectNode rendered = CODEC.render(dispatch.withTimeline(dispatch.timeline().withEntries(entries)), body);
        ObjectNode again = CODEC.render(CODEC.parse(rendered, WireContext.empty()), rendered);

        assertThat(body).isEqualTo(before);
        assertThat(rendered.path("contents").get(1).path("parts")).hasSize(2);
        assertThat(again.toString()).isEqualTo(rendered.toString());
    }
}
