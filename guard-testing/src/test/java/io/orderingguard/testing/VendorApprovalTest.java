package io.orderingguard.testing;

import static io.orderingguard.testing.Flow.ANY;
import static io.orderingguard.testing.FlowAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full example of the seed ("Flow and Count Assertions"), in Java — with both {@code assertThat}s
 * statically imported, as users write it.
 */
class VendorApprovalTest {

    @Test
    void should_pass_the_seed_example(@TempDir Path tmp) {
        FlowSession s;
        try (FlowSession session = FlowSession.open("vendor-approval", tmp)) {
            s = session;
            s.logLlmCall(ToolRequest.of("extract_vendor_packet", Map.of("vendor", "ClearVoice AI")));
            s.logToolResult("extract_vendor_packet", Map.of("vendor_name", "ClearVoice AI"));

            s.logLlmCall(ToolRequest.of("review_security", Map.of("vendor", "ClearVoice AI")));
            s.logToolResult("review_security", Map.of("risk", "HIGH"));

            s.logLlmCall(ToolRequest.of("record_decision", Map.of("decision", "ESCALATE")));
            s.logToolResult("record_decision", Map.of("decision", "ESCALATE"));
        }

        // Flow assertions
        assertThat(s)
                .called("review_security")
                .neverCalled("delete_data")
                .calledBefore("review_security", "record_decision")
                .calledTimes("review_security", 1, 1)
                .calledWith("record_decision", Map.of("decision", "ESCALATE"))
                .flow("extract_vendor_packet", "review_security", "record_decision")
                .maxTurns(5);

        // and the trace file it wrote reads back to the same flow
        Path file = s.traceFile().orElseThrow();
        assertThat(file.getParent()).isEqualTo(tmp.resolve("traces"));
        assertThat(file.getFileName().toString()).startsWith("vendor-approval_").endsWith(".trace.json");
        Trace read = Trace.read(file);
        assertThat(read.toolNames()).containsExactly("extract_vendor_packet", "review_security", "record_decision");
        assertThat(read)
                .toolSucceeded("review_security")
                .flow("extract_vendor_packet", ANY, "record_decision");
    }

    @Test
    void should_fail_when_the_agent_skips_the_security_review(@TempDir Path tmp) {
        FlowSession s;
        try (FlowSession session = FlowSession.open("vendor-approval", tmp)) {
            s = session;
            s.logLlmCall(ToolRequest.of("extract_vendor_packet", Map.of("vendor", "ClearVoice AI")));
            s.logToolResult("extract_vendor_packet", Map.of("vendor_name", "ClearVoice AI"));
            s.logLlmCall(ToolRequest.of("record_decision", Map.of("decision", "APPROVE")));
            s.logToolResult("record_decision", Map.of("decision", "APPROVE"));
        }

        assertThatThrownBy(() -> FlowAssert.assertThat(s).called("review_security"))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("\"review_security\" was never called (2 turns, 2 tool calls)\n")
                .hasMessageContaining("ASSERTION FAILED: \"review_security\" was never called (2 turns, 2 tool calls)");
    }
}
