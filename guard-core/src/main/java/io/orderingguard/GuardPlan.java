package io.orderingguard;

import io.orderingguard.rule.Composition;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PreservationRule;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The profiles a guard checks a dispatch against, composed once, with what the stash must capture for
 * them.
 *
 * @param units the profiles evaluated one by one: one union for {@link Composition#UNION}, the first
 *     for {@link Composition#FIRST_MATCH}, each for {@link Composition#EACH}
 * @param name the profile names, comma-separated, as findings and results name the profile
 * @param stateful whether any rule compares with the last dispatch sent (then the stash is used)
 * @param fieldPaths the payload fields the preservation rules compare, in first-seen order
 */
record GuardPlan(List<OrderingProfile> units, String name, boolean stateful, List<String> fieldPaths) {

    /**
     * Composes profiles.
     *
     * @param profiles the profiles, at least one
     * @param composition how to compose them
     * @return the plan
     */
    static GuardPlan of(List<OrderingProfile> profiles, Composition composition) {
        List<OrderingProfile> units = switch (composition) {
            case UNION -> List.of(OrderingProfile.union(profiles));
            case FIRST_MATCH -> List.of(profiles.get(0));
            case EACH -> List.copyOf(profiles);
        };
        List<String> names = new ArrayList<>();
        boolean stateful = false;
        Set<String> paths = new LinkedHashSet<>();
        for (OrderingProfile p : units) {
            names.add(p.name());
            for (OrderingRule r : p.rules()) {
                if (r instanceof PreservationRule pr) {
                    stateful = true;
                    if (pr.payloadField() != null) {
                        paths.add(pr.payloadField());
                    }
                }
            }
        }
        return new GuardPlan(units, String.join(", ", names), stateful, List.copyOf(paths));
    }
}
