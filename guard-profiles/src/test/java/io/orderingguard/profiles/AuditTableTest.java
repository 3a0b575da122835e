package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Keeps the audit table of {@code README.md} (provider rule → rule id, severity, families) true: every
 * rule id it names exists in every family it names, with the severity it names, and every blocking rule
 * of a provider family is named at least once. A family written {@code prefix*} stands for every family
 * whose key starts with the prefix (at least one must).
 */
class AuditTableTest {

    private static final Pattern TICKED = Pattern.compile("`([^`]+)`");

    /** One row: label, rule id ({@code null} for a gap or a non-rule), and the severity cell. */
    private record Row(String label, String ruleId, String severities, String line) {}

    @Test
    void every_rule_named_in_the_audit_table_exists_with_that_severity_in_those_families() throws IOException {
        List<String> problems = new ArrayList<>();
        List<Row> rows = rows();
        assertThat(rows).hasSizeGreaterThan(80);
        for (Row row : rows) {
            if (row.ruleId() == null) {
                assertThat(row.severities()).as("reason of " + row.line()).isNotBlank();
                continue;
            }
            int checked = 0;
            for (String segment : row.severities().replaceAll("\\([^)]*\\)", "").split(";")) {
                int colon = segment.indexOf(':');
                if (colon < 0) {
                    problems.add("no 'severity:' in " + row.line());
                    continue;
                }
                Severity severity = severity(segment.substring(0, colon).strip(), row, problems);
                if (severity == null) {
                    continue;
                }
                Matcher m = TICKED.matcher(segment.substring(colon + 1));
                while (m.find()) {
                    for (CatalogEntry family : matching(m.group(1), row, problems)) {
                        checked++;
                        OrderingRule rule = family.rules().stream().filter(r -> r.id().equals(row.ruleId())).findFirst()
                                .orElse(null);
                        if (rule == null) {
                            problems.add(family.key() + " has no rule " + row.ruleId() + " (" + row.label() + ")");
                        } else if (rule.severity() != severity) {
                            problems.add(family.key() + "/" + row.ruleId() + " is " + rule.severity().wireName()
                                    + ", the table says " + severity.wireName() + " (" + row.label() + ")");
                        }
                    }
                }
            }
            if (checked == 0) {
                problems.add("no family checked for " + row.line());
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void every_blocking_rule_of_a_provider_family_is_in_the_audit_table() throws IOException {
        Set<String> named = new TreeSet<>();
        for (Row row : rows()) {
            if (row.ruleId() != null) {
                named.add(row.ruleId());
            }
        }
        Set<String> missing = new TreeSet<>();
        for (CatalogEntry family : Profiles.families()) {
            if (family.origin() != CatalogEntry.Origin.PROVIDER) {
                continue;
            }
            for (OrderingRule r : family.rules()) {
                if (r.severity() == Severity.BLOCKING && !named.contains(r.id())) {
                    missing.add(family.key() + "/" + r.id());
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    private static Severity severity(String word, Row row, List<String> problems) {
        for (Severity s : Severity.values()) {
            if (s.wireName().equals(word.toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        problems.add("unknown severity '" + word + "' in " + row.line());
        return null;
    }

    private static List<CatalogEntry> matching(String key, Row row, List<String> problems) {
        List<CatalogEntry> out = new ArrayList<>();
        for (CatalogEntry f : Profiles.families()) {
            if (f.origin() == CatalogEntry.Origin.PROVIDER
                    && (key.endsWith("*") ? f.key().startsWith(key.substring(0, key.length() - 1)) : f.key().equals(key))) {
                out.add(f);
            }
        }
        if (out.isEmpty()) {
            problems.add("no provider family " + key + " (" + row.label() + ")");
        }
        return out;
    }

    private static List<Row> rows() throws IOException {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf("<!-- audit:start -->");
        int end = readme.indexOf("<!-- audit:end -->");
        assertThat(start).as("audit table start marker").isNotNegative();
        assertThat(end).as("audit table end marker").isGreaterThan(start);
        List<Row> rows = new ArrayList<>();
        for (String line : readme.substring(start, end).split("\n")) {
            if (!line.startsWith("| ") || line.startsWith("| label") || line.startsWith("|---")) {
                continue;
            }
            String[] cells = line.split(" \\| ");
            assertThat(cells).as(line).hasSize(4);
            String label = cells[0].substring(2).strip();
            String rule = cells[2].strip();
            String last = cells[3].endsWith(" |") ? cells[3].substring(0, cells[3].length() - 2) : cells[3];
            Matcher m = TICKED.matcher(rule);
            rows.add(new Row(label, m.matches() ? m.group(1) : null, last.strip(), line));
        }
        return rows;
    }
}
