package io.orderingguard.json.tree;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.policy.AfterRule;
import io.orderingguard.policy.Aliases;
import io.orderingguard.policy.AllowlistRule;
import io.orderingguard.policy.BeforeRule;
import io.orderingguard.policy.BlocklistRule;
import io.orderingguard.policy.CallSelector;
import io.orderingguard.policy.Condition;
import io.orderingguard.policy.EventuallyRule;
import io.orderingguard.policy.ImmediatelyBeforeRule;
import io.orderingguard.policy.InOrderRule;
import io.orderingguard.policy.InvalidRuleException;
import io.orderingguard.policy.MaxCallsRule;
import io.orderingguard.policy.NeverAfterRule;
import io.orderingguard.policy.RequireRule;
import io.orderingguard.policy.RuleKind;
import io.orderingguard.policy.SequenceRule;
import io.orderingguard.policy.ToolAccessRule;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads sequence rules, selectors, conditions and aliases from parsed policy, eval and trace files,
 * failing with a {@link GuardInputException} that names the file and JSON path. Whole policy documents
 * are read by {@link io.orderingguard.json.PolicyFiles}.
 *
 * <p>Thread-safe: stateless.
 */
public final class SequenceRuleReader {

    private static final Set<String> COMMON = Set.of("type", "id", "when");

    private SequenceRuleReader() {}

    /**
     * Reads a list of sequence rules: objects are rules, lists are v0 chains ({@code [A, B, C]} =
     * before A→B, before B→C).
     *
     * @param list the list node
     * @return the rules, in file order
     * @throws GuardInputException naming the JSON path of the first bad rule
     */
    public static List<SequenceRule> rules(InputNode list) {
        List<SequenceRule> rules = new ArrayList<>();
        for (InputNode item : list.asArray()) {
            if (item.raw().isArray()) {
                rules.addAll(chain(item));
            } else {
                rules.add(rule(item));
            }
        }
        return rules;
    }

    /** Reads a v0 chain {@code [A, B, C]}. */
    static List<SequenceRule> chain(InputNode item) {
        List<InputNode> tools = item.asArray();
        if (tools.size() < 2) {
            throw item.error("a v0 sequence needs at least 2 tools, but had " + tools.size());
        }
        List<SequenceRule> rules = new ArrayList<>();
        CallSelector previous = selector(tools.get(0));
        for (int i = 1; i < tools.size(); i++) {
            CallSelector next = selector(tools.get(i));
            try {
                rules.add(new BeforeRule(previous, next, null, null));
            } catch (IllegalArgumentException e) {
                throw tools.get(i).error(e.getMessage());
            }
            previous = next;
        }
        return rules;
    }

    /** Reads one rule object. */
    static SequenceRule rule(InputNode node) {
        node.requireObject();
        InputNode typeNode = node.required("type");
        String type = typeNode.asText();
        RuleKind kind;
        if ("count".equals(type)) {
            kind = RuleKind.MAX_CALLS; // the seed's former name of max_calls
        } else {
            try {
                kind = RuleKind.fromWire(type);
            } catch (IllegalArgumentException e) {
                throw typeNode.error(e.getMessage());
            }
        }
        if (kind == RuleKind.BLOCKLIST && node.has("tools")) {
            throw node.child("tools").error("a blocklist takes one pattern (a substring of the tool name), not a "
                    + "list; write one blocklist rule per pattern, or use tools.deny globs in a policy file");
        }
        if ((kind == RuleKind.BEFORE || kind == RuleKind.IMMEDIATELY_BEFORE) && node.child("then").raw().isArray()) {
            throw node.child("then").error("expected one tool, but was a list; write one " + kind.wireName()
                    + " rule per tool");
        }
        node.allowOnly(fields(kind));
        String id = node.optNonBlankText("id");
        Condition when = node.has("when") ? condition(node.child("when")) : null;
        try {
            return switch (kind) {
                case REQUIRE -> new RequireRule(selector(node.required("tool")), when, id);
                case BEFORE -> new BeforeRule(selector(node.required("first")), selector(node.required("then")), when, id);
                case IMMEDIATELY_BEFORE -> new ImmediatelyBeforeRule(selector(node.required("first")),
                        selector(node.required("then")), when, id);
                case BLOCKLIST -> new BlocklistRule(node.text("pattern"), when, id);
                case ALLOWLIST -> new AllowlistRule(selectors(node.required("tools")), when, id);
                case MAX_CALLS -> new MaxCallsRule(selector(node.required("tool")), node.required("max").asInt(), when, id);
                case EVENTUALLY -> new EventuallyRule(selector(node.required("tool")), node.required("within").asInt(),
                        when, id);
                case NEVER_AFTER -> new NeverAfterRule(selector(node.required("trigger")),
                        selector(node.required("forbidden")), when, id);
                case AFTER -> {
                    Integer within = node.optInt("within");
                    yield new AfterRule(selector(node.required("trigger")), selector(node.required("then")),
                            within == null ? AfterRule.DEFAULT_WITHIN : within, when, id);
                }
                case SEQUENCE -> new InOrderRule(selectors(node.required("tools")), node.optBoolean("strict", false),
                        when, id);
                case TOOLS -> new ToolAccessRule(textList(node, "allow"), textList(node, "deny"), when, id);
            };
        } catch (InvalidRuleException e) {
            throw e.field() != null && node.has(e.field()) ? node.child(e.field()).error(e.getMessage())
                    : node.error(e.getMessage());
        }
    }

    private static Set<String> fields(RuleKind kind) {
        Set<String> fields = new LinkedHashSet<>(COMMON);
        fields.addAll(switch (kind) {
            case REQUIRE -> List.of("tool");
            case BEFORE, IMMEDIATELY_BEFORE -> List.of("first", "then");
            case BLOCKLIST -> List.of("pattern");
            case ALLOWLIST -> List.of("tools");
            case MAX_CALLS -> List.of("tool", "max");
            case EVENTUALLY -> List.of("tool", "within");
            case NEVER_AFTER -> List.of("trigger", "forbidden");
            case AFTER -> List.of("trigger", "then", "within");
            case SEQUENCE -> List.of("tools", "strict");
            case TOOLS -> List.of("allow", "deny");
        });
        return fields;
    }

    private static List<String> textList(InputNode node, String name) {
        List<String> values = node.optTextList(name);
        return values == null ? List.of() : values;
    }

    /** Reads a list of selectors. */
    static List<CallSelector> selectors(InputNode node) {
        List<CallSelector> selectors = new ArrayList<>();
        for (InputNode item : node.asArray()) {
            selectors.add(selector(item));
        }
        return selectors;
    }

    /** Reads a selector: a tool name, or {@code {tool, args_match}}. */
    static CallSelector selector(InputNode node) {
        JsonNode raw = node.raw();
        if (raw.isTextual()) {
            if (raw.textValue().isBlank()) {
                throw node.error("expected a non-blank tool name, but was \"" + raw.textValue() + "\"");
            }
            return CallSelector.of(raw.textValue());
        }
        if (!raw.isObject()) {
            throw node.error("expected a tool name or {tool, args_match}, but was " + InputNode.describe(raw));
        }
        node.allowOnly("tool", "args_match");
        String tool = node.nonBlankText("tool");
        Map<String, String> argsMatch = new TreeMap<>();
        if (node.has("args_match")) {
            InputNode match = node.child("args_match").requireObject();
            Iterator<String> names = match.raw().fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                InputNode regex = match.child(name);
                if (!regex.raw().isTextual()) {
                    throw regex.error("expected a regular expression string, but was " + InputNode.describe(regex.raw()));
                }
                try {
                    CallSelector.of(tool, Map.of(name, regex.raw().textValue()));
                } catch (IllegalArgumentException e) {
                    throw regex.error(e.getMessage());
                }
                argsMatch.put(name, regex.raw().textValue());
            }
        }
        return CallSelector.of(tool, argsMatch);
    }

    /** Reads a {@code when:} condition. */
    static Condition condition(InputNode node) {
        if (!node.raw().isObject()) {
            throw node.error("expected an object of context paths to values, e.g. {context.user_role: standard}, but was "
                    + InputNode.describe(node.raw()));
        }
        if (node.raw().isEmpty()) {
            throw node.error("expected at least one condition, but the object is empty");
        }
        List<Condition.Clause> clauses = new ArrayList<>();
        Iterator<String> paths = node.raw().fieldNames();
        while (paths.hasNext()) {
            String path = paths.next();
            InputNode value = node.child(path);
            try {
                clauses.add(clause(path, value));
            } catch (IllegalArgumentException e) {
                throw value.error(e.getMessage());
            }
        }
        return new Condition(clauses);
    }

    private static final List<String> OPERATORS = List.of("equals", "not", "in", "not_in", "exists", "matches");

    private static Condition.Clause clause(String path, InputNode value) {
        JsonNode raw = value.raw();
        if (raw.isArray()) {
            return Condition.Clause.of(path, Condition.Operator.IN, elements(raw));
        }
        if (!raw.isObject()) {
            return Condition.Clause.of(path, Condition.Operator.EQUALS, List.of(raw));
        }
        if (raw.size() != 1 || !OPERATORS.contains(raw.fieldNames().next())) {
            throw value.error("expected a value, a list of values, or one operator (" + String.join(", ", OPERATORS)
                    + "), but was an object with " + (raw.isEmpty() ? "no fields" : "fields " + fieldList(raw)));
        }
        String operator = raw.fieldNames().next();
        InputNode operand = value.child(operator);
        JsonNode o = operand.raw();
        switch (operator) {
            case "equals":
                return Condition.Clause.of(path, Condition.Operator.EQUALS, List.of(o));
            case "not":
                return Condition.Clause.of(path, Condition.Operator.NOT_EQUALS, List.of(o));
            case "in":
            case "not_in":
                if (!o.isArray()) {
                    throw operand.error("expected a list of values, but was " + InputNode.describe(o));
                }
                return Condition.Clause.of(path, "in".equals(operator) ? Condition.Operator.IN : Condition.Operator.NOT_IN,
                        elements(o));
            case "exists":
                if (!o.isBoolean()) {
                    throw operand.error("expected true or false, but was " + InputNode.describe(o));
                }
                return Condition.Clause.of(path, o.booleanValue() ? Condition.Operator.EXISTS : Condition.Operator.ABSENT,
                        List.of());
            case "matches":
                if (!o.isTextual()) {
                    throw operand.error("expected a regular expression string, but was " + InputNode.describe(o));
                }
                try {
                    return Condition.Clause.of(path, Condition.Operator.MATCHES, List.of(o));
                } catch (IllegalArgumentException e) {
                    throw operand.error(e.getMessage());
                }
            default:
                throw new AssertionError(operator);
        }
    }

    private static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> values = new ArrayList<>();
        array.forEach(values::add);
        return values;
    }

    private static String fieldList(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return String.join(", ", names);
    }

    /**
     * Reads an alias table: {@code {Name: [members]}}.
     *
     * @param node the aliases node
     * @return the aliases
     * @throws GuardInputException naming the JSON path of the first bad alias
     */
    public static Aliases aliases(InputNode node) {
        node.requireObject();
        Map<String, List<String>> groups = new LinkedHashMap<>();
        Iterator<String> names = node.raw().fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            InputNode membersNode = node.child(name);
            List<InputNode> items = membersNode.asArray();
            if (items.isEmpty()) {
                throw membersNode.error("an alias needs at least one member, but the list is empty");
            }
            List<String> members = new ArrayList<>();
            for (InputNode item : items) {
                String member = item.asText();
                if (member.isBlank()) {
                    throw item.error("expected a non-blank tool name, but was \"" + member + "\"");
                }
                members.add(member);
            }
            groups.put(name, members);
        }
        try {
            return Aliases.of(groups);
        } catch (IllegalArgumentException e) {
            throw node.error(e.getMessage());
        }
    }
}
