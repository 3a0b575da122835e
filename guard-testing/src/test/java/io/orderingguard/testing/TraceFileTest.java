package io.orderingguard.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.GuardInputException;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Trace files: the format we write, and reagent-flow's own files read back and asserted on. */
class TraceFileTest {

    @TempDir
    Path tmp;

    /** Written by hand in reagent-flow's format_version "1" layout. */
    static Path reagentFixture() {
        try {
            return Path.of(TraceFileTest.class.getResource("/fixtures/refund_flow_20260413_101500.trace.json").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void should_read_a_reagent_flow_trace() {
        Trace trace = Trace.read(reagentFixture());

        assertThat(trace.name()).isEqualTo("refund_flow");
        assertThat(trace.traceId()).isEqualTo("5b0c8a52-8f43-4d6e-9a51-2f7d3c1e9b10");
        assertThat(trace.turns()).hasSize(3);
        assertThat(trace.startedAt()).isEqualTo(Instant.parse("2024-04-21T11:46:40.100Z"));
        assertThat(trace.duration()).contains(Duration.ofMillis(32400));
        assertThat(trace.metadata().path("reagent_record").booleanValue()).isTrue();
        assertThat(trace.parentTraceId()).isNull();
        Turn second = trace.turns().get(1);
        assertThat(second.llmCall().responseText()).isEqualTo("Checking the policy and the payment.");
        assertThat(second.llmCall().model()).isEqualTo("gpt-4o-mini");
        assertThat(second.llmCall().tokenUsage().path("completion_tokens").intValue()).isEqualTo(41);
        assertThat(second.llmCall().messages()).extracting(PromptMessage::role)
                .containsExactly("system", "user", "assistant", "tool");
        assertThat(second.toolCalls()).extracting(RecordedCall::callId).containsExactly("call_policy_2", "call_refund_3");
        assertThat(second.toolCalls().get(0).timestamp()).isEqualTo(Instant.parse("2024-04-21T11:46:41.400Z"));
        assertThat(second.toolResults().get(1).error()).isEqualTo("PaymentGatewayTimeout: no answer after 30s");
        assertThat(second.toolResults().get(1).durationMs()).isEqualTo(30000.0);
        assertThat(trace.turns().get(2).llmCall().messages()).isEmpty();
    }

    @Test
    void should_pass_flow_assertions_on_a_reagent_flow_trace() {
        assertThatCode(() -> FlowAssert.assertThat(Trace.read(reagentFixture()))
                        .flow("lookup_order", "check_policy", "issue_refund")
                        .calledBefore("lookup_order", "issue_refund")
                        .calledWith("issue_refund", Map.of("order_id", "123", "amount", 49.9))
                        .calledTimes("lookup_order", 1)
                        .toolSucceeded("check_policy")
                        .neverCalled("cancel_order")
                        .maxTurns(3)
                        .totalDurationUnder(Duration.ofSeconds(33)))
                .doesNotThrowAnyException();
    }

    @Test
    void should_fail_on_a_reagent_flow_trace_with_the_agent_stack_trace() {
        assertThatThrownBy(() -> FlowAssert.assertThat(Trace.read(reagentFixture())).toolSucceeded("issue_refund"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("""
                        "issue_refund" failed in turn 1: PaymentGatewayTimeout: no answer after 30s
                        ======================================================
                        AGENT STACK TRACE -- refund_flow
                        ======================================================

                        ✓ Turn 0
                          LLM -> lookup_order(order_id="123")
                          Result: {"status": "delivered", "amount": 49.9}

                        ✗ Turn 1
                          LLM -> check_policy(reason="damaged", days_since_delivery=3)
                          LLM -> issue_refund(order_id="123", amount=49.9)
                          Result: {"eligible": true}
                          Error: PaymentGatewayTimeout: no answer after 30s

                        ✓ Turn 2
                          LLM -> [TEXT] "I could not issue the refund yet; a colleague will follow up."

                        ======================================================
                        ASSERTION FAILED: "issue_refund" failed in turn 1: PaymentGatewayTimeout: no answer after 30s

                        PROBABLE CAUSE:
                          Turn 1 had a tool error: PaymentGatewayTimeout: no answer after 30s
                          LLM may have stopped after the error
                        ======================================================""");
        assertThatThrownBy(() -> FlowAssert.assertThat(Trace.read(reagentFixture()))
                        .totalDurationUnder(Duration.ofSeconds(30)))
                .hasMessageStartingWith("Total duration 32400ms exceeds limit of 30000ms\n");
    }

    @Test
    void should_convert_a_reagent_flow_trace_to_a_timeline() {
        Timeline timeline = Trace.read(reagentFixture()).toTimeline();

        assertThat(timeline.entries()).extracting(Entry::id).containsExactly(
                "turn-0-message-0", "turn-0-message-1", "call_lookup_1",
                "turn-1-text", "call_policy_2", "call_refund_3",
                "turn-2-text");
        assertThat(((Message) timeline.get(0)).role()).isEqualTo(Role.SYSTEM);
        assertThat(((Message) timeline.get(1)).content()).isEqualTo("Refund order 123, it arrived broken.");
        ToolCall lookup = (ToolCall) timeline.get(2);
        assertThat(lookup.tool()).isEqualTo("lookup_order");
        assertThat(lookup.argText("order_id")).isEqualTo("123");
        assertThat(lookup.result().content()).isEqualTo("{\"status\": \"delivered\", \"amount\": 49.9}");
        assertThat(lookup.step()).isEqualTo("turn-0");
        ToolCall refund = (ToolCall) timeline.get(5);
        assertThat(refund.result().isError()).isTrue();
        assertThat(refund.result().content()).isEqualTo("PaymentGatewayTimeout: no answer after 30s");
        assertThat(timeline.get(3).step()).isEqualTo("turn-1");
        assertThat(timeline.get(4).step()).isEqualTo("turn-1");
    }

    @Test
    void should_round_trip_a_reagent_flow_trace_through_our_writer() {
        Trace trace = Trace.read(reagentFixture());

        Trace again = Trace.read(trace.write(tmp.resolve("copy.trace.json")));

        assertThat(again).isEqualTo(trace);
        assertThat(again.turns().get(0).toolCalls().get(0).timestamp()).isEqualTo(Instant.parse("2024-04-21T11:46:40.120Z"));
        assertThat(again.toJson()).contains("\"timestamp\": 1713700000.12\n");
    }

    @Test
    void should_write_the_reagent_flow_layout() throws Exception {
        FlowSession s = Sessions.builder("layout", tmp).metadata(Map.of("suite", "smoke")).traceId("t-1").open();
        s.logLlmCall(LlmResponse.of(ToolRequest.of("search", Map.of("q", "x"))).withModel("m").withTokenUsage(3, 4));
        s.logToolResult("search", List.of(1, 2));
        s.logLlmCall(LlmResponse.text("done"));
        s.close();

        assertThat(Files.readString(s.traceFile().orElseThrow())).isEqualTo("""
                {
                  "trace_id": "t-1",
                  "name": "layout",
                  "turns": [
                    {
                      "index": 0,
                      "llm_call": {
                        "messages": null,
                        "response_text": null,
                        "tool_calls": [
                          {
                            "name": "search",
                            "arguments": {
                              "q": "x"
                            },
                            "call_id": "call_1",
                            "timestamp": 1767323045
                          }
                        ],
                        "model": "m",
                        "token_usage": {
                          "input_tokens": 3,
                          "output_tokens": 4
                        },
                        "timestamp": 1767323045
                      },
                      "tool_results": [
                        {
                          "call_id": "call_1",
                          "result": [
                            1,
                            2
                          ],
                          "error": null,
                          "duration_ms": 0
                        }
                      ],
                      "duration_ms": 0
                    },
                    {
                      "index": 1,
                      "llm_call": {
                        "messages": null,
                        "response_text": "done",
                        "tool_calls": [],
                        "model": null,
                        "token_usage": null,
                        "timestamp": 1767323045
                      },
                      "tool_results": [],
                      "duration_ms": 0
                    }
                  ],
                  "metadata": {
                    "suite": "smoke"
                  },
                  "started_at": 1767323045,
                  "ended_at": 1767323045,
                  "format_version": "1",
                  "parent_trace_id": null,
                  "handoff_context": null
                }
                """);
    }

    @Test
    void should_name_the_file_and_path_of_a_bad_field() throws Exception {
        Path file = tmp.resolve("bad.trace.json");
        Files.writeString(file, """
                {"trace_id": "t", "name": "n", "turns": [
                  {"index": 0, "llm_call": {"tool_calls": [{"name": "a", "arguments": "x", "call_id": "c"}]}}]}
                """);

        assertThatThrownBy(() -> Trace.read(file))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(file + ": $.turns[0].llm_call.tool_calls[0].arguments: expected an object or null, but was a string (\"x\")");
    }

    @Test
    void should_reject_a_missing_name() {
        assertThatThrownBy(() -> Trace.parse("{\"trace_id\": \"t\", \"turns\": []}", "t.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("t.json: $.name: required field is missing");
    }

    @Test
    void should_reject_turns_out_of_order() {
        assertThatThrownBy(() -> Trace.parse("{\"trace_id\": \"t\", \"name\": \"n\", \"turns\": [{\"index\": 1, \"llm_call\": {}}]}", "t.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("t.json: $.turns[0].index: expected the turn index 0 (turns are numbered from 0 in order), but was 1");
    }

    @Test
    void should_reject_another_format_version() {
        assertThatThrownBy(() -> Trace.parse("{\"trace_id\": \"t\", \"name\": \"n\", \"format_version\": \"2\"}", "t.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("t.json: $.format_version: unsupported trace format version \"2\"; expected \"1\"");
    }

    @Test
    void should_reject_a_result_without_its_result_field() {
        assertThatThrownBy(() -> Trace.parse("""
                {"trace_id": "t", "name": "n", "turns": [{"index": 0, "llm_call": {}, "tool_results": [{"call_id": "c"}]}]}
                """, "t.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessage("t.json: $.turns[0].tool_results[0].result: required field is missing");
    }

    @Test
    void should_reject_text_that_is_not_json() {
        assertThatThrownBy(() -> Trace.parse("{\"trace_id\": ", "t.json"))
                .isInstanceOf(GuardInputException.class)
                .hasMessageStartingWith("t.json:1: malformed JSON: ");
    }

    @Test
    void should_report_a_missing_file() {
        Path missing = tmp.resolve("missing.trace.json");

        assertThatThrownBy(() -> Trace.read(missing))
                .isInstanceOf(GuardInputException.class)
                .hasMessage(missing + ": file not found");
    }

    @Test
    void should_ignore_unknown_fields_of_a_newer_writer() {
        Trace trace = Trace.parse("{\"trace_id\": \"t\", \"name\": \"n\", \"labels\": [\"x\"], \"turns\": []}", "t.json");

        assertThat(trace.turns()).isEmpty();
        assertThat(trace.endedAt()).isNull();
    }
}
