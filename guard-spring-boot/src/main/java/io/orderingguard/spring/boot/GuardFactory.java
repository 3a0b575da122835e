package io.orderingguard.spring.boot;

import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardInputException;
import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.json.ProfileCodec;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.stash.InMemoryStash;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@link OrderingGuard} the {@code ordering-guard.*} properties describe. */
final class GuardFactory {

    /** What {@link GuardConfigException} names as configured: the failure analyzer recognises it. */
    static final String WHAT = "ordering-guard properties";

    private GuardFactory() {}

    /**
     * Builds the guard.
     *
     * @throws GuardConfigException listing every invalid property, each naming the property and value
     */
    static OrderingGuard build(OrderingGuardProperties properties) {
        List<String> problems = new ArrayList<>();
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
        if (!problems.isEmpty()) {
            throw new GuardConfigException(WHAT, problems);
        }
        builder.mode(properties.mode() == GuardMode.MUTATE ? Mode.MUTATE : Mode.ENFORCE)
                .shadow(properties.mode() == GuardMode.SHADOW)
                .disableAdvisoryRuleIds(properties.disabledAdvisoryRuleIds().toArray(String[]::new))
                .onStashFailure(properties.stashFailureMode());
        if (properties.stash() == StashKind.MEMORY) {
            builder.stash(InMemoryStash.create());
        }
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
