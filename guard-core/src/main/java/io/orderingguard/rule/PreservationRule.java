package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A continuity invariant between the last dispatch actually sent in a conversation and this one,
 * compared through the {@link Baseline} (ids, kinds and canonical payload fingerprints; key
 * order never matters). The first dispatch of a conversation only establishes the baseline.
 *
 * <ul>
 *   <li>{@code count-non-decreasing}: the number of entries of the kind may not drop; the finding
 *       lists the previous ids that are gone.</li>
 *   <li>{@code payload-field-stable}: every previous entry of the kind is still present and its
 *       {@code payloadField} has the same value (without a field: presence only).</li>
 *   <li>{@code pruned-after-latest-turn}: entries of the kind at or after the latest user message
 *       must still be present with identical payloads; older ones may be dropped or changed.</li>
 * </ul>
 * With {@code resetOnModelSwitch}, a dispatch to another model than the previous one skips the rule
 * once (the new snapshot records the new model). Not repairable: lost history cannot be recreated.
 *
 * @param id the rule id
 * @param kind the kind preserved
 * @param invariant the invariant
 * @param payloadField the dot path compared by {@code payload-field-stable}, or {@code null}
 * @param resetOnModelSwitch skip the comparison once when the model changed
 * @param severity the severity (default advisory)
 * @param provenance where the rule comes from
 */
public record PreservationRule(
        String id, Kind kind, PreservationInvariant invariant, String payloadField, boolean resetOnModelSwitch,
        Severity severity, Provenance provenance) implements OrderingRule {

    private static final RuleField<PreservationRule, Kind> KIND = RuleField.required(
            "kind", RuleFields.KIND, PreservationRule::kind);
    private static final RuleField<PreservationRule, PreservationInvariant> INVARIANT = RuleField.required(
            "invariant", FieldType.constant(PreservationInvariant.class, PreservationInvariant::wireName),
            PreservationRule::invariant);
    private static final RuleField<PreservationRule, String> PAYLOAD_FIELD = RuleField.optional(
            "payloadField", FieldType.TEXT, PreservationRule::payloadField);
    private static final RuleField<PreservationRule, Boolean> RESET_ON_MODEL_SWITCH = RuleField.optional(
            "resetOnModelSwitch", FieldType.BOOLEAN, false, PreservationRule::resetOnModelSwitch);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<PreservationRule> DESCRIPTION = RuleDescription.of(
            "preservation", PreservationRule.class,
            List.of(KIND, INVARIANT, PAYLOAD_FIELD, RESET_ON_MODEL_SWITCH),
            v -> new PreservationRule(v.id(), v.get(KIND), v.get(INVARIANT), v.get(PAYLOAD_FIELD),
                    v.get(RESET_ON_MODEL_SWITCH), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public PreservationRule {
        RuleFields.id(id);
        Require.nonNull(kind, "kind");
        Require.nonNull(invariant, "invariant");
        if (payloadField != null) {
            payloadField = RuleFields.dotPath(payloadField, "payloadField");
            Require.argument(invariant == PreservationInvariant.PAYLOAD_FIELD_STABLE,
                    "payloadField is only meaningful with invariant payload-field-stable, but invariant was "
                            + invariant.wireName());
        }
        severity = RuleFields.severity(severity, Severity.ADVISORY);
        provenance = RuleFields.provenance(provenance);
    }

    @Override
    public RuleDescription<PreservationRule> description() {
        return DESCRIPTION;
    }

    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        return RepairResult.unrepairable(RepairStrategy.NONE,
                "rule type preservation has no repair: entries lost from the history cannot be recreated");
    }

    @Override
    public boolean stateful() {
        return true;
    }


    @Override
    public void check(RuleContext context, FindingSink sink) {
        Baseline prior = context.previous();
        if (prior == null) {
            return;
        }
        String model = context.dispatch().model();
        if (resetOnModelSwitch && prior.model() != null && model != null && !Objects.equals(prior.model(), model)) {
            return;
        }
        if (context.extendsPrevious()) {
            // every previous entry is still there, unchanged, in the same place: no invariant can break
            return;
        }
        int[] map = context.priorToCurrent();
        List<Entry> entries = context.entries();
        if (invariant == PreservationInvariant.COUNT_NON_DECREASING) {
            int before = 0;
            for (int i = 0; i < prior.size(); i++) {
                if (prior.kind(i) == kind) {
                    before++;
                }
            }
            CapturedBaseline current = context.current();
            int now = 0;
            for (int j = 0; j < current.size(); j++) {
                if (current.kind(j) == kind) {
                    now++;
                }
            }
            if (now < before) {
                List<String> gone = new ArrayList<>();
                for (int i = 0; i < prior.size(); i++) {
                    if (prior.kind(i) == kind && map[i] < 0) {
                        gone.add(prior.id(i));
                    }
                }
                sink.report(this, Facet.COUNT_DECREASED, gone, "preservation invariant count-non-decreasing violated for "
                        + kind.wireName() + ": " + before + " before, " + now + " now" + goneText(gone));
            }
            return;
        }
        int from = 0;
        if (invariant == PreservationInvariant.PRUNED_AFTER_LATEST_TURN) {
            from = boundary(prior, entries, context.structure().latestUserIndex());
        }
        CapturedBaseline current = context.current();
        // looked up once: a path the snapshot did not capture cannot be compared, so it holds
        int path = payloadField == null ? -1 : prior.fieldPaths().indexOf(payloadField);
        int currentPath = path < 0 ? -1 : current.fieldPaths().indexOf(payloadField);
        List<String> broken = null;
        for (int i = from; i < prior.size(); i++) {
            if (prior.kind(i) != kind) {
                continue;
            }
            boolean ok;
            if (map[i] < 0) {
                ok = false;
            } else if (invariant == PreservationInvariant.PRUNED_AFTER_LATEST_TURN) {
                ok = current.payloadFingerprint(map[i]) == prior.payloadFingerprint(i);
            } else if (path < 0) {
                ok = true;
            } else if (currentPath >= 0) {
                ok = current.fieldFingerprint(map[i], currentPath) == prior.fieldFingerprint(i, path);
            } else {
                // a capture made without this rule's field: read it from the entry
                ok = entries.get(current.timelinePosition(map[i])).payloadFingerprint(payloadField)
                        == prior.fieldFingerprint(i, path);
            }
            if (!ok) {
                if (broken == null) {
                    broken = new ArrayList<>();
                }
                broken.add(prior.id(i));
            }
        }
        if (broken != null) {
            String what = invariant == PreservationInvariant.PAYLOAD_FIELD_STABLE && payloadField != null
                    ? " (payload field '" + payloadField + "' removed or changed)"
                    : invariant == PreservationInvariant.PRUNED_AFTER_LATEST_TURN
                            ? " (entries at or after the latest user turn removed or changed)"
                            : " (entries removed)";
            sink.report(this, Facet.CHANGED, broken, "preservation invariant " + invariant.wireName() + " violated for "
                    + kind.wireName() + what + ": " + String.join(", ", quoteAll(broken)));
        }
    }

    private static int boundary(Baseline prior, List<Entry> entries, int latestUser) {
        if (latestUser < 0) {
            return 0;
        }
        String id = entries.get(latestUser).id();
        for (int i = prior.size() - 1; i >= 0; i--) {
            if (prior.kind(i) == Kind.MESSAGE && prior.id(i).equals(id)) {
                return i;
            }
        }
        // a new user turn: everything sent before it is older than the boundary
        return prior.size();
    }

    private static String goneText(List<String> gone) {
        return gone.isEmpty() ? "" : "; gone: " + String.join(", ", quoteAll(gone));
    }

    private static List<String> quoteAll(List<String> ids) {
        List<String> quoted = new ArrayList<>(ids.size());
        for (String id : ids) {
            quoted.add(RuleFields.quote(id));
        }
        return quoted;
    }

    @Override
    public PreservationRule withSeverity(Severity newSeverity) {
        return new PreservationRule(id, kind, invariant, payloadField, resetOnModelSwitch,
                Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public PreservationRule withProvenance(Provenance newProvenance) {
        return new PreservationRule(id, kind, invariant, payloadField, resetOnModelSwitch, severity, newProvenance);
    }

    /**
     * Returns a copy that resets on a model switch.
     *
     * @param value whether to skip the comparison once when the model changed
     * @return the copy
     */
    public PreservationRule withResetOnModelSwitch(boolean value) {
        return new PreservationRule(id, kind, invariant, payloadField, value, severity, provenance);
    }
}
