package io.orderingguard.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What each codec makes of a body: entries, ids, steps, wire messages, payloads, tags, options and positions. */
class MappingTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void should_map_an_anthropic_thinking_tool_loop() throws IOException {
        ParsedBody parsed = read(WireFormat.ANTHROPIC_MESSAGES, "anthropic-messages/thinking-tool-loop.json");
        Dispatch dispatch = parsed.dispatch();
        List<Entry> entries = dispatch.timeline().entries();

        assertThat(dispatch.provider()).isEqualTo("anthropic");
        assertThat(dispatch.model()).isEqualTo("claude-sonnet-4-5");
        assertThat(dispatch.options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.ANTHROPIC_MESSAGES)
                .withReasoning(Reasoning.enabled(10000)).withMaxTokens(16000));
        assertThat(dispatch.tools()).extracting(t -> t.name()).containsExactly("get_weather");
        assertThat(entries).extracting(Entry::id).containsExactly(
                "system.c0", "system.c1", "m0", "m1.c0", "m1.c1", "toolu_01A09q90qw90lq917835lq9");
        assertThat(entries.get(2)).isEqualTo(new Message("m0", Role.USER, "What's the weather in Paris?", null, null,
                null, "m0"));
        Thought thought = (Thought) entries.get(3);
        assertThat(thought.replayCompatibility()).isEqualTo("anthropic-messages-thinking-v1");
        assertThat(thought.payloadAt("signature").textValue()).isEqualTo("EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds");
        assertThat(thought.step()).isEqualTo("m1");
        ToolCall call = (ToolCall) entries.get(5);
        assertThat(call.tool()).isEqualTo("get_weather");
        assertThat(call.step()).isEqualTo("m1");
        assertThat(call.wireMessage()).isEqualTo("m1");
        assertThat(call.result()).isEqualTo(new ToolResult("15 degrees, partly cloudy", false, "m2"));
        assertThat(parsed.positions()).containsAllEntriesOf(Map.of(
                "system.c1", "system[1]",
                "m0", "messages[0].content",
                "m1.c0", "messages[1].content[0]",
                "toolu_01A09q90qw90lq917835lq9", "messages[1].content[2]"));
        assertThat(parsed.resultPosition("toolu_01A09q90qw90lq917835lq9")).isEqualTo("messages[2].content[0]");
    }

    @Test
    void should_map_redacted_thinking_images_and_server_tools() throws IOException {
        List<Entry> redacted = read(WireFormat.ANTHROPIC_MESSAGES, "anthropic-messages/redacted-thinking-and-images.json")
                .dispatch().timeline().entries();
        ParsedBody search = read(WireFormat.ANTHROPIC_MESSAGES, "anthropic-messages/server-tools-web-search.json");

        assertThat(redacted.get(0)).isEqualTo(new Message("m0.c0", Role.USER, "[image]", null, null, null, "m0"));
        assertThat(redacted.get(1)).isEqualTo(new Message("m0.c1", Role.USER, "[document]", null, null, null, "m0"));
        Thought hidden = (Thought) redacted.get(3);
        assertThat(hidden.content()).isEmpty();
        assertThat(hidden.payloadAt("data").textValue()).startsWith("EmwKAhgB");
        assertThat(hidden.hasPayloadPath("signature")).isFalse();
        ToolCall server = (ToolCall) search.dispatch().timeline().get(2);
        assertThat(server.providerExecuted()).isTrue();
        assertThat(server.isUnanswered()).isFalse();
        assertThat(server.result().wireMessage()).isEqualTo("m1");
        assertThat(search.dispatch().options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.ANTHROPIC_MESSAGES)
                .withToolChoice(ToolChoice.auto()).withParallelToolCalls(false).withMaxTokens(1024));
        assertThat(search.resultPosition(server.id())).isEqualTo("messages[1].content[2]");
    }

    @Test
    void should_map_a_deepseek_thinking_tool_loop_on_the_openai_chat_wire() throws IOException {
        ParsedBody parsed = read(WireFormat.OPENAI_CHAT, "openai-chat/deepseek-thinking-tool-loop.json");
        List<Entry> entries = parsed.dispatch().timeline().entries();

        assertThat(entries).extracting(Entry::id).containsExactly("m0", "m1.r", "call_00_date", "m3.r",
                "call_01_weather");
        assertThat(entries.get(1)).isEqualTo(new Thought("m1.r", "I need the date first, then the weather.", null,
                "deepseek-reasoning-content-v1", "m1", "m1"));
        assertThat(((ToolCall) entries.get(4)).args().toString())
                .isEqualTo("{\"location\":\"Hangzhou\",\"date\":\"2026-12-02\"}");
        assertThat(((ToolCall) entries.get(4)).result()).isEqualTo(new ToolResult("Cloudy, 7~13 C", false, "m4"));
        assertThat(parsed.dispatch().options().reasoning()).isEqualTo(Reasoning.effort("high"));
        assertThat(parsed.position("m3.r")).isEqualTo("messages[3].reasoning_content");
        assertThat(parsed.position("call_01_weather")).isEqualTo("messages[3].tool_calls[0]");
        assertThat(parsed.resultPosition("call_01_weather")).isEqualTo("messages[4]");
    }

    @Test
    void should_map_openai_chat_roles_parts_and_options() throws IOException {
        ParsedBody parsed = read(WireFormat.OPENAI_CHAT, "openai-chat/vision-and-parallel-calls.json");
        List<Entry> entries = parsed.dispatch().timeline().entries();

        assertThat(entries).extracting(Entry::id).containsExactly("m0", "m1.c0", "m1.c1", "m2", "call_a1", "call_b2");
        assertThat(((Message) entries.get(0)).role()).isEqualTo(Role.SYSTEM);
        assertThat(((Message) entries.get(2)).content()).isEqualTo("[image_url]");
        assertThat(((ToolCall) entries.get(5)).result()).isEqualTo(new ToolResult("Rain tomorrow", false, "m3"));
        assertThat(parsed.dispatch().options()).isEqualTo(RequestOptions.unknown().withApi(ProviderSurface.OPENAI_CHAT)
                .withToolChoice(ToolChoice.tool("get_weather")).withStream(true));
        assertThat(parsed.dispatch().provider()).isEqualTo("openai");
        assertThat(WireFormat.OPENAI_CHAT.codec().orElseThrow()
                .read(MAPPER.readTree("{\"messages\":[]}"), WireContext.empty().withProvider("deepseek")
                        .withModel("deepseek-chat")).dispatch())
                .extracting(Dispatch::provider, Dispatch::model).containsExactly("deepseek", "deepseek-chat");
    }

    private static ParsedBody read(WireFormat format, String file) throws IOException {
        ObjectNode body = (ObjectNode) MAPPER.readTree(Path.of("src", "test", "resources", "bodies", file).toFile());
        return format.codec().orElseThrow().read(body, WireContext.empty());
    }
}
