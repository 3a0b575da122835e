package io.orderingguard.profiles;

import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.spi.ProfileCatalog;
import io.orderingguard.support.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The profile catalogue shipped in {@code guard-profiles}, registered with {@link java.util.ServiceLoader}
 * so that {@code OrderingGuard.builder().profile("gemini-3-api")} and the {@code extends} of profile
 * files resolve shipped names. Use {@link Profiles} for everything else.
 *
 * <p>A name is, in this order: a family key; a behaviour registry key or token
 * ({@code strict_alternation}, {@code full_history_preservation:thought}); a behaviour's profile name
 * ({@code strict-alternation}).
 *
 * <p>Thread-safe: immutable after class initialisation.
 */
public final class ShippedCatalog implements ProfileCatalog {

    private static final Map<String, CatalogEntry> BEHAVIOURS = new LinkedHashMap<>();
    private static final Map<String, CatalogEntry> FAMILIES = new LinkedHashMap<>();
    private static final Map<String, CatalogEntry> BY_NAME = new LinkedHashMap<>();
    private static final List<String> NAMES;

    /** Behaviour tokens listed besides the plain keys: every parameterised instance the families use. */
    private static final List<String> LISTED_TOKENS = List.of(
            "full_history_preservation:thought", "full_history_preservation:toolCall",
            "payload_field_preservation:signature", "payload_field_preservation:clear_thinking",
            "payload_field_preservation:encrypted_content", "non_empty_turn:terminal");

    static {
        for (String key : ReferenceBehaviours.KEYS) {
            if (key.equals("full_history_preservation") || key.equals("payload_field_preservation")) {
                for (String token : LISTED_TOKENS) {
                    if (token.startsWith(key + ":")) {
                        addBehaviour(token);
                    }
                }
            } else {
                addBehaviour(key);
                if (key.equals("non_empty_turn")) {
                    addBehaviour("non_empty_turn:terminal");
                }
            }
        }
        for (Map.Entry<String, List<String>> recipe : ReferenceFamilies.RECIPES.entrySet()) {
            String key = recipe.getKey();
            OrderingProfile profile = compose(key, ReferenceFamilies.DESCRIPTIONS.get(key), recipe.getValue(), List.of());
            FAMILIES.put(key, new CatalogEntry(key, CatalogEntry.Type.FAMILY, CatalogEntry.Origin.REFERENCE, profile,
                    recipe.getValue(), List.of()));
        }
        // grok is the permissive profile itself, as in the reference
        FAMILIES.put(ReferenceFamilies.GROK, new CatalogEntry(ReferenceFamilies.GROK, CatalogEntry.Type.FAMILY,
                CatalogEntry.Origin.REFERENCE, BEHAVIOURS.get("permissive").profile(), List.of("permissive"), List.of()));
        for (ProviderFamilies.Definition d : ProviderFamilies.DEFINITIONS.values()) {
            OrderingProfile profile = compose(d.key(), d.description(), d.behaviours(), d.rules());
            FAMILIES.put(d.key(), new CatalogEntry(d.key(), CatalogEntry.Type.FAMILY, CatalogEntry.Origin.PROVIDER,
                    profile, d.behaviours(), d.gaps()));
        }
        for (CatalogEntry e : BEHAVIOURS.values()) {
            BY_NAME.putIfAbsent(e.name(), e);
        }
        Set<String> names = new LinkedHashSet<>(FAMILIES.keySet());
        names.addAll(BEHAVIOURS.keySet());
        names.addAll(BY_NAME.keySet());
        NAMES = List.copyOf(names);
    }

    /** Creates the catalogue; all instances share the same immutable data (for {@link java.util.ServiceLoader}). */
    public ShippedCatalog() {}

    private static void addBehaviour(String token) {
        OrderingProfile profile = ReferenceBehaviours.resolve(token);
        BEHAVIOURS.put(token, new CatalogEntry(token, CatalogEntry.Type.BEHAVIOUR, CatalogEntry.Origin.REFERENCE,
                profile, List.of(), List.of()));
    }

    private static OrderingProfile compose(String key, String description, List<String> tokens,
            List<OrderingRule> own) {
        List<OrderingRule> rules = new ArrayList<>();
        for (String token : tokens) {
            OrderingProfile behaviour = ReferenceBehaviours.resolve(token);
            if (behaviour == null) {
                throw new IllegalStateException("family " + key + " names unknown behaviour " + token);
            }
            rules.addAll(behaviour.rules());
        }
        rules.addAll(own);
        return OrderingProfile.of(key, description, rules);
    }

    @Override
    public Optional<OrderingProfile> find(String name) {
        try {
            return entry(name).map(CatalogEntry::profile);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<String> names() {
        return NAMES;
    }

    /** Classifies the text with {@link ProviderErrors#classify}: the best-ranked rules, in order. */
    @Override
    public List<String> classifyRejection(String errorText) {
        List<ErrorMatch> top = ProviderErrors.classify(errorText).top();
        if (top.isEmpty()) {
            return List.of();
        }
        List<String> ids = new java.util.ArrayList<>(top.size());
        for (ErrorMatch m : top) {
            if (!ids.contains(m.ruleId())) {
                ids.add(m.ruleId());
            }
        }
        return List.copyOf(ids);
    }

    /**
     * Looks an entry up by name.
     *
     * @param name a family key, behaviour key or token, or behaviour profile name
     * @return the entry, or empty when the name is unknown
     * @throws IllegalArgumentException when the name is a known behaviour with wrong or missing parameters
     */
    static Optional<CatalogEntry> entry(String name) {
        if (name == null) {
            return Optional.empty();
        }
        CatalogEntry e = FAMILIES.get(name);
        if (e == null) {
            e = BEHAVIOURS.get(name);
        }
        if (e == null) {
            e = BY_NAME.get(name);
        }
        if (e != null) {
            return Optional.of(e);
        }
        OrderingProfile token = ReferenceBehaviours.resolve(name);
        return token == null ? Optional.empty() : Optional.of(new CatalogEntry(name, CatalogEntry.Type.BEHAVIOUR,
                CatalogEntry.Origin.REFERENCE, token, List.of(), List.of()));
    }

    /**
     * Describes why a name does not resolve.
     *
     * @param name the name
     * @return the problem, or {@code null} when it resolves
     */
    static String problem(String name) {
        try {
            if (entry(name).isPresent()) {
                return null;
            }
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return "unknown profile '" + name + "'" + Suggestions.didYouMean(String.valueOf(name), NAMES);
    }

    static List<CatalogEntry> behaviours() {
        return List.copyOf(BEHAVIOURS.values());
    }

    static List<CatalogEntry> families() {
        return List.copyOf(FAMILIES.values());
    }

    static List<String> allNames() {
        return NAMES;
    }
}
