package io.orderingguard.cli;

import static io.orderingguard.cli.EvalCommandTest.guard;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.cli.EvalCommandTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExplainCommandTest {

    private static final String POLICY = EvalCommandTest.EXAMPLES.resolve("customer-support.yaml").toString();
    private static final Path DISPATCH = EvalCommandTest.EXAMPLES.resolve("dispatch.json");

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void should_explain_every_call_of_the_shipped_dispatch_and_exit_1() {
        Run run = guard("explain", "--policy", POLICY, "--trace", DISPATCH.toString());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo(String.join("\n",
                "Policy: customer-support (v1.1)",
                "Trace: " + DISPATCH + " (support-1138) (4 calls: 2 allowed, 2 blocked)",
                "",
                "  [0] GetCustomer(id=1138, fields=name,ssn)  ✅ allowed",
                "  [1] CloseAccount(id=1138)                  ❌ BLOCKED",
                "      └── Rule: identity-before-destructive",
                "      └── Reason: tool 'Destructive' was found (index 1) but required preceding tool 'VerifyIdentity' was missing",
                "  [2] LogAudit(event=account closed)         ✅ allowed",
                "  [3] SendEmail(to=ada@example.com)          ❌ BLOCKED",
                "      └── Rule: never_after:GetCustomer[fields]->Egress",
                "      └── Reason: tool 'Egress' at index 3 is forbidden after 'GetCustomer[fields]' (triggered at index 0)",
                "",
                "End of run (finished trace):",
                "  ✅ tools: held",
                "  ❌ identity-before-destructive: violated — tool 'Destructive' was found (index 1) but required preceding tool "
                        + "'VerifyIdentity' was missing",
                "  ✅ after:Destructive->LogAudit@2: held",
                "  ❌ never_after:GetCustomer[fields]->Egress: violated — tool 'Egress' at index 3 is forbidden after "
                        + "'GetCustomer[fields]' (triggered at index 0)",
                "  ✅ eventually:GetCustomer@3: held",
                "  ✅ max_calls:SendEmail<=3: held",
                "",
                "Verdict: BLOCKED by identity-before-destructive at [1], never_after:GetCustomer[fields]->Egress at [3]",
                ""));
    }

    @Test
    void should_use_the_context_option_over_the_trace_context() {
        Run admin = guard("explain", "--policy", POLICY, "--trace", DISPATCH.toString(), "--context",
                "{\"user_role\": \"admin\"}", "--format", "json");
        assertThat(admin.exit()).isEqualTo(1);
        assertThat(admin.out()).contains("\"blockedSteps\": 1,", "\"firstBlockIndex\": 3,");
    }

    @Test
    void should_exit_0_when_nothing_is_blocked_and_report_end_of_run_violations() throws IOException {
        Path policy = write("p.yaml", "sequences:\n  - {type: require, tool: Audit}\n  - {type: before, first: A, then: B}\n");
        Path ok = write("ok.json", "[\"A\", \"B\", \"Audit\"]");
        Run clean = guard("explain", "--policy", policy.toString(), "--trace", ok.toString());
        assertThat(clean.exit()).isZero();
        assertThat(clean.out()).endsWith("Verdict: PASS (no call blocked, no rule violated at the end of the run)\n");

        Path missing = write("missing.json", "[\"A\", \"B\"]");
        Run end = guard("explain", "--policy", policy.toString(), "--trace", missing.toString(), "--format", "json");
        assertThat(end.exit()).as("a required tool that never came").isEqualTo(1);
        JsonNode json = new ObjectMapper().readTree(end.out());
        assertThat(json.path("blockedSteps").intValue()).isZero();
        assertThat(json.path("violated").booleanValue()).isTrue();
        assertThat(json.path("endOfRun").path("ruleEvaluations").get(0).toString()).isEqualTo("{\"ruleId\":\"require:Audit\","
                + "\"kind\":\"require\",\"outcome\":\"violated\",\"spanned\":[],\"reason\":\"required tool 'Audit' not found in trace\"}");
        assertThat(json.path("steps").get(1).toString()).isEqualTo("{\"index\":1,\"tool\":\"B\",\"args\":{},\"verdict\":\"allowed\","
                + "\"violations\":[]}");
    }

    @Test
    void should_render_markdown_and_pick_a_run_by_id() {
        Run run = guard("explain", "--policy", POLICY, "--trace", EvalCommandTest.EXAMPLES.resolve("traces.jsonl").toString(),
                "--run", "ep-close", "--format", "markdown");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).startsWith("## Trace explanation ✅ PASS\n\nPolicy **customer-support (v1.1)**, trace `")
                .contains("| Steps | Allowed | Blocked |\n|---:|---:|---:|\n| 4 | 4 | 0 |\n",
                        "| 2 | `CloseAccount(id=7)` | ✅ allowed |  |\n",
                        "| `never_after:GetCustomer[fields]->Egress` | ➖ not_exercised | 'GetCustomer[fields]' never appeared, so "
                                + "nothing was forbidden |\n");
    }

    @Test
    void should_exit_2_for_malformed_inputs() throws IOException {
        Path degenerate = write("p.yaml", "sequences: [{type: after, trigger: A, then: A}]\n");
        Run bad = guard("explain", "--policy", degenerate.toString(), "--trace", DISPATCH.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("guard: " + degenerate + ": $.sequences[0]: an after rule with identical trigger and then "
                + "('A') can never hold on a finished run: its last call is never answered\n");

        Path traces = EvalCommandTest.EXAMPLES.resolve("traces.jsonl");
        Run several = guard("explain", "--policy", POLICY, "--trace", traces.toString());
        assertThat(several.exit()).isEqualTo(2);
        assertThat(several.err()).isEqualTo("guard: " + traces + ": the file holds 3 recorded runs (ep-delete, ep-close, "
                + "newsletter); pick one with --run ID\n");

        Run context = guard("explain", "--policy", POLICY, "--trace", DISPATCH.toString(), "--context", "[1]");
        assertThat(context.exit()).isEqualTo(2);
        assertThat(context.err()).isEqualTo("guard: --context: $: expected an object, but was an array\n");

        Run noRun = guard("explain", "--policy", POLICY, "--trace", traces.toString(), "--run", "ep-nope");
        assertThat(noRun.exit()).isEqualTo(2);
        assertThat(noRun.err()).isEqualTo("guard: " + traces + ": no recorded run(s) with id or prompt \"ep-nope\" among 3\n");
    }

    @Test
    void should_show_help_with_examples() {
        Run help = guard("explain", "--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).startsWith("Usage: guard explain ").contains("Examples:\n  guard explain --policy ");
    }
}
