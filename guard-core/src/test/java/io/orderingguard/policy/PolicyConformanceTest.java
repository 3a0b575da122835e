package io.orderingguard.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every fixture under {@code conformance/policy} (see its README for the format): the seed's
 * example tables and the reference semantics per rule kind and extent.
 */
class PolicyConformanceTest {

    static final Path ROOT = Path.of("../conformance/policy");

    @TestFactory
    Stream<DynamicNode> fixtures() throws IOException {
        return fixtureFiles().stream().map(file -> DynamicContainer.dynamicContainer(
                ROOT.relativize(file).toString(), file.toUri(), cases(file).stream()));
    }

    @Test
    void every_seed_table_and_every_rule_kind_has_fixtures() throws IOException {
        List<String> names = fixtureFiles().stream().map(f -> ROOT.relativize(f).toString()).collect(Collectors.toList());
        assertThat(names).contains("seed/require.yaml", "seed/before.yaml", "seed/blocklist.yaml", "seed/max_calls.yaml",
                "seed/eventually.yaml", "seed/never_after.yaml", "seed/after.yaml", "seed/sequence.yaml",
                "seed/quick_example.yaml", "seed/combining.yaml", "seed/real_world_payment.yaml",
                "seed/real_world_healthcare.yaml", "seed/real_world_agents.yaml", "seed/conditional.yaml",
                "seed/v0_sequences.yaml", "seed/documented_kinds.yaml");
        List<String> kinds = new ArrayList<>();
        for (Path file : fixtureFiles()) {
            collectTypes(JsonInput.defaults().parseFile(file), kinds);
        }
        for (RuleKind kind : RuleKind.values()) {
            assertThat(kinds).as("fixtures use type %s", kind.wireName()).contains(kind.wireName());
        }
    }

    private static void collectTypes(JsonNode node, List<String> types) {
        if (node.isObject() && node.path("type").isTextual()) {
            types.add(node.path("type").textValue());
        }
        node.forEach(child -> collectTypes(child, types));
    }

    static List<Path> fixtureFiles() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT, 2)) { // seed/*.yaml, semantics/*.yaml; deeper dirs hold other files
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
        }
    }

    private static List<DynamicTest> cases(Path file) {
        InputNode root = InputNode.root(JsonInput.defaults().parseFile(file), file.toString(), 0);
        root.allowOnly("description", "source", "aliases", "rules", "cases");
        List<DynamicTest> tests = new ArrayList<>();
        for (InputNode c : root.array("cases")) {
            c.allowOnly("name", "trace", "extent", "context", "rules", "result", "evaluations");
            String label = c.has("name") ? c.text("name") : c.child("trace").raw().toString();
            tests.add(DynamicTest.dynamicTest(label, file.toUri(), () -> run(root, c)));
        }
        return tests;
    }

    private static void run(InputNode root, InputNode c) {
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put("name", "fixture");
        document.set("sequences", (c.has("rules") ? c.child("rules") : root.required("rules")).raw());
        if (root.has("aliases")) {
            document.set("aliases", root.child("aliases").raw());
        }
        SequencePolicy policy = PolicyFiles.parse(document, c.source(), "fixture");
        List<ToolInvocation> calls = new ArrayList<>();
        for (InputNode item : c.array("trace")) {
            calls.add(item.raw().isTextual()
                    ? ToolInvocation.of(item.raw().textValue())
                    : new ToolInvocation(item.text("tool"), item.child("args").raw()));
        }
        Extent extent = "partial".equals(c.optEnum("extent", "complete", "partial")) ? Extent.PARTIAL : Extent.COMPLETE;
        ObjectNode context = c.optObject("context");
        PolicyReport report = policy.evaluate(calls, context, extent);
        String description = "trace " + c.child("trace").raw() + " (" + extent + ")\n" + describe(report);

        String expected = c.optEnum("result", "pass", "fail");
        assertThat(report.passed() ? "pass" : "fail").as("result of %s", description).isEqualTo(expected);
        if (!c.has("evaluations")) {
            return;
        }
        List<InputNode> evaluations = c.array("evaluations");
        assertThat(evaluations).as("one expected evaluation per rule").hasSameSizeAs(report.evaluations());
        for (int i = 0; i < evaluations.size(); i++) {
            InputNode e = evaluations.get(i).allowOnly("outcome", "spanned", "reason", "at");
            RuleEvaluation actual = report.evaluations().get(i);
            String which = "rule " + i + " (" + actual.ruleId() + ") of " + description;
            assertThat(actual.outcome().wireName()).as("outcome of %s", which)
                    .isEqualTo(e.optEnum("outcome", "held", "violated", "not_exercised"));
            if (e.has("spanned")) {
                List<Integer> spanned = new ArrayList<>();
                e.array("spanned").forEach(n -> spanned.add(n.asInt()));
                assertThat(actual.spanned()).as("spanned of %s", which).isEqualTo(spanned);
            }
            if (e.has("reason")) {
                assertThat(actual.reason()).as("reason of %s", which).isEqualTo(e.text("reason"));
            }
            if (e.has("at")) {
                assertThat(actual.diagnosis()).as("diagnosis of %s", which).isNotNull();
                assertThat(actual.diagnosis().at()).as("marked position of %s", which)
                        .hasValue(e.required("at").asInt());
            }
        }
    }

    private static String describe(PolicyReport report) {
        StringBuilder sb = new StringBuilder();
        for (RuleEvaluation e : report.evaluations()) {
            sb.append("  ").append(e.ruleId()).append(": ").append(e.outcome().wireName()).append(' ')
                    .append(e.spanned()).append(e.reason() == null ? "" : " — " + e.reason()).append('\n');
        }
        return sb.toString();
    }
}
