package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import java.util.List;

/**
 * A hygiene notice, never blocking and never repaired: entries of a kind that predate the latest user
 * turn (e.g. old thinking that Gemma 4 recommends dropping) form one advisory finding. The only way
 * to silence it is the guard's {@code disableAdvisoryRuleIds}; {@code optOutOptionKey} documents the
 * provider's own opt-out.
 *
 * <p>Reported: {@code user, thought, assistant, user}. Quiet: {@code user, thought, assistant}.
 *
 * @param id the rule id
 * @param kind the kind reported
 * @param scope which content is stale (default, and only scope: before the latest user turn)
 * @param optOutOptionKey the provider option that keeps such content, e.g. {@code preserveThinking}
 * @param provenance where the rule comes from
 */
public record StaleContentAdvisoryRule(String id, Kind kind, StaleContentScope scope, String optOutOptionKey, Provenance provenance)
        implements OrderingRule {

    private static final RuleField<StaleContentAdvisoryRule, Kind> KIND = RuleField.required(
            "kind", RuleFields.KIND, StaleContentAdvisoryRule::kind);
    private static final RuleField<StaleContentAdvisoryRule, StaleContentScope> SCOPE = RuleField.optional(
            "scope", FieldType.constant(StaleContentScope.class, StaleContentScope::wireName),
            StaleContentAdvisoryRule::scope);
    private static final RuleField<StaleContentAdvisoryRule, String> OPT_OUT_OPTION_KEY = RuleField.required(
            "optOutOptionKey", FieldType.TEXT, StaleContentAdvisoryRule::optOutOptionKey);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<StaleContentAdvisoryRule> DESCRIPTION = RuleDescription.of(
            "staleContentAdvisory", StaleContentAdvisoryRule.class,
            List.of(KIND, SCOPE, OPT_OUT_OPTION_KEY),
            v -> new StaleContentAdvisoryRule(v.id(), v.get(KIND), v.get(SCOPE), v.get(OPT_OUT_OPTION_KEY),
                    v.provenance())).alwaysAdvisory();

    /** Validates the fields and applies defaults. */
    public StaleContentAdvisoryRule {
        RuleFields.id(id);
        Require.nonNull(kind, "kind");
        scope = scope == null ? StaleContentScope.BEFORE_LATEST_USER_TURN : scope;
        Require.nonBlank(optOutOptionKey, "optOutOptionKey");
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<StaleContentAdvisoryRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RuleFields.producerOnly(this);
    }

    /**
     * Returns {@link Severity#ADVISORY}: this type is always advisory.
     *
     * @return advisory
     */
    @Override
    public Severity severity() {
        return Severity.ADVISORY;
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        int boundary = context.structure().latestUserIndex();
        TimelineStructure s = context.structure();
        int count = 0;
        for (int i = 0; i < boundary; i++) {
            if (s.kind(i) == kind) {
                count++;
            }
        }
        if (count > 0) {
            List<Entry> entries = context.entries();
            IdList.Builder ids = IdList.builder(count);
            for (int i = 0; i < boundary; i++) {
                if (s.kind(i) == kind) {
                    ids.add(entries.get(i).id());
                }
            }
            List<String> stale = ids.build();
            sink.report(this, Facet.STALE, stale, stale.size() + " " + kind.wireName() + " entr"
                    + (stale.size() == 1 ? "y predates" : "ies predate") + " the latest user turn; consider dropping "
                    + (stale.size() == 1 ? "it" : "them") + " (provider opt-out: " + optOutOptionKey + ")");
        }
    }

    /**
     * Returns this rule for an advisory severity.
     *
     * @param newSeverity must be {@link Severity#ADVISORY}
     * @return this rule
     * @throws IllegalArgumentException for {@link Severity#BLOCKING}
     */
    @Override
    public StaleContentAdvisoryRule withSeverity(Severity newSeverity) {
        Require.argument(newSeverity == Severity.ADVISORY,
                "staleContentAdvisory rules are always advisory, but severity " + newSeverity.wireName()
                        + " was requested for rule '" + id + "'");
        return this;
    }

    @Override
    public StaleContentAdvisoryRule withProvenance(Provenance newProvenance) {
        return new StaleContentAdvisoryRule(id, kind, scope, optOutOptionKey, newProvenance);
    }
}
