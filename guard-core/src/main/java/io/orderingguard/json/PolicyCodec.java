package io.orderingguard.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.internal.Require;
import io.orderingguard.policy.Aliases;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.ToolAccessRule;
import io.orderingguard.rule.ToolPolicyRule;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads sequence policy documents (already parsed, from a file or inline in a profile's
 * {@code toolPolicy} rule). Two shapes are accepted:
 *
 * <pre>{@code
 * version: "1.1"                 # optional; a string or a number
 * name: customer-support         # optional; defaults to the name the caller gives
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
 * trace; every error is a {@link GuardInputException} naming the source and the JSON path. Reading
 * policy <em>files</em> (and eval configs that refer to them) is guard-policy's
 * {@code io.orderingguard.policy.files.PolicyFiles}.
 *
 * <p>Thread-safe: stateless.
 */
public final class PolicyCodec {

    private static final String[] DOCUMENT_FIELDS = {
        "version", "name", "description", "metadata", "tools", "aliases", "sequences", "rules"};

    private PolicyCodec() {}

    /**
     * Reads a parsed policy document.
     *
     * @param tree the parsed document
     * @param source the source name for messages, or {@code null}
     * @param defaultName the name when the document gives none
     * @return the policy
     * @throws GuardInputException when the document is not a valid policy
     */
    public static SequencePolicy read(JsonNode tree, String source, String defaultName) {
        Require.nonNull(tree, "tree");
        InputNode root = InputNode.root(tree, source, 0);
        if (tree.isArray()) {
            List<InputNode> items = root.asArray();
            if (items.isEmpty() || items.get(0).raw().isTextual()) {
                for (InputNode item : items) {
                    if (!item.raw().isTextual()) {
                        throw item.error("expected a tool name, but was " + InputNode.describe(item.raw())
                                + " (a list of tool names is an exact sequence and cannot be mixed with rules)");
                    }
                }
                throw root.error("expected a policy (an object with sequences, or a list of rules), but was a list of "
                        + "tool names; an exact sequence can only be checked by an eval test");
            }
            return SequencePolicy.of(defaultName, SequenceRuleReader.rules(root));
        }
        if (!tree.isObject()) {
            throw root.error("expected a policy object or a list of rules, but was " + InputNode.describe(tree));
        }
        return document(root, defaultName);
    }

    /**
     * Reads a policy document as the {@code policy} of a {@code toolPolicy} rule built in code; the
     * document is kept for output.
     *
     * @param id the rule id (also the policy's name when the document gives none)
     * @param document the policy document, in the shape {@link #read} accepts
     * @return an advisory rule
     * @throws IllegalArgumentException when the document is not a valid policy, with the reader's
     *     message
     */
    public static ToolPolicyRule toolPolicy(String id, JsonNode document) {
        Require.nonNull(document, "document");
        SequencePolicy policy;
        try {
            policy = read(document, null, id);
        } catch (GuardInputException e) {
            throw new IllegalArgumentException("policy is not a valid sequence policy: " + e.getMessage());
        }
        return new ToolPolicyRule(id, policy, document, null, null);
    }

    /**
     * Reads a list of rules: objects are rules, lists are v0 chains ({@code [A, B, C]} = before A→B,
     * before B→C). For readers of documents that embed rules (eval configs).
     *
     * @param list the position of the list
     * @return the rules in order
     * @throws GuardInputException naming the path of the first bad rule
     */
    public static List<SequenceRule> readRules(InputNode list) {
        return SequenceRuleReader.rules(Require.nonNull(list, "list"));
    }

    /**
     * Reads an {@code aliases:} object ({@code {Name: [members]}}).
     *
     * @param node the position of the object
     * @return the aliases
     * @throws GuardInputException naming the path of the first bad alias
     */
    public static Aliases readAliases(InputNode node) {
        return SequenceRuleReader.aliases(Require.nonNull(node, "node"));
    }

    private static SequencePolicy document(InputNode root, String defaultName) {
        rejectUnsupported(root);
        root.allowOnly(DOCUMENT_FIELDS);
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
        return new SequencePolicy(name, version, description, rules, aliases);
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
}
