package io.orderingguard.policy.migrate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.policy.report.EvalReports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Converts an eval config to the current shape, on the parsed tree (the caller writes the file):
 *
 * <ul>
 *   <li>v0 {@code sequences: [[A, B], [C, D, E]]} become {@code rules:} of {@code before} rules; a
 *       list of three or more is a chain ({@code before C→D}, {@code before D→E});</li>
 *   <li>v0 {@code must_call: X} becomes {@code require}, {@code must_not_call: X} becomes
 *       {@code blocklist} (with a note: a blocklist matches by substring);</li>
 *   <li>{@code type: count} becomes {@code type: max_calls};</li>
 *   <li>{@code configVersion: 0} (or {@code version: 0}) becomes 1;</li>
 *   <li>legacy {@code expected:} forms ({@code type: sequence}, no type, a one-element list) become
 *       {@code type: sequence_valid} objects;</li>
 *   <li>optionally, {@code policy:} references are inlined as {@code rules}, {@code sequence} and
 *       {@code aliases} (the file's aliases are kept, unlike the reference migration).</li>
 * </ul>
 * Keys keep their order; comments and formatting are not kept by the YAML writer.
 *
 * <p>Thread-safe: stateless.
 */
public final class EvalMigration {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> RULE_SOURCES = List.of("rules", "sequences", "must_call", "must_not_call");

    private EvalMigration() {}

    /**
     * What a migration changed.
     *
     * @param migrated the migrated tree (a copy; the input is not modified)
     * @param changes one line per change, naming the test
     */
    public record Result(JsonNode migrated, List<String> changes) {

        /** Validates and copies the fields. */
        public Result {
            Objects.requireNonNull(migrated, "migrated must not be null");
            changes = List.copyOf(changes);
        }

        /**
         * Returns whether anything changed.
         *
         * @return {@code true} when there is at least one change
         */
        public boolean changed() {
            return !changes.isEmpty();
        }
    }

    /**
     * Migrates a parsed eval config.
     *
     * @param config the parsed config
     * @param file the config file (policy paths resolve against its directory)
     * @param inlinePolicies whether to inline {@code policy:} references
     * @param limits the input limits of referenced policy files
     * @return the migrated tree and the changes
     * @throws GuardInputException when the config is not an object or a policy reference cannot be read
     */
    public static Result migrate(JsonNode config, Path file, boolean inlinePolicies, InputLimits limits) {
        JsonInput input = JsonInput.withLimits(Objects.requireNonNull(limits, "limits must not be null"));
        if (!config.isObject()) {
            throw new GuardInputException(file.toString(), 0, "$", "expected an eval config object, but was "
                    + io.orderingguard.json.tree.InputNode.describe(config));
        }
        ObjectNode root = ((ObjectNode) config).deepCopy();
        List<String> changes = new ArrayList<>();
        for (String field : List.of("configVersion", "version")) {
            JsonNode version = root.get(field);
            if (version != null && version.isIntegralNumber() && version.intValue() == 0) {
                root.put(field, 1);
                changes.add(field + ": 0 → 1");
            }
        }
        JsonNode tests = root.get("tests");
        if (tests != null && tests.isArray()) {
            for (int i = 0; i < tests.size(); i++) {
                if (!(tests.get(i) instanceof ObjectNode)) {
                    continue;
                }
                ObjectNode test = (ObjectNode) tests.get(i);
                String label = "tests[" + i + "]" + (test.path("id").isTextual() ? " " + test.path("id").textValue() : "");
                migrateHolder(test, label, changes);
                JsonNode expected = test.get("expected");
                if (expected != null && expected.isArray() && expected.size() == 1 && expected.get(0).isObject()) {
                    test.set("expected", expected.get(0));
                    changes.add(label + ": expected: a one-element list → an object");
                }
                if (test.get("expected") instanceof ObjectNode e) {
                    migrateExpected(e, label, changes);
                    if (inlinePolicies) {
                        inline(e, label + " expected", file, input, changes);
                    }
                    migrateHolder(e, label + " expected", changes);
                } else if (inlinePolicies) {
                    inline(test, label, file, input, changes);
                    migrateHolder(test, label, changes);
                }
            }
        }
        return new Result(root, changes);
    }

    private static void migrateExpected(ObjectNode expected, String label, List<String> changes) {
        JsonNode type = expected.get("type");
        if (type == null && (expected.has("sequence") || expected.has("rules") || expected.has("policy")
                || expected.has("sequences"))) {
            ObjectNode copy = NODES.objectNode();
            copy.put("type", "sequence_valid");
            copy.setAll(expected);
            expected.removeAll();
            expected.setAll(copy);
            changes.add(label + ": expected: added type: sequence_valid");
        } else if (type != null && type.isTextual() && "sequence".equals(type.textValue())) {
            expected.put("type", "sequence_valid");
            changes.add(label + ": expected.type: sequence → sequence_valid");
        }
    }

    /** Rewrites rules / sequences / must_call / must_not_call of one object into one rules list. */
    private static void migrateHolder(ObjectNode holder, String label, List<String> changes) {
        boolean hasLegacy = holder.has("sequences") || holder.has("must_call") || holder.has("must_not_call");
        ArrayNode rules = NODES.arrayNode();
        boolean renamed = false;
        if (holder.get("rules") instanceof ArrayNode existing) {
            for (JsonNode rule : existing) {
                if (rule.isArray()) {
                    chain(rule, rules, label, "rules", changes);
                } else {
                    rules.add(renameCount(rule, label, changes));
                }
            }
            renamed = !rules.equals(existing);
        }
        if (!hasLegacy) {
            if (renamed) {
                holder.set("rules", rules);
            }
            return;
        }
        if (holder.get("sequences") instanceof ArrayNode sequences) {
            for (JsonNode item : sequences) {
                if (item.isArray()) {
                    chain(item, rules, label, "sequences", changes);
                } else {
                    rules.add(renameCount(item, label, changes));
                    changes.add(label + ": sequences item moved to rules: " + item);
                }
            }
        }
        for (String field : List.of("must_call", "must_not_call")) {
            JsonNode value = holder.get(field);
            if (value == null) {
                continue;
            }
            List<JsonNode> tools = new ArrayList<>();
            if (value.isArray()) {
                value.forEach(tools::add);
            } else {
                tools.add(value);
            }
            for (JsonNode tool : tools) {
                ObjectNode rule = rules.addObject();
                String name = tool.isTextual() ? tool.textValue() : tool.toString();
                if ("must_call".equals(field)) {
                    rule.put("type", "require");
                    rule.set("tool", tool.deepCopy());
                    changes.add(label + ": must_call " + name + " → require " + name);
                } else {
                    rule.put("type", "blocklist");
                    rule.set("pattern", tool.deepCopy());
                    changes.add(label + ": must_not_call " + name + " → blocklist " + name
                            + " (note: a blocklist matches by substring, so it also blocks tools whose names contain '"
                            + name + "')");
                }
            }
        }
        ObjectNode rebuilt = NODES.objectNode();
        boolean placed = false;
        for (Map.Entry<String, JsonNode> field : holder.properties()) {
            if (RULE_SOURCES.contains(field.getKey())) {
                if (!placed) {
                    rebuilt.set("rules", rules);
                    placed = true;
                }
            } else {
                rebuilt.set(field.getKey(), field.getValue());
            }
        }
        holder.removeAll();
        holder.setAll(rebuilt);
    }

    private static void chain(JsonNode item, ArrayNode rules, String label, String field, List<String> changes) {
        List<String> names = new ArrayList<>();
        item.forEach(n -> names.add(n.isTextual() ? n.textValue() : n.toString()));
        List<String> made = new ArrayList<>();
        for (int k = 1; k < item.size(); k++) {
            ObjectNode before = rules.addObject();
            before.put("type", "before");
            before.set("first", item.get(k - 1).deepCopy());
            before.set("then", item.get(k).deepCopy());
            made.add("before " + names.get(k - 1) + " → " + names.get(k));
        }
        String note = item.size() > 2 ? " (read as a chain, so each tool must also precede the next; if only "
                + names.get(0) + " must come first, write before " + names.get(0) + " → X for each X instead)" : "";
        changes.add(label + ": " + field + " " + names + " → " + String.join(", ", made) + note);
    }

    private static JsonNode renameCount(JsonNode rule, String label, List<String> changes) {
        if (rule instanceof ObjectNode object && "count".equals(object.path("type").asText(null))) {
            ObjectNode copy = object.deepCopy();
            copy.put("type", "max_calls");
            changes.add(label + ": type: count → max_calls");
            return copy;
        }
        return rule.deepCopy();
    }

    private static void inline(ObjectNode holder, String label, Path file, JsonInput input, List<String> changes) {
        JsonNode ref = holder.get("policy");
        if (ref == null || !ref.isTextual()) {
            return;
        }
        Path base = file.toAbsolutePath().getParent();
        Path policyFile = base == null ? Path.of(ref.textValue()) : base.resolve(ref.textValue());
        if (!Files.isRegularFile(policyFile)) {
            throw new GuardInputException(file.toString(), 0, null, label + ": policy file not found: "
                    + policyFile.normalize());
        }
        JsonNode tree = input.parseFile(policyFile);
        PolicyFiles.source(tree, policyFile.toString(), PolicyFiles.defaultName(policyFile));
        ObjectNode rebuilt = NODES.objectNode();
        for (Map.Entry<String, JsonNode> field : holder.properties()) {
            if (!"policy".equals(field.getKey())) {
                rebuilt.set(field.getKey(), field.getValue());
                continue;
            }
            if (tree.isArray() && (tree.isEmpty() || tree.get(0).isTextual())) {
                if (!holder.has("sequence")) {
                    rebuilt.set("sequence", tree.deepCopy());
                }
            } else {
                JsonNode rules = tree.isArray() ? tree : tree.has("rules") ? tree.get("rules") : tree.get("sequences");
                ArrayNode all = NODES.arrayNode();
                if (tree.isObject() && tree.has("tools")) {
                    ObjectNode tools = all.addObject();
                    tools.put("type", "tools");
                    tools.setAll((ObjectNode) tree.get("tools").deepCopy());
                }
                if (rules != null) {
                    rules.forEach(r -> all.add(r.deepCopy()));
                }
                if (!holder.has("rules") && !holder.has("sequences")) {
                    rebuilt.set("rules", all);
                }
                if (tree.isObject() && tree.has("aliases") && !holder.has("aliases")) {
                    rebuilt.set("aliases", tree.get("aliases").deepCopy());
                }
            }
        }
        holder.removeAll();
        holder.setAll(rebuilt);
        changes.add(label + ": policy " + ref.textValue() + " inlined");
    }

    /**
     * Writes a tree as YAML (block style, minimal quoting, no document marker).
     *
     * @param tree the tree
     * @return the YAML text
     */
    public static String toYaml(JsonNode tree) {
        YAMLMapper mapper = new YAMLMapper(YAMLFactory.builder()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                .build());
        try {
            return mapper.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a YAML tree could not be written", e);
        }
    }

    /**
     * Writes a tree as pretty-printed JSON.
     *
     * @param tree the tree
     * @return the JSON text, ending with a newline
     */
    public static String toJson(JsonNode tree) {
        return EvalReports.toJson(tree);
    }
}
