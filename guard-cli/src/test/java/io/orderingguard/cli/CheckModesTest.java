package io.orderingguard.cli;

import static io.orderingguard.cli.CheckWireTest.ANTHROPIC;
import static io.orderingguard.cli.CheckWireTest.assertUsage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code guard check --mode shadow} and the validation of {@code --disable-advisory}. */
class CheckModesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void should_report_what_enforce_would_reject_and_send_everything_in_shadow_mode() throws IOException {
        Path body = write("claude.json", ANTHROPIC);

        CliRun text = CliRun.of("check", "--wire", "auto", "--mode", "shadow", body.toString());
        CliRun json = CliRun.of("check", "--wire", "auto", "--mode", "shadow", "--format", "json", body.toString());
        CliRun enforce = CliRun.of("check", "--wire", "auto", "--format", "json", body.toString());

        assertThat(text.exitCode()).isZero();
        assertThat(text.out()).contains("\n  shadow  sent unchanged: shadow mode reports what enforce would reject and "
                + "never blocks\n  blocking  anthropic-tool-use-has-result [toolResultPairing] toolu_01 at "
                + "messages[1].content[1]\n");
        assertThat(text.out()).endsWith("\n1 dispatch checked in shadow mode: 1 sent unchanged, 1 would be rejected by "
                + "enforce\n");
        assertThat(json.exitCode()).isZero();
        JsonNode shadow = JSON.readTree(json.out());
        JsonNode enforced = JSON.readTree(enforce.out());
        assertThat(shadow.get("mode").asText()).isEqualTo("shadow");
        assertThat(shadow.get("summary").toString()).isEqualTo("{\"dispatches\":1,\"sent\":1,\"rejected\":0,\"badInputs\":0}");
        assertThat(shadow.at("/results/0/outcome").asText()).isEqualTo("rejected");
        assertThat(shadow.at("/results/0/sent").asBoolean()).isTrue();
        assertThat(shadow.at("/results/0/blocking")).isEqualTo(enforced.at("/results/0/blocking"));
        assertThat(shadow.at("/results/0/timeline")).isEqualTo(enforced.at("/results/0/timeline"));
        assertThat(enforce.exitCode()).isEqualTo(1);
    }

    @Test
    void should_print_the_repairs_and_the_changed_entries_in_mutate_mode_and_everything_with_verbose()
            throws IOException {
        StringBuilder entries = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            entries.append("{\"kind\": \"message\", \"id\": \"u").append(i).append("\", \"role\": \"user\", "
                    + "\"content\": \"q\"}, {\"kind\": \"message\", \"id\": \"a").append(i)
                    .append("\", \"role\": \"assistant\", \"content\": \"a\"}, ");
            if (i == 20) {
                entries.append("{\"kind\": \"toolCall\", \"id\": \"call_1\", \"tool\": \"search\", \"args\": {}}, ");
            }
        }
        Path doc = write("long.json", "{\"entries\": [" + entries.substring(0, entries.length() - 2) + "]}");
        Path profile = write("p.json", "{\"name\": \"p\", \"rules\": [{\"type\": \"toolResultPairing\", "
                + "\"id\": \"pairing\", \"severity\": \"blocking\"}]}");

        CliRun summary = CliRun.of("check", "--mode", "mutate", "--profile-file", profile.toString(), doc.toString());
        CliRun verbose = CliRun.of("check", "--mode", "mutate", "--verbose", "--profile-file", profile.toString(),
                doc.toString());

        assertThat(summary.exitCode()).isZero();
        assertThat(summary.out()).contains("\n  entries changed (81 entries sent; --verbose prints them all):\n"
                + "      … 39 entries unchanged\n"
                + "      message  a20 assistant \"a\"\n"
                + "    ~ toolCall call_1 search -> error ");
        assertThat(summary.out()).contains("\n      message  u21 user \"q\"\n      … 39 entries unchanged\n\n");
        assertThat(summary.out().lines().count()).isLessThan(15);
        assertThat(verbose.exitCode()).isZero();
        assertThat(verbose.out()).contains("\n  timeline sent:\n      message  u1 user \"q\"\n");
        assertThat(verbose.out().lines().count()).isGreaterThan(81);
    }

    @Test
    void should_reject_an_unknown_advisory_rule_id_with_did_you_mean() throws IOException {
        Path body = write("claude.json", ANTHROPIC);

        assertUsage("guard: --disable-advisory: no rule of the selectable profiles has the id "
                + "'anthropic-role-alternaton'; did you mean anthropic-role-alternation?", "check", "--wire", "auto",
                "--disable-advisory", "anthropic-role-alternaton", body.toString());
        assertUsage("guard: --disable-advisory: no rule of the configured profiles has the id 'no-such-rule'",
                "check", "-p", "anthropic-messages", "--wire", "auto", "--disable-advisory", "no-such-rule",
                body.toString());
        assertUsage("guard: --disable-advisory: no rule of the configured profiles has the id 'pairnig'; did you mean "
                + "pairing?\n--disable-advisory: no rule of the configured profiles has the id 'alternation'",
                "check", "--profile-file", write("p.json", "{\"name\": \"p\", \"rules\": [{\"type\": "
                        + "\"toolResultPairing\", \"id\": \"pairing\"}]}").toString(), "--disable-advisory", "pairnig",
                "--disable-advisory", "alternation", body.toString());
    }

    @Test
    void should_reject_a_blocking_rule_id_naming_its_severity_and_the_override_that_demotes_it() throws IOException {
        Path body = write("claude.json", ANTHROPIC);

        assertUsage("guard: --disable-advisory: rule 'anthropic-tool-use-has-result' is blocking (in "
                + "anthropic-messages), and only advisory findings can be disabled; to demote it, use a profile file "
                + "with 'extends: [anthropic-messages]' and 'overrides: {anthropic-tool-use-has-result: {severity: "
                + "advisory}}'", "check", "-p", "anthropic-messages", "--wire", "auto", "--disable-advisory",
                "anthropic-tool-use-has-result", body.toString());
    }

    @Test
    void should_accept_the_rule_ids_of_the_selected_profiles_and_the_guard_s_own() throws IOException {
        Path body = write("claude.json", ANTHROPIC);

        for (String id : new String[] {"anthropic-role-alternation", "stash-unavailable", "profile-selection"}) {
            CliRun run = CliRun.of("check", "--wire", "auto", "--disable-advisory", id, body.toString());
            assertThat(run.exitCode()).as(id).isEqualTo(1);
            assertThat(run.err()).as(id).isEmpty();
        }
    }
}
