package io.orderingguard.rule;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.policy.Extent;
import io.orderingguard.policy.PolicyReport;
import io.orderingguard.policy.RuleEvaluation;
import io.orderingguard.policy.SequencePolicy;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * A tool-call sequence policy checked before dispatch: the tool calls already in the conversation
 * (its history) must not break the policy. Evaluated with {@link Extent#PARTIAL}, so a rule that the
 * rest of the run could still satisfy ("eventually LogAudit") is not a finding; a rule the history
 * already broke ("DeleteCustomer before VerifyIdentity") is, one finding per violated policy rule,
 * implicating the tool calls it spanned. Not repairable: the calls already ran.
 *
 * <p>{@code io.orderingguard.json.PolicyFiles#toolPolicy} builds one from a policy document.
 *
 * <p>Passes with "VerifyIdentity before DeleteCustomer": {@code VerifyIdentity, DeleteCustomer}.
 * Fails: {@code DeleteCustomer}.
 *
 * @param id the rule id
 * @param policy the sequence policy
 * @param document the policy document it was read from, kept for writing it back, or {@code null}
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record ToolPolicyRule(String id, SequencePolicy policy, JsonNode document, Severity severity, Provenance provenance)
        implements OrderingRule {

    private static final RuleField<ToolPolicyRule, SequencePolicy> POLICY = RuleField.policy("policy",
            ToolPolicyRule::documentOrSummary);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<ToolPolicyRule> DESCRIPTION = RuleDescription.of("toolPolicy", ToolPolicyRule.class,
            List.of(POLICY),
            v -> new ToolPolicyRule(v.id(), v.get(POLICY), v.document(POLICY), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public ToolPolicyRule {
        RuleFields.id(id);
        Require.nonNull(policy, "policy");
        document = document == null ? null : document.deepCopy();
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    /**
     * Returns a copy of the policy document.
     *
     * @return a deep copy, or {@code null}
     */
    @Override
    public JsonNode document() {
        return document == null ? null : document.deepCopy();
    }

    /** The document written for this rule: the one it was read from, else a summary naming the policy and its rules. */
    private static JsonNode documentOrSummary(ToolPolicyRule rule) {
        if (rule.document != null) {
            return rule.document.deepCopy();
        }
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", rule.policy.name());
        ArrayNode rules = o.putArray("ruleIds");
        rule.policy.rules().forEach(r -> rules.add(r.id()));
        return o;
    }

    @Override
    public RuleDescription<ToolPolicyRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RuleFields.producerOnly(this);
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        boolean anyCall = false;
        for (Entry e : entries) {
            if (e instanceof ToolCall c && c.requested()) {
                anyCall = true;
                break;
            }
        }
        if (!anyCall && policy.rules().isEmpty()) {
            return;
        }
        PolicyReport report = policy.evaluate(context.dispatch(), Extent.PARTIAL);
        if (report.passed()) {
            return;
        }
        List<String> callIds = new ArrayList<>();
        for (Entry e : entries) {
            if (e instanceof ToolCall c && c.requested()) {
                callIds.add(c.id());
            }
        }
        for (RuleEvaluation v : report.violations()) {
            List<String> ids = new ArrayList<>();
            for (int index : new java.util.TreeSet<>(v.spanned())) {
                if (index < callIds.size()) {
                    ids.add(callIds.get(index));
                }
            }
            sink.report(this, Facet.POLICY, ids, "tool-call policy '" + policy.name() + "' rule " + v.ruleId() + " ("
                    + v.kind().wireName() + ") is violated: " + v.reason());
        }
    }

    @Override
    public ToolPolicyRule withSeverity(Severity newSeverity) {
        return new ToolPolicyRule(id, policy, document, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public ToolPolicyRule withProvenance(Provenance newProvenance) {
        return new ToolPolicyRule(id, policy, document, severity, newProvenance);
    }
}
