package io.orderingguard.rule;

import java.util.List;
import java.util.Optional;

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
}
