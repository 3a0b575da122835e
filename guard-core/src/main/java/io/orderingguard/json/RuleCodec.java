package io.orderingguard.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.rule.FieldType;
import io.orderingguard.rule.FieldValues;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.RuleDescription;
import io.orderingguard.rule.RuleField;
import io.orderingguard.rule.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads and writes {@link OrderingRule}s as JSON objects: {@code type} (the rule type name), the
 * rule's fields as its {@link RuleDescription} declares them, and the provenance fields
 * {@code source}, {@code providerError} and {@code verifiedOn}. Unknown fields, wrong types and
 * invalid values are {@link GuardInputException}s naming the JSON path. Nothing here knows a rule
 * type: every type is read and written from its description.
 *
 * <p>Thread-safe: stateless.
 */
public final class RuleCodec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> COMMON = List.of("type", "id", "severity", "source", "providerError", "verifiedOn");
    private static final FieldType<Severity> SEVERITY = FieldType.constant(Severity.class, Severity::wireName);
    private static final Map<String, RuleDescription<?>> TYPES = new LinkedHashMap<>();
    private static final Map<String, Set<String>> FIELDS = new HashMap<>();

    static {
        for (RuleDescription<?> d : OrderingRule.descriptions()) {
            TYPES.put(d.type(), d);
            Set<String> names = new LinkedHashSet<>(COMMON);
            d.fields().forEach(f -> names.add(f.name()));
            FIELDS.put(d.type(), Set.copyOf(names));
        }
    }

    private RuleCodec() {}

    /**
     * Returns the rule type names this codec reads.
     *
     * @return the type names, in declaration order
     */
    public static List<String> types() {
        return List.copyOf(TYPES.keySet());
    }

    /**
     * Reads a rule object, the inverse of {@link #write(OrderingRule)}.
     *
     * @param tree the rule object
     * @param source the source name for messages, or {@code null}
     * @return the rule
     * @throws GuardInputException naming the path of the first problem
     */
    public static OrderingRule fromTree(JsonNode tree, String source) {
        return read(InputNode.root(Objects.requireNonNull(tree, "tree must not be null"), source, 0));
    }

    /** Reads the rule object at a position of a larger document (a profile's {@code rules}). */
    static OrderingRule read(InputNode node) {
        node.requireObject();
        InputNode typeNode = node.required("type");
        String type = typeNode.asText();
        RuleDescription<?> description = TYPES.get(type);
        if (description == null) {
            throw typeNode.error("unknown rule type \"" + type + "\"; expected one of " + String.join(", ", TYPES.keySet()));
        }
        node.allowOnly(FIELDS.get(type));
        return read(description, node);
    }

    private static <R extends OrderingRule> R read(RuleDescription<R> description, InputNode n) {
        if (description.isAlwaysAdvisory() && severity(n) == Severity.BLOCKING) {
            throw n.child("severity").error(description.type() + " rules are always advisory, but severity was \"blocking\"");
        }
        try {
            String id = n.nonBlankText("id");
            Values values = new Values(id);
            for (RuleField<R, ?> field : description.fields()) {
                values.read(n, field);
            }
            values.severity = severity(n);
            values.provenance = provenance(n);
            return description.create(values);
        } catch (IllegalArgumentException e) {
            // the record's own validation: report it at the rule's path, naming the field (a required
            // field was checked above, so the record never sees a null it would reject)
            throw n.error(e.getMessage());
        }
    }

    /**
     * Reads a list of rule objects, reporting every bad rule at once.
     *
     * @param rules the positions of the rule objects
     * @return the rules
     * @throws GuardInputException listing every problem with its path
     */
    static List<OrderingRule> readAll(List<InputNode> rules) {
        List<GuardInputException> problems = new ArrayList<>();
        List<OrderingRule> out = readAll(rules, problems);
        if (!problems.isEmpty()) {
            throw combine(problems);
        }
        return out;
    }

    /**
     * Reads a list of rule objects, collecting problems instead of throwing.
     *
     * @param rules the positions of the rule objects
     * @param problems receives one exception per bad rule
     * @return the rules that could be read
     */
    static List<OrderingRule> readAll(List<InputNode> rules, List<GuardInputException> problems) {
        List<OrderingRule> out = new ArrayList<>();
        for (InputNode n : rules) {
            try {
                out.add(read(n));
            } catch (GuardInputException e) {
                problems.add(e);
            }
        }
        return out;
    }

    /**
     * Combines several input problems into one exception.
     *
     * @param problems the problems, at least one
     * @return one exception: the problem itself when there is one, else a list
     */
    static GuardInputException combine(List<GuardInputException> problems) {
        if (problems.size() == 1) {
            return problems.get(0);
        }
        GuardInputException first = problems.get(0);
        StringBuilder sb = new StringBuilder(problems.size() + " problems:");
        for (GuardInputException p : problems) {
            sb.append("\n  ").append(p.path() == null ? "" : p.path() + ": ").append(p.problem());
        }
        return new GuardInputException(first.source(), first.line(), null, sb.toString());
    }

    /**
     * Writes a rule: {@code id}, {@code type}, {@code severity}, the rule's fields in the order its
     * description declares them (a field whose value is {@code null} is left out), then the provenance
     * fields (always present, {@code null} when unknown).
     *
     * @param rule the rule
     * @return the object
     */
    public static ObjectNode write(OrderingRule rule) {
        ObjectNode o = NODES.objectNode();
        o.put("id", rule.id());
        o.put("type", rule.type());
        o.put("severity", rule.severity().wireName());
        writeFields(o, rule.description(), rule);
        Provenance p = rule.provenance();
        o.put("source", p.source());
        o.put("providerError", p.providerError());
        o.put("verifiedOn", p.verifiedOn());
        return o;
    }

    private static <R extends OrderingRule> void writeFields(ObjectNode o, RuleDescription<R> description,
            OrderingRule rule) {
        R typed = description.cast(rule);
        for (RuleField<R, ?> field : description.fields()) {
            write(o, field, typed);
        }
    }

    private static <R extends OrderingRule, T> void write(ObjectNode o, RuleField<R, T> field, R rule) {
        String name = field.name();
        FieldType<T> type = field.type();
        if (type.shape() == FieldType.Shape.POLICY) {
            o.set(name, field.writeDocument(rule));
            return;
        }
        T value = field.get(rule);
        if (value == null) {
            return;
        }
        switch (type.shape()) {
            case TEXT -> o.put(name, (String) value);
            case BOOLEAN -> o.put(name, (Boolean) value);
            case INTEGER -> o.put(name, (Integer) value);
            case TEXT_LIST -> {
                ArrayNode a = o.putArray(name);
                ((List<?>) value).forEach(item -> a.add((String) item));
            }
            case CONSTANT -> o.put(name, type.wireNameOf(value));
            case CONSTANT_SET -> {
                ArrayNode a = o.putArray(name);
                type.ordered((Set<?>) value).forEach(c -> a.add(type.wireNameOf(c)));
            }
            case CONSTANT_LIST -> {
                ArrayNode a = o.putArray(name);
                ((List<?>) value).forEach(c -> a.add(type.wireNameOf(c)));
            }
            case JSON -> o.set(name, (JsonNode) value);
            default -> throw new IllegalStateException("unhandled field shape " + type.shape());
        }
    }

    private static Severity severity(InputNode n) {
        return n.has("severity") ? constant(n.child("severity"), SEVERITY) : null;
    }

    private static Provenance provenance(InputNode n) {
        return new Provenance(nullableText(n, "source"), nullableText(n, "providerError"), nullableText(n, "verifiedOn"));
    }

    private static String nullableText(InputNode n, String field) {
        return n.has(field) && n.child(field).raw().isNull() ? null : n.optNonBlankText(field);
    }

    private static <T> T constant(InputNode n, FieldType<T> type) {
        String value = n.asText();
        Object constant = type.constantNamed(value);
        if (constant == null) {
            throw n.error("expected one of " + String.join(", ", type.wireNames()) + ", but was '" + value + "'");
        }
        @SuppressWarnings("unchecked")
        T typed = (T) constant;
        return typed;
    }

    /** The values of one rule document, read field by field. */
    private static final class Values implements FieldValues {
        private final String id;
        private final Map<RuleField<?, ?>, Object> values = new HashMap<>();
        private final Map<RuleField<?, ?>, JsonNode> documents = new HashMap<>(2);
        private Severity severity;
        private Provenance provenance;

        Values(String id) {
            this.id = id;
        }

        void read(InputNode n, RuleField<?, ?> field) {
            String name = field.name();
            if (!n.has(name)) {
                if (field.required()) {
                    n.required(name);
                }
                values.put(field, field.defaultValue());
                return;
            }
            InputNode child = n.child(name);
            FieldType<?> type = field.type();
            Object value = switch (type.shape()) {
                case TEXT -> child.asText();
                case BOOLEAN -> n.optBoolean(name, false);
                case INTEGER -> child.asInt();
                case TEXT_LIST -> n.optTextList(name);
                case CONSTANT -> constant(child, type);
                case CONSTANT_SET -> {
                    Set<Object> set = new LinkedHashSet<>();
                    for (InputNode item : child.asArray()) {
                        set.add(constant(item, type));
                    }
                    yield set;
                }
                case CONSTANT_LIST -> {
                    List<Object> list = new ArrayList<>();
                    for (InputNode item : child.asArray()) {
                        list.add(constant(item, type));
                    }
                    yield list;
                }
                case JSON -> child.raw().deepCopy();
                case POLICY -> {
                    documents.put(field, child.raw());
                    yield policy(child);
                }
            };
            values.put(field, value);
        }

        private SequencePolicy policy(InputNode doc) {
            doc.requireObject();
            try {
                return PolicyFiles.parse(doc.raw(), doc.source(), id);
            } catch (GuardInputException e) {
                // re-root the policy reader's path under this field
                String inner = e.path() == null ? "" : e.path().substring(1);
                throw new GuardInputException(doc.source(), doc.line(), doc.path() + inner, e.problem());
            }
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public Severity severity() {
            return severity;
        }

        @Override
        public Provenance provenance() {
            return provenance;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get(RuleField<?, T> field) {
            return (T) values.get(field);
        }

        @Override
        public JsonNode document(RuleField<?, ?> field) {
            return documents.get(field);
        }
    }
}
