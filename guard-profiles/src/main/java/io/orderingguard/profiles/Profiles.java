package io.orderingguard.profiles;

import io.orderingguard.GuardConfigException;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.spi.ProfileSelector;
import io.orderingguard.support.Require;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Dispatch;
import java.util.List;
import java.util.Optional;

/**
 * The shipped behaviours and families, and the choice of a family from a model id.
 *
 * <pre>{@code
 * OrderingProfile p = Profiles.profile("gemini-3-api");                 // by name
 * OrderingProfile q = Profiles.forModel("claude-sonnet-4-5-20250929");   // anthropic-messages
 * OrderingProfile r = Profiles.forDispatch("bedrock", "anthropic.claude-3-7-sonnet-20250219-v1:0");
 * OrderingGuard guard = OrderingGuard.builder()
 *         .selectProfiles(Profiles.selector(Profiles.profile("permissive")))  // unknown models: no rules
 *         .build();
 * }</pre>
 *
 * <p>Two kinds of family are shipped. The <b>reference families</b> ({@code gemini-3},
 * {@code anthropic-manual-thinking}, … and {@code grok}) are the reference catalogue's recipes, with
 * its rule ids and severities. The <b>provider families</b> ({@code anthropic-messages},
 * {@code gemini-3-api}, {@code bedrock-converse-api}, …) are keyed by API surface and model
 * generation; each is composed of the reference behaviours the provider evidence supports, followed
 * by provider rules (new ids, provenance with the provider's error text) that block only what the
 * provider rejects. Model selection returns a provider family where one exists, else a reference
 * family.
 *
 * <p>Thread-safe: stateless.
 */
public final class Profiles {

    private Profiles() {}

    /** Created on first use, after the catalogue it falls back into. */
    private static final class DefaultSelector {
        static final ModelSelector INSTANCE = ModelSelector.defaults();
    }

    /**
     * Resolves a behaviour or family by name.
     *
     * @param name a family key ({@code gemini-3-api}), a behaviour key or token
     *     ({@code strict_alternation}, {@code full_history_preservation:thought}) or a behaviour's
     *     profile name ({@code strict-alternation})
     * @return the profile
     * @throws GuardConfigException for an unknown name (listing the closest known names) or a token
     *     with bad parameters
     */
    public static OrderingProfile profile(String name) {
        return describe(name).profile();
    }

    /**
     * Looks a behaviour or family up by name.
     *
     * @param name the name
     * @return the profile, or empty when unknown or malformed
     */
    public static Optional<OrderingProfile> find(String name) {
        try {
            return ShippedCatalog.entry(name).map(CatalogEntry::profile);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Returns a behaviour or family with how it is composed.
     *
     * @param name the name
     * @return the entry
     * @throws GuardConfigException for an unknown name (listing the closest known names) or a token
     *     with bad parameters
     */
    public static CatalogEntry describe(String name) {
        Require.nonNull(name, "name");
        try {
            Optional<CatalogEntry> entry = ShippedCatalog.entry(name);
            if (entry.isPresent()) {
                return entry.get();
            }
        } catch (IllegalArgumentException e) {
            throw new GuardConfigException("profile", List.of(e.getMessage()));
        }
        throw new GuardConfigException("profile", List.of(ShippedCatalog.problem(name)));
    }

    /**
     * Describes why a name does not resolve.
     *
     * @param name the name
     * @return one line naming the closest known names, or {@code null} when the name resolves
     */
    public static String problem(String name) {
        return ShippedCatalog.problem(name);
    }

    /** The catalogue's own version: year, month and a sequence number, raised whenever a rule changes. */
    static final String CATALOGUE_VERSION = "2026.12.1";

    /**
     * Returns the version of the shipped catalogue. It moves on its own schedule, apart from the
     * library's semantic version: it is raised whenever a rule, a severity, a family's composition or
     * the model table changes, so a team can tell which provider evidence a guard runs on.
     *
     * @return e.g. {@code 2026.12.1}
     */
    public static String catalogueVersion() {
        return CATALOGUE_VERSION;
    }

    /**
     * Returns when the provider rules were last checked against provider behaviour (each rule's
     * {@code verifiedOn} says how).
     *
     * @return the month, e.g. {@code 2026-11}
     */
    public static String catalogueCheckedOn() {
        return ProviderRules.VERIFIED.substring(0, ProviderRules.VERIFIED.indexOf(' '));
    }

    /**
     * Returns the shipped behaviours: the reference's atomic behaviours, with each parameterised one
     * listed as the tokens the families use.
     *
     * @return the behaviours, in catalogue order
     */
    public static List<CatalogEntry> behaviours() {
        return ShippedCatalog.behaviours();
    }

    /**
     * Returns the shipped families: the reference recipes, {@code grok}, then the provider families.
     *
     * @return the families, in catalogue order
     */
    public static List<CatalogEntry> families() {
        return ShippedCatalog.families();
    }

    /**
     * Returns every name the catalogue resolves without parameters.
     *
     * @return family keys, behaviour keys and tokens, and behaviour profile names
     */
    public static List<String> names() {
        return ShippedCatalog.allNames();
    }

    /**
     * Returns the model table, in matching order (first match wins).
     *
     * @return the rows
     */
    public static List<ModelRule> modelTable() {
        return ModelTable.rows();
    }

    /**
     * Chooses the family for a model id, inferring the API surface from the id alone (a Bedrock id
     * such as {@code us.anthropic.claude-…} means Bedrock Converse).
     *
     * @param modelId the model id, e.g. {@code claude-sonnet-4-5-20250929}
     * @return the family's profile
     * @throws GuardConfigException when no family is known for the model
     */
    public static OrderingProfile forModel(String modelId) {
        return forDispatch(null, modelId);
    }

    /**
     * Chooses the family for a model reached through a provider (API surface).
     *
     * @param provider e.g. {@code anthropic}, {@code vertex}, {@code bedrock}, {@code openai},
     *     {@code openai-responses}, {@code gemini}; {@code null} or an unknown provider gives no hint
     * @param modelId the model id
     * @return the family's profile
     * @throws GuardConfigException when no family is known for the model
     */
    public static OrderingProfile forDispatch(String provider, String modelId) {
        return match(provider, modelId).orElseThrow(() -> new GuardConfigException("profile selection",
                List.of(unknownModel(provider, modelId)))).profile();
    }

    /**
     * Finds the family for a model, with the row that matched and its confidence.
     *
     * @param provider the provider, or {@code null}
     * @param modelId the model id
     * @return the match, or empty when no row matches (or the model id is blank)
     */
    public static Optional<ModelMatch> match(String provider, String modelId) {
        return match(provider, modelId, null);
    }

    /**
     * Finds the family for a model on an API surface: the surface decides (a Responses body gets the
     * Responses families whatever the provider is called; a vendor's model behind a gateway on a
     * surface the vendor does not serve gets {@code gateway-translated}, not the vendor's native rules).
     *
     * @param provider the provider, or {@code null}
     * @param modelId the model id
     * @param api the surface the request is written in, or {@code null} when unknown
     * @return the match, or empty when no row matches (or the model id is blank)
     */
    public static Optional<ModelMatch> match(String provider, String modelId, ProviderSurface api) {
        if (modelId == null || modelId.isBlank()) {
            return Optional.empty();
        }
        ModelRule row = ModelTable.find(provider, modelId, api);
        if (row == null) {
            return Optional.empty();
        }
        OrderingProfile profile = profile(row.family());
        return Optional.of(new ModelMatch(provider, modelId, row.family(), profile, row.confidence(), row));
    }

    /**
     * Returns the shipped selector: the family from each dispatch's provider and model, its variant
     * from the request options (or conservative evidence), the reason in every result, and for an
     * unknown model the conservative {@code unknown-model} family with an advisory finding, never an
     * exception. Configure deployment names with {@link ModelSelector#alias(String, String)}.
     *
     * @return the selector
     */
    public static ModelSelector selector() {
        return DefaultSelector.INSTANCE;
    }

    /**
     * Returns the shipped selector with another fallback for unknown models.
     *
     * @param fallback the profile for models with no known family
     * @return the selector
     */
    public static ModelSelector selector(OrderingProfile fallback) {
        return selector().fallback(fallback);
    }

    /**
     * Returns the shipped selector with a shipped fallback for unknown models.
     *
     * @param fallbackName the name of the fallback, e.g. {@code permissive}
     * @return the selector
     * @throws GuardConfigException when the fallback name is unknown
     */
    public static ModelSelector selector(String fallbackName) {
        return selector(profile(fallbackName));
    }

    private static String unknownModel(String provider, String modelId) {
        if (modelId == null || modelId.isBlank()) {
            return "the dispatch names no model, so no profile can be chosen; name a profile, or configure a "
                    + "fallback with Profiles.selector(fallback)";
        }
        String surface = provider == null ? "" : ModelTable.canonicalProvider(provider) == null
                ? " (provider '" + provider + "' is not a known API surface, so only the model id was used)"
                : " on provider '" + provider + "'";
        return "no profile is known for model '" + modelId + "'" + surface + "; name a profile (guard profiles "
                + "lists them), or configure a fallback with Profiles.selector(fallback)";
    }
}
