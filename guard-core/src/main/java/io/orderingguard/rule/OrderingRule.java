package io.orderingguard.rule;

import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.List;
import java.util.Set;

/**
 * A declarative rule about the shape of a conversation, checked before a request is dispatched.
 *
 * <p>The hierarchy is closed: one validated record per rule type. Each rule has an {@link #id()}, a
 * {@link #severity()} (the default depends on the type: {@link RequiredMetadataRule} is blocking,
 * every other type advisory) and optional {@link #provenance()} naming the provider error it
 * prevents. Rules never throw for findings: {@link #check} reports them to a {@link FindingSink}.
 *
 * <p>Example: Llama 3 accepts one tool call per model response.
 * <pre>{@code
 * OrderingRule rule = OrderingRule.maxToolCallsPerGroup("single-tool-call-per-turn", 1)
 *         .withSeverity(Severity.BLOCKING);
 * // passes:  user, call_1 (step s1), assistant
 * // fails:   user, call_1 (step s1), call_2 (step s1), assistant
 * }</pre>
 *
 * <p>Build rules with the static factories below (the id and the fields a rule document requires),
 * the records' {@code with…} methods for optional fields, and the {@code builder(...)} of the types
 * whose optional fields depend on one another ({@link RequiredMetadataRule}, {@link AlternationRule},
 * {@link ToolResultPairingRule}, {@link BoundaryRule}); do not call a record's canonical constructor,
 * whose parameter list grows when a rule type gains a field. Each type owns its
 * behaviour: {@link #check} finds violations, {@link #repair} repairs one finding in mutate mode, and
 * {@link #description()} says how documents spell it.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public sealed interface OrderingRule
        permits OrderRule,
                RequiredMetadataRule,
                AlternationRule,
                AdjacencyRule,
                PreservationRule,
                RoleRemapRule,
                StaleContentAdvisoryRule,
                IdentifierFormatRule,
                IdentifierUniquenessRule,
                NonEmptyTurnRule,
                ToolIdentityRule,
                SchemaIntegrityRule,
                ToolResultPairingRule,
                ReplayCompatibilityRule,
                ToolPolicyRule,
                StepContentRule,
                BoundaryRule,
                PresenceRule {

    /**
     * Returns the rule id, unique within a profile.
     *
     * @return the id
     */
    String id();

    /**
     * Returns the type name used in documents, e.g. {@code requiredMetadata}.
     *
     * @return the type name
     */
    default String type() {
        return description().type();
    }

    /**
     * Returns how this rule's type is read from and written to documents.
     *
     * @return the description of the type
     */
    RuleDescription<? extends OrderingRule> description();

    /**
     * Returns the description of every rule type, in the order of the {@code permits} clause.
     *
     * @return the descriptions
     */
    static List<RuleDescription<?>> descriptions() {
        return List.of(OrderRule.DESCRIPTION, RequiredMetadataRule.DESCRIPTION, AlternationRule.DESCRIPTION,
                AdjacencyRule.DESCRIPTION, PreservationRule.DESCRIPTION, RoleRemapRule.DESCRIPTION,
                StaleContentAdvisoryRule.DESCRIPTION, IdentifierFormatRule.DESCRIPTION,
                IdentifierUniquenessRule.DESCRIPTION, NonEmptyTurnRule.DESCRIPTION, ToolIdentityRule.DESCRIPTION,
                SchemaIntegrityRule.DESCRIPTION, ToolResultPairingRule.DESCRIPTION, ReplayCompatibilityRule.DESCRIPTION,
                ToolPolicyRule.DESCRIPTION, StepContentRule.DESCRIPTION, BoundaryRule.DESCRIPTION,
                PresenceRule.DESCRIPTION);
    }

    /**
     * Returns the severity of this rule's findings.
     *
     * @return the severity
     */
    Severity severity();

    /**
     * Returns where the rule comes from.
     *
     * @return the provenance, possibly empty
     */
    Provenance provenance();

    /**
     * Returns whether the rule compares with the previous dispatch (needs a stash snapshot).
     *
     * @return {@code true} for preservation rules; {@code false} by default
     */
    default boolean stateful() {
        return false;
    }

    /**
     * Returns whether the rule applies on a surface.
     *
     * @param surface the surface being checked
     * @return {@code true} when the rule applies there; every surface by default
     */
    default boolean appliesOn(io.orderingguard.timeline.Surface surface) {
        return true;
    }

    /**
     * Checks a dispatch and reports every violation.
     *
     * @param context the dispatch with its structure and previous snapshot
     * @param sink receives the findings
     */
    void check(RuleContext context, FindingSink sink);

    /**
     * Repairs one of this rule's findings in the working entries of a mutate run, in place. The repair
     * first checks that the finding still holds (a duplicate rule may have settled it earlier in the
     * pass) and finds its entries by id and by the state the finding describes (ids may be shared).
     * Deterministic, and without side effects outside {@code context}.
     *
     * @param facet the finding's facet
     * @param ids the finding's implicated ids
     * @param context the working entries and the guard's repair options
     * @return what was done, why nothing can be done, or that nothing needs doing
     */
    RepairResult repair(Facet facet, List<String> ids, RepairContext context);

    /**
     * Returns a copy with another severity.
     *
     * @param newSeverity the severity
     * @return the copy
     * @throws IllegalArgumentException when the type does not allow it (stale-content advisories are
     *     always advisory)
     */
    OrderingRule withSeverity(Severity newSeverity);

    /**
     * Returns a copy with other provenance.
     *
     * @param newProvenance the provenance
     * @return the copy
     */
    OrderingRule withProvenance(Provenance newProvenance);

    /**
     * Every {@code before}-kind entry must precede every {@code after}-kind entry, per role group.
     *
     * @param id the rule id
     * @param before the kind that comes first
     * @param after the kind that comes later
     * @return an advisory rule scoped to role groups
     */
    static OrderRule order(String id, Kind before, Kind after) {
        return new OrderRule(id, before, after, OrderScope.ADJACENT_SAME_ROLE_GROUP, false, null, null);
    }

    /**
     * Entries of a kind must carry a payload field.
     *
     * @param id the rule id
     * @param kind the kind checked
     * @param applyTo which entries
     * @param requiredPayloadKey the dot path that must be present
     * @return a blocking rule
     */
    static RequiredMetadataRule requiredMetadata(String id, Kind kind, ApplyTo applyTo, String requiredPayloadKey) {
        return new RequiredMetadataRule(id, kind, applyTo, requiredPayloadKey, null, null, null, null, false, false, null,
                null);
    }

    /**
     * Messages must alternate between the roles, starting with the first.
     *
     * @param id the rule id
     * @param roles the cycle, e.g. USER, ASSISTANT
     * @return an advisory rule
     */
    static AlternationRule alternation(String id, Role... roles) {
        return new AlternationRule(id, List.of(roles), AlternationMode.STRICT, null, null, null, null);
    }

    /**
     * Messages alternate, and at most {@code max} tool calls per step (or role group).
     *
     * @param id the rule id
     * @param max the cap
     * @return an advisory rule
     */
    static AlternationRule maxToolCallsPerGroup(String id, int max) {
        return new AlternationRule(id, List.of(Role.USER, Role.ASSISTANT), AlternationMode.STRICT, max, null, null, null);
    }

    /**
     * Kinds that may not immediately follow an entry of kind {@code first}.
     *
     * @param id the rule id
     * @param first the kind whose successor is restricted
     * @param disallowed the forbidden successor kinds
     * @return an advisory rule
     */
    static AdjacencyRule adjacency(String id, Kind first, Kind... disallowed) {
        return new AdjacencyRule(id, first, Set.of(disallowed), null, null, null);
    }

    /**
     * A preservation invariant across successive dispatches.
     *
     * @param id the rule id
     * @param kind the kind preserved
     * @param invariant the invariant
     * @return an advisory rule
     */
    static PreservationRule preservation(String id, Kind kind, PreservationInvariant invariant) {
        return new PreservationRule(id, kind, invariant, null, false, null, null);
    }

    /**
     * A payload field that must keep its value across successive dispatches.
     *
     * @param id the rule id
     * @param kind the kind preserved
     * @param payloadField the dot path compared
     * @return an advisory rule
     */
    static PreservationRule payloadFieldStable(String id, Kind kind, String payloadField) {
        return new PreservationRule(id, kind, PreservationInvariant.PAYLOAD_FIELD_STABLE, payloadField, false, null, null);
    }

    /**
     * A role tag the producer must have stamped on entries of a kind.
     *
     * @param id the rule id
     * @param kind the kind checked
     * @param variant the value required
     * @param expectedRoleTag the dot path holding it
     * @return an advisory rule
     */
    static RoleRemapRule roleRemap(String id, Kind kind, String variant, String expectedRoleTag) {
        return new RoleRemapRule(id, kind, variant, expectedRoleTag, null, null);
    }

    /**
     * An advisory about content that predates the latest user turn.
     *
     * @param id the rule id
     * @param kind the kind reported
     * @param optOutOptionKey the provider option that opts out of dropping it
     * @return the rule (always advisory)
     */
    static StaleContentAdvisoryRule staleContent(String id, Kind kind, String optOutOptionKey) {
        return new StaleContentAdvisoryRule(id, kind, StaleContentScope.BEFORE_LATEST_USER_TURN, optOutOptionKey, null);
    }

    /**
     * A length cap and character class for ids.
     *
     * @param id the rule id
     * @param kind the kind checked
     * @param maxLength the longest id, or {@code null}
     * @param allowedPattern a character class such as {@code [A-Za-z0-9_-]}, or {@code null}
     * @return an advisory rule
     */
    static IdentifierFormatRule identifierFormat(String id, Kind kind, Integer maxLength, String allowedPattern) {
        return new IdentifierFormatRule(id, kind, maxLength, allowedPattern, null, null, null);
    }

    /**
     * Ids of a kind must be unique across the timeline.
     *
     * @param id the rule id
     * @param kind the kind checked
     * @return an advisory rule applying on both surfaces
     */
    static IdentifierUniquenessRule identifierUniqueness(String id, Kind kind) {
        return new IdentifierUniquenessRule(id, kind, RuleSurface.BOTH, null, null);
    }

    /**
     * Messages of a role must have prose or an adjacent tool call.
     *
     * @param id the rule id
     * @param role the role checked
     * @param onlyTerminal check only the final entry
     * @return an advisory rule
     */
    static NonEmptyTurnRule nonEmptyTurn(String id, Role role, boolean onlyTerminal) {
        return new NonEmptyTurnRule(id, role, onlyTerminal, null, null);
    }

    /**
     * Tool calls must name a declared tool.
     *
     * @param id the rule id
     * @return an advisory rule
     */
    static ToolIdentityRule toolIdentity(String id) {
        return new ToolIdentityRule(id, null, null);
    }

    /**
     * Declared tool schemas must not require keys their properties lack.
     *
     * @param id the rule id
     * @return an advisory rule
     */
    static SchemaIntegrityRule schemaIntegrity(String id) {
        return new SchemaIntegrityRule(id, null, null);
    }

    /**
     * Every tool call has its result and every result its call.
     *
     * @param id the rule id
     * @return an advisory rule checking both unanswered calls and orphan results
     */
    static ToolResultPairingRule toolResultPairing(String id) {
        return new ToolResultPairingRule(id, true, true, false, null, null);
    }

    /**
     * Replayed reasoning and payloads must come from an accepted wire.
     *
     * @param id the rule id
     * @param acceptedTags the replay tags the target accepts
     * @return an advisory rule over thoughts and tool calls
     */
    static ReplayCompatibilityRule replayCompatibility(String id, String... acceptedTags) {
        return new ReplayCompatibilityRule(id, Set.of(Kind.THOUGHT, Kind.TOOL_CALL), List.of(acceptedTags), null, null);
    }

    /**
     * A model response holding a {@code trigger} entry must hold a {@code required} one too.
     *
     * @param id the rule id
     * @param trigger the kind that makes the requirement apply, e.g. toolCall
     * @param required the kind the response must hold, e.g. thought
     * @param position where the required entry must be
     * @param scope which responses are checked
     * @return an advisory rule
     */
    static StepContentRule stepContent(String id, Kind trigger, Kind required, StepPosition position, StepScope scope) {
        return new StepContentRule(id, trigger, required, position, scope, null, null);
    }

    /**
     * The first or last entry (system messages aside) must be one of the allowed selectors.
     *
     * @param id the rule id
     * @param end which end is checked
     * @param allowed what the entry there may be
     * @return an advisory rule that passes over system messages
     */
    static BoundaryRule boundary(String id, BoundaryEnd end, EntrySelector... allowed) {
        return new BoundaryRule(id, end, Set.of(allowed), true, null, null);
    }

    /**
     * Entries matching a selector must number at least {@code min} and at most {@code max}.
     *
     * @param id the rule id
     * @param selector which entries are counted
     * @param min the fewest allowed, or {@code null}
     * @param max the most allowed, or {@code null}
     * @return an advisory rule
     */
    static PresenceRule presence(String id, EntrySelector selector, Integer min, Integer max) {
        return new PresenceRule(id, selector, min, max, null, null);
    }
}
