package io.orderingguard.benchmarks;

import io.orderingguard.Mode;
import io.orderingguard.OrderingGuard;
import io.orderingguard.profiles.CatalogEntry;
import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.spi.Stash;
import java.util.ArrayList;
import java.util.List;

/**
 * The profiles and guards the benchmarks run: the widest shipped family (the family with the most
 * rules) and the union of every atomic behaviour.
 *
 * <p>Thread-safe: stateless.
 */
public final class Guards {

    private Guards() {}

    /**
     * Returns the shipped family with the most rules (the first such family in catalogue order on a tie).
     *
     * @return the widest family
     */
    public static OrderingProfile widestFamily() {
        CatalogEntry widest = null;
        for (CatalogEntry e : Profiles.families()) {
            if (widest == null || e.rules().size() > widest.rules().size()) {
                widest = e;
            }
        }
        if (widest == null) {
            throw new IllegalStateException("guard-profiles ships no family");
        }
        return widest.profile();
    }

    /**
     * Returns every shipped atomic behaviour, to be composed by union.
     *
     * @return the behaviour profiles in catalogue order
     */
    public static List<OrderingProfile> allBehaviours() {
        List<OrderingProfile> all = new ArrayList<>();
        for (CatalogEntry e : Profiles.behaviours()) {
            all.add(e.profile());
        }
        return List.copyOf(all);
    }

    /**
     * Builds an enforce-mode guard over the widest family, without a stash (preservation rules idle).
     *
     * @return the guard
     */
    public static OrderingGuard widestEnforce() {
        return OrderingGuard.builder().profile(widestFamily()).build();
    }

    /**
     * Builds a mutate-mode guard over the widest family, without a stash.
     *
     * @return the guard
     */
    public static OrderingGuard widestMutate() {
        return OrderingGuard.builder().profile(widestFamily()).mode(Mode.MUTATE).build();
    }

    /**
     * Builds an enforce-mode guard over the widest family that keeps preservation baselines in a stash.
     *
     * @param stash the stash
     * @return the guard
     */
    public static OrderingGuard widestStashed(Stash stash) {
        return OrderingGuard.builder().profile(widestFamily()).stash(stash).build();
    }

    /**
     * Builds an enforce-mode guard over the union of every atomic behaviour, without a stash.
     *
     * @return the guard
     */
    public static OrderingGuard unionEnforce() {
        return OrderingGuard.builder().profiles(allBehaviours()).build();
    }
}
