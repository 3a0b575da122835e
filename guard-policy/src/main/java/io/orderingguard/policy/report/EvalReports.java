package io.orderingguard.policy.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.policy.PolicyReport;
import io.orderingguard.policy.RuleEvaluation;
import io.orderingguard.policy.eval.EvalResult;
import io.orderingguard.policy.eval.EvalRun;
import io.orderingguard.policy.eval.EvalStatus;
import io.orderingguard.policy.eval.SequenceMismatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Renders an {@link EvalRun} as text (the Sequence Rules error blocks), JSON, JUnit XML or SARIF
 * 2.1.0, and writes reports to files.
 *
 * <pre>{@code
 * EvalRun run = PolicyEval.run(config, traces);
 * EvalReports.write(run, ReportFormat.JUNIT, "1.0", Path.of("build/test-results/eval/TEST-eval.xml"));
 * }</pre>
 *
 * <p>Thread-safe: stateless.
 */
public final class EvalReports {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withArrayEmptySeparator("")
            .withObjectEmptySeparator(""))
            .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private EvalReports() {}

    /**
     * Renders a run in a format.
     *
     * @param run the run
     * @param format the format
     * @param toolVersion the version to report for the {@code guard} driver (SARIF only)
     * @return the report, ending with a newline
     */
    public static String render(EvalRun run, ReportFormat format, String toolVersion) {
        Objects.requireNonNull(run, "run must not be null");
        Objects.requireNonNull(format, "format must not be null");
        return switch (format) {
            case TEXT -> text(run);
            case JSON -> json(run);
            case JUNIT -> junit(run);
            case SARIF -> sarif(run, Objects.requireNonNull(toolVersion, "toolVersion must not be null"));
        };
    }

    /**
     * Renders a run in a format and writes it to a file (UTF-8), creating missing parent
     * directories.
     *
     * @param run the run
     * @param format the format
     * @param toolVersion the version to report for the {@code guard} driver (SARIF only)
     * @param file the file to write
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public static void write(EvalRun run, ReportFormat format, String toolVersion, Path file) {
        Objects.requireNonNull(file, "file must not be null");
        String report = render(run, format, toolVersion);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, report, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("the " + format.wireName() + " report could not be written to " + file, e);
        }
    }

    /**
     * Renders the human report: a line per passing test, the actionable block for every violated
     * rule and exact-sequence mismatch, and a summary line.
     *
     * @param run the run
     * @return the text
     */
    public static String text(EvalRun run) {
        Objects.requireNonNull(run, "run must not be null");
        StringBuilder sb = new StringBuilder();
        for (EvalResult result : run.results()) {
            sb.append(text(result));
        }
        int total = run.results().size();
        sb.append(total).append(total == 1 ? " test: " : " tests: ").append(run.count(EvalStatus.PASS)).append(" passed, ")
                .append(run.count(EvalStatus.FAIL)).append(" failed");
        int errors = run.count(EvalStatus.ERROR);
        if (errors > 0) {
            sb.append(", ").append(errors).append(errors == 1 ? " error" : " errors");
        }
        return sb.append('\n').toString();
    }

    /**
     * Renders one result as text.
     *
     * @param result the result
     * @return the lines
     */
    public static String text(EvalResult result) {
        String id = result.testId();
        StringBuilder sb = new StringBuilder();
        if (result.status() == EvalStatus.PASS) {
            sb.append("✅ PASS: sequence_valid (").append(id).append(')');
            if (result.message() != null) {
                sb.append(" — not exercised: ").append(result.message());
            }
            return sb.append('\n').toString();
        }
        if (result.status() == EvalStatus.ERROR) {
            return sb.append("💥 ERROR: sequence_valid (").append(id).append(")\n\n   ").append(result.message())
                    .append("\n\n").toString();
        }
        sb.append("❌ FAIL: sequence_valid (").append(id).append(")\n\n");
        PolicyReport report = result.report();
        boolean first = true;
        for (PolicyReport.Verdict verdict : report.verdicts()) {
            if (!verdict.evaluation().isViolated()) {
                continue;
            }
            if (!first) {
                sb.append('\n');
            }
            first = false;
            sb.append(ViolationBlock.render(verdict.rule(), verdict.evaluation(), report.calls()));
        }
        SequenceMismatch mismatch = result.mismatch();
        if (mismatch != null) {
            if (!first) {
                sb.append('\n');
            }
            sb.append(ViolationBlock.render("sequence (exact)", String.join(", ", mismatch.expected()) + " exactly",
                    mismatch.message().substring("sequence_valid mismatch. ".length()),
                    mismatch.index() < mismatch.actual().size() ? OptionalInt.of(mismatch.index()) : OptionalInt.empty(),
                    "Make the run call exactly these tools in this order, or correct the test's sequence",
                    report.calls(), false, null));
        }
        return sb.append('\n').toString();
    }

    /**
     * Renders the JSON report:
     * {@code {"suite", "results": [{"testId", "status", "message", "ruleEvaluations": [{"ruleId",
     * "kind", "outcome", "spanned", "reason"}]}]}}.
     *
     * @param run the run
     * @return the pretty-printed JSON, ending with a newline
     */
    public static String json(EvalRun run) {
        ObjectNode root = NODES.objectNode();
        root.put("suite", run.suite());
        ArrayNode results = root.putArray("results");
        for (EvalResult result : run.results()) {
            ObjectNode r = results.addObject();
            r.put("testId", result.testId());
            r.put("status", result.status().wireName());
            r.put("message", result.message());
            ArrayNode evaluations = r.putArray("ruleEvaluations");
            if (result.report() != null) {
                for (RuleEvaluation e : result.report().evaluations()) {
                    evaluations.add(evaluation(e));
                }
            }
        }
        return write(root);
    }

    /**
     * Renders one rule verdict as a JSON object {@code {"ruleId", "kind", "outcome", "spanned", "reason"}}.
     *
     * @param e the verdict
     * @return the object
     */
    public static ObjectNode evaluation(RuleEvaluation e) {
        ObjectNode node = NODES.objectNode();
        node.put("ruleId", e.ruleId());
        node.put("kind", e.kind().wireName());
        node.put("outcome", e.outcome().wireName());
        ArrayNode spanned = node.putArray("spanned");
        e.spanned().forEach(spanned::add);
        node.put("reason", e.reason());
        return node;
    }

    /**
     * Renders JUnit XML: one {@code <testcase>} per test, a {@code <failure>} carrying the text block
     * for a failed test, an {@code <error>} for an unreadable run.
     *
     * @param run the run
     * @return the XML document
     */
    public static String junit(EvalRun run) {
        int total = run.results().size();
        int failures = run.count(EvalStatus.FAIL);
        int errors = run.count(EvalStatus.ERROR);
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<testsuites name=\"guard eval\" tests=\"").append(total).append("\" failures=\"").append(failures)
                .append("\" errors=\"").append(errors).append("\">\n");
        sb.append("  <testsuite name=\"").append(xml(run.suite())).append("\" tests=\"").append(total)
                .append("\" failures=\"").append(failures).append("\" errors=\"").append(errors)
                .append("\" skipped=\"0\">\n");
        for (EvalResult result : run.results()) {
            sb.append("    <testcase classname=\"").append(xml(run.suite())).append("\" name=\"")
                    .append(xml(result.testId())).append('"');
            if (result.status() == EvalStatus.PASS && result.message() == null) {
                sb.append("/>\n");
                continue;
            }
            sb.append(">\n");
            if (result.status() == EvalStatus.FAIL) {
                sb.append("      <failure message=\"").append(xml(result.message())).append("\" type=\"sequence_valid\">")
                        .append(xml(text(result))).append("</failure>\n");
            } else if (result.status() == EvalStatus.ERROR) {
                sb.append("      <error message=\"").append(xml(result.message())).append("\" type=\"trace\"/>\n");
            } else {
                sb.append("      <system-out>NOT EXERCISED: ").append(xml(result.message())).append("</system-out>\n");
            }
            sb.append("    </testcase>\n");
        }
        return sb.append("  </testsuite>\n</testsuites>\n").toString();
    }

    /**
     * Renders SARIF 2.1.0: one result per violated rule (and per exact-sequence mismatch or unreadable
     * run), located at the test's line in the eval config, with the rule kind as the SARIF rule.
     *
     * @param run the run
     * @param toolVersion the version to report for the {@code guard} driver
     * @return the pretty-printed JSON, ending with a newline
     */
    public static String sarif(EvalRun run, String toolVersion) {
        ObjectNode root = NODES.objectNode();
        root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        root.put("version", "2.1.0");
        ObjectNode sarifRun = root.putArray("runs").addObject();
        ObjectNode driver = sarifRun.putObject("tool").putObject("driver");
        driver.put("name", "guard");
        driver.put("version", toolVersion);
        ArrayNode rules = driver.putArray("rules");
        Map<String, Integer> ruleIndex = new LinkedHashMap<>();
        ArrayNode results = sarifRun.putArray("results");
        String uri = uri(run.configSource());
        for (EvalResult result : run.results()) {
            List<SarifFinding> findings = new ArrayList<>();
            if (result.status() == EvalStatus.ERROR) {
                findings.add(new SarifFinding("trace/unreadable", "the recorded run could not be read", result.message(), null));
            } else if (result.report() != null) {
                for (RuleEvaluation e : result.report().violations()) {
                    findings.add(new SarifFinding("sequence/" + e.kind().wireName(), "sequence rule "
                            + e.kind().wireName() + " violated", e.reason(), e.ruleId()));
                }
                if (result.mismatch() != null) {
                    findings.add(new SarifFinding("sequence/exact", "exact tool sequence differs",
                            result.mismatch().message(), "sequence"));
                }
            }
            for (SarifFinding f : findings) {
                Integer index = ruleIndex.get(f.ruleId());
                if (index == null) {
                    index = ruleIndex.size();
                    ruleIndex.put(f.ruleId(), index);
                    ObjectNode rule = rules.addObject();
                    rule.put("id", f.ruleId());
                    rule.put("name", f.ruleId().replace('/', '-'));
                    rule.putObject("shortDescription").put("text", f.description());
                    rule.putObject("defaultConfiguration").put("level", "error");
                }
                ObjectNode r = results.addObject();
                r.put("ruleId", f.ruleId());
                r.put("ruleIndex", index);
                r.put("level", "error");
                r.putObject("message").put("text", result.testId() + ": " + f.message());
                ObjectNode location = r.putArray("locations").addObject();
                ObjectNode physical = location.putObject("physicalLocation");
                physical.putObject("artifactLocation").put("uri", uri);
                physical.putObject("region").put("startLine", Math.max(1, result.test().line()));
                location.putArray("logicalLocations").addObject()
                        .put("fullyQualifiedName", result.testId() + (f.policyRuleId() == null ? "" : "/" + f.policyRuleId()))
                        .put("kind", "test");
                r.putObject("partialFingerprints").put("guardFinding/v1",
                        result.testId() + "|" + (f.policyRuleId() == null ? f.ruleId() : f.policyRuleId()));
                ObjectNode properties = r.putObject("properties");
                properties.put("testId", result.testId());
                if (f.policyRuleId() != null) {
                    properties.put("policyRuleId", f.policyRuleId());
                }
                properties.put("trace", result.trace().location());
            }
        }
        return write(root);
    }

    private static String uri(String source) {
        Path path = Path.of(source).normalize();
        if (path.isAbsolute()) {
            return path.toUri().toString();
        }
        return path.toString().replace('\\', '/');
    }

    private static String write(ObjectNode root) {
        return toJson(root);
    }

    /**
     * Writes a JSON tree the way every report does: two-space indentation, {@code "key": value}.
     *
     * @param tree the tree
     * @return the text, ending with a newline
     */
    public static String toJson(JsonNode tree) {
        try {
            return MAPPER.writer(PRETTY).writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }

    /**
     * Escapes text for XML attributes and content, dropping characters XML 1.0 cannot hold.
     *
     * @param text the text, or {@code null}
     * @return the escaped text
     */
    static String xml(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '<':
                    sb.append("&lt;");
                    break;
                case '>':
                    sb.append("&gt;");
                    break;
                case '&':
                    sb.append("&amp;");
                    break;
                case '"':
                    sb.append("&quot;");
                    break;
                case '\'':
                    sb.append("&apos;");
                    break;
                default:
                    boolean legal = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF)
                            || (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000 && c <= 0x10FFFF;
                    if (legal) {
                        sb.appendCodePoint(c);
                    }
            }
        });
        return sb.toString();
    }

    /**
     * One SARIF result of an eval test.
     *
     * @param ruleId the SARIF rule id, e.g. {@code sequence/before}
     * @param description the SARIF rule's short description
     * @param message the result's message, after the test id
     * @param policyRuleId the policy rule that failed, or {@code null} when the run could not be read
     */
    private record SarifFinding(String ruleId, String description, String message, String policyRuleId) {}
}
