package io.orderingguard.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.GuardResult;
import io.orderingguard.Outcome;
import io.orderingguard.policy.eval.EvalResult;
import io.orderingguard.policy.eval.EvalRun;
import io.orderingguard.policy.eval.EvalStatus;
import io.orderingguard.testing.emulator.Answer;
import io.orderingguard.testing.emulator.ProviderEmulator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExamplesTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void mutate_mode_repairs_a_broken_history() {
        GuardResult result = MutateBrokenHistory.run(out);
        assertThat(result.outcome()).isEqualTo(Outcome.REPAIRED);
        assertThat(printed()).isEqualTo("outcome: repaired\n"
                + "repair: drop-orphan-result - dropped tool result 'toolu_01A', whose call is not in the conversation\n"
                + "repair: synthesize-missing-tool-result - answered tool call 'toolu_01B' (refund) with an error result"
                + " saying it was not executed\n"
                + "entries sent: 4 of 5\n");
    }

    @Test
    void advisories_can_be_disabled_by_rule_id() {
        List<List<String>> ids = DisableAdvisories.run(out);
        assertThat(ids.get(0)).containsExactly("stale-thinking");
        assertThat(ids.get(1)).isEmpty();
        assertThat(printed()).isEqualTo("advisories by default: [stale-thinking]\nwith stale-thinking disabled: []\n");
    }

    @Test
    void a_tool_call_gate_blocks_a_delete_before_verification() {
        assertThat(ToolCallGateLoop.run(out)).containsExactly("LookupCustomer", "VerifyIdentity", "DeleteCustomer");
        assertThat(printed()).startsWith("ran LookupCustomer\nblocked DeleteCustomer: before:VerifyIdentity->DeleteCustomer - ");
        assertThat(printed()).endsWith("ran VerifyIdentity\nran DeleteCustomer\n");
    }

    @Test
    void an_eval_suite_runs_from_code_and_reports_the_failing_run() {
        EvalRun run = EvalRecordedRuns.run(out, Path.of("policies"));
        assertThat(run.status()).isEqualTo(EvalStatus.FAIL);
        assertThat(run.failures()).extracting(EvalResult::testId).containsExactly("verify_before_delete");
        assertThat(printed()).startsWith("failed: verify_before_delete (" + Path.of("policies", "traces.jsonl") + ":1)\n"
                + "❌ FAIL: sequence_valid (verify_before_delete)\n");
        assertThat(printed()).contains("     2. DeleteCustomer  ← violation\n");
        assertThat(printed()).endsWith("3 tests: 2 passed, 1 failed\n");
    }

    @Test
    void a_guarded_langchain4j_model_repairs_the_history_before_openai_sees_it() {
        try (ProviderEmulator emulator = ProviderEmulator.builder().defaultAnswer(Answer.text("Tomorrow.")).start()) {
            assertThat(GuardedOpenAiModel.run(out, emulator.openAiBaseUrl(), "test-key")).isEqualTo("Tomorrow.");
            assertThat(emulator.requestCount()).isEqualTo(1);
            assertThat(emulator.rejections()).isEmpty();
            assertThat(emulator.lastRequest().json().toString()).doesNotContain("call_evicted");
        }
    }

    @Test
    void the_model_id_chooses_the_profile() {
        assertThat(SelectProfileFromModel.run(out)).containsExactly(
                "claude-sonnet-4-5-20250929 -> anthropic-messages (confirmed): passed",
                "us.anthropic.claude-3-7-sonnet-20250219-v1:0 -> bedrock-converse-claude (confirmed): rejected",
                "gemini-2.5-flash -> gemini-2-5-api (confirmed): rejected",
                "gpt-4o-mini -> openai-chat (confirmed): passed",
                "some-internal-model -> fallback permissive: passed");
    }
}
