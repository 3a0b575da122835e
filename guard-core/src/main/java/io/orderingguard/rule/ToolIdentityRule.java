package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * Tool calls and results must name a declared tool: Gemini matches function responses to
 * declarations by name and answers an unknown name with an empty generation and no error. Skipped
 * when the request declares no tools. Not repairable: the guard cannot know which tool was meant.
 *
 * <p>Passes with tools [search]: {@code call search}. Fails: {@code call lookup}.
 *
 * @param id the rule id
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record ToolIdentityRule(String id, Severity severity, Provenance provenance) implements OrderingRule {


    /** How this rule type is read from and written to documents. */
    static final RuleDescription<ToolIdentityRule> DESCRIPTION = RuleDescription.of(
            "toolIdentity", ToolIdentityRule.class,
            List.of(),
            v -> new ToolIdentityRule(v.id(), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public ToolIdentityRule {
        RuleFields.id(id);
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<ToolIdentityRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RuleFields.producerOnly(this);
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        checkRange(context, 0, context.entries().size(), sink);
    }

    /** {@link #check} in ranges: it reads each call on its own. */
    RangeCheck ranges(RuleContext context, FindingSink sink) {
        return context.timeline().tools().isEmpty() ? null : (from, to) -> checkRange(context, from, to, sink);
    }

    private void checkRange(RuleContext context, int from, int to, FindingSink sink) {
        List<DeclaredTool> tools = context.timeline().tools();
        if (tools.isEmpty()) {
            return;
        }
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        for (int i = from; i < to; i++) {
            // the kind from the structure: messages and thoughts are not read at all
            if (s.kind(i) == Kind.TOOL_CALL && entries.get(i) instanceof ToolCall c && !c.tool().isEmpty()
                    && !declared(tools, c.tool())) {
                sink.report(this, Facet.UNDECLARED, List.of(c.id()), "tool " + (c.requested() ? "call " : "result ")
                        + RuleFields.quote(c.id()) + " names undeclared tool '" + c.tool()
                        + "' (the provider may answer with an empty generation)");
            }
        }
    }

    private static boolean declared(List<DeclaredTool> tools, String name) {
        for (DeclaredTool t : tools) {
            if (t.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ToolIdentityRule withSeverity(Severity newSeverity) {
        return new ToolIdentityRule(id, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public ToolIdentityRule withProvenance(Provenance newProvenance) {
        return new ToolIdentityRule(id, severity, newProvenance);
    }
}
