package io.orderingguard.rule;

/**
 * The machine-readable sub-kind of a finding: what exactly a rule found wrong. Repairs are planned per
 * facet; consumers may switch on it instead of parsing the human {@code detail}. The wire names are
 * what results and reports carry.
 *
 * <p>Thread-safe (an enum).
 */
public enum Facet implements WireNamed {
    /** An entry of the {@code before} kind comes after one of the {@code after} kind ({@link OrderRule}). */
    ORDER("order"),
    /** An entry lacks a required payload field ({@link RequiredMetadataRule}). */
    MISSING_FIELD("missing-field"),
    /** The first message has the wrong role ({@link AlternationRule}). */
    FIRST_ROLE("first-role"),
    /** Two turns in a row have one role ({@link AlternationRule}). */
    CONSECUTIVE_ROLE("consecutive-role"),
    /** One model response holds too many tool calls ({@link AlternationRule}). */
    MAX_PER_GROUP("max-per-group"),
    /** A forbidden entry follows another ({@link AdjacencyRule}). */
    SUCCESSOR("successor"),
    /** Entries of the previous dispatch are gone ({@link PreservationRule}). */
    COUNT_DECREASED("count-decreased"),
    /** An entry of the previous dispatch changed ({@link PreservationRule}). */
    CHANGED("changed"),
    /** An entry lacks the role tag its producer must stamp ({@link RoleRemapRule}). */
    ROLE_TAG("role-tag"),
    /** Content predates the latest user turn ({@link StaleContentAdvisoryRule}). */
    STALE("stale"),
    /** An id is longer than allowed ({@link IdentifierFormatRule}). */
    TOO_LONG("too-long"),
    /** An id is shorter than allowed ({@link IdentifierFormatRule}). */
    TOO_SHORT("too-short"),
    /** An id has characters outside the allowed class ({@link IdentifierFormatRule}). */
    BAD_CHARACTERS("bad-characters"),
    /** Several entries share an id ({@link IdentifierUniquenessRule}). */
    DUPLICATE("duplicate"),
    /** A message has neither text nor an adjacent tool call ({@link NonEmptyTurnRule}). */
    EMPTY("empty"),
    /** The conversation ends in a thought-only turn ({@link NonEmptyTurnRule}). */
    TERMINAL_THOUGHT("terminal-thought"),
    /** A tool call names a tool that is not declared ({@link ToolIdentityRule}). */
    UNDECLARED("undeclared"),
    /** A declared tool schema requires keys it lacks ({@link SchemaIntegrityRule}). */
    UNSATISFIABLE_SCHEMA("unsatisfiable-schema"),
    /** A tool call has no result ({@link ToolResultPairingRule}). */
    UNANSWERED("unanswered"),
    /** A tool result has no call ({@link ToolResultPairingRule}). */
    ORPHAN("orphan"),
    /** An error result has no content ({@link ToolResultPairingRule}). */
    EMPTY_ERROR_RESULT("empty-error-result"),
    /** Replayed content comes from a wire the target does not accept ({@link ReplayCompatibilityRule}). */
    FOREIGN("foreign"),
    /** The history already breaks a tool-call policy rule ({@link ToolPolicyRule}). */
    POLICY("policy"),
    /** A model response lacks the required entry ({@link StepContentRule}). */
    MISSING("missing"),
    /** A model response does not start with the required entry ({@link StepContentRule}). */
    NOT_FIRST("not-first"),
    /** The conversation starts with an entry that is not allowed there ({@link BoundaryRule}). */
    FIRST_ENTRY("first-entry"),
    /** The conversation ends with an entry that is not allowed there ({@link BoundaryRule}). */
    LAST_ENTRY("last-entry"),
    /** Fewer matching entries than the minimum ({@link PresenceRule}). */
    TOO_FEW("too-few"),
    /** More matching entries than the maximum ({@link PresenceRule}). */
    TOO_MANY("too-many"),
    /** The preservation baseline could not be read from the stash (no rule: the guard reports it). */
    STASH_READ("stash-read"),
    /** The preservation baseline could not be written to the stash (no rule: the guard reports it). */
    STASH_WRITE("stash-write"),
    /**
     * No profile is known for the dispatch's model, so a conservative fallback was used (no rule:
     * the guard reports it from the {@link ProfileSelection}).
     */
    FALLBACK("fallback"),
    /**
     * A request body holds a role, type or value its surface's vocabulary does not describe; it was
     * carried through unchanged (no rule: the wire guard reports it).
     */
    UNKNOWN_SHAPE("unknown-shape");

    private final String wireName;

    Facet(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /**
     * Parses a wire name.
     *
     * @param name the wire name
     * @return the constant
     * @throws IllegalArgumentException for an unknown name
     */
    public static Facet fromWire(String name) {
        return WireNamed.parse(Facet.class, name, "facet");
    }

    @Override
    public String toString() {
        return wireName;
    }
}
