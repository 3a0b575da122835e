package io.orderingguard.rule;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import java.util.List;

/**
 * Entries of a kind must carry the role tag a custom renderer expects (IBM Granite 3.x splits tool
 * calls and responses into their own roles; 4.x renders them inline): the payload value at
 * {@code expectedRoleTag} must equal {@code variant}. A missing tag is a mismatch. Not repairable:
 * only the producer knows which renderer it configured.
 *
 * <p>Passes for variant granite-3.x: {@code call{roleTag: "granite-3.x"}}. Fails: {@code call{}}.
 *
 * @param id the rule id
 * @param kind the kind checked
 * @param variant the value required
 * @param expectedRoleTag the dot path inside the payload
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record RoleRemapRule(
        String id, Kind kind, String variant, String expectedRoleTag, Severity severity, Provenance provenance)
        implements OrderingRule {

    private static final RuleField<RoleRemapRule, Kind> KIND = RuleField.required(
            "kind", RuleFields.KIND, RoleRemapRule::kind);
    private static final RuleField<RoleRemapRule, String> VARIANT = RuleField.required(
            "variant", FieldType.TEXT, RoleRemapRule::variant);
    private static final RuleField<RoleRemapRule, String> EXPECTED_ROLE_TAG = RuleField.required(
            "expectedRoleTag", FieldType.TEXT, RoleRemapRule::expectedRoleTag);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<RoleRemapRule> DESCRIPTION = RuleDescription.of("roleRemap", RoleRemapRule.class,
            List.of(KIND, VARIANT, EXPECTED_ROLE_TAG),
            v -> new RoleRemapRule(v.id(), v.get(KIND), v.get(VARIANT), v.get(EXPECTED_ROLE_TAG), v.severity(),
                    v.provenance()));

    /** Validates the fields and applies defaults. */
    public RoleRemapRule {
        RuleFields.id(id);
        Require.nonNull(kind, "kind");
        Require.nonBlank(variant, "variant");
        RuleFields.dotPath(expectedRoleTag, "expectedRoleTag");
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<RoleRemapRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RuleFields.producerOnly(this);
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        for (Entry e : context.entries()) {
            if (e.kind() != kind) {
                continue;
            }
            JsonNode tag = e.hasPayload() ? e.payloadAt(expectedRoleTag) : null;
            if (tag == null || !tag.isTextual() || !variant.equals(tag.textValue())) {
                // one finding per entry on a long timeline: the usual tag is quoted without a string of its own
                String id = e.id();
                String detail = tag != null && tag.isTextual() && RuleFields.needsNoEscape(tag.textValue())
                        ? "the role tag at payload path '" + expectedRoleTag + "' of " + kind.wireName() + " '" + id
                                + "' should equal '" + variant + "', but was \"" + tag.textValue() + "\""
                        : "the role tag at payload path '" + expectedRoleTag + "' of " + kind.wireName() + " '" + id
                                + "' should equal '" + variant + "', but was "
                                + (tag == null ? "absent" : RuleFields.json(tag));
                sink.report(this, Facet.ROLE_TAG, List.of(id), detail);
            }
        }
    }

    @Override
    public RoleRemapRule withSeverity(Severity newSeverity) {
        return new RoleRemapRule(id, kind, variant, expectedRoleTag, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public RoleRemapRule withProvenance(Provenance newProvenance) {
        return new RoleRemapRule(id, kind, variant, expectedRoleTag, severity, newProvenance);
    }
}
