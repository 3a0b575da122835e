package io.orderingguard.rule;

import io.orderingguard.support.Require;
import java.util.ArrayList;
import java.util.List;

/**
 * A named set of rules for one model family or behaviour.
 *
 * <p>{@code permissive} is a claim, not an absence: the vendor documents no ordering limitation. A
 * permissive profile has no rules. A profile with an empty rule list and {@code permissive=false}
 * simply has no rules written yet.
 *
 * @param name the profile name, e.g. {@code gemini-3}
 * @param description one sentence saying what the profile models
 * @param permissive whether the vendor documents no ordering limitation
 * @param rules the rules, in evaluation order
 */
public record OrderingProfile(String name, String description, boolean permissive, List<OrderingRule> rules) {

    /** Validates the fields. */
    public OrderingProfile {
        Require.nonBlank(name, "name");
        description = description == null ? "" : description;
        Require.nonNull(rules, "rules");
        for (int i = 0; i < rules.size(); i++) {
            Require.nonNull(rules.get(i), "rules[" + i + "]");
        }
        rules = List.copyOf(rules);
        Require.argument(!permissive || rules.isEmpty(),
                "a permissive profile has no rules, but profile '" + name + "' has " + rules.size());
    }

    /**
     * Creates a profile.
     *
     * @param name the name
     * @param description the description
     * @param rules the rules
     * @return the profile
     */
    public static OrderingProfile of(String name, String description, List<? extends OrderingRule> rules) {
        return new OrderingProfile(name, description, false, List.copyOf(rules));
    }

    /**
     * Creates a profile.
     *
     * @param name the name
     * @param rules the rules
     * @return the profile
     */
    public static OrderingProfile of(String name, OrderingRule... rules) {
        return new OrderingProfile(name, "", false, List.of(rules));
    }

    /**
     * Creates a permissive profile: the vendor documents no ordering limitation.
     *
     * @param name the name
     * @param description the description
     * @return the profile
     */
    public static OrderingProfile permissive(String name, String description) {
        return new OrderingProfile(name, description, true, List.of());
    }

    /**
     * Merges profiles into one whose rules are all of theirs, in order, with no de-duplication (two
     * independently sourced rules with the same id both stay visible). The name is
     * {@code union(a+b+…)}; a single profile is returned as it is.
     *
     * @param profiles the profiles, at least one
     * @return the union
     */
    public static OrderingProfile union(List<OrderingProfile> profiles) {
        Require.argument(!Require.nonNull(profiles, "profiles").isEmpty(), "profiles must not be empty");
        if (profiles.size() == 1) {
            return profiles.get(0);
        }
        List<String> names = new ArrayList<>();
        List<OrderingRule> rules = new ArrayList<>();
        boolean permissive = true;
        for (OrderingProfile p : profiles) {
            names.add(p.name());
            rules.addAll(p.rules());
            permissive &= p.permissive();
        }
        return new OrderingProfile("union(" + String.join("+", names) + ")",
                "Union of " + String.join(", ", names), permissive && rules.isEmpty(), rules);
    }

    /**
     * Returns whether any rule compares with the previous dispatch.
     *
     * @return {@code true} when a preservation rule is present
     */
    public boolean stateful() {
        for (OrderingRule r : rules) {
            if (r.stateful()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns a copy with other rules.
     *
     * @param newRules the rules
     * @return the copy (not permissive when rules are given)
     */
    public OrderingProfile withRules(List<? extends OrderingRule> newRules) {
        return new OrderingProfile(name, description, permissive && newRules.isEmpty(), List.copyOf(newRules));
    }
}
