package io.orderingguard.spring.boot;

import io.orderingguard.CheckObserver;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardInputException;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.spi.Stash;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@link OrderingGuard} the {@code ordering-guard.*} properties describe. */
final class GuardFactory {

    /** What {@link GuardConfigException} names as configured: the failure analyzer recognises it. */
    static final String WHAT = "ordering-guard properties";

    /** The problem reported when the Redis stash is asked for but guard-redis is absent. */
    static final String NO_GUARD_REDIS = "ordering-guard.stash.type is redis, but guard-redis is not on the class "
            + "path; add the dependency io.orderingguard:guard-redis";

    private GuardFactory() {}

    /**
     * Builds the guard.
     *
     * @param properties the bound properties
     * @param stash the stash the properties chose (the auto-configured one or the application's), or
     *     {@code null} for none
     * @param observers observers to attach (metrics, the application's own)
     * @param listeners listeners to attach (the verdict counter, the exchange log, the application's own)
     * @throws GuardConfigException listing every invalid property, each naming the property and value
     */
    static OrderingGuard build(OrderingGuardProperties properties, Stash stash, List<CheckObserver> observers,
            List<GuardListener> listeners) {
        List<String> problems = new ArrayList<>();
        OrderingGuard.Builder builder = configure(properties, problems);
        if (properties.stash().type() == StashKind.REDIS && stash == null) {
            problems.add(NO_GUARD_REDIS);
        }
        if (!problems.isEmpty()) {
            throw new GuardConfigException(WHAT, problems);
        }
        if (properties.stash().type() != StashKind.NONE) {
            builder.stash(stash);
        }
        observers.forEach(builder::observer);
        listeners.forEach(builder::listener);
        return build(builder);
    }

    /**
     * Lists what is wrong with the guard's properties (profiles, fallback, disabled rule ids), without
     * building a guard to use: the stash's own configuration reports these first, so one startup
     * failure names every bad property whichever bean Spring creates first.
     *
     * @param properties the bound properties
     * @return the problems, each naming the property; empty when the guard can be built
     */
    static List<String> problems(OrderingGuardProperties properties) {
        List<String> problems = new ArrayList<>();
        OrderingGuard.Builder builder = configure(properties, problems);
        if (problems.isEmpty()) {
            try {
                build(builder);
            } catch (GuardConfigException e) {
                problems.addAll(e.problems());
            }
        }
        return problems;
    }

    /** A builder with every property but the stash applied; what cannot be applied goes to problems. */
    private static OrderingGuard.Builder configure(OrderingGuardProperties properties, List<String> problems) {
        OrderingGuard.Builder builder = OrderingGuard.builder();
        List<String> names = properties.profiles();
        for (int i = 0; i < names.size(); i++) {
            String problem = Profiles.problem(names.get(i));
            if (problem == null) {
                builder.profile(names.get(i));
            } else {
                problems.add("ordering-guard.profiles[" + i + "]: " + problem);
            }
        }
        ProfileCodec codec = ProfileCodec.defaults();
        List<Path> files = properties.profileFiles();
        for (int i = 0; i < files.size(); i++) {
            try {
                builder.profile(codec.read(files.get(i)));
            } catch (GuardInputException | GuardConfigException e) {
                problems.add("ordering-guard.profile-files[" + i + "]: " + e.getMessage());
            }
        }
        boolean fixed = !properties.profiles().isEmpty() || !files.isEmpty();
        String fallback = properties.fallbackProfile();
        if (fixed && fallback != null) {
            problems.add("ordering-guard.fallback-profile applies to model-based selection only, but "
                    + "ordering-guard.profiles or ordering-guard.profile-files name fixed profiles; set one or the other");
        } else if (!fixed && fallback != null && Profiles.problem(fallback) != null) {
            problems.add("ordering-guard.fallback-profile: " + Profiles.problem(fallback));
        } else if (!fixed) {
            builder.selectProfiles(fallback == null ? Profiles.selector() : Profiles.selector(fallback));
        }
        return builder.mode(properties.mode() == GuardMode.MUTATE ? Mode.MUTATE
                        : properties.mode() == GuardMode.SHADOW ? Mode.SHADOW : Mode.ENFORCE)
                .disableAdvisoryRuleIds(properties.disabledAdvisoryRuleIds().toArray(String[]::new))
                .onStashFailure(properties.stash().failureMode());
    }

    private static OrderingGuard build(OrderingGuard.Builder builder) {
        try {
            return builder.build();
        } catch (GuardConfigException e) {
            throw new GuardConfigException(WHAT, e.problems().stream().map(GuardFactory::propertyNamed).toList());
        }
    }

    /** Names the property where guard-core's builder names its own option. */
    private static String propertyNamed(String problem) {
        String option = "disableAdvisoryRuleIds";
        return problem.startsWith(option) ? "ordering-guard.disabled-advisory-rule-ids" + problem.substring(option.length())
                : problem;
    }
}
