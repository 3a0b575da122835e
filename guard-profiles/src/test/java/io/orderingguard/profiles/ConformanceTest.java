package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the conformance fixtures: {@code conformance/profiles/<family>/} holds dispatch documents
 * ({@code .json}, or {@code .jsonl} for successive dispatches of one conversation) and an
 * {@code expect.json} naming, per file, the outcome in enforce mode and the exact findings
 * ({@code ruleId:severity}) of its last dispatch. Earlier lines of a {@code .jsonl} file must be sent.
 * A case marked {@code pending} names a {@link Gap} of the family: the provider rejects it but no
 * rule type can express the rule yet; it is reported as skipped.
 *
 * <p>Every blocking finding must quote its rule's provider error. Every family must have a fixture
 * the provider accepts, one rejected fixture per blocking rule, and one pending fixture per gap.
 */
class ConformanceTest {

    private static final Path ROOT = Path.of("..", "conformance", "profiles");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicNode> fixtures() throws IOException {
        List<DynamicNode> families = new ArrayList<>();
        for (Path dir : familyDirs()) {
            String family = dir.getFileName().toString();
            List<DynamicNode> cases = new ArrayList<>();
            for (Map.Entry<String, JsonNode> c : expectations(dir)) {
                Path file = dir.resolve(c.getKey());
                cases.add(DynamicTest.dynamicTest(c.getKey(), file.toUri(), () -> runCase(family, file, c.getValue())));
            }
            families.add(DynamicContainer.dynamicContainer(family, dir.toUri(), cases.stream()));
        }
        return families.stream();
    }

    /**
     * Mutate mode over every rejected fixture: whatever it repairs must then pass in enforce mode, and
     * what it cannot repair stays rejected (never an exception).
     */
    @TestFactory
    Stream<DynamicNode> repairs() throws IOException {
        List<DynamicNode> families = new ArrayList<>();
        for (Path dir : familyDirs()) {
            String family = dir.getFileName().toString();
            List<DynamicNode> cases = new ArrayList<>();
            for (Map.Entry<String, JsonNode> c : expectations(dir)) {
                JsonNode e = c.getValue();
                if (e.has("pending") || !e.get("outcome").asText().equals("rejected")) {
                    continue;
                }
                Path file = dir.resolve(c.getKey());
                cases.add(DynamicTest.dynamicTest(c.getKey(), file.toUri(), () -> repairCase(family, file)));
            }
            if (!cases.isEmpty()) {
                families.add(DynamicContainer.dynamicContainer(family, dir.toUri(), cases.stream()));
            }
        }
        return families.stream();
    }

    private static void repairCase(String family, Path file) {
        List<Dispatch> dispatches = DispatchCodec.defaults().readAny(file);
        OrderingGuard mutate = OrderingGuard.builder().profile(family).mode(io.orderingguard.Mode.MUTATE)
                .stash(InMemoryStash.create()).build();
        GuardResult result = null;
        for (Dispatch d : dispatches) {
            result = mutate.check(d);
        }
        assertThat(result.blocking()).as(file + " blocking findings of the input").isNotEmpty();
        if (result.outcome() == Outcome.REPAIRED) {
            GuardResult again = OrderingGuard.builder().profile(family).build().check(result.dispatch());
            assertThat(again.blocking()).as(file + " after " + result.repairs()).isEmpty();
            assertThat(result.unrepaired()).isEmpty();
        } else {
            assertThat(result.outcome()).isEqualTo(Outcome.REJECTED);
            assertThat(result.unrepaired()).as(file.toString()).isNotEmpty();
        }
    }

    private static void runCase(String family, Path file, JsonNode expect) {
        CatalogEntry entry = Profiles.describe(family);
        List<Dispatch> dispatches = DispatchCodec.defaults().readAny(file);
        if (expect.has("pending")) {
            String label = expect.get("pending").asText();
            Gap gap = entry.gaps().stream().filter(g -> g.label().equals(label)).findFirst().orElse(null);
            assertThat(gap).as("family " + family + " lists gap " + label).isNotNull();
            assertThat(expectedFindings(expect)).containsExactly(gap.ruleId() + ":blocking");
            Assumptions.abort("pending " + label + ": " + gap.rejects() + " — needs " + gap.needs());
        }
        OrderingGuard guard = OrderingGuard.builder().profile(family).stash(InMemoryStash.create()).build();
        GuardResult result = null;
        for (int i = 0; i < dispatches.size(); i++) {
            result = guard.check(dispatches.get(i));
            if (i < dispatches.size() - 1) {
                assertThat(result.outcome()).as(file + " line " + (i + 1) + " is history and must be sent: "
                        + result.blocking()).isEqualTo(Outcome.PASSED);
            }
        }
        List<String> actual = new ArrayList<>();
        for (Finding f : result.findings()) {
            actual.add(f.ruleId() + ":" + f.severity().wireName());
        }
        assertThat(actual).as(file + " findings " + result.findings())
                .containsExactlyInAnyOrderElementsOf(expectedFindings(expect));
        assertThat(result.outcome().name().toLowerCase()).as(file + " outcome").isEqualTo(expect.get("outcome").asText());
        for (Finding f : result.blocking()) {
            OrderingRule rule = rule(entry, f.ruleId());
            assertThat(f.providerError()).as(f.ruleId() + " quotes its provider error")
                    .isEqualTo(rule.provenance().providerError());
            if (entry.origin() == CatalogEntry.Origin.PROVIDER && !isReference(f.ruleId())) {
                assertThat(f.providerError()).as(f.ruleId()).isNotBlank();
            }
        }
    }

    @Test
    void every_family_has_its_fixtures_and_every_fixture_dir_is_a_family() throws IOException {
        Set<String> dirs = new TreeSet<>();
        for (Path dir : familyDirs()) {
            dirs.add(dir.getFileName().toString());
        }
        Set<String> families = new TreeSet<>();
        for (CatalogEntry e : Profiles.families()) {
            families.add(e.key());
        }
        assertThat(dirs).isEqualTo(families);
    }

    @Test
    void every_family_has_an_accepted_case_a_rejected_case_per_blocking_rule_and_a_case_per_gap() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path dir : familyDirs()) {
            String family = dir.getFileName().toString();
            CatalogEntry entry = Profiles.describe(family);
            Set<String> rejectedBy = new LinkedHashSet<>();
            Set<String> pending = new LinkedHashSet<>();
            boolean accepted = false;
            for (Map.Entry<String, JsonNode> c : expectations(dir)) {
                JsonNode e = c.getValue();
                assertThat(Files.exists(dir.resolve(c.getKey()))).as(dir.resolve(c.getKey()) + " exists").isTrue();
                if (e.has("pending")) {
                    pending.add(e.get("pending").asText());
                } else if (e.get("outcome").asText().equals("passed")) {
                    accepted = true;
                } else {
                    for (String f : expectedFindings(e)) {
                        if (f.endsWith(":blocking")) {
                            rejectedBy.add(f.substring(0, f.length() - ":blocking".length()));
                        }
                    }
                }
            }
            if (!accepted) {
                missing.add(family + ": no accepted case");
            }
            for (OrderingRule r : entry.rules()) {
                if (r.severity() == Severity.BLOCKING && !rejectedBy.contains(r.id())) {
                    missing.add(family + ": no rejected case for " + r.id());
                }
            }
            for (Gap g : entry.gaps()) {
                if (!pending.contains(g.label())) {
                    missing.add(family + ": no pending case for gap " + g.label());
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void every_fixture_file_is_listed_in_its_expectations() throws IOException {
        List<String> unlisted = new ArrayList<>();
        for (Path dir : familyDirs()) {
            Set<String> listed = new LinkedHashSet<>();
            expectations(dir).forEach(c -> listed.add(c.getKey()));
            try (Stream<Path> files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).filter(n -> !n.equals("expect.json"))
                        .filter(n -> !listed.contains(n)).forEach(n -> unlisted.add(dir.getFileName() + "/" + n));
            }
        }
        assertThat(unlisted).isEmpty();
    }

    private static boolean isReference(String ruleId) {
        for (CatalogEntry b : Profiles.behaviours()) {
            for (OrderingRule r : b.rules()) {
                if (r.id().equals(ruleId)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static OrderingRule rule(CatalogEntry entry, String id) {
        return entry.rules().stream().filter(r -> r.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no rule " + id + " in " + entry.key()));
    }

    private static List<String> expectedFindings(JsonNode expect) {
        List<String> out = new ArrayList<>();
        expect.get("findings").forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<Path> familyDirs() throws IOException {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static List<Map.Entry<String, JsonNode>> expectations(Path dir) {
        try {
            JsonNode root = JSON.readTree(dir.resolve("expect.json").toFile());
            return new ArrayList<>(root.properties());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
