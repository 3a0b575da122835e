package io.orderingguard.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the recorded provider evidence under {@code conformance/recorded/<provider>/}: requests a
 * provider answered 200 ({@code accepted}) and requests it refused with a recorded error
 * ({@code rejected}), each converted to a dispatch document and listed with its origin in the
 * folder's {@code cases.json}. The profile is chosen from the dispatch (provider, model, options) as
 * an application would choose it, and the guard runs in enforce mode:
 *
 * <ul>
 *   <li>accepted ⇒ not rejected, and the model resolves to a profile;</li>
 *   <li>rejected ⇒ rejected by a blocking finding of a rule that {@link ProviderErrors#classify}
 *       names for the recorded error text (the rule's {@code providerError}, with its {@code N} and
 *       {@code <id>} placeholders, is that message);</li>
 *   <li>a rejected case marked {@code gap} is one no rule covers yet: reported as skipped, and
 *       counted as not caught in the figures.</li>
 * </ul>
 *
 * <p>{@link #figures()} prints how many accepted requests pass and how many rejected ones are
 * caught, per selected family.
 */
class RecordedCorpusTest {

    private static final Path ROOT = Path.of("..", "conformance", "recorded");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicNode> recorded() throws IOException {
        List<DynamicNode> providers = new ArrayList<>();
        for (Path dir : providerDirs()) {
            List<DynamicNode> cases = new ArrayList<>();
            for (Map.Entry<String, JsonNode> c : cases(dir)) {
                Path file = dir.resolve(c.getKey());
                cases.add(DynamicTest.dynamicTest(c.getKey(), file.toUri(), () -> assertCase(file, c.getValue())));
            }
            providers.add(DynamicContainer.dynamicContainer(dir.getFileName().toString(), dir.toUri(), cases.stream()));
        }
        return providers.stream();
    }

    @Test
    void every_file_is_a_listed_case_with_its_origin() throws IOException {
        for (Path dir : providerDirs()) {
            List<String> listed = new ArrayList<>();
            for (Map.Entry<String, JsonNode> c : cases(dir)) {
                listed.add(c.getKey());
                JsonNode e = c.getValue();
                assertThat(e.path("verdict").asText()).as(dir + "/" + c.getKey() + " verdict").isIn("accepted", "rejected");
                assertThat(e.path("origin").asText()).as(dir + "/" + c.getKey() + " origin").isNotBlank();
                assertThat(e.path("note").asText()).as(dir + "/" + c.getKey() + " note").isNotBlank();
                if (e.path("verdict").asText().equals("rejected")) {
                    assertThat(e.path("providerError").asText()).as(dir + "/" + c.getKey() + " providerError").isNotBlank();
                }
                if (e.has("original")) {
                    assertThat(dir.resolve(e.get("original").asText())).as(dir + "/" + c.getKey() + " original").exists();
                }
            }
            try (Stream<Path> files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString())
                        .filter(n -> !n.equals("cases.json") && !n.endsWith(".request.json"))
                        .forEach(n -> assertThat(listed).as(dir + " lists " + n).contains(n));
            }
        }
    }

    /** Prints the pass figures per selected family (and asserts them, since every case is asserted). */
    @Test
    void figures() throws IOException {
        Map<String, int[]> perFamily = new TreeMap<>();
        int[] total = new int[4];
        for (Path dir : providerDirs()) {
            for (Map.Entry<String, JsonNode> c : cases(dir)) {
                Path file = dir.resolve(c.getKey());
                Verdict v = evaluate(file, c.getValue());
                int[] row = perFamily.computeIfAbsent(v.family(), k -> new int[4]);
                int slot = c.getValue().get("verdict").asText().equals("accepted") ? 0 : 2;
                row[slot + 1]++;
                total[slot + 1]++;
                if (v.asExpected()) {
                    row[slot]++;
                    total[slot]++;
                }
            }
        }
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-36s %16s %16s%n", "family (selected from the id)",
                "accepted passed", "rejected caught"));
        for (Map.Entry<String, int[]> e : perFamily.entrySet()) {
            int[] r = e.getValue();
            out.append(String.format(Locale.ROOT, "%-36s %16s %16s%n", e.getKey(), r[1] == 0 ? "-" : r[0] + "/" + r[1],
                    r[3] == 0 ? "-" : r[2] + "/" + r[3]));
        }
        out.append(String.format(Locale.ROOT, "%-36s %16s %16s%n", "total", total[0] + "/" + total[1], total[2] + "/" + total[3]));
        System.out.print(out);
        Path report = Path.of("target", "recorded-figures.txt");
        Files.createDirectories(report.getParent());
        Files.writeString(report, out.toString(), StandardCharsets.UTF_8);
        assertThat(total[1]).as("accepted cases").isPositive();
        assertThat(total[3]).as("rejected cases").isPositive();
    }

    private static void assertCase(Path file, JsonNode expect) {
        if (expect.has("gap")) {
            Assumptions.abort("gap " + expect.get("gap").asText() + ": " + expect.path("note").asText());
        }
        Verdict v = evaluate(file, expect);
        assertThat(v.asExpected()).as(file + " (" + expect.get("verdict").asText() + ", family " + v.family() + "): "
                + v.detail()).isTrue();
    }

    /** What the guard did with one case, and whether that is what the provider did. */
    private record Verdict(String family, boolean asExpected, String detail) {}

    private static Verdict evaluate(Path file, JsonNode expect) {
        boolean accepted = expect.get("verdict").asText().equals("accepted");
        List<Dispatch> dispatches = DispatchCodec.defaults().readAny(file);
        Dispatch last = dispatches.get(dispatches.size() - 1);
        List<OrderingProfile> profiles;
        try {
            profiles = Profiles.selector().select(last);
        } catch (GuardConfigException e) {
            return new Verdict("(no profile)", false, "cannot be checked: " + e.getMessage());
        }
        String family = profiles.get(0).name();
        if (expect.has("gap")) {
            return new Verdict(family, false, "gap " + expect.get("gap").asText());
        }
        OrderingGuard guard = OrderingGuard.builder().profiles(profiles).stash(InMemoryStash.create()).build();
        GuardResult result = null;
        for (int i = 0; i < dispatches.size(); i++) {
            result = guard.check(dispatches.get(i));
            if (i < dispatches.size() - 1 && result.outcome() == Outcome.REJECTED) {
                return new Verdict(family, false, "line " + (i + 1) + " is history the provider accepted, but was rejected: "
                        + result.blocking());
            }
        }
        if (accepted) {
            return new Verdict(family, result.outcome() != Outcome.REJECTED, "rejected by " + result.blocking());
        }
        String recorded = expect.get("providerError").asText();
        if (result.outcome() != Outcome.REJECTED) {
            return new Verdict(family, false, "passed (" + result.findings() + "), but the provider answered: " + recorded);
        }
        List<String> named = ProviderErrors.classify(recorded).ruleIds();
        for (Finding f : result.blocking()) {
            if (named.contains(f.ruleId())) {
                return new Verdict(family, true, f.ruleId());
            }
        }
        return new Verdict(family, false, "rejected, but by no rule that the recorded error '" + recorded + "' names "
                + named + ": " + result.blocking());
    }

    private static List<Path> providerDirs() throws IOException {
        try (Stream<Path> s = Files.list(ROOT)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static Iterable<Map.Entry<String, JsonNode>> cases(Path dir) {
        try {
            JsonNode root = JSON.readTree(dir.resolve("cases.json").toFile());
            Map<String, JsonNode> sorted = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = root.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                sorted.put(e.getKey(), e.getValue());
            }
            return sorted.entrySet();
        } catch (IOException e) {
            throw new UncheckedIOException(dir.resolve("cases.json").toString(), e);
        }
    }
}
