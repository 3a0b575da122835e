package io.orderingguard.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {

    @TempDir
    Path tmp;

    private FlowSession run(boolean record, String decision, String text) {
        FlowSession s = Sessions.builder("approval", tmp).recordBaseline(record).open();
        s.logLlmCall(ToolRequest.of("review", Sessions.ordered("vendor", "ClearVoice AI", "requested_at", "t" + decision)));
        s.logToolResult("review", Map.of("risk", "HIGH"));
        s.logLlmCall(ToolRequest.of("decide", Map.of("decision", decision)));
        s.logToolResult("decide", decision);
        s.logLlmCall(LlmResponse.text(text));
        s.close();
        return s;
    }

    @Test
    void should_pass_when_the_run_matches_its_baseline() {
        run(true, "ESCALATE", "Escalated.");
        FlowSession again = run(false, "ESCALATE", "Escalated.");

        assertThatCode(() -> FlowAssert.assertThat(again).matchesBaseline()).doesNotThrowAnyException();
    }

    @Test
    void should_pass_while_recording() {
        FlowSession s = run(true, "ESCALATE", "Escalated.");

        assertThatCode(() -> FlowAssert.assertThat(s).matchesBaseline()).doesNotThrowAnyException();
    }

    @Test
    void should_fail_with_the_diff_summary() {
        run(true, "ESCALATE", "Escalated.");
        FlowSession changed = run(false, "APPROVE", "Approved.");

        assertThatThrownBy(() -> FlowAssert.assertThat(changed).matchesBaseline())
                .isInstanceOf(AssertionError.class)
                .hasMessage("""
                        Trace does not match golden baseline:
                        Trace diff: 3 golden turns vs 3 actual turns
                        Turn 0: argument differences:
                            review.requested_at: expected="tESCALATE", actual="tAPPROVE"
                        Turn 1: argument differences:
                            decide.decision: expected="ESCALATE", actual="APPROVE"
                        Turn 1: result mismatch
                        Turn 2: result mismatch
                        ======================================================
                        AGENT STACK TRACE -- approval
                        ======================================================

                        ✓ Turn 0
                          LLM -> review(vendor="ClearVoice AI", requested_at="tAPPROVE")
                          Result: {"risk": "HIGH"}

                        ✓ Turn 1
                          LLM -> decide(decision="APPROVE")
                          Result: "APPROVE"

                        ✓ Turn 2
                          LLM -> [TEXT] "Approved."

                        ======================================================
                        ASSERTION FAILED: Trace does not match golden baseline:
                        Trace diff: 3 golden turns vs 3 actual turns
                        Turn 0: argument differences:
                            review.requested_at: expected="tESCALATE", actual="tAPPROVE"
                        Turn 1: argument differences:
                            decide.decision: expected="ESCALATE", actual="APPROVE"
                        Turn 1: result mismatch
                        Turn 2: result mismatch
                        ======================================================""");
    }

    @Test
    void should_ignore_the_named_fields() {
        run(true, "ESCALATE", "Escalated.");
        FlowSession changed = run(false, "APPROVE", "Approved.");

        assertThatCode(() -> FlowAssert.assertThat(changed)
                        .matchesBaseline("review.requested_at", "decide.decision", "results", "response_text"))
                .doesNotThrowAnyException();
        assertThatCode(() -> FlowAssert.assertThat(changed).matchesBaseline("arguments", "results", "response_text"))
                .doesNotThrowAnyException();
    }

    @Test
    void should_never_ignore_tool_differences() {
        Trace golden = Trace.of("g", java.util.List.of());
        FlowSession s = Sessions.builder("x", tmp).open();
        s.logLlmCall(ToolRequest.of("a"), ToolRequest.of("b"));
        s.logLlmCall(ToolRequest.of("c"));
        s.close();
        FlowSession g = Sessions.builder("x", tmp).open();
        g.logLlmCall(ToolRequest.of("a"));
        g.close();

        TraceDiff diff = TraceDiff.between(g.trace(), s.trace(), "arguments", "results", "response_text");

        assertThat(diff.matches()).isFalse();
        assertThat(diff.summary()).isEqualTo("""
                Trace diff: 1 golden turns vs 2 actual turns
                Turn 0: tool mismatch (expected ["a"], got ["a", "b"])
                Turn 1: EXTRA (got c)""");
        assertThat(TraceDiff.between(s.trace(), golden).summary()).isEqualTo("""
                Trace diff: 2 golden turns vs 0 actual turns
                Turn 0: MISSING (expected a)
                Turn 1: MISSING (expected c)""");
    }

    @Test
    void should_report_an_argument_present_on_one_side_only() {
        FlowSession g = Sessions.builder("args", tmp).open();
        g.logLlmCall(ToolRequest.of("a", Map.of("k", 1)));
        g.close();
        FlowSession s = Sessions.builder("args", tmp).open();
        s.logLlmCall(ToolRequest.of("a", Map.of("k", 1.0, "extra", true)));
        s.close();

        assertThat(TraceDiff.between(g.trace(), s.trace()).summary()).isEqualTo("""
                Trace diff: 1 golden turns vs 1 actual turns
                Turn 0: argument differences:
                    a.extra: expected=<missing>, actual=true""");
    }

    @Test
    void should_compare_with_a_baseline_in_another_directory() {
        Path baselines = tmp.resolve("baselines");
        Sessions.builder("approval", tmp).baselineDir(baselines).recordBaseline(true).open().close();
        FlowSession s = Sessions.builder("approval", tmp).open();
        s.close();

        assertThatCode(() -> FlowAssert.assertThat(s.trace()).matchesBaseline(baselines)).doesNotThrowAnyException();
    }

    @Test
    void should_report_a_missing_baseline() {
        FlowSession s = Sessions.builder("never recorded", tmp).open();
        s.close();
        Path expected = tmp.resolve("golden").resolve("never_recorded.trace.json");

        assertThatThrownBy(() -> FlowAssert.assertThat(s).matchesBaseline())
                .isInstanceOf(TraceNotFoundException.class)
                .hasMessage("No golden baseline for 'never recorded' at " + expected
                        + "; record one with FlowSession.builder(name).recordBaseline(true) or -Dorderingguard.flow.updateBaselines=true");
    }

    @Test
    void should_need_a_directory_for_a_plain_trace() {
        assertThatThrownBy(() -> FlowAssert.assertThat(Trace.of("t", java.util.List.of())).matchesBaseline())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a trace or timeline has no baseline directory; use matchesBaseline(Path baselineDir, String... ignoreFields)");
    }
}
