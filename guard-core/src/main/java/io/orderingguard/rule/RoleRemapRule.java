package io.orderingguard.rule;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Entries of a kind must carry the role tag a custom renderer expects (IBM Granite 3.x splits tool
 * calls and responses into their own roles; 4.x renders them inline): the payload value at
 * {@code expectedRoleTag} must equal {@code variant}. A missing tag is a mismatch. Not repairable:
 * only the producer knows which renderer it configured. Reported once per tag value found, naming every
 * entry that carries it (a producer configured for the other renderer tags every call the same way).
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
        expectedRoleTag = RuleFields.dotPath(expectedRoleTag, "expectedRoleTag");
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
        report(scan(context, 0, context.entries().size(), null), sink);
    }

    /** {@link #check} in ranges: the tag groups grow range by range and are reported at the end. */
    RangeCheck ranges(RuleContext context, FindingSink sink) {
        return new RangeCheck() {
            private Groups groups;

            @Override
            public void range(int from, int to) {
                groups = scan(context, from, to, groups);
            }

            @Override
            public void end() {
                report(groups, sink);
            }
        };
    }

    /** The mismatched entries by tag value, in order of each value's first entry. */
    private static final class Groups {
        final List<JsonNode> found = new ArrayList<>(2);
        final List<IdList.Builder> ids = new ArrayList<>(2);
    }

    /**
     * Adds the mismatched entries of {@code [from, to)} to their tag groups.
     *
     * @return the groups, made on the first mismatch ({@code null} while every entry matches)
     */
    private Groups scan(RuleContext context, int from, int to, Groups groups) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        for (int i = from; i < to; i++) {
            if (s.kind(i) != kind) {
                continue;
            }
            Entry e = entries.get(i);
            JsonNode tag = e.hasPayload() ? e.payloadAt(expectedRoleTag) : null;
            if (tag != null && tag.isTextual() && variant.equals(tag.textValue())) {
                continue;
            }
            JsonNode value = tag == null ? MissingNode.getInstance() : tag;
            if (groups == null) {
                groups = new Groups();
            }
            int group = groups.found.indexOf(value);
            if (group < 0) {
                groups.found.add(value);
                groups.ids.add(IdList.builder(remaining(s, i, entries.size())));
                group = groups.found.size() - 1;
            }
            groups.ids.get(group).add(e.id());
        }
        return groups;
    }

    // The producer tags every call for the renderer it was configured with, so a mismatch is one setting
    // repeated on each call: one finding per tag value found (usually one), naming every entry it covers,
    // instead of one per entry (thousands on a long conversation, all saying the same).
    private void report(Groups groups, FindingSink sink) {
        if (groups == null) {
            return;
        }
        for (int g = 0; g < groups.found.size(); g++) {
            List<String> tagged = groups.ids.get(g).build();
            JsonNode value = groups.found.get(g);
            String which = tagged.size() == 1
                    ? kind.wireName() + " " + RuleFields.quote(tagged.get(0))
                    : tagged.size() + " " + kind.wireName() + " entries (" + RuleFields.quote(tagged.get(0)) + " to "
                            + RuleFields.quote(tagged.get(tagged.size() - 1)) + ")";
            sink.report(this, Facet.ROLE_TAG, tagged, "the role tag at payload path '" + expectedRoleTag + "' of "
                    + which + " should equal '" + variant + "', but was "
                    + (value.isMissingNode() ? "absent" : RuleFields.json(value)));
        }
    }

    /** How many entries of the rule's kind stand at {@code from} or after: the most a tag group can name. */
    private int remaining(TimelineStructure s, int from, int size) {
        int count = 0;
        for (int i = from; i < size; i++) {
            if (s.kind(i) == kind) {
                count++;
            }
        }
        return count;
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
