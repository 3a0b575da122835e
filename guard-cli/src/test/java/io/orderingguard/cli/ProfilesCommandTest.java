package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.json.InputNode;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Profiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code guard profiles} through {@link GuardCli#run}. */
class ProfilesCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = GuardCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void lists_every_behaviour_and_family_as_a_table() {
        Run r = run("profiles");

        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("BEHAVIOURS (25)  atomic behaviours of the reference catalogue; request them "
                + "by key or token\n");
        assertThat(r.out()).contains("FAMILIES (67: 39 reference, 28 provider-grounded)\n");
        for (CatalogEntry e : Profiles.behaviours()) {
            assertThat(r.out()).contains("\n  " + e.key());
        }
        for (CatalogEntry e : Profiles.families()) {
            assertThat(r.out()).contains("\n  " + e.key() + " ");
        }
        assertThat(r.out()).containsPattern("\\n  gemini-3  \\[reference\\]  = thought_signature_required \\+ "
                + "function_response_adjacency\\n    thought-signature-required +requiredMetadata +blocking +NHTIO/ADK "
                + "reference catalogue: Gemini 3 requires");
        assertThat(r.out()).containsPattern("\\n    gemini-3-function-call-signature +requiredMetadata +blocking +Gemini "
                + "3 G7: .*; 2026-11 \\(public issue reports");
        assertThat(r.out()).containsPattern("\\n    anthropic-turn-starts-with-thinking +stepContent +blocking +Anthropic "
                + "Messages API T1 ");
        assertThat(r.out()).containsPattern("\\n    openai-responses-item-has-reasoning +\\(not modelled yet\\) +- +R2: ");
        assertThat(r.out()).contains("  grok (permissive)  [reference]  = permissive  permissive: the vendor documents "
                + "no ordering limitation\n");
        assertThat(r.out()).endsWith("Run 'guard profiles NAME' for a profile's parameters, provider errors and gaps.\n");
    }

    @Test
    void shows_one_family_with_parameters_provider_errors_sources_and_gaps() {
        Run r = run("profiles", "anthropic-messages-manual-thinking");

        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("anthropic-messages-manual-thinking  (provider-grounded family)\n  Claude on the "
                + "Anthropic Messages API with manual extended thinking");
        assertThat(r.out()).contains("  composed of: thinking_before_tool_use + payload_field_preservation:signature "
                + "+ provider rules\n");
        assertThat(r.out()).contains("Rules (13):\n");
        assertThat(r.out()).contains("  anthropic-tool-use-has-result  toolResultPairing  blocking\n"
                + "    parameters:     unanswered=true orphans=false emptyErrorResults=false\n"
                + "    provider error: \"messages.N: `tool_use` ids were found without `tool_result` blocks "
                + "immediately after: <ids>\"\n"
                + "    source:         Anthropic Messages API A1 (and A3: fewer results than calls): every tool_use "
                + "needs its tool_result in the next message; anthropics/claude-code#1237, #2697, #5989\n"
                + "    verified:       2026-11 (public issue reports and provider documentation; not a live call)\n");
        assertThat(r.out()).contains("  anthropic-turn-starts-with-thinking  stepContent  blocking\n"
                + "    parameters:     trigger=toolCall required=thought position=first scope=current-turn\n");
        assertThat(r.out()).doesNotContain("Not modelled yet");

        Run responses = run("profiles", "openai-responses");
        assertThat(responses.out()).contains("Not modelled yet (1):\n  R2  openai-responses-item-has-reasoning: a message "
                + "or function_call item");
        assertThat(responses.out()).contains("    needs:          telling an item of a reasoning model's response from "
                + "any other");
    }

    @Test
    void shows_one_behaviour_by_key_profile_name_or_token() {
        Run byKey = run("profiles", "stale_thinking_advisory");
        Run byName = run("profiles", "stale-thinking-advisory");
        Run token = run("profiles", "full_history_preservation:message");

        assertThat(byKey.code()).isZero();
        assertThat(byKey.out()).startsWith("stale_thinking_advisory  (behaviour, profile name stale-thinking-advisory)\n");
        assertThat(byKey.out()).contains("  stale-thinking-gemma4  staleContentAdvisory  advisory\n"
                + "    parameters:     kind=thought scope=before-latest-user-turn optOutOptionKey=preserveThinking\n");
        assertThat(byName.out()).isEqualTo(byKey.out());
        assertThat(token.code()).isZero();
        assertThat(token.out()).startsWith("full_history_preservation:message  (behaviour, profile name "
                + "full-history-preservation-message)\n");
    }

    @Test
    void json_lists_behaviours_and_families_exactly_as_designed() throws Exception {
        Run r = run("profiles", "--format", "json");

        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode root = JSON.readTree(r.out());
        assertThat(fieldNames(root)).containsExactly("behaviours", "families");
        assertThat(root.get("behaviours")).hasSize(Profiles.behaviours().size());
        assertThat(root.get("families")).hasSize(Profiles.families().size());
        for (JsonNode b : root.get("behaviours")) {
            assertThat(fieldNames(b)).containsExactly("key", "name", "description", "permissive", "rules");
        }
        for (JsonNode f : root.get("families")) {
            assertThat(fieldNames(f)).containsExactly("key", "name", "description", "permissive", "behaviours", "rules");
        }
        JsonNode grok = find(root.get("families"), "grok");
        assertThat(grok.get("name").asText()).isEqualTo("permissive");
        assertThat(grok.get("permissive").asBoolean()).isTrue();
        assertThat(grok.get("behaviours").toString()).isEqualTo("[\"permissive\"]");
    }

    @Test
    void json_of_one_family_round_trips_through_the_rule_codec() throws Exception {
        Run r = run("profiles", "gemini-3-api", "--format", "json");

        assertThat(r.code()).isZero();
        JsonNode p = JSON.readTree(r.out());
        assertThat(p.get("key").asText()).isEqualTo("gemini-3-api");
        assertThat(p.get("behaviours").toString()).isEqualTo("[\"tool_identity\",\"non_empty_turn:terminal\"]");
        List<String> rules = new ArrayList<>();
        for (JsonNode rule : p.get("rules")) {
            rules.add(rule.get("id").asText() + ":" + rule.get("severity").asText());
            assertThat(fieldNames(rule)).startsWith("id", "type", "severity").endsWith("source", "providerError",
                    "verifiedOn");
            JsonNode again = RuleCodec.write(RuleCodec.read(InputNode.root(rule, "stdout", 0)));
            assertThat(again).isEqualTo(rule);
        }
        assertThat(rules).containsExactly("tool-result-names-a-declared-tool:advisory", "non-empty-terminal-turn:advisory",
                "gemini-function-response-after-call:blocking", "gemini-function-response-count:blocking",
                "gemini-role-alternation:blocking", "gemini-history-starts-with-user:blocking",
                "gemini-user-text-non-empty:advisory", "gemini-model-text-non-empty:advisory",
                "gemini-contents-present:blocking", "gemini-ends-with-user-turn:advisory",
                "gemini-3-function-call-signature:blocking", "gemini-foreign-thought-signature:blocking");
        assertThat(find(p.get("rules"), "gemini-3-function-call-signature").get("providerError").asText())
                .startsWith("Function call is missing a thought_signature in functionCall parts.");
    }

    @Test
    void json_of_a_behaviour_has_no_behaviours_field() throws Exception {
        Run r = run("profiles", "tool_call_id_uniqueness", "--format", "JSON");

        assertThat(r.code()).isZero();
        JsonNode p = JSON.readTree(r.out());
        assertThat(fieldNames(p)).containsExactly("key", "name", "description", "permissive", "rules");
        assertThat(p.get("rules").get(0).get("surface").asText()).isEqualTo("dispatch");
    }

    @Test
    void an_unknown_name_is_one_line_on_stderr_with_the_closest_names_and_exit_2() {
        Run r = run("profiles", "anthropic-message");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("guard: unknown profile 'anthropic-message'; did you mean anthropic-messages, "
                + "anthropic-messages-no-thinking, anthropic-messages-manual-thinking?\n");
    }

    @Test
    void a_token_with_a_bad_parameter_names_it_on_stderr() {
        Run r = run("profiles", "non_empty_turn:final");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("guard: the first parameter of non_empty_turn must be 'terminal' or empty, but "
                + "was 'final' in token 'non_empty_turn:final'\n");
    }

    @Test
    void a_bad_format_is_a_usage_error() {
        Run r = run("profiles", "--format", "yaml");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("guard: Invalid value for option '--format': --format must be text or json, but "
                + "was 'yaml'\nTry 'guard profiles --help' for usage.\n");
    }

    @Test
    void two_names_are_a_usage_error() {
        Run r = run("profiles", "gemini-3", "gemini-3-api");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("guard: Unmatched argument at index 2: 'gemini-3-api'\n");
    }

    @Test
    void help_shows_examples() {
        Run r = run("profiles", "--help");

        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("Usage: guard profiles [-h] [--debug] [--format=text|json] [NAME]\n");
        assertThat(r.out()).contains("Examples:\n  guard profiles                        list everything (a table)\n");
        assertThat(r.out()).endsWith("Exit codes: 0 ok, 2 unknown name or bad option.\n");
        assertThat(run("help", "profiles").out()).isEqualTo(r.out());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode find(JsonNode array, String key) {
        for (JsonNode n : array) {
            if (key.equals(n.path("key").asText(null)) || key.equals(n.path("id").asText(null))) {
                return n;
            }
        }
        throw new AssertionError("no " + key);
    }
}
