package io.orderingguard.rule;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.TimelineStructure;
import io.orderingguard.timeline.ToolCall;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Entries of a kind must carry a payload field, e.g. Gemini 3's {@code thoughtSignature} on the first
 * function call of each step. Blocking by default (a missing signature is a 400).
 *
 * <p>Candidates are the entries of {@code kind} (for tool calls: calls, not orphan results), narrowed
 * to those whose replay tag is in {@code gatedByReplayCompatibility} when that list is set (an
 * untagged entry counts as tag {@code ""}), and to the current turn (after the latest user message)
 * when {@code onlyCurrentTurn}. {@code applyTo} selects every candidate, the first entry of the kind
 * per role group, or the first per step; a first entry that is not a candidate hides later ones of
 * its group. Each selected entry lacking the field is one finding. An entry carrying any of the
 * {@code alternativePayloadKeys} instead satisfies the rule too (an Anthropic {@code redacted_thinking}
 * block carries {@code data} instead of a {@code signature}).
 *
 * <p>Mutate mode may write {@code fallbackPayloadValue} (a vendor-published sentinel), but only when
 * the guard option {@code allowMetadataFallbackRepair} or this rule's {@code fallbackRepairAuthorized}
 * is set: fabricating metadata is a provenance claim. Without an authorised fallback, a thought
 * lacking the field is dropped (strategy {@code drop-unsigned-reasoning}, recorded with its content):
 * the provider rejects an unsigned thinking block, and dropping reasoning invents nothing; a tool
 * call is never dropped, so its finding stays unrepaired.
 *
 * <p>Passes: {@code user, call{thoughtSignature}, assistant}. Fails: {@code user, call{}, assistant}.
 *
 * @param id the rule id
 * @param kind the kind checked
 * @param applyTo which entries
 * @param requiredPayloadKey the dot path that must be present
 * @param alternativePayloadKeys dot paths that satisfy the rule as well, or {@code null} for none
 * @param gatedByReplayCompatibility only entries with these replay tags, or {@code null} for all
 * @param fallbackPayloadValue the sentinel mutate mode may write, or {@code null}
 * @param fallbackReplayCompatibility the tag set with the fallback when the entry had none, or {@code null}
 * @param fallbackRepairAuthorized whether this rule alone authorises the fallback
 * @param onlyCurrentTurn check only entries after the latest user message
 * @param severity the severity (default blocking)
 * @param provenance where the rule comes from
 */
public record RequiredMetadataRule(
        String id,
        Kind kind,
        ApplyTo applyTo,
        String requiredPayloadKey,
        List<String> alternativePayloadKeys,
        List<String> gatedByReplayCompatibility,
        JsonNode fallbackPayloadValue,
        String fallbackReplayCompatibility,
        boolean fallbackRepairAuthorized,
        boolean onlyCurrentTurn,
        Severity severity,
        Provenance provenance) implements OrderingRule {

    /** Validates the fields and applies defaults. */
    public RequiredMetadataRule {
        RuleFields.id(id);
        Require.nonNull(kind, "kind");
        applyTo = applyTo == null ? ApplyTo.EVERY : applyTo;
        RuleFields.dotPath(requiredPayloadKey, "requiredPayloadKey");
        if (alternativePayloadKeys != null) {
            for (int i = 0; i < alternativePayloadKeys.size(); i++) {
                RuleFields.dotPath(alternativePayloadKeys.get(i), "alternativePayloadKeys[" + i + "]");
            }
            alternativePayloadKeys = List.copyOf(alternativePayloadKeys);
        }
        if (gatedByReplayCompatibility != null) {
            for (int i = 0; i < gatedByReplayCompatibility.size(); i++) {
                Require.nonNull(gatedByReplayCompatibility.get(i), "gatedByReplayCompatibility[" + i + "]");
            }
            gatedByReplayCompatibility = List.copyOf(gatedByReplayCompatibility);
        }
        fallbackPayloadValue = io.orderingguard.timeline.Payloads.copy(fallbackPayloadValue);
        Require.blankToError(fallbackReplayCompatibility, "fallbackReplayCompatibility");
        Require.argument(!fallbackRepairAuthorized || fallbackPayloadValue != null,
                "fallbackRepairAuthorized requires a fallbackPayloadValue, but none was given for rule '" + id + "'");
        severity = RuleFields.severity(severity, Severity.BLOCKING);
        provenance = RuleFields.provenance(provenance);
    }

    /**
     * Creates a rule without alternative payload keys (the components before
     * {@code alternativePayloadKeys} existed).
     *
     * @param id the rule id
     * @param kind the kind checked
     * @param applyTo which entries
     * @param requiredPayloadKey the dot path that must be present
     * @param gatedByReplayCompatibility only entries with these replay tags, or {@code null} for all
     * @param fallbackPayloadValue the sentinel mutate mode may write, or {@code null}
     * @param fallbackReplayCompatibility the tag set with the fallback when the entry had none, or {@code null}
     * @param fallbackRepairAuthorized whether this rule alone authorises the fallback
     * @param onlyCurrentTurn check only entries after the latest user message
     * @param severity the severity (default blocking)
     * @param provenance where the rule comes from
     */
    public RequiredMetadataRule(String id, Kind kind, ApplyTo applyTo, String requiredPayloadKey,
            List<String> gatedByReplayCompatibility, JsonNode fallbackPayloadValue, String fallbackReplayCompatibility,
            boolean fallbackRepairAuthorized, boolean onlyCurrentTurn, Severity severity, Provenance provenance) {
        this(id, kind, applyTo, requiredPayloadKey, null, gatedByReplayCompatibility, fallbackPayloadValue,
                fallbackReplayCompatibility, fallbackRepairAuthorized, onlyCurrentTurn, severity, provenance);
    }

    /**
     * Returns a copy of the fallback value.
     *
     * @return a deep copy, or {@code null}
     */
    @Override
    public JsonNode fallbackPayloadValue() {
        return fallbackPayloadValue == null ? null : fallbackPayloadValue.deepCopy();
    }

    @Override
    public String type() {
        return "requiredMetadata";
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        int from = onlyCurrentTurn ? s.latestUserIndex() + 1 : 0;
        int lastGroupSeen = -1;
        Set<String> stepsSeen = null;
        for (int i = from; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (e.kind() != kind || (e instanceof ToolCall call && call.isOrphan())) {
                continue;
            }
            boolean selected;
            if (applyTo == ApplyTo.EVERY) {
                selected = true;
            } else if (applyTo == ApplyTo.FIRST_IN_STEP && e.step() != null) {
                if (stepsSeen == null) {
                    stepsSeen = new HashSet<>();
                }
                selected = stepsSeen.add(e.step());
            } else {
                int g = s.groupOf(i);
                selected = g != lastGroupSeen;
                lastGroupSeen = g;
            }
            if (selected && isCandidate(e) && !isSatisfiedBy(e)) {
                sink.report(this, "missing-field", List.of(e.id()), kind.wireName() + " " + RuleFields.quote(e.id())
                        + describeSelection() + " lacks payload field '" + requiredPayloadKey + "'" + describeAlternatives());
            }
        }
    }

    /**
     * Returns whether an entry carries the required field or one of its alternatives.
     *
     * @param e the entry
     * @return {@code true} when the rule is satisfied by it
     */
    public boolean isSatisfiedBy(Entry e) {
        if (e.hasPayloadPath(requiredPayloadKey)) {
            return true;
        }
        if (alternativePayloadKeys != null) {
            for (String key : alternativePayloadKeys) {
                if (e.hasPayloadPath(key)) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean isCandidate(Entry e) {
        if (gatedByReplayCompatibility == null) {
            return true;
        }
        String tag = e.replayCompatibility();
        return gatedByReplayCompatibility.contains(tag == null ? "" : tag);
    }

    private String describeAlternatives() {
        if (alternativePayloadKeys == null || alternativePayloadKeys.isEmpty()) {
            return "";
        }
        return " (or '" + String.join("', '", alternativePayloadKeys) + "')";
    }

    private String describeSelection() {
        if (applyTo == ApplyTo.FIRST_IN_GROUP) {
            return " (first in its role group)";
        }
        if (applyTo == ApplyTo.FIRST_IN_STEP) {
            return " (first in its step)";
        }
        return "";
    }

    @Override
    public RequiredMetadataRule withSeverity(Severity newSeverity) {
        return new RequiredMetadataRule(id, kind, applyTo, requiredPayloadKey, alternativePayloadKeys,
                gatedByReplayCompatibility, fallbackPayloadValue, fallbackReplayCompatibility, fallbackRepairAuthorized,
                onlyCurrentTurn, Require.nonNull(newSeverity, "severity"), provenance);
    }

    @Override
    public RequiredMetadataRule withProvenance(Provenance newProvenance) {
        return new RequiredMetadataRule(id, kind, applyTo, requiredPayloadKey, alternativePayloadKeys,
                gatedByReplayCompatibility, fallbackPayloadValue, fallbackReplayCompatibility, fallbackRepairAuthorized,
                onlyCurrentTurn, severity, newProvenance);
    }

    /**
     * Returns a copy with a fallback the repair engine may write.
     *
     * @param value the sentinel value
     * @param replayTag the tag set when the entry had none, or {@code null}
     * @param authorized whether this rule alone authorises the fallback
     * @return the copy
     */
    public RequiredMetadataRule withFallback(JsonNode value, String replayTag, boolean authorized) {
        return new RequiredMetadataRule(id, kind, applyTo, requiredPayloadKey, alternativePayloadKeys,
                gatedByReplayCompatibility, value, replayTag, authorized, onlyCurrentTurn, severity, provenance);
    }

    /**
     * Returns a copy that checks only the current turn.
     *
     * @param value whether to check only entries after the latest user message
     * @return the copy
     */
    public RequiredMetadataRule withOnlyCurrentTurn(boolean value) {
        return new RequiredMetadataRule(id, kind, applyTo, requiredPayloadKey, alternativePayloadKeys,
                gatedByReplayCompatibility, fallbackPayloadValue, fallbackReplayCompatibility, fallbackRepairAuthorized,
                value, severity, provenance);
    }

    /**
     * Returns a copy gated by replay tags.
     *
     * @param tags the tags, or {@code null} for all entries
     * @return the copy
     */
    public RequiredMetadataRule withGatedByReplayCompatibility(List<String> tags) {
        return new RequiredMetadataRule(id, kind, applyTo, requiredPayloadKey, alternativePayloadKeys, tags,
                fallbackPayloadValue, fallbackReplayCompatibility, fallbackRepairAuthorized, onlyCurrentTurn, severity,
                provenance);
    }

    /**
     * Returns a copy that also accepts other payload fields.
     *
     * @param keys dot paths that satisfy the rule as well, or {@code null} for none
     * @return the copy
     */
    public RequiredMetadataRule withAlternativePayloadKeys(List<String> keys) {
        return new RequiredMetadataRule(id, kind, applyTo, requiredPayloadKey, keys, gatedByReplayCompatibility,
                fallbackPayloadValue, fallbackReplayCompatibility, fallbackRepairAuthorized, onlyCurrentTurn, severity,
                provenance);
    }
}
