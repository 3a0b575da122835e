package io.orderingguard.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineBridgeTest {

    @TempDir
    Path tmp;

    private static ObjectNode args(String key, String value) {
        return JsonNodeFactory.instance.objectNode().put(key, value);
    }

    @Test
    void should_make_each_step_one_turn() {
        Timeline timeline = Timeline.of(
                Entry.system("s", "Be brief."),
                Entry.user("u1", "Find X"),
                Entry.thought("t1", "thinking").withStep("r1"),
                Entry.assistant("a1", "Searching.").withStep("r1"),
                Entry.toolCall("c1", "search", args("q", "x")).withResult("3 hits").withStep("r1"),
                Entry.toolCall("c2", "search", args("q", "y")).withResult(ToolResult.error("down")).withStep("r1"),
                Entry.toolCall("c3", "summarize", null).withStep("r2"),
                Entry.assistant("a2", "Done").withStep("r3"),
                Entry.user("u2", "Thanks"));

        Trace trace = Trace.fromTimeline("conv", timeline);

        assertThat(trace.turns()).hasSize(3);
        Turn first = trace.turns().get(0);
        assertThat(first.llmCall().messages()).containsExactly(
                PromptMessage.of("system", "Be brief."), PromptMessage.of("user", "Find X"));
        assertThat(first.llmCall().responseText()).isEqualTo("Searching.");
        assertThat(first.toolCalls()).extracting(RecordedCall::callId).containsExactly("c1", "c2");
        assertThat(first.toolResults()).extracting(RecordedResult::callId, RecordedResult::error)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("c1", null), org.assertj.core.groups.Tuple.tuple("c2", "down"));
        assertThat(trace.turns().get(1).toolResults()).isEmpty();
        assertThat(trace.turns().get(2).llmCall().responseText()).isEqualTo("Done");
        assertThat(trace.metadata().path("pending_messages").get(0).path("content").textValue()).isEqualTo("Thanks");
    }

    @Test
    void should_fall_back_to_role_groups_without_steps() {
        Timeline timeline = Timeline.of(
                Entry.user("u1", "Find X"),
                Entry.toolCall("c1", "search", null).withResult("hits"),
                Entry.toolCall("c2", "fetch", null).withResult("page"),
                Entry.user("u2", "And Y?"),
                Entry.toolCall("c3", "search", null).withResult("hits"));

        Trace trace = Trace.fromTimeline("conv", timeline);

        assertThat(trace.turns()).hasSize(2);
        assertThat(trace.turns().get(0).toolCalls()).extracting(RecordedCall::name).containsExactly("search", "fetch");
        FlowAssert.assertThat(trace).flow("search", "fetch", "search").maxTurns(2).toolSucceeded("search");
    }

    @Test
    void should_keep_orphan_results_in_the_turn_where_they_appear() {
        Timeline timeline = Timeline.of(
                Entry.user("u1", "go"),
                Entry.orphanResult("gone", "", "late result"),
                Entry.toolCall("c1", "search", null).withResult("hits").withStep("r1"));

        Trace trace = Trace.fromTimeline("conv", timeline);

        assertThat(trace.turns()).hasSize(1);
        assertThat(trace.turns().get(0).toolResults()).extracting(RecordedResult::callId).containsExactly("gone", "c1");
        Timeline back = trace.toTimeline();
        assertThat(back.entries()).extracting(Entry::id).containsExactly("turn-0-message-0", "c1", "gone");
        assertThat(((ToolCall) back.get(2)).isOrphan()).isTrue();
    }

    @Test
    void should_round_trip_a_recorded_session_through_a_timeline() {
        FlowSession s = Sessions.refund(tmp);

        Trace trace = s.trace();
        Trace back = Trace.fromTimeline("refund", trace.toTimeline());

        // a timeline holds results as text, so a structured result comes back as its JSON text
        assertThat(TraceDiff.between(trace, back, "results").summary()).isEqualTo("Traces match (3 turns)");
        assertThat(back.turns().get(0).toolResults().get(0).result().textValue()).isEqualTo("{\"hits\": 3}");
        assertThat(back.turns().get(1).toolResults()).extracting(RecordedResult::error).containsExactly(null, "timeout");
        assertThat(back.calls()).extracting(RecordedCall::callId).containsExactlyElementsOf(
                trace.calls().stream().map(RecordedCall::callId).toList());
    }

    @Test
    void should_round_trip_a_timeline_through_a_trace() {
        Timeline timeline = Timeline.of(
                Entry.user("u1", "Find X"),
                Entry.assistant("a1", "Looking.").withStep("turn-0"),
                Entry.toolCall("c1", "search", args("q", "x")).withResult("3 hits").withStep("turn-0"),
                Entry.assistant("a2", "Found it.").withStep("turn-1"),
                Entry.user("u2", "Thanks"));

        Timeline back = Trace.fromTimeline("conv", timeline).toTimeline();

        assertThat(back.entries()).extracting(Entry::kind, TimelineBridgeTest::text).containsExactly(
                org.assertj.core.groups.Tuple.tuple(io.orderingguard.timeline.Kind.MESSAGE, "user:Find X"),
                org.assertj.core.groups.Tuple.tuple(io.orderingguard.timeline.Kind.MESSAGE, "assistant:Looking."),
                org.assertj.core.groups.Tuple.tuple(io.orderingguard.timeline.Kind.TOOL_CALL, "search:3 hits"),
                org.assertj.core.groups.Tuple.tuple(io.orderingguard.timeline.Kind.MESSAGE, "assistant:Found it."),
                org.assertj.core.groups.Tuple.tuple(io.orderingguard.timeline.Kind.MESSAGE, "user:Thanks"));
        assertThat(back.get(2).step()).isEqualTo(back.get(1).step());
        assertThat(back.get(3).step()).isNotEqualTo(back.get(1).step());
    }

    private static String text(Entry e) {
        if (e instanceof Message m) {
            return m.role().wireName() + ":" + m.content();
        }
        ToolCall c = (ToolCall) e;
        return c.tool() + ":" + (c.result() == null ? "-" : c.result().content());
    }

    @Test
    void should_add_only_new_user_messages_of_a_repeated_prompt() {
        Trace trace = Trace.of("chat", List.of(
                turn(0, List.of(PromptMessage.of("user", "hi"))),
                turn(1, List.of(PromptMessage.of("user", "hi"), PromptMessage.of("assistant", "hello"),
                        PromptMessage.of("user", "weather?")))));

        assertThat(trace.toTimeline().entries()).filteredOn(e -> e instanceof Message m && m.role() == Role.USER)
                .extracting(e -> ((Message) e).content()).containsExactly("hi", "weather?");
    }

    private static Turn turn(int index, List<PromptMessage> prompt) {
        return new Turn(index, new LlmCall(prompt, "ok", List.of(), null, null, java.time.Instant.EPOCH), List.of(), 0);
    }

    @Test
    void should_render_structured_results_as_json_text() {
        FlowSession s = Sessions.builder("json", tmp).open();
        s.logLlmCall(ToolRequest.of("lookup"));
        s.logToolResult("lookup", Map.of("status", "ok"));

        ToolCall call = (ToolCall) s.trace().toTimeline().get(0);
        assertThat(call.result()).isEqualTo(ToolResult.of("{\"status\": \"ok\"}"));
        s.close();
    }
}
