package io.orderingguard.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every kind of bad input, each with the exact message a user sees. */
class DispatchCodecErrorTest {

    private static final String USER = "{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"user\",\"content\":\"hi\"}";
    private final DispatchCodec codec = DispatchCodec.defaults();

    static Stream<Arguments> malformedDocuments() {
        return Stream.of(
                arguments("unknown top-level field", "{\"entries\":[],\"modle\":\"x\"}",
                        "$.modle: unknown field; expected one of context, conversationId, entries, model, options,"
                                + " provider, surface, tools"),
                arguments("unknown field with an odd name", "{\"entries\":[],\"a b\":1}",
                        "$['a b']: unknown field; expected one of context, conversationId, entries, model, options,"
                                + " provider, surface, tools"),
                arguments("unknown entry field", "{\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"user\","
                                + "\"text\":\"hi\"}]}",
                        "$.entries[0].text: unknown field for kind message; expected one of content, id, kind, payload,"
                                + " replayCompatibility, role, step, wireMessage"),
                arguments("role on a thought", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\",\"role\":\"assistant\"}]}",
                        "$.entries[0].role: unknown field for kind thought; expected one of content, id, kind, payload,"
                                + " replayCompatibility, step, wireMessage"),
                arguments("content on a tool call", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"content\":\"x\"}]}",
                        "$.entries[0].content: unknown field for kind toolCall; expected one of args, id, kind, payload,"
                                + " providerExecuted, replayCompatibility, requested, result, step, tool, wireMessage"),
                arguments("wrong kind", "{\"entries\":[{\"kind\":\"tool\",\"id\":\"c1\"}]}",
                        "$.entries[0].kind: expected one of message, thought, toolCall, but was \"tool\""),
                arguments("missing kind", "{\"entries\":[{\"id\":\"m1\"}]}",
                        "$.entries[0].kind: required field is missing"),
                arguments("missing id", "{\"entries\":[" + USER + ",{\"kind\":\"thought\"}]}",
                        "$.entries[1].id: required field is missing"),
                arguments("blank id", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"  \"}]}",
                        "$.entries[0].id: expected a non-blank string, but was \"  \""),
                arguments("id not a string", "{\"entries\":[{\"kind\":\"thought\",\"id\":7}]}",
                        "$.entries[0].id: expected a string, but was a number (7)"),
                arguments("role invalid", "{\"entries\":[" + USER + ",{\"kind\":\"message\",\"id\":\"m2\",\"role\":\"bot\"}]}",
                        "$.entries[1].role: expected one of user, assistant, system, but was \"bot\""),
                arguments("role missing", "{\"entries\":[{\"kind\":\"message\",\"id\":\"m1\"}]}",
                        "$.entries[0].role: required field is missing"),
                arguments("entries not an array", "{\"entries\":{}}",
                        "$.entries: expected an array, but was an object"),
                arguments("entries missing", "{\"model\":\"gpt-5\"}",
                        "$.entries: required field is missing"),
                arguments("entry not an object", "{\"entries\":[\"m1\"]}",
                        "$.entries[0]: expected an object, but was a string (\"m1\")"),
                arguments("document not an object", "[]",
                        "$: expected an object, but was an array"),
                arguments("content a number", "{\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"user\","
                                + "\"content\":42}]}",
                        "$.entries[0].content: expected a string, but was a number (42)"),
                arguments("content null", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\",\"content\":null}]}",
                        "$.entries[0].content: expected a string, but was null"),
                arguments("args not an object", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"args\":[1]}]}",
                        "$.entries[0].args: expected an object, but was an array"),
                arguments("tool missing on a requested call", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\"}]}",
                        "$.entries[0].tool: required field is missing"),
                arguments("tool blank on a requested call", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\","
                                + "\"tool\":\"\"}]}",
                        "$.entries[0].tool: expected a non-blank string, but was \"\""),
                arguments("result without content", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"result\":{\"isError\":true}}]}",
                        "$.entries[0].result.content: required field is missing"),
                arguments("result not an object", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"result\":\"ok\"}]}",
                        "$.entries[0].result: expected an object, but was a string (\"ok\")"),
                arguments("unknown result field", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"result\":{\"content\":\"x\",\"error\":true}}]}",
                        "$.entries[0].result.error: unknown field; expected one of content, isError, wireMessage"),
                arguments("isError not a boolean", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"result\":{\"content\":\"x\",\"isError\":\"yes\"}}]}",
                        "$.entries[0].result.isError: expected true or false, but was a string (\"yes\")"),
                arguments("requested false without result", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\","
                                + "\"requested\":false}]}",
                        "$.entries[0].result: required field is missing (an entry with requested false is an orphan"
                                + " result and must carry its result)"),
                arguments("requested not a boolean", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"requested\":\"no\"}]}",
                        "$.entries[0].requested: expected true or false, but was a string (\"no\")"),
                arguments("payload not an object", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\",\"payload\":\"sig\"}]}",
                        "$.entries[0].payload: expected an object, but was a string (\"sig\")"),
                arguments("blank replay tag", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\","
                                + "\"replayCompatibility\":\" \"}]}",
                        "$.entries[0].replayCompatibility: expected a non-blank string, but was \" \""),
                arguments("step not a string", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\",\"step\":3}]}",
                        "$.entries[0].step: expected a string, but was a number (3)"),
                arguments("surface invalid", "{\"surface\":\"batch\",\"entries\":[]}",
                        "$.surface: expected one of dispatch, turn, but was \"batch\""),
                arguments("tools not an array", "{\"tools\":{\"name\":\"search\"},\"entries\":[]}",
                        "$.tools: expected an array, but was an object"),
                arguments("tools entry without name", "{\"tools\":[{\"inputSchema\":{}}],\"entries\":[]}",
                        "$.tools[0].name: required field is missing"),
                arguments("tools entry with unknown field", "{\"tools\":[{\"name\":\"s\",\"schema\":{}}],\"entries\":[]}",
                        "$.tools[0].schema: unknown field; expected one of inputSchema, name"),
                arguments("inputSchema not an object", "{\"tools\":[{\"name\":\"s\",\"inputSchema\":true}],\"entries\":[]}",
                        "$.tools[0].inputSchema: expected an object, but was a boolean (true)"),
                arguments("context not an object", "{\"context\":\"x\",\"entries\":[]}",
                        "$.context: expected an object, but was a string (\"x\")"),
                arguments("conversationId null", "{\"conversationId\":null,\"entries\":[]}",
                        "$.conversationId: expected a string, but was null"),
                arguments("model blank", "{\"model\":\"\",\"entries\":[]}",
                        "$.model: expected a non-blank string, but was \"\""),
                arguments("duplicate key", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\",\"id\":\"t2\"}]}",
                        "1: malformed JSON: Duplicate field 'id'"),
                arguments("trailing garbage", "{\"entries\":[]} {\"entries\":[]}",
                        "1: malformed JSON: unexpected content after the end of the document"),
                arguments("trailing token", "{\"entries\":[]} x",
                        "1: malformed JSON: Unrecognized token 'x': was expecting (JSON String, Number, Array, Object"
                                + " or token 'null', 'true' or 'false')"),
                arguments("truncated document", "{\"entries\":[",
                        "1: malformed JSON: Unexpected end-of-input: expected close marker for Array (start marker at"
                                + " line 1, column 12)"),
                arguments("empty text", "  ", "expected a JSON document, but the input is empty"),
                // wire message boundaries and provider-executed calls
                arguments("wireMessage blank", "{\"entries\":[{\"kind\":\"message\",\"id\":\"m1\",\"role\":\"user\","
                                + "\"wireMessage\":\"\"}]}",
                        "$.entries[0].wireMessage: expected a non-blank string, but was \"\""),
                arguments("wireMessage not a string", "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\","
                                + "\"wireMessage\":1}]}",
                        "$.entries[0].wireMessage: expected a string, but was a number (1)"),
                arguments("result wireMessage null", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\",\"tool\":\"s\","
                                + "\"result\":{\"content\":\"x\",\"wireMessage\":null}}]}",
                        "$.entries[0].result.wireMessage: expected a string, but was null"),
                arguments("providerExecuted not a boolean", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\","
                                + "\"tool\":\"web_search\",\"providerExecuted\":\"yes\"}]}",
                        "$.entries[0].providerExecuted: expected true or false, but was a string (\"yes\")"),
                arguments("providerExecuted on an orphan result", "{\"entries\":[{\"kind\":\"toolCall\",\"id\":\"c1\","
                                + "\"requested\":false,\"providerExecuted\":true,\"result\":{\"content\":\"x\"}}]}",
                        "$.entries[0].providerExecuted: an orphan result (requested false) cannot be provider-executed"),
                arguments("providerExecuted on a message", "{\"entries\":[{\"kind\":\"message\",\"id\":\"m1\","
                                + "\"role\":\"user\",\"providerExecuted\":true}]}",
                        "$.entries[0].providerExecuted: unknown field for kind message; expected one of content, id,"
                                + " kind, payload, replayCompatibility, role, step, wireMessage"),
                // request options
                arguments("options not an object", "{\"options\":[],\"entries\":[]}",
                        "$.options: expected an object, but was an array"),
                arguments("unknown option", "{\"options\":{\"temperature\":0.2},\"entries\":[]}",
                        "$.options.temperature: unknown field; expected one of api, maxTokens, parallelToolCalls,"
                                + " reasoning, stream, toolChoice"),
                arguments("api not a surface", "{\"options\":{\"api\":\"openai\"},\"entries\":[]}",
                        "$.options.api: surface must be one of anthropic-messages, openai-chat, openai-responses, gemini,"
                                + " bedrock-converse, but was 'openai'"),
                arguments("reasoning not an object", "{\"options\":{\"reasoning\":\"enabled\"},\"entries\":[]}",
                        "$.options.reasoning: expected an object, but was a string (\"enabled\")"),
                arguments("reasoning without mode", "{\"options\":{\"reasoning\":{\"effort\":\"high\"}},\"entries\":[]}",
                        "$.options.reasoning.mode: required field is missing"),
                arguments("reasoning mode invalid", "{\"options\":{\"reasoning\":{\"mode\":\"on\"}},\"entries\":[]}",
                        "$.options.reasoning.mode: expected one of disabled, enabled, adaptive, but was \"on\""),
                arguments("unknown reasoning field", "{\"options\":{\"reasoning\":{\"mode\":\"enabled\","
                                + "\"budget\":1024}},\"entries\":[]}",
                        "$.options.reasoning.budget: unknown field; expected one of budgetTokens, effort, mode"),
                arguments("budget not an integer", "{\"options\":{\"reasoning\":{\"mode\":\"enabled\","
                                + "\"budgetTokens\":\"2048\"}},\"entries\":[]}",
                        "$.options.reasoning.budgetTokens: expected an integer, but was a string (\"2048\")"),
                arguments("budget zero", "{\"options\":{\"reasoning\":{\"mode\":\"enabled\",\"budgetTokens\":0}},"
                                + "\"entries\":[]}",
                        "$.options.reasoning.budgetTokens: expected an integer >= 1, but was 0"),
                arguments("budget with adaptive", "{\"options\":{\"reasoning\":{\"mode\":\"adaptive\","
                                + "\"budgetTokens\":1024}},\"entries\":[]}",
                        "$.options.reasoning.budgetTokens: a budget is only allowed with mode enabled, but mode was"
                                + " \"adaptive\""),
                arguments("effort with disabled", "{\"options\":{\"reasoning\":{\"mode\":\"disabled\","
                                + "\"effort\":\"low\"}},\"entries\":[]}",
                        "$.options.reasoning.effort: an effort is not allowed with mode disabled"),
                arguments("effort blank", "{\"options\":{\"reasoning\":{\"mode\":\"enabled\",\"effort\":\" \"}},"
                                + "\"entries\":[]}",
                        "$.options.reasoning.effort: expected a non-blank string, but was \" \""),
                arguments("toolChoice invalid string", "{\"options\":{\"toolChoice\":\"any\"},\"entries\":[]}",
                        "$.options.toolChoice: expected one of \"auto\", \"none\", \"required\" or an object"
                                + " {\"tool\": name}, but was a string (\"any\")"),
                arguments("toolChoice a number", "{\"options\":{\"toolChoice\":1},\"entries\":[]}",
                        "$.options.toolChoice: expected one of \"auto\", \"none\", \"required\" or an object"
                                + " {\"tool\": name}, but was a number (1)"),
                arguments("toolChoice object without tool", "{\"options\":{\"toolChoice\":{}},\"entries\":[]}",
                        "$.options.toolChoice.tool: required field is missing"),
                arguments("toolChoice object with unknown field", "{\"options\":{\"toolChoice\":{\"name\":\"s\"}},"
                                + "\"entries\":[]}",
                        "$.options.toolChoice.name: unknown field; expected one of tool"),
                arguments("parallelToolCalls not a boolean", "{\"options\":{\"parallelToolCalls\":\"false\"},"
                                + "\"entries\":[]}",
                        "$.options.parallelToolCalls: expected true or false, but was a string (\"false\")"),
                arguments("maxTokens negative", "{\"options\":{\"maxTokens\":-5},\"entries\":[]}",
                        "$.options.maxTokens: expected an integer >= 1, but was -5"),
                arguments("maxTokens fractional", "{\"options\":{\"maxTokens\":1.5},\"entries\":[]}",
                        "$.options.maxTokens: expected an integer, but was a number (1.5)"),
                arguments("stream null", "{\"options\":{\"stream\":null},\"entries\":[]}",
                        "$.options.stream: expected true or false, but was null"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedDocuments")
    void rejectsWithAnExactMessage(String name, String json, String expected) {
        String message = expected.startsWith("$") || expected.startsWith("expected")
                ? "conv.json: " + expected
                : "conv.json:" + expected;

        assertThatThrownBy(() -> codec.read(json, "conv.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedDocuments")
    void rejectsTheSameTreesWhenGivenAsTrees(String name, String json, String expected) {
        if (!expected.startsWith("$")) {
            return; // a syntax error has no tree
        }
        com.fasterxml.jackson.databind.JsonNode tree;
        try {
            tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }

        assertThatThrownBy(() -> codec.fromTree(tree, "conv.jsonl", 9))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("conv.jsonl:9: " + expected);
    }

    @Test
    void locatesAnErrorInAMultiLineDocumentAtTheLineOfItsPath() {
        String json = """
                {
                  "model": "gpt-5",
                  "entries": [
                    {"kind": "message", "id": "m1", "role": "user", "content": "hi"},
                    {"kind": "message",
                     "id": "m2",
                     "role": "bot"}
                  ]
                }
                """;

        assertThatThrownBy(() -> codec.read(json, "conv.json"))
                .hasMessage("conv.json:7: $.entries[1].role: expected one of user, assistant, system, but was \"bot\"");
    }

    @Test
    void givesNoLineForAOneLineDocumentEvenWithAFinalLineBreak() {
        assertThatThrownBy(() -> codec.read("{\"model\":1,\"entries\":[]}\n", "conv.json"))
                .hasMessage("conv.json: $.model: expected a string, but was a number (1)");
    }

    @Test
    void locatesAMissingFieldAtItsNearestPresentAncestor() {
        String json = """
                {
                  "entries": [
                    {"kind": "message", "id": "m1", "role": "user"},

                    {"kind": "thought"}
                  ]
                }
                """;

        assertThatThrownBy(() -> codec.read(json, "conv.json"))
                .hasMessage("conv.json:5: $.entries[1].id: required field is missing");
        assertThatThrownBy(() -> codec.read("{\n\"model\": \"m\"\n}", "conv.json"))
                .hasMessage("conv.json:1: $.entries: required field is missing");
    }

    @Test
    void reportsTheLineOfABadJsonlLine() {
        String jsonl = "{\"entries\":[]}\n"
                + "\n"
                + "{\"entries\":[" + USER + ",{\"kind\":\"message\",\"id\":\"m2\",\"role\":\"bot\"}]}\n";

        assertThatThrownBy(() -> codec.readJsonl(jsonl, "conv.jsonl"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("conv.jsonl:3: $.entries[1].role: expected one of user, assistant, system, but was \"bot\"");
    }

    @Test
    void reportsASyntaxErrorOnJsonlLineThree() {
        String jsonl = "{\"entries\":[]}\n{\"entries\":[]}\n{\"entries\":[}\n{\"entries\":[]}\n";

        assertThatThrownBy(() -> codec.readJsonl(jsonl, "conv.jsonl"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("conv.jsonl:3: malformed JSON: Unexpected close marker '}': expected ']' (for Array starting"
                        + " at column 12)");
    }

    @Test
    void rejectsAJsonlLineThatIsNotAnObject() {
        assertThatThrownBy(() -> codec.readJsonl("{\"entries\":[]}\n[]\n", "conv.jsonl"))
                .hasMessage("conv.jsonl:2: $: expected an object, but was an array");
    }

    @Test
    void rejectsAJsonlLineOverTheDocumentLimit() {
        DispatchCodec small = DispatchCodec.withLimits(InputLimits.defaults().withMaxDocumentLength(40));
        String jsonl = "{\"entries\":[]}\n{\"entries\":[" + USER + "]}\n";

        assertThatThrownBy(() -> small.readJsonl(jsonl, "conv.jsonl"))
                .hasMessage("conv.jsonl:2: line is longer than the limit of 40 characters (maxDocumentLength)");
    }

    @Test
    void rejectsADocumentOverTheDocumentLimit() {
        DispatchCodec small = DispatchCodec.withLimits(InputLimits.defaults().withMaxDocumentLength(40));

        assertThatThrownBy(() -> small.read("{\"entries\":[" + USER + "]}", "conv.json"))
                .hasMessage("conv.json: document is 71 characters, over the limit of 40");
    }

    @Test
    void rejectsTooManyEntries() {
        DispatchCodec small = DispatchCodec.withLimits(InputLimits.defaults().withMaxEntries(2));

        assertThatThrownBy(() -> small.read("{\"entries\":[" + USER + "," + USER + "," + USER + "]}", "conv.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("conv.json: $.entries: expected at most 2 entries (maxEntries), but there were 3");
        assertThat(small.read("{\"entries\":[" + USER + "," + USER + "]}", "conv.json").timeline().size()).isEqualTo(2);
    }

    @Test
    void rejectsAStringOverTheLimit() {
        DispatchCodec small = DispatchCodec.withLimits(InputLimits.defaults().withMaxStringLength(16));
        String json = "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\",\"content\":\"" + "x".repeat(17) + "\"}]}";

        assertThatThrownBy(() -> small.read(json, "conv.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("conv.json:1: input exceeds a limit: a string is longer than the limit of 16 characters"
                        + " (maxStringLength)");
    }

    @Test
    void rejectsNestingTooDeep() {
        DispatchCodec shallow = DispatchCodec.withLimits(InputLimits.defaults().withMaxDepth(6));
        String json = "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t1\",\"payload\":{\"a\":{\"b\":{\"c\":{}}}}}]}";

        assertThatThrownBy(() -> shallow.read(json, "conv.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("conv.json:1: input exceeds a limit: arrays and objects nest deeper than the limit of 6"
                        + " levels (maxDepth)");
    }

    @Test
    void rejectsAnEmptyFile(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.json"), "");

        assertThatThrownBy(() -> codec.read(empty))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(empty + ": expected a JSON document, but the input is empty");
        Path emptyJsonl = Files.writeString(dir.resolve("empty.jsonl"), "");
        assertThat(codec.readAny(emptyJsonl)).isEmpty();
    }

    @Test
    void rejectsAMissingFile(@TempDir Path dir) {
        Path missing = dir.resolve("missing.json");
        Path missingJsonl = dir.resolve("missing.jsonl");

        assertThatThrownBy(() -> codec.read(missing)).hasMessage(missing + ": file not found");
        assertThatThrownBy(() -> codec.readAny(missingJsonl)).hasMessage(missingJsonl + ": file not found");
    }

    @Test
    void rejectsAFileThatIsNotUtf8(@TempDir Path dir) throws Exception {
        byte[] bad = "{\"entries\":[{\"kind\":\"thought\",\"id\":\"t\u00e9\"}]}".getBytes(StandardCharsets.ISO_8859_1);
        Path json = Files.write(dir.resolve("latin1.json"), bad);
        byte[] good = "{\"entries\":[]}\n".getBytes(StandardCharsets.UTF_8);
        byte[] lines = new byte[good.length * 2 + bad.length];
        System.arraycopy(good, 0, lines, 0, good.length);
        System.arraycopy(good, 0, lines, good.length, good.length);
        System.arraycopy(bad, 0, lines, good.length * 2, bad.length);
        Path jsonl = Files.write(dir.resolve("latin1.jsonl"), lines);

        assertThatThrownBy(() -> codec.read(json)).hasMessage(json + ": file is not valid UTF-8 text");
        assertThatThrownBy(() -> codec.readJsonl(jsonl)).hasMessage(jsonl + ":3: file is not valid UTF-8 text");
    }

    @Test
    void reportsReaderFailuresAtTheirLine() {
        byte[] good = "{\"entries\":[]}\n".getBytes(StandardCharsets.UTF_8);
        byte[] bad = {'{', '"', (byte) 0xC3, '"', '}', '\n'};
        byte[] all = new byte[good.length * 2 + bad.length];
        System.arraycopy(good, 0, all, 0, good.length);
        System.arraycopy(good, 0, all, good.length, good.length);
        System.arraycopy(bad, 0, all, good.length * 2, bad.length);
        java.io.Reader strict = new java.io.InputStreamReader(
                new java.io.ByteArrayInputStream(all), StandardCharsets.UTF_8.newDecoder());
        java.io.Reader failing = new java.io.Reader() {
            @Override
            public int read(char[] buffer, int offset, int length) throws java.io.IOException {
                throw new java.io.IOException("connection reset");
            }

            @Override
            public void close() {
                // nothing to release
            }
        };

        assertThatThrownBy(() -> codec.forEachJsonl(strict, "in.jsonl", d -> { }))
                .hasMessage("in.jsonl: input is not validly encoded text (at or after line 1)");
        assertThatThrownBy(() -> codec.forEachJsonl(failing, "in.jsonl", d -> { }))
                .hasMessage("in.jsonl:1: cannot read (IOException: connection reset)");
    }

    @Test
    void locatesErrorsInFiles(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("conv.json"), "{\n  \"entries\": [\n    {\"kind\": \"toolCall\","
                + " \"id\": \"c1\", \"tool\": \"s\",\n     \"args\": \"q=x\"}\n  ]\n}\n");
        Path yaml = Files.writeString(dir.resolve("conv.yml"), "entries:\n  - kind: thought\n    id: t1\n"
                + "    mood: calm\n");

        assertThatThrownBy(() -> codec.read(json))
                .hasMessage(json + ":4: $.entries[0].args: expected an object, but was a string (\"q=x\")");
        assertThatThrownBy(() -> codec.read(yaml))
                .hasMessage(yaml + ":4: $.entries[0].mood: unknown field for kind thought; expected one of content, id,"
                        + " kind, payload, replayCompatibility, step, wireMessage");
    }

    @Test
    void neverLetsAModelRecordExceptionEscape() {
        // every shape the model records reject is rejected first, by path
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        var tree = nodes.objectNode();
        tree.putArray("entries").addObject().put("kind", "toolCall").put("id", "c1").put("requested", false)
                .put("tool", " ").putObject("result").put("content", "x");

        assertThat(codec.fromTree(tree, null, 0).timeline().size()).isEqualTo(1);
        tree.withArray("entries").addObject().put("kind", "message").put("id", "\t").put("role", "user");
        assertThatThrownBy(() -> codec.fromTree(tree, null, 0))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("$.entries[1].id: expected a non-blank string, but was \"\t\"");
    }
}
