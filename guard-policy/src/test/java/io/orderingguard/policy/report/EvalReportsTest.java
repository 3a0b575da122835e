package io.orderingguard.policy.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orderingguard.policy.ToolInvocation;
import io.orderingguard.policy.eval.EvalConfig;
import io.orderingguard.policy.eval.EvalRun;
import io.orderingguard.policy.trace.TraceFiles;
import io.orderingguard.policy.trace.TraceRecord;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

class EvalReportsTest {

    private static final Path SEED = Path.of("../conformance/policy/seed/error_block");

    @TempDir
    Path dir;

    private static EvalRun seedRun() {
        EvalConfig config = EvalConfig.load(SEED.resolve("eval.yaml"));
        return config.run(TraceFiles.read(SEED.resolve("traces.jsonl")));
    }

    @Test
    void should_print_the_seed_error_block_exactly() throws IOException {
        EvalRun run = seedRun();
        String expected = Files.readString(SEED.resolve("expected.txt"));
        assertThat(EvalReports.text(run.results().get(0))).isEqualTo(expected);
        assertThat(EvalReports.text(run)).isEqualTo(expected + "1 test: 0 passed, 1 failed\n");
    }

    private EvalRun mixedRun() throws IOException {
        Path config = Files.writeString(dir.resolve("eval.yaml"), String.join("\n",
                "suite: mixed <&>",
                "tests:",
                "  - id: passes",
                "    rules: [{type: require, tool: A}]",
                "  - id: vacuous",
                "    rules: [{type: before, first: A, then: Z}]",
                "  - id: fails",
                "    rules:",
                "      - {type: max_calls, tool: A, max: 1}",
                "      - {type: blocklist, pattern: admin_, id: no-admin}",
                "    sequence: [A, admin_x]",
                "  - id: broken",
                "    rules: [{type: require, tool: A}]",
                ""));
        return EvalConfig.load(config).run(List.of(
                TraceRecord.of("t.jsonl", 1, "passes", null, ToolInvocation.names("A"), null),
                TraceRecord.of("t.jsonl", 2, "vacuous", null, ToolInvocation.names("A"), null),
                TraceRecord.of("t.jsonl", 3, "fails", null, ToolInvocation.names("A", "A", "admin_x"), null),
                new TraceRecord("t.jsonl", 4, "broken", null, List.of(), null, "could not read the tool calls: x")));
    }

    @Test
    void should_print_every_violated_rule_and_the_exact_mismatch_as_blocks() throws IOException {
        String text = EvalReports.text(mixedRun());
        assertThat(text).isEqualTo(String.join("\n",
                "✅ PASS: sequence_valid (passes)",
                "✅ PASS: sequence_valid (vacuous) — not exercised: every configured sequence rule was vacuous for this trace",
                "❌ FAIL: sequence_valid (fails)",
                "",
                "   Rule: max_calls",
                "   Expected: A called at most 1 time",
                "   Actual: A called 2 times; call 2 at position 2 went over the limit of 1",
                "",
                "   Trace:",
                "     1. A",
                "     2. A  ← violation",
                "     3. admin_x",
                "",
                "   Suggestion: Call A at most 1 time",
                "",
                "   Rule: blocklist (no-admin)",
                "   Expected: no tool whose name contains 'admin_'",
                "   Actual: admin_x called at position 3",
                "",
                "   Trace:",
                "     1. A",
                "     2. A",
                "     3. admin_x  ← violation",
                "",
                "   Suggestion: Remove the admin_x call: no tool whose name contains 'admin_' may be called",
                "",
                "   Rule: sequence (exact)",
                "   Expected: A, admin_x exactly",
                "   Actual: Mismatch at index [1]: Expected 'admin_x', Found 'A', (Expected 2: [\"A\", \"admin_x\"], Actual 3: [\"A\", \"A\", \"admin_x\"])",
                "",
                "   Trace:",
                "     1. A",
                "     2. A  ← violation",
                "     3. admin_x",
                "",
                "   Suggestion: Make the run call exactly these tools in this order, or correct the test's sequence",
                "",
                "💥 ERROR: sequence_valid (broken)",
                "",
                "   could not read the tool calls: x",
                "",
                "4 tests: 2 passed, 1 failed, 1 error",
                ""));
    }

    @Test
    void should_shorten_long_traces_around_the_marked_call() {
        List<ToolInvocation> calls = new java.util.ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            calls.add(ToolInvocation.of(i == 25 ? "admin_reset" : "step" + i));
        }
        assertThat(ViolationBlock.trace(calls, java.util.OptionalInt.of(24), false)).isEqualTo(String.join("\n",
                "   Trace:",
                "      1. step1",
                "      2. step2",
                "      3. step3",
                "      … (16 more)",
                "     20. step20",
                "     21. step21",
                "     22. step22",
                "     23. step23",
                "     24. step24",
                "     25. admin_reset  ← violation",
                "     26. step26",
                "     27. step27",
                "     28. step28",
                "     29. step29",
                "     30. step30",
                "      … (8 more)",
                "     39. step39",
                "     40. step40",
                ""));
        assertThat(ViolationBlock.trace(List.of(), java.util.OptionalInt.empty(), false)).isEqualTo("   Trace: (no tool calls)\n");
    }

    @Test
    void should_write_the_json_report() throws IOException {
        JsonNode json = new ObjectMapper().readTree(EvalReports.json(mixedRun()));
        assertThat(json.path("suite").textValue()).isEqualTo("mixed <&>");
        JsonNode fails = json.path("results").get(2);
        assertThat(fails.toString()).isEqualTo("{\"testId\":\"fails\",\"status\":\"fail\",\"message\":\"sequence_valid rule "
                + "failed: tool 'A' exceeded max calls (2 > 1)\",\"ruleEvaluations\":[{\"ruleId\":\"max_calls:A<=1\","
                + "\"kind\":\"max_calls\",\"outcome\":\"violated\",\"spanned\":[0,1],\"reason\":\"tool 'A' exceeded max "
                + "calls (2 > 1)\"},{\"ruleId\":\"no-admin\",\"kind\":\"blocklist\",\"outcome\":\"violated\",\"spanned\":[2],"
                + "\"reason\":\"tool 'admin_x' matches blocklist pattern 'admin_'\"}]}");
        assertThat(json.path("results").get(0).toString()).isEqualTo("{\"testId\":\"passes\",\"status\":\"pass\","
                + "\"message\":null,\"ruleEvaluations\":[{\"ruleId\":\"require:A\",\"kind\":\"require\",\"outcome\":\"held\","
                + "\"spanned\":[0],\"reason\":null}]}");
        assertThat(json.path("results").get(1).path("ruleEvaluations").get(0).path("outcome").textValue())
                .isEqualTo("not_exercised");
        assertThat(json.path("results").get(3).path("status").textValue()).isEqualTo("error");
    }

    @Test
    void should_write_well_formed_junit_xml() throws Exception {
        String xml = EvalReports.junit(mixedRun());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        var suite = doc.getElementsByTagName("testsuite").item(0);
        assertThat(suite.getAttributes().getNamedItem("name").getNodeValue()).isEqualTo("mixed <&>");
        assertThat(suite.getAttributes().getNamedItem("tests").getNodeValue()).isEqualTo("4");
        assertThat(suite.getAttributes().getNamedItem("failures").getNodeValue()).isEqualTo("1");
        assertThat(suite.getAttributes().getNamedItem("errors").getNodeValue()).isEqualTo("1");
        var failure = doc.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttributes().getNamedItem("message").getNodeValue())
                .isEqualTo("sequence_valid rule failed: tool 'A' exceeded max calls (2 > 1)");
        assertThat(failure.getTextContent()).contains("   Rule: max_calls\n", "     2. A  ← violation\n");
        assertThat(doc.getElementsByTagName("error").getLength()).isEqualTo(1);
        assertThat(doc.getElementsByTagName("system-out").item(0).getTextContent())
                .isEqualTo("NOT EXERCISED: every configured sequence rule was vacuous for this trace");
        assertThat(EvalReports.xml("a\u0001b\"<")).isEqualTo("ab&quot;&lt;");
    }

    @Test
    void should_write_sarif_located_at_the_test() throws IOException {
        JsonNode sarif = new ObjectMapper().readTree(EvalReports.sarif(mixedRun(), "1.2.3"));
        assertThat(sarif.path("version").textValue()).isEqualTo("2.1.0");
        JsonNode run = sarif.path("runs").get(0);
        assertThat(run.path("tool").path("driver").path("name").textValue()).isEqualTo("guard");
        assertThat(run.path("tool").path("driver").path("rules").findValuesAsText("id"))
                .containsExactly("sequence/max_calls", "sequence/blocklist", "sequence/exact", "trace/unreadable");
        JsonNode results = run.path("results");
        assertThat(results).hasSize(4);
        JsonNode first = results.get(0);
        assertThat(first.path("ruleId").textValue()).isEqualTo("sequence/max_calls");
        assertThat(first.path("level").textValue()).isEqualTo("error");
        assertThat(first.path("message").path("text").textValue()).isEqualTo("fails: tool 'A' exceeded max calls (2 > 1)");
        JsonNode location = first.path("locations").get(0);
        assertThat(location.path("physicalLocation").path("region").path("startLine").intValue()).isEqualTo(7);
        assertThat(location.path("physicalLocation").path("artifactLocation").path("uri").textValue())
                .isEqualTo(dir.resolve("eval.yaml").toUri().toString());
        assertThat(location.path("logicalLocations").get(0).path("fullyQualifiedName").textValue())
                .isEqualTo("fails/max_calls:A<=1");
        assertThat(results.get(3).path("ruleIndex").intValue()).isEqualTo(3);
    }
}
