package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.json.RuleCodec;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Profiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
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
    void lists_every_family_and_behaviour_in_100_columns_without_provenance() {
        Run r = run("profiles");

        assertThat(r.code()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("Profile catalogue " + Profiles.catalogueVersion() + " (provider rules checked "
                + "2026-11): 25 behaviours, 69 families (30\nprovider, 39 reference).\n");
        assertThat(r.out()).contains("\nPROVIDER FAMILIES (30)  what each provider API rejects, chosen from the model "
                + "id\n  NAME                                 RULES BLOCKING  FOR\n");
        assertThat(r.out()).contains("\nREFERENCE FAMILIES (39)  the reference catalogue's model recipes\n");
        assertThat(r.out()).contains("\nBEHAVIOURS (25)  the building blocks of the reference catalogue\n");
        for (CatalogEntry e : Profiles.families()) {
            assertThat(r.out()).containsPattern("\\n  " + Pattern.quote(e.key()) + "\\+? +" + e.rules().size() + " ");
        }
        for (CatalogEntry e : Profiles.behaviours()) {
            assertThat(r.out()).contains("\n  " + e.key() + " ");
        }
        assertThat(r.out()).contains("\n  anthropic-messages-manual-thinking      13       10  Claude on the Anthropic "
                + "Messages API with…\n");
        assertThat(r.out()).contains("\n  openai-responses+                        8        6  ");
        assertThat(r.out()).contains("\n  grok                            0        0  permissive: the vendor documents no "
                + "ordering limit\n");
        assertThat(r.out()).contains("\n  thought_signature_required                       1        1\n      The first tool "
                + "call of each role group carries a Gemini thoughtSignature (Gemini 3); mutate\n");
        assertThat(r.out()).endsWith("\n(docs/rule-reference.md).\n");
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
        // no provenance, hence no audit labels (A1, T3, G7, ...) that the listing would have to explain
        assertThat(r.out()).doesNotContainPattern("\\b[ATOGBM][0-9]+\\b");
    }

    @Test
    void the_listing_says_which_family_to_pick_and_docs_profiles_md_holds_the_same_table() throws Exception {
        Run r = run("profiles");
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "profiles.md"));

        assertThat(r.out()).contains("\nWHICH FAMILY  when you name one yourself\n");
        assertThat(r.out()).contains("\n  Gemini 3 (Gemini API, Vertex AI)            gemini-3-api             gemini-3\n");
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
        for (String[] row : CatalogueText.WHICH_FAMILY) {
            assertThat(Profiles.problem(row[1])).as(row[1]).isNull();
            assertThat(Profiles.problem(row[2])).as(row[2]).isNull();
            assertThat(doc).as("docs/profiles.md row of " + row[0]).contains("| " + row[0] + " | `" + row[1] + "` | `"
                    + row[2] + "` |");
        }
    }

    @Test
    void verbose_lists_every_rule_with_its_source_in_100_columns_and_explains_the_labels() {
        Run r = run("profiles", "--verbose");

        assertThat(r.code()).isZero();
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
        assertThat(r.out()).contains("\n\nanthropic-messages  (provider-grounded family)\n"
                + "  payload-field-preservation-thought-signature  preservation  advisory\n");
        assertThat(r.out()).contains("  anthropic-tool-use-has-result  toolResultPairing  blocking\n"
                + "      source:   Anthropic Messages API A1 (and A3: fewer results than calls): every\n"
                + "                tool_use needs its tool_result in the next message; anthropics/claude-code#1237,\n"
                + "                #2697, #5989\n"
                + "      checked:  2026-11 (public issue reports and provider documentation; not a live call)\n");
        assertThat(r.out()).contains("  openai-responses-item-has-reasoning  (not modelled yet)\n      rejects:  R2: ");
        assertThat(r.out()).endsWith("D DeepSeek) and the rejected shape.\n");
        assertThat(r.out()).contains("Labels such as A1, G7 or B3 in a source name a row of the provider-rule audit in");
        for (CatalogEntry e : Profiles.families()) {
            assertThat(r.out()).contains("\n" + e.key() + "  (");
        }
    }

    @Test
    void version_names_the_cli_the_catalogue_and_the_runtime() {
        CliRun r = CliRun.of("--version");

        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).isEqualTo("guard 0.1.0-SNAPSHOT\nprofile catalogue " + Profiles.catalogueVersion()
                + " (provider rules checked 2026-11): 25 behaviours, 69 families (30 provider, 39 reference)\nJava "
                + Runtime.version() + "\n");
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
                + "    provider error: \"messages.N: `tool_use` ids were found without `tool_result` blocks immediately\n"
                + "                    after: <ids>\"\n"
                + "  anthropic-");
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(100));
        // no provenance without --verbose: no sources, no audit labels (A1, T3, ...) to decode
        assertThat(r.out()).doesNotContain("    source:", "    verified:", "Labels such as");
        assertThat(r.out()).doesNotContainPattern("\\b[ATOGBMRD][0-9]+\\b");
        assertThat(r.out()).endsWith("\n'guard profiles anthropic-messages-manual-thinking --verbose' adds each rule's "
                + "source and when it\nwas checked.\n");

        Run verbose = run("profiles", "anthropic-messages-manual-thinking", "--verbose");
        assertThat(verbose.out()).contains("    source:         Anthropic Messages API A1 (and A3: fewer results than "
                + "calls): every tool_use\n"
                + "                    needs its tool_result in the next message; anthropics/claude-code#1237, #2697,\n"
                + "                    #5989\n"
                + "    verified:       2026-11 (public issue reports and provider documentation; not a live call)\n");
        assertThat(verbose.out()).endsWith("D DeepSeek) and the rejected shape.\n");
        assertThat(r.out()).contains("  anthropic-turn-starts-with-thinking  stepContent  blocking\n"
                + "    parameters:     trigger=toolCall required=thought position=first scope=current-turn\n");
        assertThat(r.out()).doesNotContain("Not modelled yet");

        Run responses = run("profiles", "openai-responses");
        assertThat(responses.out()).contains("Not modelled yet (1):\n  openai-responses-item-has-reasoning: a message "
                + "or function_call item");
        assertThat(run("profiles", "openai-responses", "-v").out()).contains("Not modelled yet (1):\n  R2  "
                + "openai-responses-item-has-reasoning: a message or function_call item");
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
        assertThat(fieldNames(root)).containsExactly("catalogue", "behaviours", "families");
        assertThat(root.get("catalogue").toString()).isEqualTo("{\"version\":\"" + Profiles.catalogueVersion()
                + "\",\"checkedOn\":\"2026-11\"}");
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
            JsonNode again = RuleCodec.write(RuleCodec.fromTree(rule, "stdout"));
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
        assertThat(r.err()).isEqualTo("guard: Invalid value for option '--format': --format must be text, json or "
                + "markdown, but was 'yaml'\nTry 'guard profiles --help' for usage.\n");
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
        assertThat(r.out()).startsWith("Usage: guard profiles [-hv] [--debug] [--format=text|json|markdown] [NAME]\n");
        assertThat(r.out()).contains("Examples:\n  guard profiles                        one line per family and "
                + "behaviour\n");
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
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
