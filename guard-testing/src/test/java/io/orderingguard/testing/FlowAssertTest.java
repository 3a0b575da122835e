package io.orderingguard.testing;

import static io.orderingguard.testing.Flow.ANY;
import static io.orderingguard.testing.Sessions.ordered;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlowAssertTest {

    @TempDir
    Path tmp;

    private static final String HEADER = """
            ======================================================
            AGENT STACK TRACE -- refund
            ======================================================

            ✓ Turn 0
              LLM -> search(query="Q3 revenue")
              Result: {"hits": 3}

            ✗ Turn 1
              LLM -> summarize(style="short")
              LLM -> search(query="Q4")
              Result: "ok"
              Error: timeout

            ✓ Turn 2
              LLM -> [TEXT] "Done."

            ======================================================
            """;

    private static final String TOOL_ERROR_CAUSE = """

            PROBABLE CAUSE:
              Turn 1 had a tool error: timeout
              LLM may have stopped after the error
            """;

    private static final String RULE = "======================================================";

    /** The full failure message for the refund trace: the reason, then the agent stack trace. */
    private static String refundFailure(String message, boolean probableCause) {
        return message + "\n" + HEADER + "ASSERTION FAILED: " + message + "\n"
                + (probableCause ? TOOL_ERROR_CAUSE : "") + RULE;
    }

    private FlowAssert refund() {
        return FlowAssert.assertThat(Sessions.refund(tmp));
    }

    @Test
    void should_render_the_whole_report_for_a_failure() {
        assertThatThrownBy(() -> refund().called("delete"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("""
                        "delete" was never called (3 turns, 3 tool calls)
                        ======================================================
                        AGENT STACK TRACE -- refund
                        ======================================================

                        ✓ Turn 0
                          LLM -> search(query="Q3 revenue")
                          Result: {"hits": 3}

                        ✗ Turn 1
                          LLM -> summarize(style="short")
                          LLM -> search(query="Q4")
                          Result: "ok"
                          Error: timeout

                        ✓ Turn 2
                          LLM -> [TEXT] "Done."

                        ======================================================
                        ASSERTION FAILED: "delete" was never called (3 turns, 3 tool calls)

                        PROBABLE CAUSE:
                          Turn 1 had a tool error: timeout
                          LLM may have stopped after the error
                        ======================================================""");
    }

    @Test
    void should_pass_called_when_the_tool_was_called() {
        assertThatCode(() -> refund().called("search").called("summarize")).doesNotThrowAnyException();
    }

    @Test
    void should_fail_called_when_the_tool_was_never_called() {
        assertThatThrownBy(() -> refund().called("delete"))
                .hasMessage(refundFailure("\"delete\" was never called (3 turns, 3 tool calls)", true));
    }

    @Test
    void should_pass_never_called_when_the_tool_was_not_called() {
        assertThatCode(() -> refund().neverCalled("delete_account")).doesNotThrowAnyException();
    }

    @Test
    void should_fail_never_called_listing_one_turn_per_call() {
        assertThatThrownBy(() -> refund().neverCalled("search"))
                .hasMessage(refundFailure("\"search\" was called in turn(s) [0, 1]", false));
    }

    @Test
    void should_pass_called_before_on_first_occurrences() {
        assertThatCode(() -> refund().calledBefore("search", "summarize")).doesNotThrowAnyException();
    }

    @Test
    void should_fail_called_before_when_the_order_is_reversed() {
        assertThatThrownBy(() -> refund().calledBefore("summarize", "search"))
                .hasMessage(refundFailure(
                        "\"summarize\" (position 1) was not called before \"search\" (position 0)", false));
    }

    @Test
    void should_fail_called_before_when_the_first_tool_was_never_called() {
        assertThatThrownBy(() -> refund().calledBefore("fetch", "search"))
                .hasMessage(refundFailure("\"fetch\" was never called", false));
    }

    @Test
    void should_fail_called_before_when_the_second_tool_was_never_called() {
        assertThatThrownBy(() -> refund().calledBefore("search", "fetch"))
                .hasMessage(refundFailure("\"fetch\" was never called", false));
    }

    @Test
    void should_fail_called_before_a_tool_and_itself() {
        assertThatThrownBy(() -> refund().calledBefore("search", "search"))
                .hasMessage(refundFailure(
                        "\"search\" (position 0) was not called before \"search\" (position 0)", false));
    }

    @Test
    void should_pass_called_times_within_bounds() {
        assertThatCode(() -> refund().calledTimes("search", 1, 3).calledTimes("search", 2).calledTimes("x", 0, 0))
                .doesNotThrowAnyException();
    }

    @Test
    void should_fail_called_times_below_the_minimum() {
        assertThatThrownBy(() -> refund().calledTimes("summarize", 2, 3))
                .hasMessage(refundFailure("\"summarize\" called 1 times, expected at least 2", true));
    }

    @Test
    void should_fail_called_times_above_the_maximum() {
        assertThatThrownBy(() -> refund().calledTimes("search", 1))
                .hasMessage(refundFailure("\"search\" called 2 times, expected at most 1", true));
    }

    @Test
    void should_reject_called_times_bounds_in_the_wrong_order() {
        assertThatThrownBy(() -> refund().calledTimes("search", 2, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max (1) is less than min (2)");
        assertThatThrownBy(() -> refund().calledTimes("search", -1, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("min must be >= 0, but was -1");
    }

    @Test
    void should_pass_called_with_on_a_partial_match() {
        assertThatCode(() -> refund()
                        .calledWith("search", Map.of("query", "Q4"))
                        .calledWith("search", "query", "Q3 revenue")
                        .calledWith("search", Map.of()))
                .doesNotThrowAnyException();
    }

    @Test
    void should_compare_argument_numbers_by_value() {
        FlowSession s = Sessions.builder("numbers", tmp).open();
        s.logLlmCall(ToolRequest.of("page", Map.of("n", 1, "filter", Map.of("ids", List.of(1, 2)))));

        assertThatCode(() -> FlowAssert.assertThat(s)
                        .calledWith("page", Map.of("n", 1.0))
                        .calledWith("page", Map.of("filter", Map.of("ids", List.of(1L, 2.0)))))
                .doesNotThrowAnyException();
    }

    @Test
    void should_fail_called_with_naming_the_closest_mismatch() {
        assertThatThrownBy(() -> refund().calledWith("search", Map.of("query", "Q1")))
                .hasMessage(refundFailure("\"search\" was called 2 time(s) but none matched expected args. "
                        + "Closest mismatch on key(s): [\"query\"]. Expected: {\"query\": \"Q1\"}", true));
    }

    @Test
    void should_pick_the_earliest_of_equally_close_calls_and_list_its_mismatches_in_the_given_order() {
        FlowSession s = Sessions.builder("closest", tmp).open();
        s.logLlmCall(ToolRequest.of("book", ordered("city", "Oslo", "days", 2, "class", "eco")),
                ToolRequest.of("book", ordered("city", "Rome", "days", 3, "class", "biz")));
        s.close();

        // each call matches one key: the first one is the closest
        assertThatThrownBy(() -> FlowAssert.assertThat(s)
                        .calledWith("book", ordered("days", 3, "class", "eco", "city", "Paris")))
                .hasMessageStartingWith("\"book\" was called 2 time(s) but none matched expected args. "
                        + "Closest mismatch on key(s): [\"days\", \"city\"]. "
                        + "Expected: {\"days\": 3, \"class\": \"eco\", \"city\": \"Paris\"}\n");
        // the second call matches two keys: it wins
        assertThatThrownBy(() -> FlowAssert.assertThat(s)
                        .calledWith("book", ordered("days", 3, "class", "biz", "city", "Paris")))
                .hasMessageStartingWith("\"book\" was called 2 time(s) but none matched expected args. "
                        + "Closest mismatch on key(s): [\"city\"]. "
                        + "Expected: {\"days\": 3, \"class\": \"biz\", \"city\": \"Paris\"}\n");
    }

    @Test
    void should_list_the_keys_of_an_unordered_map_sorted() {
        assertThatThrownBy(() -> refund().calledWith("search", Map.of("query", "Q1", "limit", 5)))
                .hasMessageStartingWith("\"search\" was called 2 time(s) but none matched expected args. "
                        + "Closest mismatch on key(s): [\"limit\", \"query\"]. "
                        + "Expected: {\"limit\": 5, \"query\": \"Q1\"}\n");
    }

    @Test
    void should_fail_called_with_when_the_tool_was_never_called() {
        assertThatThrownBy(() -> refund().calledWith("refund", Map.of("amount", 10)))
                .hasMessage(refundFailure("\"refund\" was never called", true));
    }

    @Test
    void should_pass_tool_succeeded_when_every_call_has_a_clean_result() {
        assertThatCode(() -> refund().toolSucceeded("summarize")).doesNotThrowAnyException();
    }

    @Test
    void should_fail_tool_succeeded_on_the_first_failed_call() {
        assertThatThrownBy(() -> refund().toolSucceeded("search"))
                .hasMessage(refundFailure("\"search\" failed in turn 1: timeout", true));
    }

    @Test
    void should_fail_tool_succeeded_when_the_tool_was_never_called() {
        assertThatThrownBy(() -> refund().toolSucceeded("refund"))
                .hasMessage(refundFailure("\"refund\" was never called (3 turns, 3 tool calls)", true));
    }

    @Test
    void should_fail_tool_succeeded_when_a_call_has_no_result() {
        FlowSession s = Sessions.builder("pending", tmp).open();
        s.logLlmCall(ToolRequest.of("lookup", Map.of("id", "7")));
        s.logToolResult("lookup", Map.of("status", "active"));
        s.logLlmCall(ToolRequest.of("refund", Map.of("id", "7")));
        s.close();

        assertThatThrownBy(() -> FlowAssert.assertThat(s).toolSucceeded("refund"))
                .hasMessage("""
                        "refund" in turn 1 has no recorded result
                        ======================================================
                        AGENT STACK TRACE -- pending
                        ======================================================

                        ✓ Turn 0
                          LLM -> lookup(id="7")
                          Result: {"status": "active"}

                        ✓ Turn 1
                          LLM -> refund(id="7")

                        ======================================================
                        ASSERTION FAILED: "refund" in turn 1 has no recorded result

                        PROBABLE CAUSE:
                          Last tool output before termination:
                            lookup -> {"status": "active"}
                        ======================================================""");
    }

    @Test
    void should_see_a_result_logged_in_a_later_turn() {
        FlowSession s = Sessions.builder("late", tmp).open();
        List<String> ids = s.logLlmCall(ToolRequest.of("fetch"));
        s.logLlmCall(LlmResponse.text("waiting"));
        s.logToolResult("fetch", ids.get(0), "late but fine", null);

        assertThatCode(() -> FlowAssert.assertThat(s).toolSucceeded("fetch")).doesNotThrowAnyException();
    }

    @Test
    void should_pass_max_turns_counting_text_only_turns() {
        assertThatCode(() -> refund().maxTurns(3)).doesNotThrowAnyException();
    }

    @Test
    void should_fail_max_turns_above_the_limit() {
        assertThatThrownBy(() -> refund().maxTurns(2))
                .hasMessage(refundFailure("Expected at most 2 turns, got 3", false));
    }

    @Test
    void should_pass_total_duration_at_the_limit_inclusive() {
        TestClock clock = TestClock.at("2026-01-02T03:04:05Z");
        FlowSession s = FlowSession.builder("timed").traceDir(tmp).clock(clock).open();
        clock.advance(Duration.ofMillis(1500));
        s.close();

        assertThatCode(() -> FlowAssert.assertThat(s).totalDurationUnder(Duration.ofMillis(1500)))
                .doesNotThrowAnyException();
    }

    @Test
    void should_fail_total_duration_above_the_limit() {
        TestClock clock = TestClock.at("2026-01-02T03:04:05Z");
        FlowSession s = FlowSession.builder("timed").traceDir(tmp).clock(clock).open();
        clock.advance(Duration.ofMillis(1500));
        s.close();

        assertThatThrownBy(() -> FlowAssert.assertThat(s).totalDurationUnder(Duration.ofSeconds(1)))
                .hasMessage("""
                        Total duration 1500ms exceeds limit of 1000ms
                        ======================================================
                        AGENT STACK TRACE -- timed
                        ======================================================

                        ======================================================
                        ASSERTION FAILED: Total duration 1500ms exceeds limit of 1000ms
                        ======================================================""");
    }

    @Test
    void should_measure_an_open_session_up_to_now() {
        TestClock clock = TestClock.at("2026-01-02T03:04:05Z");
        FlowSession s = FlowSession.builder("live").traceDir(tmp).clock(clock).open();
        clock.advance(Duration.ofSeconds(3));

        assertThatThrownBy(() -> FlowAssert.assertThat(s).totalDurationUnder(Duration.ofSeconds(2)))
                .hasMessageStartingWith("Total duration 3000ms exceeds limit of 2000ms\n");
        s.close();
    }

    @Test
    void should_pass_flow_on_a_matching_pattern() {
        assertThatCode(() -> refund()
                        .flow("search", "summarize", "search")
                        .flow("search", ANY)
                        .flow(ANY, "summarize", ANY)
                        .flow(ANY, "search"))
                .doesNotThrowAnyException();
    }

    @Test
    void should_fail_flow_with_the_mismatch() {
        assertThatThrownBy(() -> refund().flow("search", "summarize"))
                .hasMessage(refundFailure("Flow mismatch: unexpected trailing calls [\"search\"]. "
                        + "Pattern: [\"search\", \"summarize\"], actual: [\"search\", \"summarize\", \"search\"]", false));
    }

    @Test
    void should_fail_an_empty_flow_pattern_on_a_run_with_calls() {
        assertThatThrownBy(() -> refund().flow())
                .hasMessageStartingWith("Flow mismatch: unexpected trailing calls [\"search\", \"summarize\", \"search\"]. "
                        + "Pattern: [], actual: [\"search\", \"summarize\", \"search\"]\n");
    }

    @Test
    void should_treat_an_empty_trace_as_the_reference_does() {
        FlowSession s = Sessions.builder("empty", tmp).open();

        assertThatCode(() -> FlowAssert.assertThat(s)
                        .neverCalled("x")
                        .calledTimes("x", 0, 2)
                        .maxTurns(0)
                        .flow()
                        .flow(ANY))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> FlowAssert.assertThat(s).called("x"))
                .hasMessageStartingWith("\"x\" was never called (0 turns, 0 tool calls)\n");
        assertThatThrownBy(() -> FlowAssert.assertThat(s).calledBefore("x", "y"))
                .hasMessageStartingWith("\"x\" was never called\n");
    }

    @Test
    void should_prefix_the_description_of_as() {
        assertThatThrownBy(() -> refund().as("refund agent").maxTurns(1))
                .hasMessageStartingWith("[refund agent] Expected at most 1 turns, got 3\n");
    }

    @Test
    void should_assert_on_a_timeline_step_by_step() {
        Timeline timeline = Timeline.of(
                Entry.user("u1", "Refund order 7"),
                Entry.toolCall("c1", "lookup", null).withResult("active").withStep("s1"),
                Entry.toolCall("c2", "refund", null).withResult(io.orderingguard.timeline.ToolResult.error("denied"))
                        .withStep("s2"),
                Entry.assistant("a1", "Sorry.").withStep("s3"));

        assertThatCode(() -> FlowAssert.assertThat(timeline)
                        .flow("lookup", "refund")
                        .maxTurns(3)
                        .toolSucceeded("lookup"))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> FlowAssert.assertThat(timeline).toolSucceeded("refund"))
                .hasMessageStartingWith("\"refund\" failed in turn 1: denied\n");
    }

    @Test
    void should_fail_like_assertj_on_a_null_actual() {
        assertThatThrownBy(() -> FlowAssert.assertThat((Trace) null).called("x"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expecting actual not to be null");
    }
}
