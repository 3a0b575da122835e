package io.orderingguard.rule;

import java.util.Arrays;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Payloads;
import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
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

    private static final RuleField<RequiredMetadataRule, Kind> KIND = RuleField.required(
            "kind", RuleFields.KIND, RequiredMetadataRule::kind);
    private static final RuleField<RequiredMetadataRule, ApplyTo> APPLY_TO = RuleField.optional(
            "applyTo", FieldType.constant(ApplyTo.class, ApplyTo::wireName), RequiredMetadataRule::applyTo);
    private static final RuleField<RequiredMetadataRule, String> REQUIRED_PAYLOAD_KEY = RuleField.required(
            "requiredPayloadKey", FieldType.TEXT, RequiredMetadataRule::requiredPayloadKey);
    private static final RuleField<RequiredMetadataRule, List<String>> ALTERNATIVE_PAYLOAD_KEYS = RuleField.optional(
            "alternativePayloadKeys", FieldType.TEXT_LIST, RequiredMetadataRule::alternativePayloadKeys);
    private static final RuleField<RequiredMetadataRule, List<String>> GATED_BY_REPLAY_COMPATIBILITY = RuleField.optional(
            "gatedByReplayCompatibility", FieldType.TEXT_LIST, RequiredMetadataRule::gatedByReplayCompatibility);
    private static final RuleField<RequiredMetadataRule, JsonNode> FALLBACK_PAYLOAD_VALUE = RuleField.optional(
            "fallbackPayloadValue", FieldType.JSON, RequiredMetadataRule::fallbackPayloadValue);
    private static final RuleField<RequiredMetadataRule, String> FALLBACK_REPLAY_COMPATIBILITY = RuleField.optional(
            "fallbackReplayCompatibility", FieldType.TEXT, RequiredMetadataRule::fallbackReplayCompatibility);
    private static final RuleField<RequiredMetadataRule, Boolean> FALLBACK_REPAIR_AUTHORIZED = RuleField.optional(
            "fallbackRepairAuthorized", FieldType.BOOLEAN, false, RequiredMetadataRule::fallbackRepairAuthorized);
    private static final RuleField<RequiredMetadataRule, Boolean> ONLY_CURRENT_TURN = RuleField.optional(
            "onlyCurrentTurn", FieldType.BOOLEAN, false, RequiredMetadataRule::onlyCurrentTurn);

    /** How this rule type is read from and written to documents. */
    static final RuleDescription<RequiredMetadataRule> DESCRIPTION = RuleDescription.of(
            "requiredMetadata", RequiredMetadataRule.class,
            List.of(KIND, APPLY_TO, REQUIRED_PAYLOAD_KEY, ALTERNATIVE_PAYLOAD_KEYS, GATED_BY_REPLAY_COMPATIBILITY,
                FALLBACK_PAYLOAD_VALUE, FALLBACK_REPLAY_COMPATIBILITY, FALLBACK_REPAIR_AUTHORIZED, ONLY_CURRENT_TURN),
            v -> new RequiredMetadataRule(v.id(), v.get(KIND), v.get(APPLY_TO), v.get(REQUIRED_PAYLOAD_KEY),
                    v.get(ALTERNATIVE_PAYLOAD_KEYS), v.get(GATED_BY_REPLAY_COMPATIBILITY),
                    v.get(FALLBACK_PAYLOAD_VALUE), v.get(FALLBACK_REPLAY_COMPATIBILITY),
                    v.get(FALLBACK_REPAIR_AUTHORIZED), v.get(ONLY_CURRENT_TURN), v.severity(), v.provenance()));

    /** Validates the fields and applies defaults. */
    public RequiredMetadataRule {
        RuleFields.id(id);
        Require.nonNull(kind, "kind");
        applyTo = applyTo == null ? ApplyTo.EVERY : applyTo;
        requiredPayloadKey = RuleFields.dotPath(requiredPayloadKey, "requiredPayloadKey");
        if (alternativePayloadKeys != null) {
            String[] keys = new String[alternativePayloadKeys.size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = RuleFields.dotPath(alternativePayloadKeys.get(i), "alternativePayloadKeys[" + i + "]");
            }
            alternativePayloadKeys = List.of(keys);
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
     * Returns a copy of the fallback value.
     *
     * @return a deep copy, or {@code null}
     */
    @Override
    public JsonNode fallbackPayloadValue() {
        return fallbackPayloadValue == null ? null : fallbackPayloadValue.deepCopy();
    }

    @Override
    public RuleDescription<RequiredMetadataRule> description() {
        return DESCRIPTION;
    }

    /**
     * Writes the fallback value where it is authorised (strategy {@code fill-required-metadata});
     * without an authorised fallback, drops a thought that lacks the field (strategy
     * {@code drop-unsigned-reasoning}); a tool call stays unrepaired.
     */
    @Override
    public RepairResult repair(Facet facet, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        boolean guardAllows = context.allowMetadataFallback();
        boolean authorised = fallbackPayloadValue != null && (guardAllows || fallbackRepairAuthorized);
        if (!authorised && kind == Kind.THOUGHT) {
            // the provider rejects an unsigned thinking block, and dropping reasoning invents nothing
            int i = locateUnsatisfied(working, ids.get(0));
            if (i < 0) {
                return RepairResult.notApplicable();
            }
            Entry e = working.remove(i);
            return RepairResult.applied(RepairStrategy.DROP_UNSIGNED_REASONING, e.id(), null,
                    "dropped thought '" + e.id() + "', which lacks payload field '" + requiredPayloadKey
                            + "' (no authorised fallback: the guard never invents provider metadata)", List.of(e), List.of());
        }
        if (fallbackPayloadValue == null) {
            return RepairResult.unrepairable(RepairStrategy.FILL_REQUIRED_METADATA,
                    "rule '" + id + "' has no fallbackPayloadValue; the guard never invents provider metadata");
        }
        if (!authorised) {
            return RepairResult.unrepairable(RepairStrategy.FILL_REQUIRED_METADATA, "writing the fallback of rule '" + id
                    + "' needs allowMetadataFallbackRepair or the rule's fallbackRepairAuthorized");
        }
        int i = locateUnsatisfied(working, ids.get(0));
        if (i < 0) {
            return RepairResult.notApplicable();
        }
        Entry e = working.get(i);
        String blocked = valueOnPath(e, requiredPayloadKey);
        if (blocked != null) {
            return RepairResult.unrepairable(RepairStrategy.FILL_REQUIRED_METADATA, "payload field '" + blocked + "' of "
                    + e.kind().wireName() + " '" + e.id() + "' holds " + e.payloadAt(blocked) + ", not an object;"
                    + " writing the fallback at '" + requiredPayloadKey + "' would overwrite it");
        }
        ObjectNode payload = Payloads.write(e.payload(), requiredPayloadKey, fallbackPayloadValue);
        String tag = e.replayCompatibility() != null ? e.replayCompatibility() : fallbackReplayCompatibility;
        working.set(i, e.withPayload(payload, tag));
        return RepairResult.applied(RepairStrategy.FILL_REQUIRED_METADATA, e.id(), null,
                "wrote the fallback " + fallbackPayloadValue + " at payload field '" + requiredPayloadKey + "' of "
                        + e.kind().wireName() + " '" + e.id() + "'"
                        + (e.replayCompatibility() == null && tag != null ? " and tagged it " + tag : ""),
                List.of(), List.of());
    }

    private int locateUnsatisfied(List<Entry> working, String entryId) {
        return EntrySearch.locate(working, entryId, e -> e.kind() == kind
                && !(e instanceof ToolCall c && c.isOrphan()) && !isSatisfiedBy(e));
    }

    /** The first proper prefix of the path that holds a value other than an object or null, or {@code null}. */
    private static String valueOnPath(Entry e, String dotPath) {
        if (!e.hasPayload()) {
            return null;
        }
        for (int dot = dotPath.indexOf('.'); dot >= 0; dot = dotPath.indexOf('.', dot + 1)) {
            String prefix = dotPath.substring(0, dot);
            JsonNode value = e.payloadAt(prefix);
            if (value == null || value.isNull()) {
                return null; // missing or null from here on: the path is simply created
            }
            if (!value.isObject()) {
                return prefix;
            }
        }
        return null;
    }



    @Override
    public void check(RuleContext context, FindingSink sink) {
        checkRange(context, 0, context.entries().size(), applyTo == ApplyTo.EVERY ? null : new Selection(), sink);
    }

    /** {@link #check} in ranges: which entries are selected carries over from range to range. */
    RangeCheck ranges(RuleContext context, FindingSink sink) {
        Selection selection = applyTo == ApplyTo.EVERY ? null : new Selection();
        return (from, to) -> checkRange(context, from, to, selection, sink);
    }

    /** The entries selected so far under {@code firstInStep} and {@code firstInGroup}. */
    private static final class Selection {
        int lastGroupSeen = -1;
        Set<String> stepsSeen;
    }

    private void checkRange(RuleContext context, int start, int end, Selection selection, FindingSink sink) {
        List<Entry> entries = context.entries();
        TimelineStructure s = context.structure();
        int from = Math.max(start, onlyCurrentTurn ? s.latestUserIndex() + 1 : 0);
        for (int i = from; i < end; i++) {
            if (s.kind(i) != kind) {
                continue;
            }
            Entry e = entries.get(i);
            if (e instanceof ToolCall call && call.isOrphan()) {
                continue;
            }
            boolean selected;
            if (applyTo == ApplyTo.EVERY) {
                selected = true;
            } else if (applyTo == ApplyTo.FIRST_IN_STEP && e.step() != null) {
                if (selection.stepsSeen == null) {
                    selection.stepsSeen = new HashSet<>();
                }
                selected = selection.stepsSeen.add(e.step());
            } else {
                int g = s.groupOf(i);
                selected = g != selection.lastGroupSeen;
                selection.lastGroupSeen = g;
            }
            if (selected && isCandidate(e) && !isSatisfiedBy(e)) {
                sink.report(this, Facet.MISSING_FIELD, List.of(e.id()), kind.wireName() + " " + RuleFields.quote(e.id())
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

    /**
     * Starts a rule requiring a payload field on every entry of a kind (blocking by default).
     *
     * @param id the rule id
     * @param kind the kind checked
     * @param requiredPayloadKey the dot path that must be present
     * @return a builder
     */
    public static Builder builder(String id, Kind kind, String requiredPayloadKey) {
        return new Builder(id, kind, requiredPayloadKey);
    }

    /** Builds a {@link RequiredMetadataRule}; see {@link RuleBuilder}. Not thread-safe. */
    public static final class Builder extends RuleBuilder<RequiredMetadataRule, Builder> {
        private final Kind kind;
        private final String requiredPayloadKey;
        private ApplyTo applyTo;
        private List<String> alternativePayloadKeys;
        private List<String> gatedByReplayCompatibility;
        private JsonNode fallbackPayloadValue;
        private String fallbackReplayCompatibility;
        private boolean fallbackRepairAuthorized;
        private boolean onlyCurrentTurn;

        private Builder(String id, Kind kind, String requiredPayloadKey) {
            super(id);
            this.kind = kind;
            this.requiredPayloadKey = requiredPayloadKey;
        }

        /**
         * Sets which entries of the kind are checked (default {@link ApplyTo#EVERY}).
         *
         * @param value the selection
         * @return this builder
         */
        public Builder applyTo(ApplyTo value) {
            this.applyTo = value;
            return this;
        }

        /**
         * Sets dot paths that satisfy the rule as well (default none).
         *
         * @param keys the paths
         * @return this builder
         */
        public Builder alternativePayloadKeys(String... keys) {
            this.alternativePayloadKeys = Arrays.asList(keys);
            return this;
        }

        /**
         * Checks only entries with one of these replay tags ({@code ""} for untagged; default all).
         *
         * @param tags the tags
         * @return this builder
         */
        public Builder gatedByReplayCompatibility(String... tags) {
            this.gatedByReplayCompatibility = Arrays.asList(tags);
            return this;
        }

        /**
         * Sets the sentinel mutate mode may write where the field is missing (default none).
         *
         * @param value the sentinel
         * @return this builder
         */
        public Builder fallbackPayloadValue(JsonNode value) {
            this.fallbackPayloadValue = value;
            return this;
        }

        /**
         * Sets the replay tag written with the fallback on an untagged entry (default none).
         *
         * @param tag the tag
         * @return this builder
         */
        public Builder fallbackReplayCompatibility(String tag) {
            this.fallbackReplayCompatibility = tag;
            return this;
        }

        /**
         * Sets whether this rule alone authorises writing the fallback (default {@code false}).
         *
         * @param value the flag
         * @return this builder
         */
        public Builder fallbackRepairAuthorized(boolean value) {
            this.fallbackRepairAuthorized = value;
            return this;
        }

        /**
         * Sets whether only entries after the latest user message are checked (default {@code false}).
         *
         * @param value the flag
         * @return this builder
         */
        public Builder onlyCurrentTurn(boolean value) {
            this.onlyCurrentTurn = value;
            return this;
        }

        @Override
        public RequiredMetadataRule build() {
            return new RequiredMetadataRule(id(), kind, applyTo, requiredPayloadKey, alternativePayloadKeys,
                    gatedByReplayCompatibility, fallbackPayloadValue, fallbackReplayCompatibility,
                    fallbackRepairAuthorized, onlyCurrentTurn, severity(), provenance());
        }
    }
}
