package io.orderingguard.properties;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.AdjacencyRule;
import io.orderingguard.rule.AlternationMode;
import io.orderingguard.rule.AlternationRepair;
import io.orderingguard.rule.AlternationRule;
import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.IdentifierFormatRule;
import io.orderingguard.rule.IdentifierUniquenessRule;
import io.orderingguard.rule.NonEmptyTurnRule;
import io.orderingguard.rule.OrderRule;
import io.orderingguard.rule.OrderScope;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.PreservationRule;
import io.orderingguard.rule.ReplayCompatibilityRule;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.RoleRemapRule;
import io.orderingguard.rule.RuleSurface;
import io.orderingguard.rule.SchemaIntegrityRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.rule.StaleContentAdvisoryRule;
import io.orderingguard.rule.ToolIdentityRule;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.testkit.RandomTimelines;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Role;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Seeded generator of guard setups for property tests: a profile of one to six rules, mostly blocking
 * and mostly of the types mutate mode can repair (order, requiredMetadata with and without an
 * authorised fallback, alternation with fillers, merges and tool-call caps, adjacency,
 * identifierFormat, identifierUniqueness, nonEmptyTurn, toolResultPairing, replayCompatibility),
 * plus some it cannot (roleRemap, toolIdentity, schemaIntegrity), advisories, and guard options
 * ({@code allowMetadataFallbackRepair}, {@code alternationRepair}, {@code disableAdvisoryRuleIds}).
 * Preservation rules are included but stay inert: the guards built here have no stash.
 *
 * <p>Same random state, same setup. Thread-safe: stateless.
 */
public final class RandomProfiles {

    private static final List<String> REPAIRABLE = List.of("order", "requiredMetadata", "alternation", "adjacency",
            "identifierFormat", "identifierUniqueness", "nonEmptyTurn", "toolResultPairing", "replayCompatibility");
    private static final List<String> UNREPAIRABLE = List.of("roleRemap", "toolIdentity", "schemaIntegrity",
            "staleContentAdvisory", "preservation");

    private RandomProfiles() {}

    /**
     * A profile with the guard options it is checked under.
     *
     * @param profile the profile
     * @param allowMetadataFallbackRepair the guard option
     * @param alternationRepair the guard option
     * @param disabledAdvisories the guard option
     */
    public record Setup(OrderingProfile profile, boolean allowMetadataFallbackRepair, AlternationRepair alternationRepair,
            List<String> disabledAdvisories) {

        /**
         * Builds a guard of this setup, without a stash.
         *
         * @param mode enforce or mutate
         * @return a new guard
         */
        OrderingGuard guard(Mode mode) {
            return OrderingGuard.builder()
                    .profile(profile)
                    .mode(mode)
                    .allowMetadataFallbackRepair(allowMetadataFallbackRepair)
                    .alternationRepair(alternationRepair)
                    .disableAdvisoryRuleIds(disabledAdvisories.toArray(String[]::new))
                    .build();
        }
    }

    /**
     * Generates a setup.
     *
     * @param random the source of randomness
     * @return the setup
     */
    public static Setup setup(Random random) {
        int count = 1 + random.nextInt(6);
        List<OrderingRule> rules = new ArrayList<>();
        List<String> disabled = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String type = random.nextInt(100) < 80 ? pick(random, REPAIRABLE) : pick(random, UNREPAIRABLE);
            OrderingRule rule = rule(random, type, "r" + i + "-" + type);
            if (!(rule instanceof StaleContentAdvisoryRule)) {
                rule = rule.withSeverity(random.nextInt(100) < 80 ? Severity.BLOCKING : Severity.ADVISORY);
            }
            if (rule.severity() == Severity.ADVISORY && random.nextInt(4) == 0) {
                disabled.add(rule.id());
            }
            rules.add(rule);
        }
        AlternationRepair[] repairs = AlternationRepair.values();
        return new Setup(OrderingProfile.of("random", "", rules), random.nextBoolean(),
                repairs[random.nextInt(repairs.length)], disabled);
    }

    private static OrderingRule rule(Random random, String type, String id) {
        switch (type) {
            case "order":
                return order(random, id);
            case "requiredMetadata":
                return requiredMetadata(random, id);
            case "alternation": {
                List<Role> roles = random.nextInt(5) == 0 ? List.of(Role.ASSISTANT, Role.USER) : List.of(Role.USER, Role.ASSISTANT);
                Integer max = random.nextInt(3) == 0 ? null : random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(2);
                AlternationRepair repair = random.nextInt(3) == 0 ? null : AlternationRepair.values()[random.nextInt(2)];
                return new AlternationRule(id, roles, AlternationMode.STRICT, max, repair, null, null);
            }
            case "adjacency": {
                Kind first = pickKind(random);
                Set<Kind> disallowed = EnumSet.noneOf(Kind.class);
                disallowed.add(random.nextInt(3) == 0 ? pickKind(random) : Kind.MESSAGE);
                if (random.nextInt(4) == 0) {
                    disallowed.add(pickKind(random));
                }
                return new AdjacencyRule(id, first, disallowed, null, null, null);
            }
            case "identifierFormat": {
                Integer max = random.nextInt(4) == 0 ? null : new int[] {64, 40, 16, 8, 4}[random.nextInt(5)];
                String pattern = max != null && random.nextInt(4) == 0 ? null
                        : pick(random, List.of("[A-Za-z0-9_-]", "[A-Za-z0-9_-]", "[a-z0-9]", "\\w", "[A-Z0-9]"));
                Kind kind = random.nextInt(4) == 0 ? pickKind(random) : Kind.TOOL_CALL;
                return new IdentifierFormatRule(id, kind, max, pattern, null, null, null);
            }
            case "identifierUniqueness":
                return new IdentifierUniquenessRule(id, random.nextInt(5) == 0 ? pickKind(random) : Kind.TOOL_CALL,
                        random.nextBoolean() ? RuleSurface.BOTH : RuleSurface.DISPATCH, null, null);
            case "nonEmptyTurn":
                return new NonEmptyTurnRule(id, random.nextInt(4) == 0 ? Role.USER : Role.ASSISTANT, random.nextBoolean(),
                        null, null);
            case "toolResultPairing": {
                int roll = random.nextInt(4);
                return new ToolResultPairingRule(id, roll != 1, roll != 2, false, null, null);
            }
            case "replayCompatibility": {
                List<String> accepted = new ArrayList<>();
                for (String tag : RandomTimelines.REPLAY_TAGS) {
                    if (random.nextInt(3) == 0) {
                        accepted.add(tag);
                    }
                }
                Set<Kind> kinds = EnumSet.noneOf(Kind.class);
                kinds.add(random.nextBoolean() ? Kind.THOUGHT : Kind.TOOL_CALL);
                if (random.nextBoolean()) {
                    kinds.add(pickKind(random));
                }
                return new ReplayCompatibilityRule(id, kinds, accepted, null, null);
            }
            case "roleRemap":
                return new RoleRemapRule(id, Kind.TOOL_CALL, "granite-3.x", "roleTag", null, null);
            case "toolIdentity":
                return new ToolIdentityRule(id, null, null);
            case "schemaIntegrity":
                return new SchemaIntegrityRule(id, null, null);
            case "staleContentAdvisory":
                return new StaleContentAdvisoryRule(id, pickKind(random), null, "preserveThinking", null);
            default:
                return new PreservationRule(id, pickKind(random), PreservationInvariant.COUNT_NON_DECREASING, null,
                        random.nextBoolean(), null, null);
        }
    }

    private static OrderRule order(Random random, String id) {
        int roll = random.nextInt(4);
        Kind before;
        Kind after;
        if (roll == 0) {
            before = Kind.MESSAGE;
            after = Kind.TOOL_CALL;
        } else if (roll == 1) {
            before = Kind.THOUGHT;
            after = Kind.MESSAGE;
        } else {
            before = Kind.THOUGHT;
            after = Kind.TOOL_CALL;
        }
        OrderScope scope = random.nextInt(4) == 0 ? OrderScope.ENTIRE_TURN : OrderScope.ADJACENT_SAME_ROLE_GROUP;
        return new OrderRule(id, before, after, scope, random.nextBoolean(), null, null);
    }

    private static RequiredMetadataRule requiredMetadata(Random random, String id) {
        Kind kind = random.nextInt(5) == 0 ? Kind.THOUGHT : random.nextInt(8) == 0 ? Kind.MESSAGE : Kind.TOOL_CALL;
        ApplyTo applyTo = ApplyTo.values()[random.nextInt(ApplyTo.values().length)];
        String key = pick(random, List.of("thoughtSignature", "thoughtSignature", "signature", "channel", "meta.signature"));
        List<String> gated = null;
        if (random.nextInt(4) == 0) {
            gated = new ArrayList<>();
            gated.add(pick(random, RandomTimelines.REPLAY_TAGS));
            if (random.nextBoolean()) {
                gated.add("");
            }
        }
        boolean withFallback = random.nextInt(3) != 0;
        return new RequiredMetadataRule(id, kind, applyTo, key, null, gated,
                withFallback ? (random.nextInt(4) == 0 ? JsonNodeFactory.instance.objectNode().put("sentinel", true)
                        : TextNode.valueOf("skip_thought_signature_validator")) : null,
                withFallback && random.nextBoolean() ? "gemini-thought-signature-sentinel-v1" : null,
                withFallback && random.nextBoolean(), random.nextInt(4) == 0, null, null);
    }

    private static Kind pickKind(Random random) {
        return Kind.values()[random.nextInt(Kind.values().length)];
    }

    private static String pick(Random random, List<String> values) {
        return values.get(random.nextInt(values.size()));
    }
}
