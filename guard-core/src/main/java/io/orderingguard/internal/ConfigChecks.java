package io.orderingguard.internal;

import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.ProfileCatalog;
import io.orderingguard.spi.ProfileSelector;
import io.orderingguard.support.Suggestions;
import io.vavr.collection.List;
import io.vavr.collection.Seq;
import io.vavr.control.Validation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Collects configuration checks as vavr {@link Validation}s so that one failure reports every
 * problem. Not public API; vavr stays inside.
 *
 * <p>Not thread-safe: one instance per validation.
 */
public final class ConfigChecks {

    private final java.util.List<Validation<Seq<String>, Object>> checks = new ArrayList<>();

    /**
     * Adds a check.
     *
     * @param ok the condition
     * @param problem the problem when the condition does not hold
     * @return this
     */
    public ConfigChecks require(boolean ok, Supplier<String> problem) {
        checks.add(ok ? Validation.valid(Boolean.TRUE) : Validation.invalid(List.of(problem.get())));
        return this;
    }

    /**
     * Adds a problem found elsewhere.
     *
     * @param problem the problem, or {@code null} for none
     * @return this
     */
    public ConfigChecks problem(String problem) {
        if (problem != null) {
            checks.add(Validation.invalid(List.of(problem)));
        }
        return this;
    }

    /**
     * Returns every problem found, in the order the checks were added.
     *
     * @return the problems; empty when every check passed
     */
    public java.util.List<String> problems() {
        Validation<Seq<String>, Seq<Object>> all = Validation.sequence(checks);
        return all.isInvalid() ? all.getError().asJava() : java.util.List.of();
    }

    /**
     * Names each disabled advisory id that no rule the guard can run has: a typo there would otherwise
     * silence nothing, quietly.
     *
     * @param disabled the ids given to {@code disableAdvisoryRuleIds}
     * @param selector the profile selector, or {@code null} for fixed profiles
     * @param fixed the fixed profiles
     * @param own the guard's own advisory ids, always known
     * @return one problem per unknown id, with the closest known ids
     */
    public static java.util.List<String> unknownRuleIds(Set<String> disabled, ProfileSelector selector,
            java.util.List<OrderingProfile> fixed, Set<String> own) {
        Set<String> known = new LinkedHashSet<>(own);
        if (selector != null) {
            known.addAll(selector.ruleIds());
        }
        for (OrderingProfile p : fixed) {
            for (OrderingRule r : p.rules()) {
                known.add(r.id());
            }
        }
        java.util.List<String> unknown = new ArrayList<>();
        java.util.List<String> candidates = java.util.List.copyOf(known);
        for (String id : disabled) {
            if (!known.contains(id)) {
                unknown.add("disableAdvisoryRuleIds: no rule of the " + (selector != null ? "selectable" : "configured")
                        + " profiles has the id '" + id + "'" + Suggestions.didYouMean(id, candidates));
            }
        }
        return unknown;
    }

    /**
     * Names each disabled advisory id that is blocking in every profile the guard can run that has it:
     * {@code disableAdvisoryRuleIds} drops advisory findings only, so the rule would go on blocking.
     * Each problem names the rule, its severity and the profile override that demotes it.
     *
     * @param disabled the ids given to {@code disableAdvisoryRuleIds}
     * @param selector the profile selector, or {@code null} for fixed profiles (a selector's candidates
     *     are the profiles of the catalogues on the class path)
     * @param fixed the fixed profiles
     * @return one problem per blocking id
     */
    public static java.util.List<String> blockingRuleIds(Set<String> disabled, ProfileSelector selector,
            java.util.List<OrderingProfile> fixed) {
        java.util.List<OrderingProfile> candidates = new ArrayList<>(fixed);
        if (selector != null) {
            for (ProfileCatalog catalog : Catalogs.all()) {
                for (String name : catalog.names()) {
                    catalog.find(name).ifPresent(candidates::add);
                }
            }
        }
        Map<String, java.util.List<String>> blockingIn = new LinkedHashMap<>();
        Set<String> advisory = new LinkedHashSet<>();
        for (OrderingProfile p : candidates) {
            for (OrderingRule r : p.rules()) {
                if (!disabled.contains(r.id())) {
                    continue;
                }
                if (r.severity() == Severity.BLOCKING) {
                    java.util.List<String> names = blockingIn.computeIfAbsent(r.id(), k -> new ArrayList<>());
                    if (!names.contains(p.name())) {
                        names.add(p.name());
                    }
                } else {
                    advisory.add(r.id());
                }
            }
        }
        java.util.List<String> problems = new ArrayList<>();
        for (Map.Entry<String, java.util.List<String>> e : blockingIn.entrySet()) {
            if (advisory.contains(e.getKey())) {
                continue; // advisory somewhere the guard can run it: disabling it there has an effect
            }
            java.util.List<String> names = e.getValue();
            String where = names.size() <= 3 ? String.join(", ", names)
                    : String.join(", ", names.subList(0, 3)) + " and " + (names.size() - 3) + " more";
            problems.add("disableAdvisoryRuleIds: rule '" + e.getKey() + "' is blocking (in " + where
                    + "), and only advisory findings can be disabled; to demote it, use a profile file with "
                    + "'extends: [" + names.get(0) + "]' and 'overrides: {" + e.getKey() + ": {severity: advisory}}'");
        }
        return problems;
    }
}
