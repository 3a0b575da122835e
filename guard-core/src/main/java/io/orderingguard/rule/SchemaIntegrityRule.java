package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * Declared tool schemas must not list {@code required} keys that their {@code properties} lack: such
 * a schema cannot be satisfied, and some providers answer 200 while silently omitting the field. One
 * finding per broken tool, anchored on the first tool call of the timeline (else its first entry;
 * with an empty timeline the finding has no ids but is still reported).
 *
 * <p>Passes: {@code {"required":["q"],"properties":{"q":{}}}}. Fails: {@code {"required":["title"],"properties":{}}}.
 *
 * @param id the rule id
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record SchemaIntegrityRule(String id, Severity severity, Provenance provenance) implements OrderingRule {


    /** How this rule type is read from and written to documents. */
    static final RuleDescription<SchemaIntegrityRule> DESCRIPTION = RuleDescription.of(
            "schemaIntegrity", SchemaIntegrityRule.class,
            List.of(),
            v -> new SchemaIntegrityRule(v.id(), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public SchemaIntegrityRule {
        RuleFields.id(id);
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<SchemaIntegrityRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RuleFields.producerOnly(this);
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<DeclaredTool> tools = context.timeline().tools();
        for (DeclaredTool tool : tools) {
            List<String> missing = tool.requiredKeysMissingFromProperties();
            if (missing.isEmpty()) {
                continue;
            }
            sink.report(this, Facet.UNSATISFIABLE_SCHEMA, anchor(context.entries()), "tool '" + tool.name()
                    + "' requires key(s) " + String.join(", ", missing) + " that its properties lack: the schema is "
                    + "unsatisfiable and the provider may silently omit the field");
        }
    }

    private static List<String> anchor(List<Entry> entries) {
        for (Entry e : entries) {
            if (e instanceof ToolCall) {
                return List.of(e.id());
            }
        }
        return entries.isEmpty() ? List.of() : List.of(entries.get(0).id());
    }

    @Override
    public SchemaIntegrityRule withSeverity(Severity newSeverity) {
        return new SchemaIntegrityRule(id, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public SchemaIntegrityRule withProvenance(Provenance newProvenance) {
        return new SchemaIntegrityRule(id, severity, newProvenance);
    }
}
