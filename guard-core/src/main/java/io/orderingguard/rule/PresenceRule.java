package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import java.util.ArrayList;
import java.util.List;

/**
 * Entries matching {@code selector} must number at least {@code min} and at most {@code max}: the
 * Qwen 3 chat templates raise "No user query found" when no user message is left (after compaction),
 * and o1-mini rejects any system message. Both bounds are optional; at least one is required and
 * {@code min <= max}. The selector matches wherever the entry stands: an answered call counts as a
 * {@code toolCall} and as a {@code toolResult}, an orphan result only as a {@code toolResult}.
 *
 * <p>A minimum not reached is one finding, facet {@code too-few}, with no ids (what is missing has
 * none) and a detail saying what is missing. A maximum exceeded is one finding, facet
 * {@code too-many}, listing the extra entries (those after the first {@code max}). There is no
 * repair: a missing user turn cannot be invented, and dropping system messages would lose the
 * instructions they carry (moving them into a user message changes what the model is told to obey).
 *
 * <p>Passes for user, min 1: {@code system, user, assistant}. Fails: {@code system, assistant}.
 *
 * @param id the rule id
 * @param selector which entries are counted
 * @param min the fewest allowed, or {@code null}
 * @param max the most allowed, or {@code null}
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record PresenceRule(
        String id, EntrySelector selector, Integer min, Integer max, Severity severity, Provenance provenance)
        implements OrderingRule {

    private static final RuleField<PresenceRule, EntrySelector> SELECTOR = RuleField.required(
            "selector", FieldType.constant(EntrySelector.class, EntrySelector::wireName), PresenceRule::selector);
    private static final RuleField<PresenceRule, Integer> MIN = RuleField.optional(
            "min", FieldType.INTEGER, PresenceRule::min);
    private static final RuleField<PresenceRule, Integer> MAX = RuleField.optional(
            "max", FieldType.INTEGER, PresenceRule::max);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<PresenceRule> DESCRIPTION = RuleDescription.of("presence", PresenceRule.class,
            List.of(SELECTOR, MIN, MAX),
            v -> new PresenceRule(v.id(), v.get(SELECTOR), v.get(MIN), v.get(MAX), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public PresenceRule {
        RuleFields.id(id);
        Require.nonNull(selector, "selector");
        Require.argument(min == null || min >= 0, "min must be >= 0, but was " + min);
        Require.argument(max == null || max >= 0, "max must be >= 0, but was " + max);
        Require.argument(min != null || max != null,
                "a presence rule needs min or max, but rule '" + id + "' has neither");
        Require.argument(min == null || max == null || min <= max,
                "min must be <= max, but min was " + min + " and max " + max);
        Require.argument(max != null || min > 0,
                "min must be >= 1 when there is no max (a minimum of 0 always holds), but was 0");
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<PresenceRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RepairResult.unrepairable(RepairStrategy.NONE, facet == Facet.TOO_FEW
                ? "rule type presence has no repair for a missing " + selector.noun() + ": the guard does not "
                        + "invent conversation content"
                : "rule type presence has no repair for an extra " + selector.noun() + ": dropping it would lose "
                        + "what it carries (a system message's instructions), and only the producer of the "
                        + "conversation can decide that");
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        int count = 0;
        List<String> extra = null;
        for (Entry e : context.entries()) {
            if (selector.matches(e)) {
                count++;
                if (max != null && count > max) {
                    if (extra == null) {
                        extra = new ArrayList<>();
                    }
                    extra.add(e.id());
                }
            }
        }
        if (min != null && count < min) {
            sink.report(this, Facet.TOO_FEW, List.of(), "at least " + min + " " + selector.noun() + "(s) required, but the "
                    + "conversation holds " + (count == 0 ? "none" : String.valueOf(count)));
        }
        if (extra != null) {
            List<String> quoted = new ArrayList<>(extra.size());
            for (String id : extra) {
                quoted.add(RuleFields.quote(id));
            }
            sink.report(this, Facet.TOO_MANY, extra, "at most " + max + " " + selector.noun() + "(s) allowed, but the "
                    + "conversation holds " + count + "; extra: " + String.join(", ", quoted));
        }
    }

    @Override
    public PresenceRule withSeverity(Severity newSeverity) {
        return new PresenceRule(id, selector, min, max, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public PresenceRule withProvenance(Provenance newProvenance) {
        return new PresenceRule(id, selector, min, max, severity, newProvenance);
    }
}
