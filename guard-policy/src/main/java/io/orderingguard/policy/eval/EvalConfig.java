package io.orderingguard.policy.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.json.tree.SequenceRuleReader;
import io.orderingguard.policy.Aliases;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.trace.TraceRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An eval config: a suite of tests, each asserting sequence rules about one recorded run. Both the
 * documented shape and Assay's parsed shape are read:
 *
 * <pre>{@code
 * suite: support-agent            # optional; defaults to the file name
 * configVersion: 1                # optional (alias version); 0 = legacy
 * tests:
 *   - id: verify_before_delete    # the documented shape
 *     metric: sequence_valid
 *     input: {prompt: "Delete customer 42"}   # optional: match the trace record by prompt
 *     context: {user_role: standard}          # optional: for when: conditions
 *     rules:
 *       - type: before
 *         first: VerifyIdentity
 *         then: DeleteCustomer
 *   - id: assay_shape             # Assay's shape
 *     input: {prompt: "..."}
 *     expected:
 *       type: sequence_valid
 *       rules: [...]              # inline rules win over the policy file's
 *       sequence: [a, b]          # exact list of tool names (inline wins over a file's)
 *       policy: policies/p.yaml   # relative to this file; its aliases apply to inline rules
 *       aliases: {Egress: [http_post]}
 * }</pre>
 *
 * <p>Every rule kind may be written inline. A v0 {@code sequences: [[A, B, C]]} reads as the chain
 * {@code before A→B, before B→C}. A test that asserts nothing (no rules, no sequence, no policy, or an
 * explicit empty {@code rules: []}) is an error, as are unknown keys, duplicate ids and rules that
 * cannot constrain a trace.
 *
 * @param source the config file name, for messages
 * @param suite the suite name
 * @param model the model the suite was recorded with, or {@code null} (informational)
 * @param configVersion 0 for a legacy config, 1 otherwise
 * @param tests the tests in file order
 */
public record EvalConfig(String source, String suite, String model, int configVersion, List<EvalTest> tests) {

    private static final List<String> TOP_FIELDS = List.of("configVersion", "version", "suite", "model", "description",
            "tests");
    private static final List<String> TEST_FIELDS = List.of("id", "description", "tags", "metadata", "input", "context",
            "metric", "rules", "sequences", "sequence", "policy", "aliases", "expected");
    private static final List<String> CHECK_FIELDS = List.of("rules", "sequences", "sequence", "policy", "aliases");

    /** Validates and copies the fields. */
    public EvalConfig {
        Objects.requireNonNull(source, "source must not be null");
        Objects.requireNonNull(suite, "suite must not be null");
        tests = List.copyOf(tests);
    }

    /**
     * Reads an eval config file.
     *
     * @param file the file (YAML or JSON)
     * @return the config
     * @throws GuardInputException naming the file and JSON path of the first problem
     */
    public static EvalConfig load(Path file) {
        return load(file, InputLimits.defaults());
    }

    /**
     * Reads an eval config file under input limits.
     *
     * @param file the file (YAML or JSON)
     * @param limits the input limits of the config and the policy files it names
     * @return the config
     * @throws GuardInputException naming the file and JSON path of the first problem
     */
    public static EvalConfig load(Path file, InputLimits limits) {
        Objects.requireNonNull(file, "file must not be null");
        JsonInput input = JsonInput.withLimits(Objects.requireNonNull(limits, "limits must not be null"));
        String text = input.readText(file);
        String name = file.toString().toLowerCase(java.util.Locale.ROOT);
        JsonNode tree = name.endsWith(".json") ? input.parseJson(text, file.toString()) : input.parseYaml(text, file.toString());
        return parse(tree, file, text, limits);
    }

    /**
     * Reads a parsed eval config.
     *
     * @param tree the parsed document
     * @param file the file it came from (policy paths resolve against its directory)
     * @param text the file's text, used to find the line of each test, or {@code null}
     * @param limits the input limits of the policy files it names
     * @return the config
     * @throws GuardInputException naming the file and JSON path of the first problem
     */
    public static EvalConfig parse(JsonNode tree, Path file, String text, InputLimits limits) {
        JsonInput input = JsonInput.withLimits(Objects.requireNonNull(limits, "limits must not be null"));
        String source = file.toString();
        InputNode root = InputNode.root(tree, source, 0).requireObject();
        for (String field : List.of("settings", "thresholds", "otel", "policies")) {
            if (root.has(field)) {
                throw root.child(field).error("not supported: guard eval replays recorded traces and runs no model; "
                        + "remove " + field);
            }
        }
        root.allowOnly(TOP_FIELDS.toArray(new String[0]));
        if (root.has("configVersion") && root.has("version")) {
            throw root.child("version").error("give configVersion or its alias version, not both");
        }
        String versionField = root.has("version") ? "version" : "configVersion";
        int configVersion = 1;
        if (root.has(versionField)) {
            configVersion = root.child(versionField).asInt();
            if (configVersion != 0 && configVersion != 1) {
                throw root.child(versionField).error("expected 0 (legacy) or 1, but was " + configVersion);
            }
        }
        String suite = root.has("suite") ? root.nonBlankText("suite") : PolicyFiles.defaultName(file);
        String model = root.optText("model");
        root.optText("description");
        List<InputNode> items = root.array("tests");
        if (items.isEmpty()) {
            throw root.child("tests").error("expected at least one test, but the list is empty");
        }
        Path base = file.toAbsolutePath().getParent();
        Map<String, String> seen = new HashMap<>();
        List<EvalTest> tests = new ArrayList<>();
        for (InputNode item : items) {
            EvalTest test = test(item, base, text, input);
            String previous = seen.putIfAbsent(test.id(), item.path());
            if (previous != null) {
                throw item.child("id").error("duplicate test id \"" + test.id() + "\" (also at " + previous + ")");
            }
            tests.add(test);
        }
        return new EvalConfig(source, suite, model, configVersion, tests);
    }

    private static EvalTest test(InputNode t, Path base, String text, JsonInput input) {
        t.requireObject();
        for (String field : List.of("must_call", "must_not_call")) {
            if (t.has(field)) {
                throw t.child(field).error("a v0 field; run 'guard migrate' to turn it into "
                        + ("must_call".equals(field) ? "require" : "blocklist") + " rules");
            }
        }
        for (String field : List.of("assertions", "on_error")) {
            if (t.has(field)) {
                throw t.child(field).error("not supported: guard eval checks sequence rules only; remove " + field);
            }
        }
        t.allowOnly(TEST_FIELDS.toArray(new String[0]));
        String id = t.nonBlankText("id");
        t.optText("description");
        t.optTextList("tags");
        t.optObject("metadata");
        String prompt = null;
        if (t.has("input")) {
            InputNode in = t.child("input").allowOnly("prompt");
            prompt = in.optText("prompt");
        }
        ObjectNode context = t.optObject("context");
        InputNode checks = t;
        if (t.has("expected")) {
            for (String field : CHECK_FIELDS) {
                if (t.has(field)) {
                    throw t.child(field).error("give the checks either in expected: or at test level "
                            + "(metric: sequence_valid), not both");
                }
            }
            if (t.has("metric")) {
                throw t.child("metric").error("give the checks either in expected: or at test level "
                        + "(metric: sequence_valid), not both");
            }
            checks = expected(t.child("expected"));
        } else if (t.has("metric")) {
            metric(t.child("metric"));
        }
        Resolved resolved = resolve(checks, id, base, input);
        return new EvalTest(id, prompt, resolved.policy, resolved.sequence, context, t.path(), lineOf(text, id));
    }

    private static InputNode expected(InputNode node) {
        if (node.raw().isArray()) {
            List<InputNode> items = node.asArray();
            if (items.size() != 1) {
                throw node.error("expected one check, but the list has " + items.size());
            }
            node = items.get(0);
        }
        node.requireObject();
        List<String> fields = new ArrayList<>(CHECK_FIELDS);
        fields.add("type");
        node.allowOnly(fields.toArray(new String[0]));
        if (node.has("type")) {
            String type = node.text("type");
            if (!"sequence_valid".equals(type) && !"sequence".equals(type)) {
                throw node.child("type").error("guard eval checks tool-call sequences only (type sequence_valid), but was \""
                        + type + "\"");
            }
        }
        return node;
    }

    private static void metric(InputNode node) {
        String metric = node.asText();
        if (!"sequence_valid".equals(metric)) {
            throw node.error("guard eval checks tool-call sequences only (metric sequence_valid), but was \"" + metric + "\"");
        }
    }

    private record Resolved(SequencePolicy policy, List<String> sequence) {}

    private static Resolved resolve(InputNode checks, String id, Path base, JsonInput input) {
        if (checks.has("rules") && checks.has("sequences")) {
            throw checks.child("sequences").error("give either rules (v1) or sequences (v0), not both; "
                    + "'guard migrate' turns sequences into rules");
        }
        List<SequenceRule> rules = null;
        if (checks.has("rules")) {
            rules = SequenceRuleReader.rules(checks.child("rules"));
        } else if (checks.has("sequences")) {
            rules = SequenceRuleReader.rules(checks.child("sequences"));
        }
        List<String> sequence = null;
        if (checks.has("sequence")) {
            sequence = new ArrayList<>();
            for (InputNode item : checks.child("sequence").asArray()) {
                String name = item.asText();
                if (name.isBlank()) {
                    throw item.error("expected a non-blank tool name, but was \"" + name + "\"");
                }
                sequence.add(name);
            }
        }
        String name = id;
        String version = null;
        Map<String, List<String>> aliases = new LinkedHashMap<>();
        if (checks.has("policy")) {
            InputNode ref = checks.child("policy");
            String relative = ref.asText();
            if (relative.isBlank()) {
                throw ref.error("expected a policy file path, but was \"" + relative + "\"");
            }
            Path file = base == null ? Path.of(relative) : base.resolve(relative);
            if (!Files.isRegularFile(file)) {
                throw ref.error("policy file not found: " + file.normalize());
            }
            PolicyFiles.Source source = PolicyFiles.source(input.parseFile(file), file.toString(),
                    PolicyFiles.defaultName(file));
            if (source.policy() != null) {
                name = source.policy().name();
                version = source.policy().version();
                if (rules == null) {
                    rules = source.policy().rules();
                }
                if (source.document()) {
                    aliases.putAll(source.policy().aliases().groups());
                }
            } else if (sequence == null) {
                sequence = source.exactSequence();
            }
        }
        if (checks.has("aliases")) {
            aliases.putAll(SequenceRuleReader.aliases(checks.child("aliases")).groups());
        }
        if (rules != null && rules.isEmpty() && sequence == null) {
            throw checks.child(checks.has("rules") ? "rules" : "sequences").error("the list is empty, so the test asserts "
                    + "nothing (an empty inline list also overrides a policy file's rules)");
        }
        if (rules == null && sequence == null) {
            throw checks.error("the test asserts nothing: give rules, sequence or policy");
        }
        Aliases table;
        try {
            table = Aliases.of(aliases);
        } catch (IllegalArgumentException e) {
            throw checks.child("aliases").error(e.getMessage());
        }
        return new Resolved(new SequencePolicy(name, version, null, rules == null ? List.of() : rules, table), sequence);
    }

    private static int lineOf(String text, String id) {
        if (text == null) {
            return 0;
        }
        Matcher m = Pattern.compile("(?m)^[\\s-]*\"?id\"?\\s*:\\s*['\"]?" + Pattern.quote(id) + "['\"]?\\s*(#.*)?,?$")
                .matcher(text);
        return m.find() ? 1 + (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() : 0;
    }

    /**
     * Runs every test against the recorded runs: each test is matched to a record by its prompt
     * (as Assay does) or, failing that, by its id.
     *
     * @param traces the recorded runs
     * @return the results, in test order
     * @throws GuardInputException when a test has no record, or its prompt or id is ambiguous
     */
    public EvalRun run(List<TraceRecord> traces) {
        List<EvalResult> results = new ArrayList<>(tests.size());
        for (EvalTest test : tests) {
            results.add(EvalResult.of(test, match(test, traces)));
        }
        return new EvalRun(suite, source, results);
    }

    private TraceRecord match(EvalTest test, List<TraceRecord> traces) {
        if (test.prompt() != null) {
            TraceRecord byPrompt = unique(test, traces, true);
            if (byPrompt != null) {
                return byPrompt;
            }
        }
        TraceRecord byId = unique(test, traces, false);
        if (byId != null) {
            return byId;
        }
        String looked = test.prompt() == null ? "id \"" + test.id() + "\""
                : "prompt \"" + test.prompt() + "\" or id \"" + test.id() + "\"";
        String hint = suggestion(test, traces);
        throw new GuardInputException(source, 0, test.path(), "no trace for test '" + test.id() + "': no record with "
                + looked + " among " + traces.size() + " recorded run(s)" + (hint == null ? "" : "; did you mean " + hint + "?"));
    }

    private TraceRecord unique(EvalTest test, List<TraceRecord> traces, boolean byPrompt) {
        List<TraceRecord> found = new ArrayList<>();
        for (TraceRecord r : traces) {
            if (byPrompt ? test.prompt().equals(r.prompt()) : test.id().equals(r.id())) {
                found.add(r);
            }
        }
        if (found.size() > 1) {
            List<String> where = new ArrayList<>();
            for (TraceRecord r : found) {
                where.add(r.location());
            }
            throw new GuardInputException(source, 0, test.path(), "test '" + test.id() + "' matches " + found.size()
                    + " recorded runs by " + (byPrompt ? "prompt" : "id") + " (" + String.join(", ", where)
                    + "); give each run a distinct " + (byPrompt ? "prompt" : "id"));
        }
        return found.isEmpty() ? null : found.get(0);
    }

    private static String suggestion(EvalTest test, List<TraceRecord> traces) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (TraceRecord r : traces) {
            for (String candidate : new String[] {r.id(), r.prompt()}) {
                if (candidate == null) {
                    continue;
                }
                String target = candidate.equals(r.prompt()) && test.prompt() != null ? test.prompt() : test.id();
                int d = io.orderingguard.support.Suggestions.distance(target, candidate);
                if (d < bestDistance && d <= Math.max(2, target.length() / 3)) {
                    bestDistance = d;
                    best = "\"" + candidate + "\" (" + r.location() + ")";
                }
            }
        }
        return best;
    }
}
