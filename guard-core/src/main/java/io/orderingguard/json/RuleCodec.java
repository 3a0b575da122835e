package io.orderingguard.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.PolicyFiles;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.rule.AdjacencyRule;
import io.orderingguard.rule.AlternationRepair;
import io.orderingguard.rule.AlternationRule;
import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.BoundaryEnd;
import io.orderingguard.rule.BoundaryRule;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.IdentifierFormatRule;
import io.orderingguard.rule.IdentifierUniquenessRule;
import io.orderingguard.rule.NonEmptyTurnRule;
import io.orderingguard.rule.OrderRule;
import io.orderingguard.rule.OrderScope;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PresenceRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.PreservationRule;
import io.orderingguard.rule.Provenance;
import io.orderingguard.rule.ReplayCompatibilityRule;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.RoleRemapRule;
import io.orderingguard.rule.RuleSurface;
import io.orderingguard.rule.SchemaIntegrityRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StaleContentAdvisoryRule;
import io.orderingguard.rule.StepContentRule;
import io.orderingguard.rule.StepPosition;
import io.orderingguard.rule.StepScope;
import io.orderingguard.rule.ToolIdentityRule;
import io.orderingguard.rule.ToolPolicyRule;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads and writes {@link OrderingRule}s as JSON objects: {@code type} (the rule type name), the
 * rule's fields with the names of its record components, and the provenance fields {@code source},
 * {@code providerError} and {@code verifiedOn}. Unknown fields, wrong types and invalid values are
 * {@link GuardInputException}s naming the JSON path.
 *
 * <p>Thread-safe: stateless.
 */
public final class RuleCodec {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] COMMON = {"type", "id", "severity", "source", "providerError", "verifiedOn"};
    private static final Map<String, Reader> READERS = new LinkedHashMap<>();

    static {
        READERS.put("order", new Reader(n -> new OrderRule(n.nonBlankText("id"), kind(n, "before"), kind(n, "after"),
                parse(n, "scope", OrderScope::fromWire), n.optBoolean("onlyLatestGroup", false), severity(n),
                provenance(n)), "before", "after", "scope", "onlyLatestGroup"));
        READERS.put("requiredMetadata", new Reader(n -> new RequiredMetadataRule(n.nonBlankText("id"), kind(n, "kind"),
                parse(n, "applyTo", ApplyTo::fromWire), n.text("requiredPayloadKey"),
                n.optTextList("alternativePayloadKeys"), n.optTextList("gatedByReplayCompatibility"),
                n.has("fallbackPayloadValue") ? n.child("fallbackPayloadValue").raw().deepCopy() : null,
                n.optText("fallbackReplayCompatibility"), n.optBoolean("fallbackRepairAuthorized", false),
                n.optBoolean("onlyCurrentTurn", false), severity(n), provenance(n)),
                "kind", "applyTo", "requiredPayloadKey", "alternativePayloadKeys", "gatedByReplayCompatibility",
                "fallbackPayloadValue",
                "fallbackReplayCompatibility", "fallbackRepairAuthorized", "onlyCurrentTurn"));
        READERS.put("alternation", new Reader(n -> new AlternationRule(n.nonBlankText("id"), roles(n),
                n.optText("mode"), n.optInt("maxPerGroup"), parse(n, "repair", AlternationRepair::fromWire),
                severity(n), provenance(n)), "roles", "mode", "maxPerGroup", "repair"));
        READERS.put("adjacency", new Reader(n -> new AdjacencyRule(n.nonBlankText("id"), kind(n, "first"),
                kinds(n, "disallowBetween", true), n.has("successorRoles") ? roleSet(n, "successorRoles") : null,
                severity(n), provenance(n)), "first", "disallowBetween", "successorRoles"));
        READERS.put("preservation", new Reader(n -> new PreservationRule(n.nonBlankText("id"), kind(n, "kind"),
                parse(n.required("invariant"), PreservationInvariant::fromWire), n.optText("payloadField"),
                n.optBoolean("resetOnModelSwitch", false), severity(n), provenance(n)),
                "kind", "invariant", "payloadField", "resetOnModelSwitch"));
        READERS.put("roleRemap", new Reader(n -> new RoleRemapRule(n.nonBlankText("id"), kind(n, "kind"),
                n.text("variant"), n.text("expectedRoleTag"), severity(n), provenance(n)),
                "kind", "variant", "expectedRoleTag"));
        READERS.put("staleContentAdvisory", new Reader(n -> {
            if (severity(n) == Severity.BLOCKING) {
                throw n.child("severity").error("staleContentAdvisory rules are always advisory, but severity was \"blocking\"");
            }
            return new StaleContentAdvisoryRule(n.nonBlankText("id"), kind(n, "kind"), n.optText("scope"),
                    n.text("optOutOptionKey"), provenance(n));
        }, "kind", "scope", "optOutOptionKey"));
        READERS.put("identifierFormat", new Reader(n -> new IdentifierFormatRule(n.nonBlankText("id"), kind(n, "kind"),
                n.optInt("maxLength"), n.optText("allowedPattern"), n.optInt("minLength"), severity(n), provenance(n)),
                "kind", "minLength", "maxLength", "allowedPattern"));
        READERS.put("identifierUniqueness", new Reader(n -> new IdentifierUniquenessRule(n.nonBlankText("id"),
                kind(n, "kind"), parse(n, "surface", RuleSurface::fromWire), severity(n), provenance(n)),
                "kind", "surface"));
        READERS.put("nonEmptyTurn", new Reader(n -> new NonEmptyTurnRule(n.nonBlankText("id"),
                n.has("role") ? parse(n.child("role"), Role::fromWire) : null, n.optBoolean("onlyTerminal", false),
                severity(n), provenance(n)), "role", "onlyTerminal"));
        READERS.put("toolIdentity", new Reader(n -> new ToolIdentityRule(n.nonBlankText("id"), severity(n), provenance(n))));
        READERS.put("schemaIntegrity", new Reader(n -> new SchemaIntegrityRule(n.nonBlankText("id"), severity(n),
                provenance(n))));
        READERS.put("toolResultPairing", new Reader(n -> new ToolResultPairingRule(n.nonBlankText("id"),
                n.optBoolean("unanswered", true), n.optBoolean("orphans", true),
                n.optBoolean("emptyErrorResults", false), severity(n), provenance(n)),
                "unanswered", "orphans", "emptyErrorResults"));
        READERS.put("replayCompatibility", new Reader(n -> new ReplayCompatibilityRule(n.nonBlankText("id"),
                n.has("kinds") ? kinds(n, "kinds", true) : null, n.optTextList("accepted") == null
                        ? List.of() : n.optTextList("accepted"), severity(n), provenance(n)), "kinds", "accepted"));
        READERS.put("toolPolicy", new Reader(n -> {
            InputNode doc = n.required("policy").requireObject();
            SequencePolicy policy;
            try {
                policy = PolicyFiles.parse(doc.raw(), n.source(), n.nonBlankText("id"));
            } catch (GuardInputException e) {
                // re-root the policy reader's path under this rule's "policy" field
                String inner = e.path() == null ? "" : e.path().substring(1);
                throw new GuardInputException(n.source(), n.line(), doc.path() + inner, e.problem());
            }
            return new ToolPolicyRule(n.nonBlankText("id"), policy, doc.raw(), severity(n), provenance(n));
        }, "policy"));
        READERS.put("stepContent", new Reader(n -> new StepContentRule(n.nonBlankText("id"),
                n.has("trigger") ? kind(n, "trigger") : null, n.has("required") ? kind(n, "required") : null,
                parse(n, "position", StepPosition::fromWire), parse(n, "scope", StepScope::fromWire), severity(n),
                provenance(n)), "trigger", "required", "position", "scope"));
        READERS.put("boundary", new Reader(n -> new BoundaryRule(n.nonBlankText("id"),
                parse(n.required("end"), BoundaryEnd::fromWire), selectors(n, "allowed"),
                n.optBoolean("skipSystem", true), severity(n), provenance(n)), "end", "allowed", "skipSystem"));
        READERS.put("presence", new Reader(n -> new PresenceRule(n.nonBlankText("id"),
                parse(n.required("selector"), EntrySelector::fromWire), n.optInt("min"), n.optInt("max"), severity(n),
                provenance(n)), "selector", "min", "max"));
    }

    private RuleCodec() {}

    /**
     * Returns the rule type names this codec reads.
     *
     * @return the type names, in declaration order
     */
    public static List<String> types() {
        return List.copyOf(READERS.keySet());
    }

    /**
     * Reads a rule object.
     *
     * @param node the position of the rule object
     * @return the rule
     * @throws GuardInputException naming the path of the first problem
     */
    public static OrderingRule read(InputNode node) {
        node.requireObject();
        InputNode typeNode = node.required("type");
        String type = typeNode.asText();
        Reader reader = READERS.get(type);
        if (reader == null) {
            throw typeNode.error("unknown rule type \"" + type + "\"; expected one of " + String.join(", ", READERS.keySet()));
        }
        node.allowOnly(reader.fields);
        try {
            return reader.read.apply(node);
        } catch (IllegalArgumentException | NullPointerException e) {
            // the record's own validation: report it at the rule's path, naming the field
            throw node.error(e.getMessage());
        }
    }

    /**
     * Reads a list of rule objects, reporting every bad rule at once.
     *
     * @param rules the positions of the rule objects
     * @return the rules
     * @throws GuardInputException listing every problem with its path
     */
    public static List<OrderingRule> readAll(List<InputNode> rules) {
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
    public static List<OrderingRule> readAll(List<InputNode> rules, List<GuardInputException> problems) {
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
    public static GuardInputException combine(List<GuardInputException> problems) {
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
     * Writes a rule: {@code id}, {@code type}, {@code severity}, the rule's fields, then the provenance
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
        if (rule instanceof OrderRule r) {
            o.put("before", r.before().wireName()).put("after", r.after().wireName()).put("scope", r.scope().wireName())
                    .put("onlyLatestGroup", r.onlyLatestGroup());
        } else if (rule instanceof RequiredMetadataRule r) {
            o.put("kind", r.kind().wireName()).put("applyTo", r.applyTo().wireName())
                    .put("requiredPayloadKey", r.requiredPayloadKey());
            if (r.alternativePayloadKeys() != null) {
                ArrayNode a = o.putArray("alternativePayloadKeys");
                r.alternativePayloadKeys().forEach(a::add);
            }
            if (r.gatedByReplayCompatibility() != null) {
                ArrayNode a = o.putArray("gatedByReplayCompatibility");
                r.gatedByReplayCompatibility().forEach(a::add);
            }
            if (r.fallbackPayloadValue() != null) {
                o.set("fallbackPayloadValue", r.fallbackPayloadValue());
            }
            if (r.fallbackReplayCompatibility() != null) {
                o.put("fallbackReplayCompatibility", r.fallbackReplayCompatibility());
            }
            o.put("fallbackRepairAuthorized", r.fallbackRepairAuthorized()).put("onlyCurrentTurn", r.onlyCurrentTurn());
        } else if (rule instanceof AlternationRule r) {
            ArrayNode roles = o.putArray("roles");
            r.roles().forEach(role -> roles.add(role.wireName()));
            o.put("mode", r.mode());
            if (r.maxPerGroup() != null) {
                o.put("maxPerGroup", r.maxPerGroup());
            }
            if (r.repair() != null) {
                o.put("repair", r.repair().wireName());
            }
        } else if (rule instanceof AdjacencyRule r) {
            o.put("first", r.first().wireName());
            writeKinds(o.putArray("disallowBetween"), r.disallowBetween());
            if (r.successorRoles() != null) {
                ArrayNode roles = o.putArray("successorRoles");
                for (Role role : Role.values()) {
                    if (r.successorRoles().contains(role)) {
                        roles.add(role.wireName());
                    }
                }
            }
        } else if (rule instanceof PreservationRule r) {
            o.put("kind", r.kind().wireName()).put("invariant", r.invariant().wireName());
            if (r.payloadField() != null) {
                o.put("payloadField", r.payloadField());
            }
            o.put("resetOnModelSwitch", r.resetOnModelSwitch());
        } else if (rule instanceof RoleRemapRule r) {
            o.put("kind", r.kind().wireName()).put("variant", r.variant()).put("expectedRoleTag", r.expectedRoleTag());
        } else if (rule instanceof StaleContentAdvisoryRule r) {
            o.put("kind", r.kind().wireName()).put("scope", r.scope()).put("optOutOptionKey", r.optOutOptionKey());
        } else if (rule instanceof IdentifierFormatRule r) {
            o.put("kind", r.kind().wireName());
            if (r.minLength() != null) {
                o.put("minLength", r.minLength());
            }
            if (r.maxLength() != null) {
                o.put("maxLength", r.maxLength());
            }
            if (r.allowedPattern() != null) {
                o.put("allowedPattern", r.allowedPattern());
            }
        } else if (rule instanceof IdentifierUniquenessRule r) {
            o.put("kind", r.kind().wireName()).put("surface", r.surface().wireName());
        } else if (rule instanceof NonEmptyTurnRule r) {
            o.put("role", r.role().wireName()).put("onlyTerminal", r.onlyTerminal());
        } else if (rule instanceof ToolResultPairingRule r) {
            o.put("unanswered", r.unanswered()).put("orphans", r.orphans())
                    .put("emptyErrorResults", r.emptyErrorResults());
        } else if (rule instanceof ReplayCompatibilityRule r) {
            writeKinds(o.putArray("kinds"), r.kinds());
            ArrayNode accepted = o.putArray("accepted");
            r.accepted().forEach(accepted::add);
        } else if (rule instanceof StepContentRule r) {
            o.put("trigger", r.trigger().wireName()).put("required", r.required().wireName())
                    .put("position", r.position().wireName()).put("scope", r.scope().wireName());
        } else if (rule instanceof BoundaryRule r) {
            o.put("end", r.end().wireName());
            ArrayNode allowed = o.putArray("allowed");
            for (EntrySelector sel : EntrySelector.values()) {
                if (r.allowed().contains(sel)) {
                    allowed.add(sel.wireName());
                }
            }
            o.put("skipSystem", r.skipSystem());
        } else if (rule instanceof PresenceRule r) {
            o.put("selector", r.selector().wireName());
            if (r.min() != null) {
                o.put("min", r.min());
            }
            if (r.max() != null) {
                o.put("max", r.max());
            }
        }
        if (rule instanceof ToolPolicyRule r) {
            o.set("policy", r.document() != null ? r.document() : policySummary(r));
        }
        // toolIdentity and schemaIntegrity have no fields of their own
        Provenance p = rule.provenance();
        o.put("source", p.source());
        o.put("providerError", p.providerError());
        o.put("verifiedOn", p.verifiedOn());
        return o;
    }

    private static ObjectNode policySummary(ToolPolicyRule rule) {
        // built in code, without a document: name the policy and its rules so the output stays readable
        ObjectNode o = NODES.objectNode();
        o.put("name", rule.policy().name());
        ArrayNode rules = o.putArray("ruleIds");
        rule.policy().rules().forEach(r -> rules.add(r.id()));
        return o;
    }

    private static void writeKinds(ArrayNode array, Set<Kind> kinds) {
        for (Kind k : Kind.values()) {
            if (kinds.contains(k)) {
                array.add(k.wireName());
            }
        }
    }

    private static Kind kind(InputNode n, String field) {
        return parse(n.required(field), Kind::fromWire);
    }

    private static Set<Kind> kinds(InputNode n, String field, boolean required) {
        Set<Kind> kinds = new LinkedHashSet<>();
        for (InputNode item : required ? n.array(field) : n.optArray(field)) {
            kinds.add(parse(item, Kind::fromWire));
        }
        return kinds;
    }

    private static Set<Role> roleSet(InputNode n, String field) {
        Set<Role> roles = new LinkedHashSet<>();
        for (InputNode item : n.array(field)) {
            roles.add(parse(item, Role::fromWire));
        }
        return roles;
    }

    private static Set<EntrySelector> selectors(InputNode n, String field) {
        Set<EntrySelector> selectors = new LinkedHashSet<>();
        for (InputNode item : n.array(field)) {
            selectors.add(parse(item, EntrySelector::fromWire));
        }
        return selectors;
    }

    private static List<Role> roles(InputNode n) {
        if (!n.has("roles")) {
            return null;
        }
        List<Role> roles = new ArrayList<>();
        for (InputNode item : n.array("roles")) {
            roles.add(parse(item, Role::fromWire));
        }
        return roles;
    }

    private static Severity severity(InputNode n) {
        return n.has("severity") ? parse(n.child("severity"), Severity::fromWire) : null;
    }

    private static Provenance provenance(InputNode n) {
        return new Provenance(nullableText(n, "source"), nullableText(n, "providerError"), nullableText(n, "verifiedOn"));
    }

    private static String nullableText(InputNode n, String field) {
        return n.has(field) && n.child(field).raw().isNull() ? null : n.optNonBlankText(field);
    }

    private static <T> T parse(InputNode n, String field, Function<String, T> parser) {
        return n.has(field) ? parse(n.child(field), parser) : null;
    }

    private static <T> T parse(InputNode n, Function<String, T> parser) {
        String value = n.asText();
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw n.error(e.getMessage().replaceFirst("^\\w+ must be", "expected"));
        }
    }

    /** How to read one rule type, and the fields it accepts. */
    private static final class Reader {
        final Function<InputNode, OrderingRule> read;
        final Set<String> fields;

        Reader(Function<InputNode, OrderingRule> read, String... own) {
            this.read = read;
            Set<String> all = new LinkedHashSet<>(List.of(COMMON));
            all.addAll(List.of(own));
            this.fields = Set.copyOf(all);
        }
    }
}
