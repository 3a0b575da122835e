package io.orderingguard.cli;

import static io.orderingguard.cli.EvalCommandTest.guard;
import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.cli.EvalCommandTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateCommandTest {

    private static final String POLICY = EvalCommandTest.EXAMPLES.resolve("customer-support.yaml").toString();

    @TempDir
    Path dir;

    @Test
    void should_block_a_destructive_call_before_verification_with_json_and_exit_1() {
        Run run = guard("gate", "--policy", POLICY, "--history", "GetCustomer", "--next", "DeleteCustomer",
                "--context", "{\"user_role\": \"standard\"}");
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo(String.join("\n",
                "{",
                "  \"allowed\": false,",
                "  \"next\": \"DeleteCustomer\",",
                "  \"position\": 1,",
                "  \"violations\": [",
                "    {",
                "      \"ruleId\": \"identity-before-destructive\",",
                "      \"kind\": \"before\",",
                "      \"reason\": \"tool 'Destructive' was found (index 1) but required preceding tool 'VerifyIdentity' was missing\",",
                "      \"spanned\": [",
                "        1",
                "      ],",
                "      \"causedByNext\": true",
                "    }",
                "  ]",
                "}",
                ""));
    }

    @Test
    void should_allow_a_call_that_leaves_an_obligation_open_and_exit_0() {
        Run run = guard("gate", "--policy", POLICY, "--history", "GetCustomer, VerifyIdentity", "--next", "DeleteCustomer");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).isEqualTo("{\n  \"allowed\": true,\n  \"next\": \"DeleteCustomer\",\n  \"position\": 2,\n"
                + "  \"violations\": []\n}\n");
        Run admin = guard("gate", "--policy", POLICY, "--history", "", "--next", "DeleteCustomer",
                "--context", "{\"user_role\": \"admin\"}", "--format", "text");
        assertThat(admin.exit()).isZero();
        assertThat(admin.out()).isEqualTo("✅ ALLOWED: DeleteCustomer may run as call 1\n");
    }

    @Test
    void should_match_arguments_and_explain_a_block_as_text() {
        Run run = guard("gate", "--policy", POLICY, "--history", "GetCustomer", "--next", "SendEmail", "--format", "text",
                "--args", "{\"to\": \"x@example.com\"}");
        assertThat(run.exit()).as("GetCustomer without args never matches fields=ssn").isZero();
        Path history = EvalCommandTest.EXAMPLES.resolve("dispatch.json");
        Run ssn = guard("gate", "--policy", POLICY, "--trace", history.toString(), "--next", "http_post", "--format", "text");
        assertThat(ssn.exit()).isEqualTo(1);
        assertThat(ssn.out()).isEqualTo(String.join("\n",
                "❌ BLOCKED: http_post as call 5",
                "",
                "   (already broken by the history; the gate fails closed)",
                "   Rule: before (identity-before-destructive)",
                "   When: context.user_role != \"admin\"",
                "   Expected: VerifyIdentity before Destructive",
                "   Actual: CloseAccount called at position 2, but VerifyIdentity never called",
                "",
                "   Trace:",
                "     1. GetCustomer",
                "     2. CloseAccount  ← violation",
                "     3. LogAudit",
                "     4. SendEmail",
                "     5. http_post",
                "",
                "   Suggestion: Add VerifyIdentity call before Destructive",
                "",
                "   (already broken by the history; the gate fails closed)",
                "   Rule: never_after",
                "   Expected: Egress never called after GetCustomer[fields]",
                "   Actual: SendEmail called at position 4, after GetCustomer at position 1",
                "",
                "   Trace:",
                "     1. GetCustomer(id=1138, fields=name,ssn)",
                "     2. CloseAccount(id=1138)",
                "     3. LogAudit(event=account closed)",
                "     4. SendEmail(to=ada@example.com)  ← violation",
                "     5. http_post",
                "",
                "   Suggestion: Do not call Egress once GetCustomer[fields] has been called; call it earlier or not at all",
                ""));
    }

    @Test
    void should_exit_2_for_malformed_inputs() throws IOException {
        Run empty = guard("gate", "--policy", POLICY, "--history", "a,,b", "--next", "X");
        assertThat(empty.exit()).isEqualTo(2);
        assertThat(empty.err()).isEqualTo("guard: Invalid value for option '--history': item 2 of 'a,,b' is empty (separate "
                + "tool names with single commas)\nTry 'guard gate --help' for usage.\n");

        Run blank = guard("gate", "--policy", POLICY, "--next", " ");
        assertThat(blank.exit()).isEqualTo(2);
        assertThat(blank.err()).isEqualTo("guard: Invalid value for option '--next': a tool name must not be blank\n"
                + "Try 'guard gate --help' for usage.\n");

        Run args = guard("gate", "--policy", POLICY, "--next", "X", "--args", "{\"a\": ");
        assertThat(args.exit()).isEqualTo(2);
        assertThat(args.err()).startsWith("guard: --args:1: malformed JSON: ");

        Run run = guard("gate", "--policy", POLICY, "--history", "a", "--next", "X", "--run", "ep");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("guard: --run needs --trace\nTry 'guard gate --help' for usage.\n");

        Path policy = Files.writeString(dir.resolve("p.yaml"), "version: 1\nsequences: [{type: max_calls, tool: X, max: -2}]\n");
        Run negative = guard("gate", "--policy", policy.toString(), "--next", "X");
        assertThat(negative.exit()).isEqualTo(2);
        assertThat(negative.err()).isEqualTo("guard: " + policy + ": $.sequences[0].max: max must be >= 0, but was -2\n");

        Run both = guard("gate", "--policy", POLICY, "--history", "a", "--trace", "t.jsonl", "--next", "X");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).startsWith("guard: Error: --history=TOOLS, --trace=FILE are mutually exclusive");

        Run noPolicy = guard("gate", "--policy", dir.resolve("none.yaml").toString(), "--next", "X");
        assertThat(noPolicy.exit()).isEqualTo(2);
        assertThat(noPolicy.err()).isEqualTo("guard: " + dir.resolve("none.yaml") + ": file not found\n");
    }

    @Test
    void should_show_help_with_examples() {
        Run help = guard("gate", "--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).startsWith("Usage: guard gate ").contains("Examples:\n  guard gate --policy p.yaml --history "
                + "GetCustomer --next DeleteCustomer\n");
        Run root = guard("--help");
        assertThat(root.out()).contains("  eval ", "  migrate ", "  explain ", "  gate ");
    }
}
