package io.orderingguard.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.testkit.RandomTimelines;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The invocations a policy reads from a timeline keep their tool call instead of copies of its arguments:
 * they must behave exactly as invocations holding copies did (the former {@code toolCalls}).
 */
class ToolInvocationTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static ToolCall call(String id, String tool, ObjectNode args) {
        return new ToolCall(id, tool, args, ToolResult.of("ok"), true, null, null, null, null, false);
    }

    @Test
    void should_read_arguments_from_the_call_and_equal_an_invocation_holding_a_copy() {
        ObjectNode args = NODES.objectNode().put("q", "refunds").put("limit", 3);
        args.putObject("filter").put("year", 2024);
        ToolCall source = call("call_1", "search", args);

        ToolInvocation read = ToolInvocation.of(source);
        ToolInvocation copied = new ToolInvocation("search", source.args());

        assertThat(read.tool()).isEqualTo("search");
        assertThat(read.argText("q")).isEqualTo("refunds");
        assertThat(read.argText("limit")).isEqualTo("3");
        assertThat(read.argText("filter")).isEqualTo("{\"year\":2024}");
        assertThat(read.argText("missing")).isNull();
        assertThat(read.args()).isEqualTo(args);
        assertThat(read).isEqualTo(copied).hasSameHashCodeAs(copied);
        assertThat(read.summary()).isEqualTo("search(q=refunds, limit=3, filter={\"year\":2024})");
        assertThat(read.toString())
                .isEqualTo("ToolInvocation[tool=search, args={\"q\":\"refunds\",\"limit\":3,\"filter\":{\"year\":2024}}]");
    }

    @Test
    void should_never_let_a_caller_change_the_arguments_it_reads() {
        ToolCall source = call("call_1", "search", NODES.objectNode().put("q", "x"));
        ToolInvocation read = ToolInvocation.of(source);

        ((ObjectNode) read.args()).put("q", "changed");

        assertThat(read.argText("q")).isEqualTo("x");
        assertThat(source.argText("q")).isEqualTo("x");
    }

    @Test
    void should_fail_when_the_call_is_an_orphan_result() {
        ToolCall orphan = new ToolCall("call_9", "search", null, ToolResult.of("late"), false, null, null, null, null,
                false);

        assertThatThrownBy(() -> ToolInvocation.of(orphan)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("call must be a requested tool call, but 'call_9' is an orphan result");
        assertThatThrownBy(() -> ToolInvocation.of((ToolCall) null)).isInstanceOf(NullPointerException.class)
                .hasMessage("call must not be null");
    }

    @Test
    void should_return_the_calls_of_a_timeline_unmodifiable() {
        Timeline timeline = Timeline.of(List.of(Entry.user("m1", "go"), call("call_1", "search", null)));

        List<ToolInvocation> calls = SequencePolicy.toolCalls(timeline);

        assertThat(calls).containsExactly(ToolInvocation.of("search"));
        assertThatThrownBy(() -> calls.add(ToolInvocation.of("x"))).isInstanceOf(UnsupportedOperationException.class);
    }

    static Stream<Arguments> seeds() {
        return new Random(0x7001_1E7L).longs(200).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_report_and_explain_as_invocations_holding_copies_do(long seed) {
        Random random = new Random(seed);
        Timeline timeline = RandomTimelines.timeline(random, 40);
        List<ToolInvocation> copies = new ArrayList<>();
        for (Entry e : timeline.entries()) {
            if (e instanceof ToolCall c && c.requested()) {
                copies.add(new ToolInvocation(c.tool(), c.args()));
            }
        }
        SequencePolicy policy = policy(random, copies);

        List<ToolInvocation> read = SequencePolicy.toolCalls(timeline);

        assertThat(read).isEqualTo(copies);
        for (Extent extent : Extent.values()) {
            assertThat(policy.evaluate(timeline, null, extent)).as("%s over %s", extent, copies)
                    .isEqualTo(policy.evaluate(copies, null, extent));
        }
        assertThat(policy.explain(read, null)).isEqualTo(policy.explain(copies, null));
        for (int i = 0; i < read.size(); i++) {
            assertThat(read.get(i).summary()).isEqualTo(copies.get(i).summary());
        }
    }

    /** A rule of every kind over the timeline's tools, with argument constraints drawn from its calls. */
    private static SequencePolicy policy(Random random, List<ToolInvocation> calls) {
        List<String> tools = RandomTimelines.TOOL_NAMES;
        String a = tools.get(random.nextInt(tools.size()));
        String b = tools.get(random.nextInt(tools.size()));
        String c = b.equals(a) ? a + "_other" : b;
        CallSelector constrained = constrained(random, calls, a);
        List<SequenceRule> rules = new ArrayList<>(List.of(
                SequenceRule.require(a),
                SequenceRule.before(a, c),
                SequenceRule.immediatelyBefore(a, c),
                SequenceRule.blocklist("delete"),
                SequenceRule.allowlist(a, c, "search"),
                SequenceRule.maxCalls(c, 1 + random.nextInt(3)),
                SequenceRule.eventually(a, 1 + random.nextInt(6)),
                SequenceRule.after(a, c, 1 + random.nextInt(3)),
                SequenceRule.sequence(a, c, "summarize"),
                SequenceRule.strictSequence(a, c),
                SequenceRule.tools(List.of(), List.of("mcp.*"))));
        rules.add(new NeverAfterRule(constrained, CallSelector.of(c), null, null));
        rules.add(new MaxCallsRule(constrained, random.nextInt(2), null, null));
        return SequencePolicy.of("random", rules);
    }

    /** A selector of the tool of a random call whose first argument must contain part of its value. */
    private static CallSelector constrained(Random random, List<ToolInvocation> calls, String fallback) {
        if (calls.isEmpty()) {
            return CallSelector.of(fallback, Map.of("q", "x"));
        }
        ToolInvocation call = calls.get(random.nextInt(calls.size()));
        JsonNode args = call.args();
        if (!args.isObject() || args.isEmpty()) {
            return CallSelector.of(call.tool(), Map.of("missing", "."));
        }
        String key = args.fieldNames().next();
        if (key.isBlank()) {
            return CallSelector.of(call.tool(), Map.of("missing", "."));
        }
        String text = call.argText(key);
        String part = text.substring(0, Math.min(text.length(), 1 + random.nextInt(4)));
        return CallSelector.of(call.tool(), Map.of(key, Pattern.quote(part)));
    }
}
