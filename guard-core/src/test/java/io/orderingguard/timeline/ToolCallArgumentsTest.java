package io.orderingguard.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Arguments given as JSON text ({@link ToolCall#withArgumentText}): parsed only when something reads them,
 * and then indistinguishable from arguments given as an object.
 */
class ToolCallArgumentsTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static ToolCall call(String id) {
        return new ToolCall(id, "search", null, null, true, null, null, "s1", null, false);
    }

    @Test
    void argumentTextIsNotParsedUntilRead() {
        ToolCall lazy = call("call_1").withArgumentText("{\"q\": \"x\", \"limit\": 3}");

        assertThat(lazy.argumentsParsed()).isFalse();
        assertThat(lazy.withResult("3 hits").withStep("s2").withWireMessage("m1").argumentsParsed()).isFalse();
        assertThat(lazy.argText("q")).isEqualTo("x");
        assertThat(lazy.argumentsParsed()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\n\t ", "\u2003"})
    void blankArgumentTextReadsAsEmptyArgumentsAndEqualsACallWithoutArguments(String blank) {
        ToolCall lazy = call("call_1").withArgumentText(blank);

        assertThat(lazy.argumentsParsed()).isFalse();
        assertThat(lazy).isEqualTo(call("call_1")).hasSameHashCodeAs(call("call_1"));
        assertThat(lazy.args()).isEmpty();
        assertThat(lazy.argumentsMatch(null)).isTrue();
        assertThat(call("call_1").argumentsMatch(blank)).isTrue();
        assertThat(lazy.argumentsMatch("{\"q\": 1}")).isFalse();
    }

    @Test
    void aGuardWhoseRulesReadNoArgumentsNeverParsesThem() {
        ToolCall lazy = call("call_1").withArgumentText("{\"q\": \"never read\"}").withResult("done");
        Dispatch dispatch = Dispatch.of("c-1", "anthropic", "claude", Timeline.of(List.of(
                Entry.user("m1", "find x"), lazy, new Message("m2", Role.ASSISTANT, "found", null, null, "s1", null))));
        OrderingGuard guard = OrderingGuard.builder().profile(OrderingProfile.of("pairs",
                OrderingRule.toolResultPairing("pairing"), OrderingRule.identifierUniqueness("unique", Kind.TOOL_CALL),
                OrderingRule.alternation("alternate", Role.USER, Role.ASSISTANT))).build();

        GuardResult result = guard.check(dispatch);

        assertThat(result.outcome()).isEqualTo(Outcome.PASSED);
        assertThat(lazy.argumentsParsed()).isFalse();
        assertThat(SequencePolicy.toolCalls(dispatch.timeline()).get(0).argText("q")).isEqualTo("never read");
        assertThat(lazy.argumentsParsed()).isTrue();
    }

    @Test
    void textThatIsNotAJsonObjectReadsAsEmptyArguments() {
        for (String text : new String[] {null, "", "  ", "not json", "[1, 2]", "\"text\"", "42", "{\"open\": "}) {
            ToolCall lazy = call("call_1").withArgumentText(text);

            assertThat(lazy.args()).as("arguments of %s", text).isEqualTo(NODES.objectNode());
            assertThat(lazy).as("call with arguments %s", text).isEqualTo(call("call_1"));
        }
    }

    @Test
    void argumentsReadFromTextAreCopiesTheCallerCannotChange() {
        ToolCall lazy = call("call_1").withArgumentText("{\"q\": \"x\"}");
        ObjectNode copy = lazy.args();
        copy.put("q", "changed");

        assertThat(lazy.argText("q")).isEqualTo("x");
        assertThat(lazy.arg("q").textValue()).isEqualTo("x");
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void textAndObjectArgumentsAreEqualWithTheSameHashAndText(long seed) {
        Random random = new Random(seed);
        ObjectNode args = randomObject(random, 3);
        ToolCall fromObject = new ToolCall("call_" + seed, "search", args, null, true, null, null, "s1", null, false);
        ToolCall fromText = call("call_" + seed).withArgumentText(new ObjectMapper().valueToTree(args).toString());

        assertThat(fromText.hashCode()).isEqualTo(fromObject.hashCode());
        assertThat(fromText).isEqualTo(fromObject);
        assertThat(fromObject).isEqualTo(fromText);
        assertThat(fromText.toString()).isEqualTo(fromObject.toString());
        assertThat(fromText.args()).isEqualTo(args);
    }

    @Test
    void argumentsMatchTheTextTheyCameFromWithoutParsingIt() {
        String text = "{\"q\": \"x\", \"limit\": 3}";
        ToolCall lazy = call("call_1").withArgumentText(text).withResult("3 hits").withStep("s2");

        assertThat(lazy.argumentsMatch(text)).isTrue();
        assertThat(lazy.argumentsMatch(new String(text.toCharArray()))).isTrue();
        assertThat(lazy.argumentsParsed()).isFalse();
        // once a rule has read them, the text they came from still matches (parsed to compare)
        assertThat(lazy.argText("q")).isEqualTo("x");
        assertThat(lazy.argumentsMatch(text)).isTrue();
        assertThat(lazy.argumentsMatch("{\"q\": \"x\"}")).isFalse();
    }

    @Test
    void argumentsMatchOtherTextByWhatItReadsAs() {
        ToolCall lazy = call("call_1").withArgumentText("{\"q\": \"x\", \"limit\": 3}");
        ToolCall fromObject = new ToolCall("call_2", "search", NODES.objectNode().put("q", "x").put("limit", 3), null,
                true, null, null, "s1", null, false);

        for (ToolCall c : List.of(lazy, fromObject)) {
            assertThat(c.argumentsMatch("{\"q\":\"x\",\"limit\":3}")).as("%s, other spacing", c).isTrue();
            assertThat(c.argumentsMatch("{\"limit\": 3, \"q\": \"x\"}")).as("%s, other order", c).isTrue();
            assertThat(c.argumentsMatch("{\"q\": \"y\", \"limit\": 3}")).as("%s, other value", c).isFalse();
            assertThat(c.argumentsMatch("{\"q\": \"x\"}")).as("%s, a field fewer", c).isFalse();
            assertThat(c.argumentsMatch(null)).as("%s, no text", c).isFalse();
            assertThat(c.argumentsMatch("not json")).as("%s, not JSON", c).isFalse();
        }
        // a call whose arguments were replaced no longer matches the text it came from
        ToolCall changed = lazy.withArgumentText("{\"q\": \"x\"}");
        assertThat(changed.argumentsMatch("{\"q\": \"x\", \"limit\": 3}")).isFalse();
        assertThat(changed.argumentsMatch("{\"q\":\"x\"}")).isTrue();
    }

    @Test
    void textThatIsNotAJsonObjectMatchesEmptyArguments() {
        for (String text : new String[] {null, "", "  ", "not json", "[1, 2]", "\"text\"", "42", "{\"open\": "}) {
            for (String other : new String[] {null, "{}", " { } ", "[]", "oops"}) {
                assertThat(call("call_1").withArgumentText(text).argumentsMatch(other)).as("%s against %s", text, other)
                        .isTrue();
            }
            assertThat(call("call_1").withArgumentText(text).argumentsMatch("{\"a\": 1}")).as(text).isFalse();
        }
    }

    @Test
    void should_make_a_lazy_call_in_one_step_when_built_with_ofArgumentText() {
        ToolResult result = new ToolResult("3 hits", false, "m3");
        ObjectNode payload = Payloads.of("thoughtSignature", "sig");

        ToolCall lazy = ToolCall.ofArgumentText("call_1", "search", "{\"q\": \"x\"}", result, payload,
                "gemini-thought-signature-v1", "s1", "m2");

        assertThat(lazy.argumentsParsed()).isFalse();
        assertThat(lazy).isEqualTo(new ToolCall("call_1", "search", null, null, true, null, null, "s1", null, false)
                .withArgumentText("{\"q\": \"x\"}").withResult(result)
                .withPayload(NODES.objectNode().put("thoughtSignature", "sig"), "gemini-thought-signature-v1")
                .withWireMessage("m2"));
        assertThat(lazy.argumentsParsed()).as("the same text compares without parsing").isFalse();
        assertThat(lazy.requested()).isTrue();
        assertThat(lazy.providerExecuted()).isFalse();
    }

    @Test
    void should_compare_argument_texts_by_their_json_when_they_differ() {
        ToolCall compact = call("call_1").withArgumentText("{\"q\":\"x\",\"n\":1}");
        ToolCall spaced = call("call_1").withArgumentText("{ \"q\": \"x\", \"n\": 1 }");
        ToolCall other = call("call_1").withArgumentText("{\"q\":\"y\",\"n\":1}");

        assertThat(compact).isEqualTo(call("call_1").withArgumentText("{\"q\":\"x\",\"n\":1}"));
        assertThat(compact.argumentsParsed()).isFalse();
        assertThat(compact).isEqualTo(spaced).isNotEqualTo(other);
        assertThat(compact.argumentsParsed()).isTrue();
        assertThat(spaced.argumentsParsed()).isTrue();
    }

    @Test
    void should_fail_with_the_constructors_messages_when_ofArgumentText_gets_bad_fields() {
        assertThatThrownBy(() -> ToolCall.ofArgumentText(" ", "search", "{}", null, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(catchThrowable(() -> new ToolCall(" ", "search", null, null, true, null, null, null, null,
                        false)).getMessage());
        assertThatThrownBy(() -> ToolCall.ofArgumentText("call_1", "", "{}", null, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(catchThrowable(() -> new ToolCall("call_1", "", null, null, true, null, null, null, null,
                        false)).getMessage());
        assertThatThrownBy(() -> ToolCall.ofArgumentText("call_1", "search", "{}", null, null, null, " ", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(catchThrowable(() -> new ToolCall("call_1", "search", null, null, true, null, null, " ",
                        null, false)).getMessage());
    }

    @Test
    void should_parse_once_when_threads_read_lazy_arguments_at_once() throws InterruptedException {
        ToolCall lazy = ToolCall.ofArgumentText("call_1", "search", "{\"q\": \"x\", \"n\": [1, 2]}", null, null,
                null, null, null);
        List<Thread> threads = new ArrayList<>();
        List<String> read = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 8; t++) {
            Thread thread = new Thread(() -> read.add(lazy.argText("n")));
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(read).hasSize(8).containsOnly("[1,2]");
        assertThat(lazy.args()).isEqualTo(NODES.objectNode().put("q", "x").set("n", NODES.arrayNode().add(1).add(2)));
    }

    private static ObjectNode randomObject(Random random, int depth) {
        ObjectNode o = NODES.objectNode();
        int fields = random.nextInt(5);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < fields; i++) {
            names.add("k" + random.nextInt(100));
        }
        for (String name : names) {
            switch (random.nextInt(depth > 0 ? 6 : 4)) {
                case 0 -> o.put(name, "v" + random.nextInt(1000));
                case 1 -> o.put(name, random.nextInt());
                case 2 -> o.put(name, random.nextBoolean());
                case 3 -> o.put(name, random.nextLong());
                case 4 -> o.set(name, randomObject(random, depth - 1));
                default -> o.putArray(name).add(random.nextInt(10)).add("x");
            }
        }
        return o;
    }
}
