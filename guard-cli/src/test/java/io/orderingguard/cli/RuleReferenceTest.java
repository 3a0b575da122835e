package io.orderingguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingRule;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/rule-reference.md} is exactly what {@code guard profiles --format markdown} prints, so the
 * published reference never drifts from the shipped catalogue. Regenerate it with
 * {@code ./guard profiles --format markdown > docs/rule-reference.md}.
 */
class RuleReferenceTest {

    private static final Path REFERENCE = Path.of("..", "docs", "rule-reference.md");

    @Test
    void the_published_rule_reference_equals_the_catalogue() throws Exception {
        CliRun r = CliRun.of("profiles", "--format", "markdown");

        assertThat(r.exitCode()).isZero();
        assertThat(Files.readString(REFERENCE))
                .as("docs/rule-reference.md is stale: run ./guard profiles --format markdown > docs/rule-reference.md")
                .isEqualTo(r.out());
    }

    @Test
    void every_profile_and_rule_has_its_place_in_the_reference() {
        String md = CliRun.of("profiles", "--format", "markdown").out();

        for (CatalogEntry e : Profiles.families()) {
            assertThat(md).contains("\n### `" + e.key() + "`\n");
            for (OrderingRule rule : e.rules()) {
                assertThat(md).contains("| `" + rule.id() + "` | " + rule.type() + " | " + rule.severity().wireName() + " |");
            }
        }
        for (CatalogEntry e : Profiles.behaviours()) {
            assertThat(md).contains("\n### `" + e.key() + "`\n");
        }
        assertThat(md).contains("| `anthropic-tool-use-has-result` | toolResultPairing | blocking | `unanswered=true "
                + "orphans=false emptyErrorResults=false` | Anthropic Messages API A1");
        // a pipe inside a cell would break the table
        assertThat(md.lines().filter(l -> l.startsWith("| `")))
                .allSatisfy(l -> assertThat(l.replace("\\|", "").chars().filter(c -> c == '|').count()).isEqualTo(7));
    }

    @Test
    void markdown_is_for_the_whole_catalogue_only() {
        CliRun r = CliRun.of("profiles", "gemini-3-api", "--format", "markdown");

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("guard: --format markdown renders the whole catalogue; omit NAME, or use --format "
                + "text or json for one profile\n");
    }
}
