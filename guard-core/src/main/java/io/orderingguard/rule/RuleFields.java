package io.orderingguard.rule;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Kind;
import java.util.Set;

/** Shared field validation and small helpers of the rule records. */
final class RuleFields {

    /** A kind, by wire name. */
    static final FieldType<Kind> KIND = FieldType.constant(Kind.class, Kind::wireName);

    /** A set of kinds, by wire name. */
    static final FieldType<Set<Kind>> KINDS = FieldType.constantSet(Kind.class, Kind::wireName);

    private RuleFields() {}

    static String id(String id) {
        return Require.nonBlank(id, "id");
    }

    static Severity severity(Severity severity, Severity defaultSeverity) {
        return severity == null ? defaultSeverity : severity;
    }

    static Provenance provenance(Provenance provenance) {
        return provenance == null ? Provenance.none() : provenance;
    }

    /**
     * Validates a payload dot path and returns it interned: the same instance as a Java literal or a
     * field name Jackson parsed, so that reading the field off each entry's payload compares the name by
     * identity instead of by its characters.
     */
    static String dotPath(String path, String field) {
        Require.nonBlank(path, field);
        Require.argument(!path.startsWith(".") && !path.endsWith(".") && !path.contains(".."),
                field + " must be a dot path such as 'a.b', but was '" + path + "'");
        return path.intern();
    }

    /** The repair result of a rule type whose findings only the producer of the conversation can fix. */
    static RepairResult producerOnly(OrderingRule rule) {
        // the guard cannot know what the producer meant, so it does not guess
        return RepairResult.unrepairable(RepairStrategy.NONE,
                "rule type " + rule.type() + " has no repair: only the producer of the conversation can fix it");
    }

    static String quote(String id) {
        return "'" + id + "'";
    }

    /**
     * Returns a value as JSON text, as {@link JsonNode#toString()} does, without starting Jackson's
     * serialiser for a string that needs no escaping (a finding quotes one per implicated entry).
     */
    static String json(JsonNode value) {
        if (value.isTextual() && needsNoEscape(value.textValue())) {
            return "\"" + value.textValue() + "\"";
        }
        return value.toString();
    }

    /**
     * Returns whether a string is written in JSON as it is, between quotes (printable ASCII, no quote or
     * backslash): a finding can then quote it without an intermediate string.
     */
    static boolean needsNoEscape(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\' || c > 0x7E) {
                return false;
            }
        }
        return true;
    }
}
