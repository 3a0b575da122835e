package io.orderingguard.profiles;

import io.orderingguard.GuardConfigException;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.ProfileSelection;
import io.orderingguard.spi.ProfileSelector;
import io.orderingguard.support.Require;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Dispatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shipped profile selector: chooses a family from each dispatch's provider and model, picks the
 * family's variant from the request options (or conservative evidence in the timeline), and says
 * why in every result ({@link ProfileSelection}). It never throws at request time: a model no
 * family is known for gets the conservative fallback ({@code unknown-model} unless configured) and
 * an advisory finding naming the model and how to choose a profile.
 *
 * <pre>{@code
 * OrderingGuard guard = OrderingGuard.builder()
 *         .selectProfiles(Profiles.selector()
 *                 .alias("prod-chat", "gpt-4o")               // an Azure deployment name
 *                 .alias("claude", "claude-sonnet-4-5"))
 *         .build();
 * }</pre>
 *
 * <p>Model ids resolve with their gateway and API prefixes removed: {@code openai/gpt-4o-mini} and
 * {@code deepseek/deepseek-chat} (OpenRouter), {@code anthropic/claude-sonnet-4.5}, Bedrock ids and
 * ARNs ({@code us.anthropic.claude-…-v1:0}), Vertex paths
 * ({@code publishers/google/models/gemini-2.5-pro}), Hugging Face repos ({@code zai-org/GLM-4.6}).
 * Aliases are matched case-insensitively against the whole model id, before any of that.
 *
 * <p>Thread-safe and immutable: {@link #alias} and {@link #fallback} return new selectors. The
 * model-table lookup is cached per provider and model (bounded); the variant is decided per
 * dispatch, since it depends on the request.
 */
public final class ModelSelector implements ProfileSelector {

    private static final int MAX_CACHED = 1024;

    private final Map<String, String> aliases;
    private final OrderingProfile fallback;
    private final Map<String, Optional<ModelMatch>> matches = new ConcurrentHashMap<>();

    private ModelSelector(Map<String, String> aliases, OrderingProfile fallback) {
        this.aliases = aliases;
        this.fallback = fallback;
    }

    /**
     * Returns the selector with no aliases and the {@code unknown-model} fallback.
     *
     * @return the selector
     */
    static ModelSelector defaults() {
        return new ModelSelector(Map.of(), Profiles.profile(ProviderFamilies.UNKNOWN_MODEL));
    }

    /**
     * Returns a selector that reads a deployment name as a model id.
     *
     * @param name the name the dispatches carry as their model (an Azure deployment, a gateway route),
     *     matched case-insensitively
     * @param modelId the model id it stands for, e.g. {@code gpt-4o}; it must resolve to a family, and
     *     what follows the model table's match must be versions, dates, sizes or known qualifiers
     *     ({@code gpt-4o-2024-08-06}, {@code gpt-4o-mini}), so that a mistyped id fails with the closest
     *     known one instead of being read as its line
     * @return the new selector
     * @throws GuardConfigException when the model id resolves to no family or holds a part the table
     *     does not know, or the name is blank
     */
    public ModelSelector alias(String name, String modelId) {
        Require.nonBlank(name, "alias name");
        Require.nonBlank(modelId, "alias model");
        String problem = ModelIdCheck.problem(modelId);
        if (problem != null) {
            throw new GuardConfigException("model alias", List.of("alias '" + name + "' names model '" + modelId
                    + "', " + (problem.startsWith("no profile") ? "for which " + problem
                            + "; give a model id from guard profiles' model table (e.g. gpt-4o, claude-sonnet-4-5, "
                            + "gemini-2.5-pro)" : "a model id it does not know: " + problem)));
        }
        Map<String, String> next = new LinkedHashMap<>(aliases);
        next.put(name.trim().toLowerCase(Locale.ROOT), modelId);
        return new ModelSelector(Map.copyOf(next), fallback);
    }

    /**
     * Returns a selector that falls back to another profile for unknown models.
     *
     * @param profile the fallback, e.g. {@code Profiles.profile("permissive")}
     * @return the new selector
     */
    public ModelSelector fallback(OrderingProfile profile) {
        return new ModelSelector(aliases, Require.nonNull(profile, "fallback"));
    }

    /**
     * Returns the aliases.
     *
     * @return lower-cased deployment name → model id
     */
    public Map<String, String> aliases() {
        return aliases;
    }

    /**
     * Returns the fallback profile for unknown models.
     *
     * @return the profile
     */
    public OrderingProfile fallbackProfile() {
        return fallback;
    }

    /**
     * Returns the rule ids of the shipped catalogue and of the fallback profile.
     *
     * @return the rule ids
     */
    @Override
    public Set<String> ruleIds() {
        Set<String> ids = new LinkedHashSet<>(ProfileSelector.super.ruleIds());
        fallback.rules().forEach(r -> ids.add(r.id()));
        return ids;
    }

    @Override
    public List<OrderingProfile> select(Dispatch dispatch) {
        return choose(dispatch).profiles();
    }

    @Override
    public ProfileSelection choose(Dispatch dispatch) {
        Require.nonNull(dispatch, "dispatch");
        String given = dispatch.model();
        if (given == null) {
            return ProfileSelection.fallback(fallback, "the dispatch names no model: fallback " + fallback.name(),
                    "the dispatch names no model, so the conservative profile '" + fallback.name() + "' was used"
                            + HOW_TO_CHOOSE);
        }
        String alias = aliases.get(given.trim().toLowerCase(Locale.ROOT));
        String modelId = alias == null ? given : alias;
        ProviderSurface api = dispatch.options().api();
        Optional<ModelMatch> found = match(dispatch.provider(), modelId, api);
        String named = "model '" + given + "'" + (alias == null ? "" : " (alias of '" + alias + "')")
                + (dispatch.provider() == null ? "" : " on '" + dispatch.provider() + "'");
        if (found.isEmpty()) {
            return ProfileSelection.fallback(fallback, "no profile is known for " + named + ": fallback "
                    + fallback.name(), "no profile is known for " + named + ", so the conservative profile '"
                    + fallback.name() + "' was used" + HOW_TO_CHOOSE);
        }
        ModelMatch m = found.get();
        String id = ModelTable.resolve(dispatch.provider(), modelId, api).id();
        Variants.Choice choice = Variants.choose(m.family(), id, dispatch);
        OrderingProfile profile = choice.family().equals(m.family()) ? m.profile() : Profiles.profile(choice.family());
        String confidence = m.confidence().name().toLowerCase(Locale.ROOT);
        String reason = named + " -> " + choice.family() + " (" + (choice.family().equals(m.family()) ? ""
                : "base " + m.family() + ", ") + confidence + "): " + choice.reason();
        return ProfileSelection.of(List.of(profile), reason).withInferred(choice.inferred());
    }

    private static final String HOW_TO_CHOOSE = " (it checks only tool-call/result pairing); name a profile (guard "
            + "check -p NAME, OrderingGuard.builder().profile(NAME); guard profiles lists them) or map the name to a "
            + "known model id (guard check --model-alias NAME=MODEL, Profiles.selector().alias(NAME, MODEL))";

    private Optional<ModelMatch> match(String provider, String modelId, ProviderSurface api) {
        String key = provider + "\u0000" + modelId + "\u0000" + api;
        Optional<ModelMatch> m = matches.get(key);
        if (m == null) {
            m = Profiles.match(provider, modelId, api);
            if (matches.size() >= MAX_CACHED) {
                matches.clear();
            }
            matches.put(key, m);
        }
        return m;
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        aliases.forEach((k, v) -> parts.add(k + "=" + v));
        return "ModelSelector[aliases=" + parts + ", fallback=" + fallback.name() + "]";
    }
}
