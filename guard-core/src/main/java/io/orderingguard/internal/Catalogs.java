package io.orderingguard.internal;

import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.spi.ProfileCatalog;
import io.orderingguard.support.Suggestions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Finds named profiles in the {@link ProfileCatalog}s on the class path. Not public API.
 */
public final class Catalogs {

    private static volatile List<ProfileCatalog> loaded;

    private Catalogs() {}

    /**
     * Returns the catalogues found with {@link ServiceLoader}.
     *
     * @return the catalogues, loaded once
     */
    public static List<ProfileCatalog> all() {
        List<ProfileCatalog> c = loaded;
        if (c == null) {
            List<ProfileCatalog> found = new ArrayList<>();
            for (ProfileCatalog catalog : ServiceLoader.load(ProfileCatalog.class, Catalogs.class.getClassLoader())) {
                found.add(catalog);
            }
            c = List.copyOf(found);
            loaded = c;
        }
        return c;
    }

    /**
     * Looks a profile name up.
     *
     * @param name the name
     * @return the profile, or empty
     */
    public static Optional<OrderingProfile> find(String name) {
        for (ProfileCatalog catalog : all()) {
            Optional<OrderingProfile> p = catalog.find(name);
            if (p.isPresent()) {
                return p;
            }
        }
        return Optional.empty();
    }

    /**
     * Describes why a name does not resolve.
     *
     * @param name the name
     * @return the problem, or {@code null} when it resolves
     */
    public static String problem(String name) {
        if (find(name).isPresent()) {
            return null;
        }
        if (all().isEmpty()) {
            return "unknown profile '" + name + "': no profile catalogue is on the class path "
                    + "(add the guard-profiles module, or pass OrderingProfile objects)";
        }
        List<String> names = new ArrayList<>();
        for (ProfileCatalog catalog : all()) {
            names.addAll(catalog.names());
        }
        return "unknown profile '" + name + "'" + Suggestions.didYouMean(name, names);
    }

    /**
     * Names the rule a provider rejection text reports, asking each catalogue in turn.
     *
     * @param errorText the provider's error message
     * @return the rule ids the first catalogue that knows the text names, best first; empty when none
     */
    public static List<String> classifyRejection(String errorText) {
        for (ProfileCatalog catalog : all()) {
            List<String> rules = catalog.classifyRejection(errorText);
            if (!rules.isEmpty()) {
                return rules;
            }
        }
        return List.of();
    }
}
