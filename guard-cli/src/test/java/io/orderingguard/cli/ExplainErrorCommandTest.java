package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingRule;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code guard explain-error} through {@link GuardCli#run}: exit codes and exact output. */
class ExplainErrorCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String A1 = "messages.3: `tool_use` ids were found without `tool_result` blocks immediately "
            + "after: toolu_01";

    @TempDir
    Path dir;

    private static CliRun run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = GuardCli.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void explains_anthropic_s_orphan_result_text_with_its_ids_cut() {
        CliRun r = CliRun.of("explain-error", "messages.1.content.0: unexpected `tool_use_id` found in `tool_result` "
                + "blocks");

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith(String.join("\n",
                "1 rule matches the whole error text.",
                "",
                "anthropic-tool-result-has-tool-use  (toolResultPairing)",
                "  matched:   messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks",
                ""));
    }

    @Test
    void explains_an_error_given_as_an_argument_and_exits_0() {
        CliRun r = CliRun.of("explain-error", A1);

        assertThat(r.exitCode()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).isEqualTo(String.join("\n",
                "1 rule matches the whole error text.",
                "",
                "anthropic-tool-use-has-result  (toolResultPairing)",
                "  matched:   messages.3: `tool_use` ids were found without `tool_result` blocks immediately after:",
                "             toolu_01",
                "  cause:     A tool call has no result in the message right after it (a memory window or trimming",
                "             dropped the result, or the tool run was cancelled).",
                "  fix:       Send each tool call's result right after the message that made the call, or remove the",
                "             call.",
                "  mutate:    repairs it: mutate mode answers an unanswered call with an error result saying it was",
                "             not executed.",
                "  families:  anthropic-messages, anthropic-messages-no-thinking, anthropic-messages-manual-thinking,",
                "             anthropic-messages-adaptive-thinking (blocking)",
                "  caught by: guard check -p anthropic-messages FILE rejects the request; add --mode mutate to repair",
                "             it (in code: OrderingGuard.builder().profile(\"anthropic-messages\"))",
                "  source:    Anthropic Messages API A1 (and A3: fewer results than calls): every tool_use needs its",
                "             tool_result in the next message; anthropics/claude-code#1237, #2697, #5989",
                ""));
    }

    @Test
    void reads_a_json_error_body_from_standard_input() {
        CliRun r = run("{\"error\":{\"code\":400,\"message\":\"Corrupted thought signature.\",\"status\":"
                + "\"INVALID_ARGUMENT\"}}\n", "explain-error", "-");

        assertThat(r.exitCode()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).isEqualTo(String.join("\n",
                "1 rule matches the whole error text.",
                "",
                "gemini-foreign-thought-signature  (replayCompatibility)",
                "  matched:   Corrupted thought signature.",
                "  cause:     A thought or signature produced by another model or provider is sent back; signatures",
                "             are bound to the model that made them.",
                "  fix:       Drop reasoning and signatures produced by another model or provider; keep only this",
                "             model's own.",
                "  mutate:    repairs it: mutate mode drops the foreign reasoning, keeping it in the repair record.",
                "  families:  gemini-3-api (blocking); gemini-legacy-api, gemini-2-5-api (advisory)",
                "  caught by: guard check -p gemini-3-api FILE rejects the request; add --mode mutate to repair it",
                "             (in code: OrderingGuard.builder().profile(\"gemini-3-api\"))",
                "  source:    Gemini G8: thought signatures are model-family specific; another model's signature is",
                "             rejected (blocking for Gemini 3; advisory for Gemini 2.5, which does not enforce",
                "             signatures); decolua/9router#4136, badrisnarayanan/antigravity-claude-proxy#18",
                ""));
    }

    @Test
    void reads_a_file_and_prints_json() throws IOException {
        Path file = dir.resolve("error.json");
        Files.writeString(file, "{\"error\":{\"message\":\"Invalid parameter: messages with role 'tool' must be a "
                + "response to a preceeding message with 'tool_calls'.\",\"type\":\"invalid_request_error\","
                + "\"param\":\"messages.[2].role\",\"code\":null}}");

        CliRun r = CliRun.of("explain-error", "--file", file.toString(), "--format", "json");

        assertThat(r.exitCode()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.get("text").asText()).isEqualTo("Invalid parameter: messages with role 'tool' must be a "
                + "response to a preceeding message with 'tool_calls'.");
        assertThat(root.get("classified").asBoolean()).isTrue();
        assertThat(root.get("matches")).hasSize(3);
        JsonNode first = root.get("matches").get(0);
        assertThat(first.toString()).isEqualTo("{\"ruleId\":\"openai-tool-message-follows-tool-calls\","
                + "\"ruleType\":\"toolResultPairing\",\"strength\":\"whole\",\"top\":true,\"coverage\":101,"
                + "\"span\":{\"start\":0,\"end\":106,\"text\":\"Invalid parameter: messages with role 'tool' must be a "
                + "response to a preceeding message with 'tool_calls'.\"},\"providerError\":\"Invalid parameter: "
                + "messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.\","
                + "\"cause\":\"A tool result answers a call that is not in the message before it (a memory window "
                + "dropped the call but kept its result).\",\"fix\":\"Trim history at turn boundaries, so that a call "
                + "and its result are kept or dropped together.\",\"mutate\":{\"repairs\":true,\"detail\":\"mutate "
                + "mode drops an orphan result, keeping its content in the repair record.\"},\"families\":["
                + "{\"family\":\"openai-chat\",\"severity\":\"blocking\",\"origin\":\"provider\"},"
                + "{\"family\":\"openai-chat-o1-mini\",\"severity\":\"blocking\",\"origin\":\"provider\"}],"
                + "\"caughtBy\":\"guard check -p openai-chat FILE rejects the request; add --mode mutate to repair it "
                + "(in code: OrderingGuard.builder().profile(\\\"openai-chat\\\"))\",\"source\":\"OpenAI Chat "
                + "Completions O1: a tool message answers a preceding assistant tool_calls message; "
                + "langchain4j/langchain4j#585, #3133, miurla/morphic#136\"}");
        assertThat(root.get("matches").get(1).get("ruleId").asText()).isEqualTo("deepseek-tool-message-follows-tool-calls");
        assertThat(root.get("matches").get(1).get("strength").asText()).isEqualTo("contained");
        assertThat(root.get("matches").get(1).get("top").asBoolean()).isFalse();
    }

    @Test
    void names_weaker_matches_after_the_best_ones() {
        CliRun r = CliRun.of("explain-error", "<400> InternalError.Algo.InvalidParameter: An assistant message with "
                + "\"tool_calls\" must be followed by tool messages responding to each \"tool_call_id\". The following "
                + "tool_call_ids did not have response messages: message[532].role");

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("1 rule matches the whole error text.\n\nqwen-tool-calls-answered  "
                + "(toolResultPairing)\n");
        assertThat(r.out()).endsWith("\n\n  also:      openai-tool-calls-answered (contained), "
                + "deepseek-tool-calls-answered (contained)\n");
    }

    @Test
    void shows_every_rule_of_a_shared_text_and_how_to_block_an_advisory_one() {
        CliRun shared = CliRun.of("explain-error", "Unable to submit request because it has an empty text parameter.");
        CliRun advisory = CliRun.of("explain-error", "messages: first message must use the \"user\" role");

        assertThat(shared.exitCode()).isZero();
        assertThat(shared.out()).startsWith("2 rules match equally the whole error text.\n\ngemini-user-text-non-empty  "
                + "(nonEmptyTurn)\n");
        assertThat(shared.out()).contains("\ngemini-model-text-non-empty  (nonEmptyTurn)\n");
        assertThat(advisory.exitCode()).isZero();
        assertThat(advisory.out()).contains(String.join("\n",
                "  families:  anthropic-messages, anthropic-messages-no-thinking, anthropic-messages-manual-thinking,",
                "             anthropic-messages-adaptive-thinking (advisory)",
                "  caught by: no shipped family blocks it; guard check -p anthropic-messages FILE reports it as",
                "             advisory; to block it, use a profile file with extends: [anthropic-messages] and",
                "             overrides: {anthropic-role-alternation: {severity: blocking}}",
                ""));
    }

    @Test
    void an_unknown_error_exits_1() {
        CliRun r = CliRun.of("explain-error", "Overloaded");

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).isEqualTo(String.join("\n",
                "No rule of the shipped catalogue matches this error text.",
                "  read:      Overloaded",
                "  note:      rate limits, authentication and context length are not shape errors; 'guard profiles'",
                "             lists every rule with the provider error it prevents.",
                ""));
    }

    @Test
    void an_unknown_error_in_json_says_it_is_not_classified() {
        CliRun r = CliRun.of("explain-error", "--format", "json", "{\"error\":{\"message\":\"Overloaded\"}}");

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.out()).isEqualTo("{\n  \"text\" : \"Overloaded\",\n  \"classified\" : false,\n  \"matches\" : [ ]\n}\n");
    }

    @Test
    void bad_input_exits_2_with_one_line_naming_the_problem() throws IOException {
        Path both = dir.resolve("both.txt");
        Files.writeString(both, A1);
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, " \n");

        CliRun none = CliRun.of("explain-error");
        CliRun twice = CliRun.of("explain-error", "--file", both.toString(), A1);
        CliRun missing = CliRun.of("explain-error", "--file", dir.resolve("nope.txt").toString());
        CliRun blank = CliRun.of("explain-error", "--file", empty.toString());
        CliRun blankStdin = run("", "explain-error", "-");
        CliRun format = CliRun.of("explain-error", "--format", "xml", A1);

        assertThat(List.of(none, twice, missing, blank, blankStdin, format)).allSatisfy(r -> {
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.out()).isEmpty();
        });
        assertThat(none.err()).isEqualTo("guard: give the error text as TEXT, with --file FILE, or - to read standard "
                + "input\nTry 'guard explain-error --help' for usage.\n");
        assertThat(twice.err()).isEqualTo("guard: give the error text either as TEXT or with --file, not both\n"
                + "Try 'guard explain-error --help' for usage.\n");
        assertThat(missing.err()).isEqualTo("guard: " + dir.resolve("nope.txt") + ": no such file\n");
        assertThat(blank.err()).isEqualTo("guard: " + empty + ": the error text is empty; give the text a provider "
                + "answered with its 400\n");
        assertThat(blankStdin.err()).isEqualTo("guard: <stdin>: the error text is empty; give the text a provider "
                + "answered with its 400\n");
        assertThat(format.err()).isEqualTo("guard: Invalid value for option '--format': 'xml' (expected one of text, "
                + "json)\nTry 'guard explain-error --help' for usage.\n");
    }

    /** Every catalogue text explains within 100 columns (a single word longer than a line stays whole). */
    @Test
    void every_catalogue_text_is_explained_within_100_columns() {
        Set<String> texts = new LinkedHashSet<>();
        for (List<CatalogEntry> list : List.of(Profiles.behaviours(), Profiles.families())) {
            for (CatalogEntry e : list) {
                for (OrderingRule rule : e.rules()) {
                    if (rule.provenance().providerError() != null) {
                        texts.add(rule.provenance().providerError());
                    }
                }
            }
        }

        assertThat(texts).hasSizeGreaterThan(40);
        for (String text : texts) {
            CliRun r = CliRun.of("explain-error", text);
            assertThat(r.exitCode()).as(text).isZero();
            for (String line : r.out().split("\n")) {
                assertThat(line.length() <= 100 || !line.strip().contains(" ")).as(line).isTrue();
            }
        }
    }

    @Test
    void the_verb_is_listed_in_the_help() {
        CliRun r = CliRun.of("--help");

        assertThat(r.out()).contains("  explain-error  Explain a provider's 400 error: which rule of the shipped");
    }
}
