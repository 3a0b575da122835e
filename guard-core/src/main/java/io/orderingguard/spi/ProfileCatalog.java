package io.orderingguard.spi;

import io.orderingguard.rule.OrderingProfile;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * A source of named profiles, found with {@link java.util.ServiceLoader} so that
 * {@code OrderingGuard.builder().profile("gemini-3")} works when {@code guard-profiles} is on the
 * class path. Implementations must be thread-safe.
 */
public interface ProfileCatalog {

    /**
     * Finds a profile by name.
     *
     * @param name a behaviour or family name
     * @return the profile, or empty when unknown
     */
    Optional<OrderingProfile> find(String name);

    /**
     * Returns every name this catalogue knows, for "did you mean" messages.
     *
     * @return the names
     */
    List<String> names();

    /**
     * Returns the id of every rule of every profile this catalogue knows.
     *
     * @return the rule ids, in catalogue order
     */
    default Set<String> ruleIds() {
        Set<String> ids = new LinkedHashSet<>();
        for (String name : names()) {
            find(name).ifPresent(p -> p.rules().forEach(r -> ids.add(r.id())));
        }
        return ids;
    }

    /**
     * Names the rule a provider's rejection text reports, when this catalogue's evidence quotes it.
     * Lets a guard tell a confirmed or missed rejection from one about something else.
     *
     * @param errorText the provider's error message
     * @return the ids of the rules known to produce the text, best match first (several when families
     *     share a check); empty when none
     */
    default List<String> classifyRejection(String errorText) {
        return List.of();
    }

    /**
     * Returns the id of every rule of every catalogue found on the class path, so that a mistyped
     * rule id can be named before the guard runs.
     *
     * @return the rule ids; empty when no catalogue is on the class path
     */
    static Set<String> ruleIdsOnClassPath() {
        Set<String> ids = new LinkedHashSet<>();
        for (ProfileCatalog catalog : ServiceLoader.load(ProfileCatalog.class, ProfileCatalog.class.getClassLoader())) {
            ids.addAll(catalog.ruleIds());
        }
        return ids;
    }
}
