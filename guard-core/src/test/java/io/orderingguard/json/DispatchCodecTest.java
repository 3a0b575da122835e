package io.orderingguard.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolResult;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DispatchCodecTest {

    /** The example document of the dispatch format (docs/dispatch-format.md), without options and wire detail. */
    static final String EXAMPLE = """
            {
              "conversationId": "c-1",
              "provider": "anthropic",
              "model": "claude-sonnet-4-5",
              "tools": [{"name": "search", "inputSchema": {"type": "object"}}],
              "entries": [
                {"kind": "message",  "id": "m1", "role": "user", "content": "Find X"},
                {"kind": "thought",  "id": "t1", "content": "", "payload": {"signature": "EqQB"},
                 "replayCompatibility": "anthropic-messages-thinking-v1"},
                {"kind": "toolCall", "id": "call_1", "tool": "search", "args": {"q": "x"},
                 "result": {"content": "3 hits", "isError": false}},
                {"kind": "toolCall", "id": "call_2", "tool": "search", "args": {}},
                {"kind": "toolCall", "id": "call_9", "tool": "search", "requested": false,
                 "result": {"content": "late"}},
                {"kind": "message",  "id": "m2", "role": "assistant", "content": "Done"}
              ]
            }
            """;

    static final String EXAMPLE_COMPACT = "{\"conversationId\":\"c-1\",\"provider\":\"anthropic\","
            + "\"model\":\"claude-sonnet-4-5\",\"tools\":[{\"name\":\"search\",\"inputSchema\":{\"type\":\"object\"}}],"
            + "\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"user\",\"content\":\"Find X\"},"
            + "{\"kind\":\"thought\",\"id\":\"t1\",\"content\":\"\",\"payload\":{\"signature\":\"EqQB\"},"
            + "\"replayCompatibility\":\"anthropic-messages-thinking-v1\"},"
            + "{\"kind\":\"toolCall\",\"id\":\"call_1\",\"tool\":\"search\",\"args\":{\"q\":\"x\"},"
            + "\"result\":{\"content\":\"3 hits\"}},"
            + "{\"kind\":\"toolCall\",\"id\":\"call_2\",\"tool\":\"search\",\"args\":{}},"
            + "{\"kind\":\"toolCall\",\"id\":\"call_9\",\"tool\":\"search\",\"result\":{\"content\":\"late\"},"
            + "\"requested\":false},"
            + "{\"kind\":\"message\",\"id\":\"m2\",\"role\":\"assistant\",\"content\":\"Done\"}]}";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final DispatchCodec codec = DispatchCodec.defaults();

    static Dispatch designExample() {
        Timeline timeline = Timeline.of(List.of(
                        Entry.user("m1", "Find X"),
                        new Thought("t1", "", NODES.objectNode().put("signature", "EqQB"),
                                "anthropic-messages-thinking-v1", null, null),
                        Entry.toolCall("call_1", "search", NODES.objectNode().put("q", "x")).withResult("3 hits"),
                        Entry.toolCall("call_2", "search", NODES.objectNode()),
                        Entry.orphanResult("call_9", "search", "late"),
                        Entry.assistant("m2", "Done")),
                List.of(new DeclaredTool("search", NODES.objectNode().put("type", "object"))));
        return Dispatch.of("c-1", "anthropic", "claude-sonnet-4-5", timeline);
    }

    @Test
    void readsTheDesignExample() {
        Dispatch dispatch = codec.read(EXAMPLE, "example.json");

        assertThat(dispatch).isEqualTo(designExample());
        assertThat(dispatch.surface()).isEqualTo(Surface.DISPATCH);
        assertThat(dispatch.context()).isNull();
        ToolCall orphan = (ToolCall) dispatch.timeline().get(4);
        assertThat(orphan.isOrphan()).isTrue();
        assertThat(orphan.args()).isEqualTo(NODES.objectNode());
        assertThat(((ToolCall) dispatch.timeline().get(3)).isUnanswered()).isTrue();
    }

    @Test
    void writesTheDesignExampleCompactlyInDocumentOrder() {
        Dispatch dispatch = codec.read(EXAMPLE, "example.json");

        assertThat(codec.write(dispatch)).isEqualTo(EXAMPLE_COMPACT);
        assertThat(codec.read(codec.write(dispatch), null)).isEqualTo(dispatch);
        assertThat(codec.read(codec.writePretty(dispatch), null)).isEqualTo(dispatch);
    }

    @Test
    void writesPrettyWithTwoSpacesAndNoFinalLineBreak() {
        Timeline timeline = Timeline.of(
                Entry.user("m1", "hi"),
                new ToolCall("c1", "search", NODES.objectNode(), ToolResult.error("boom"), true, null, null, "s1", null, false));
        Dispatch dispatch = Dispatch.of(timeline).withSurface(Surface.TURN).withContext(NODES.objectNode());

        assertThat(codec.writePretty(dispatch)).isEqualTo("""
                {
                  "surface": "turn",
                  "context": {},
                  "entries": [
                    {
                      "kind": "message",
                      "id": "m1",
                      "role": "user",
                      "content": "hi"
                    },
                    {
                      "kind": "toolCall",
                      "id": "c1",
                      "tool": "search",
                      "args": {},
                      "result": {
                        "content": "boom",
                        "isError": true
                      },
                      "step": "s1"
                    }
                  ]
                }""");
    }

    @Test
    void writesEveryOptionalFieldInDocumentOrderAndOmitsDefaults() {
        ObjectNode payload = NODES.objectNode().put("thoughtSignature", "sig");
        Timeline timeline = Timeline.of(List.of(
                        new Message("m1", Role.SYSTEM, "", NODES.objectNode().put("channel", "final"),
                                "harmony-channel-v1", "s0", null),
                        new ToolCall("c1", "search", null, null, true, payload, "gemini-thought-signature-v1", "s1", null, false),
                        new ToolCall("c2", "", NODES.objectNode().put("q", 1), ToolResult.of(""), false, null, null, null, null, false)),
                List.of(DeclaredTool.named("search")));
        Dispatch dispatch = new Dispatch("c", "google", "gemini-3-pro", Surface.DISPATCH, timeline,
                NODES.objectNode().put("tier", "gold"), null);

        assertThat(codec.write(dispatch)).isEqualTo("{\"conversationId\":\"c\",\"provider\":\"google\","
                + "\"model\":\"gemini-3-pro\",\"tools\":[{\"name\":\"search\"}],\"context\":{\"tier\":\"gold\"},"
                + "\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"system\",\"content\":\"\","
                + "\"payload\":{\"channel\":\"final\"},\"replayCompatibility\":\"harmony-channel-v1\",\"step\":\"s0\"},"
                + "{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"search\",\"args\":{},"
                + "\"payload\":{\"thoughtSignature\":\"sig\"},\"replayCompatibility\":\"gemini-thought-signature-v1\","
                + "\"step\":\"s1\"},"
                + "{\"kind\":\"toolCall\",\"id\":\"c2\",\"args\":{\"q\":1},\"result\":{\"content\":\"\"},"
                + "\"requested\":false}]}");
        assertThat(codec.read(codec.write(dispatch), null)).isEqualTo(dispatch);
    }

    /** A Bedrock Converse user message holding a tool result and user text, plus an Anthropic server tool. */
    static final String WIRE_AND_OPTIONS = "{\"provider\":\"anthropic\",\"model\":\"claude-sonnet-4-5\","
            + "\"options\":{\"reasoning\":{\"mode\":\"enabled\",\"budgetTokens\":2048,\"effort\":\"high\"},"
            + "\"toolChoice\":{\"tool\":\"search\"},\"parallelToolCalls\":false,\"maxTokens\":8192,\"stream\":true},"
            + "\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"user\",\"content\":\"Find X\","
            + "\"wireMessage\":\"w1\"},"
            + "{\"kind\":\"thought\",\"id\":\"t1\",\"content\":\"\",\"step\":\"s1\",\"wireMessage\":\"w2\"},"
            + "{\"kind\":\"toolCall\",\"id\":\"srvtoolu_1\",\"tool\":\"web_search\",\"args\":{},"
            + "\"providerExecuted\":true,\"wireMessage\":\"w2\"},"
            + "{\"kind\":\"toolCall\",\"id\":\"toolu_1\",\"tool\":\"search\",\"args\":{},"
            + "\"result\":{\"content\":\"3 hits\",\"isError\":true,\"wireMessage\":\"w3\"},\"wireMessage\":\"w2\"},"
            + "{\"kind\":\"message\",\"id\":\"m2\",\"role\":\"user\",\"content\":\"and Y\",\"wireMessage\":\"w3\"}]}";

    @Test
    void readsAndWritesWireMessagesProviderExecutedCallsAndOptionsExactly() {
        Dispatch dispatch = codec.read(WIRE_AND_OPTIONS, "wire.json");

        assertThat(dispatch.options()).isEqualTo(RequestOptions.unknown()
                .withReasoning(Reasoning.enabled(2048).withEffort("high"))
                .withToolChoice(ToolChoice.tool("search"))
                .withParallelToolCalls(false)
                .withMaxTokens(8192)
                .withStream(true));
        assertThat(dispatch.timeline().entries()).containsExactly(
                Entry.user("m1", "Find X").withWireMessage("w1"),
                Entry.thought("t1", "").withStep("s1").withWireMessage("w2"),
                Entry.providerToolCall("srvtoolu_1", "web_search", null).withWireMessage("w2"),
                Entry.toolCall("toolu_1", "search", null)
                        .withResult(ToolResult.error("3 hits").withWireMessage("w3"))
                        .withWireMessage("w2"),
                Entry.user("m2", "and Y").withWireMessage("w3"));
        ToolCall server = (ToolCall) dispatch.timeline().get(2);
        assertThat(server.providerExecuted()).isTrue();
        assertThat(server.isUnanswered()).isFalse();
        assertThat(codec.write(dispatch)).isEqualTo(WIRE_AND_OPTIONS);
    }

    @Test
    void writesOnlyTheOptionsThatAreKnown() {
        Dispatch bare = codec.read("{\"options\":{},\"entries\":[]}", "empty-options.json");
        Dispatch some = codec.read("{\"options\":{\"toolChoice\":\"required\",\"reasoning\":{\"mode\":\"adaptive\"}},"
                + "\"entries\":[]}", "some.json");

        assertThat(bare.options()).isSameAs(RequestOptions.unknown());
        assertThat(codec.write(bare)).isEqualTo("{\"entries\":[]}");
        assertThat(some.options()).isEqualTo(RequestOptions.unknown()
                .withReasoning(Reasoning.adaptive()).withToolChoice(ToolChoice.required()));
        assertThat(codec.write(some)).isEqualTo(
                "{\"options\":{\"reasoning\":{\"mode\":\"adaptive\"},\"toolChoice\":\"required\"},\"entries\":[]}");
        assertThat(codec.optionsToTree(RequestOptions.unknown().withReasoning(Reasoning.disabled())
                        .withToolChoice(ToolChoice.none())).toString())
                .isEqualTo("{\"reasoning\":{\"mode\":\"disabled\"},\"toolChoice\":\"none\"}");
        assertThat(codec.optionsFromTree(codec.optionsToTree(some.options()), "tree")).isEqualTo(some.options());
    }

    @Test
    void readsAJsonlFileOnPastBadLines(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("batch.jsonl");
        Files.writeString(file, "{\"entries\":[]}\n\n{\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"bot\"}]}\n"
                + "{oops\n{\"model\":\"m\",\"entries\":[]}\n");
        List<String> seen = new ArrayList<>();

        codec.forEachJsonl(file, (line, d) -> seen.add(line + " " + d.model()), e -> seen.add(e.getMessage()));

        assertThat(seen).containsExactly("1 null",
                file + ":3: $.entries[0].role: expected one of user, assistant, system, but was \"bot\"",
                file + ":4: malformed JSON: Unexpected character ('o' (code 111)): was expecting double-quote to start"
                        + " field name",
                "5 m");
    }

    @Test
    void appliesDocumentDefaults() {
        Dispatch dispatch = codec.read("""
                {"entries": [
                  {"kind": "message", "id": "m1", "role": "assistant"},
                  {"kind": "thought", "id": "t1"},
                  {"kind": "toolCall", "id": "c1", "tool": "search"},
                  {"kind": "toolCall", "id": "c2", "requested": false, "result": {"content": "x"}}
                ], "tools": []}""", "defaults.json");

        assertThat(dispatch).isEqualTo(Dispatch.of(Timeline.of(
                Entry.assistant("m1", ""),
                Entry.thought("t1", ""),
                Entry.toolCall("c1", "search", null),
                Entry.orphanResult("c2", "", "x"))));
    }

    @Test
    void writesAJsonlLinePerDispatchAndReadsItBack() {
        Dispatch first = designExample();
        Dispatch second = Dispatch.of(Timeline.of(Entry.user("m1", "line\nbreak \u2028 separator")));

        String jsonl = codec.writeJsonl(List.of(first, second));

        assertThat(jsonl).isEqualTo(EXAMPLE_COMPACT + "\n" + codec.write(second) + "\n");
        assertThat(jsonl.lines()).hasSize(2);
        assertThat(codec.readJsonl(jsonl, "two.jsonl")).containsExactly(first, second);
        assertThat(codec.writeJsonl(List.of())).isEmpty();
    }

    @Test
    void readsJsonlWithBlankLinesCrlfAndAByteOrderMark() {
        String one = "{\"conversationId\":\"a\",\"entries\":[]}";
        String two = "{\"conversationId\":\"b\",\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\"}]}";
        String three = "{\"conversationId\":\"c\",\"entries\":[]}";
        String text = "\uFEFF" + one + "\r\n\r\n   \t\n" + two + "\n" + three + "\n\n";

        List<Dispatch> dispatches = codec.readJsonl(text, "batch.jsonl");

        assertThat(dispatches).extracting(Dispatch::conversationId).containsExactly("a", "b", "c");
        assertThat(dispatches.get(1).timeline()).isEqualTo(Timeline.of(Entry.thought("t1", "")));
        assertThat(codec.readJsonl("", "empty.jsonl")).isEmpty();
        assertThat(codec.readJsonl("\n \n", "blank.jsonl")).isEmpty();
    }

    @Test
    void streamsJsonlAcrossChunkBoundariesAndDeliversLinesBeforeAnError() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 4; i++) {
            text.append("{\"conversationId\":\"c").append(i).append("\",\"entries\":[]}\n");
        }
        text.append("{\"conversationId\":\"c5\",\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"bot\"}]}\n");
        List<String> seen = new ArrayList<>();

        assertThatThrownBy(() -> codec.forEachJsonl(oneCharAtATime(text.toString()), "conv.jsonl",
                        d -> seen.add(d.conversationId())))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("conv.jsonl:5: $.entries[0].role: expected one of user, assistant, system, but was \"bot\"");
        assertThat(seen).containsExactly("c1", "c2", "c3", "c4");
    }

    @Test
    void letsWhatTheSinkThrowsPassUnchanged() {
        IllegalStateException stop = new IllegalStateException("stop");

        assertThatThrownBy(() -> codec.forEachJsonl(new StringReader("{\"entries\":[]}\n"), "s.jsonl", d -> {
            throw stop;
        })).isSameAs(stop);
    }

    @Test
    void readsFilesOfEveryFormat(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("one.json"), EXAMPLE);
        Path jsonl = Files.writeString(dir.resolve("many.JSONL"),
                EXAMPLE_COMPACT + "\n\n" + EXAMPLE_COMPACT.replace("c-1", "c-2") + "\n");
        Path yaml = Files.writeString(dir.resolve("one.yaml"), """
                conversationId: c-1
                entries:
                  - {kind: message, id: m1, role: user, content: "Find X"}
                """);

        assertThat(codec.read(json)).isEqualTo(designExample());
        assertThat(codec.readAny(json)).containsExactly(designExample());
        assertThat(codec.readJsonl(jsonl)).containsExactly(designExample(), designExample().withConversationId("c-2"));
        assertThat(codec.readAny(jsonl)).hasSize(2);
        assertThat(codec.readAny(Files.writeString(dir.resolve("many.ndjson"), EXAMPLE_COMPACT)))
                .containsExactly(designExample());
        assertThat(codec.read(yaml)).isEqualTo(Dispatch.of("c-1", null, null, Timeline.of(Entry.user("m1", "Find X"))));
    }

    @Test
    void streamsAJsonlFileWithMultiByteCharactersSplitAcrossBuffers(@TempDir Path dir) throws Exception {
        StringBuilder text = new StringBuilder();
        List<Dispatch> expected = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            Dispatch d = Dispatch.of(Timeline.of(Entry.user("m" + i, "日本語 🚀 Grüße ".repeat(1 + i % 7))));
            expected.add(d);
            text.append(codec.write(d)).append(i % 3 == 0 ? "\r\n" : "\n");
        }
        Path file = Files.write(dir.resolve("big.jsonl"), text.toString().getBytes(StandardCharsets.UTF_8));

        assertThat(codec.readJsonl(file)).isEqualTo(expected);
    }

    @Test
    void toTreeAndFromTreeAreInverse() {
        Dispatch dispatch = designExample();
        ObjectNode tree = codec.toTree(dispatch);

        assertThat(codec.fromTree(tree, "tree", 0)).isEqualTo(dispatch);
        assertThat(tree.toString()).isEqualTo(EXAMPLE_COMPACT);
    }

    @Test
    void neverAliasesTheCallersObjects() throws Exception {
        ObjectNode payload = NODES.objectNode().put("signature", "original");
        ObjectNode args = NODES.objectNode().put("q", "original");
        ObjectNode schema = NODES.objectNode().put("type", "object");
        ObjectNode context = NODES.objectNode().put("tier", "gold");
        Dispatch dispatch = new Dispatch("c", null, null, Surface.DISPATCH, Timeline.of(
                        List.of(new Thought("t1", "", payload, null, null, null), Entry.toolCall("c1", "search", args)),
                        List.of(new DeclaredTool("search", schema))),
                context, null);
        String before = codec.write(dispatch);

        // changing what the codec returned changes neither the dispatch nor the caller's objects
        ObjectNode tree = codec.toTree(dispatch);
        ((ObjectNode) tree.at("/entries/0/payload")).put("signature", "changed");
        ((ObjectNode) tree.at("/entries/1/args")).put("q", "changed");
        ((ObjectNode) tree.at("/tools/0/inputSchema")).put("type", "changed");
        ((ObjectNode) tree.at("/context")).put("tier", "changed");
        assertThat(codec.write(dispatch)).isEqualTo(before);
        assertThat(payload.get("signature").textValue()).isEqualTo("original");
        assertThat(args.get("q").textValue()).isEqualTo("original");
        assertThat(schema.get("type").textValue()).isEqualTo("object");
        assertThat(context.get("tier").textValue()).isEqualTo("gold");

        // changing the caller's objects afterwards changes neither the dispatch nor a tree written earlier
        ObjectNode earlier = codec.toTree(dispatch);
        payload.put("signature", "later");
        args.put("q", "later");
        schema.put("type", "later");
        context.put("tier", "later");
        assertThat(codec.write(dispatch)).isEqualTo(before);
        assertThat(earlier.toString()).isEqualTo(before);

        // a tree handed to fromTree is copied, not kept
        JsonNode input = new ObjectMapper().readTree(before);
        Dispatch read = codec.fromTree(input, "tree", 0);
        ((ObjectNode) input.at("/entries/0/payload")).put("signature", "mutated");
        ((ObjectNode) input.at("/entries/1/args")).put("q", "mutated");
        ((ObjectNode) input.at("/context")).put("tier", "mutated");
        ((ObjectNode) input.at("/tools/0/inputSchema")).put("type", "mutated");
        assertThat(read).isEqualTo(dispatch);
        assertThat(codec.write(read)).isEqualTo(before);
    }

    @Test
    void sharesOneCodecPerLimits() {
        InputLimits limits = InputLimits.defaults().withMaxEntries(3);

        assertThat(DispatchCodec.defaults()).isSameAs(DispatchCodec.defaults());
        assertThat(DispatchCodec.defaults().limits()).isEqualTo(InputLimits.defaults());
        assertThat(DispatchCodec.withLimits(limits).limits()).isEqualTo(limits);
    }

    /** A reader that returns one character per call, to cross every buffer boundary. */
    private static Reader oneCharAtATime(String text) {
        return new Reader() {
            private int position;

            @Override
            public int read(char[] buffer, int offset, int length) {
                if (position >= text.length()) {
                    return -1;
                }
                buffer[offset] = text.charAt(position++);
                return 1;
            }

            @Override
            public void close() {
                // nothing to release
            }
        };
    }
}
