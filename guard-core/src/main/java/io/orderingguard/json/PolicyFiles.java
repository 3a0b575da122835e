package io.orderingguard.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.json.tree.SequenceRuleReader;
import io.orderingguard.policy.Aliases;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.ToolAccessRule;
import io.orderingguard.rule.ToolPolicyRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads sequence policy files (YAML for {@code .yaml}/{@code .yml}, JSON otherwise). Two shapes are
 * accepted:
 *
 * <pre>{@code
 * version: "1.1"                 # optional; a string or a number
 * name: customer-support         # optional; defaults to the file name without extension
 * description: ...               # optional
 * metadata: {...}                # optional, free
 * tools:                         # optional static part: globs, deny wins
 *   allow: [get_*, search]
 *   deny: [admin_*]
 * aliases:                       # optional
 *   Egress: [http_post, curl]
 * sequences:                     # the rules (also accepted as rules:)
 *   - type: never_after
 *     trigger: read_credentials
 *     forbidden: Egress
 *   - [GetCustomer, UpdateCustomer]   # v0 chain: before GetCustomer -> UpdateCustomer
 * }</pre>
 *
 * or a bare list of rule objects. Unknown keys are errors, as are rules that cannot constrain a
 * trace; every error is a {@link GuardInputException} naming the file and the JSON path.
 *
 * <p>Thread-safe: stateless.
 */
public final class PolicyFiles {

    private static final List<String> DOCUMENT_FIELDS = List.of(
            "version", "name", "description", "metadata", "tools", "aliases", "sequences", "rules");

    private PolicyFiles() {}

    /**
     * Reads a policy file.
     *
     * @param file the file
     * @return the policy
     * @throws GuardInputException when the file cannot be read or is not a valid policy
     */
    public static SequencePolicy read(Path file) {
        return read(file, InputLimits.defaults());
    }

    /**
     * Reads a policy file under input limits.
     *
     * @param file the file
     * @param limits the input limits
     * @return the policy
     * @throws GuardInputException when the file cannot be read or is not a valid policy
     */
    public static SequencePolicy read(Path file, InputLimits limits) {
        Objects.requireNonNull(file, "file must not be null");
        JsonInput input = JsonInput.withLimits(Objects.requireNonNull(limits, "limits must not be null"));
        return parse(input.parseFile(file), file.toString(), defaultName(file));
    }

    /**
     * Reads a parsed policy document.
     *
     * @param tree the parsed document
     * @param source the source name for messages, or {@code null}
     * @param defaultName the name when the document gives none
     * @return the policy
     * @throws GuardInputException when the document is not a valid policy
     */
    public static SequencePolicy parse(JsonNode tree, String source, String defaultName) {
        Source parsed = source(tree, source, defaultName);
        if (parsed.policy() == null) {
            throw new GuardInputException(source, 0, "$", "expected a policy (an object with sequences, or a list of "
                    + "rules), but was a list of tool names; an exact sequence can only be checked by an eval test");
        }
        return parsed.policy();
    }

    /**
     * What a policy reference may hold: a policy, or (a bare list of tool names) an exact sequence.
     *
     * @param policy the policy, or {@code null} for an exact sequence
     * @param exactSequence the tool names of an exact sequence, or {@code null} for a policy
     * @param document whether the policy came from a policy document (an object), not a bare rule list
     */
    public record Source(SequencePolicy policy, List<String> exactSequence, boolean document) {}

    /**
     * Builds a {@code toolPolicy} ordering rule from a policy document (the shape of a policy file:
     * {@code name}, {@code sequences} or {@code rules}, {@code aliases}, {@code tools.allow/deny}). The
     * rule keeps the document, so it is written back as given.
     *
     * @param id the rule id
     * @param document the policy document
     * @return an advisory rule
     * @throws IllegalArgumentException when the document is not a valid policy
     */
    public static ToolPolicyRule toolPolicy(String id, JsonNode document) {
        Objects.requireNonNull(document, "document must not be null");
        try {
            return new ToolPolicyRule(id, parse(document, null, id), document, null, null);
        } catch (GuardInputException e) {
            throw new IllegalArgumentException("policy is not a valid sequence policy: " + e.getMessage());
        }
    }

    /**
     * Reads a parsed policy reference: a policy document, a bare list of rules, or a bare list of tool
     * names (an exact sequence, which only an eval test can check).
     *
     * @param tree the parsed document
     * @param source the source name for messages, or {@code null}
     * @param defaultName the name when the document gives none
     * @return what the reference holds
     * @throws GuardInputException when the document is neither
     */
    public static Source source(JsonNode tree, String source, String defaultName) {
        InputNode root = InputNode.root(tree, source, 0);
        if (tree.isArray()) {
            return list(root, defaultName);
        }
        if (!tree.isObject()) {
            throw root.error("expected a policy object or a list of rules, but was " + InputNode.describe(tree));
        }
        rejectUnsupported(root);
        root.allowOnly(DOCUMENT_FIELDS.toArray(new String[0]));
        if (root.has("sequences") && root.has("rules")) {
            throw root.child("rules").error("give the rules either as sequences or as rules, not both");
        }
        String version = version(root);
        String name = root.has("name") ? root.nonBlankText("name") : defaultName;
        String description = root.optText("description");
        if (root.has("metadata")) {
            root.optObject("metadata");
        }
        Aliases aliases = root.has("aliases") ? SequenceRuleReader.aliases(root.child("aliases")) : Aliases.none();
        List<SequenceRule> rules = new ArrayList<>();
        if (root.has("tools")) {
            rules.add(tools(root.child("tools")));
        }
        String listName = root.has("rules") ? "rules" : "sequences";
        if (root.has(listName)) {
            rules.addAll(SequenceRuleReader.rules(root.child(listName)));
        }
        if (rules.isEmpty()) {
            throw root.error("the policy asserts nothing: give sequences (or rules) or tools.allow/deny");
        }
        return new Source(new SequencePolicy(name, version, description, rules, aliases), null, true);
    }

    private static Source list(InputNode root, String defaultName) {
        List<InputNode> items = root.asArray();
        boolean names = !items.isEmpty() && items.get(0).raw().isTextual();
        if (items.isEmpty() || names) {
            List<String> sequence = new ArrayList<>();
            for (InputNode item : items) {
                if (!item.raw().isTextual()) {
                    throw item.error("expected a tool name, but was " + InputNode.describe(item.raw())
                            + " (a list of tool names is an exact sequence and cannot be mixed with rules)");
                }
                sequence.add(item.raw().textValue());
            }
            return new Source(null, sequence, false);
        }
        return new Source(SequencePolicy.of(defaultName, SequenceRuleReader.rules(root)), null, false);
    }

    private static void rejectUnsupported(InputNode root) {
        if (root.has("on_error")) {
            throw root.child("on_error").error("not supported: evaluating a sequence policy cannot fail, so there is "
                    + "no error to allow or block; remove on_error");
        }
        for (String field : List.of("require_args", "arg_constraints")) {
            if (root.has(field)) {
                throw root.child(field).error("not supported: argument constraints are not sequence rules; use "
                        + "args_match selectors in the rules instead");
            }
        }
    }

    private static String version(InputNode root) {
        if (!root.has("version")) {
            return null;
        }
        InputNode node = root.child("version");
        JsonNode raw = node.raw();
        if (raw.isTextual() && !raw.textValue().isBlank()) {
            return raw.textValue();
        }
        if (raw.isNumber()) {
            return raw.asText();
        }
        throw node.error("expected a version string such as \"1.1\", but was " + InputNode.describe(raw));
    }

    private static ToolAccessRule tools(InputNode node) {
        node.allowOnly("allow", "deny");
        List<String> allow = globs(node, "allow");
        List<String> deny = globs(node, "deny");
        if (allow.isEmpty() && deny.isEmpty()) {
            throw node.error("expected allow or deny globs, but both are empty");
        }
        return new ToolAccessRule(allow, deny, null, null);
    }

    private static List<String> globs(InputNode node, String name) {
        List<String> globs = new ArrayList<>();
        for (InputNode item : node.optArray(name)) {
            String glob = item.asText();
            if (glob.isBlank()) {
                throw item.error("expected a non-blank tool name or glob, but was \"" + glob + "\"");
            }
            globs.add(glob);
        }
        return globs;
    }

    /**
     * Returns the policy name a file gives when its document names none: the file name without its
     * extension.
     *
     * @param file the file
     * @return the name, never blank
     */
    public static String defaultName(Path file) {
        Path fileName = file.getFileName();
        String name = fileName == null ? file.toString() : fileName.toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return stem.isBlank() ? "policy" : stem;
    }
}
