package io.orderingguard.internal;

import io.orderingguard.rule.AlternationRepair;
import io.orderingguard.rule.Facet;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairContext;
import io.orderingguard.rule.RepairFailure;
import io.orderingguard.rule.RepairResult;
import io.orderingguard.rule.RepairStrategy;
import io.orderingguard.rule.RuleContext;
import io.orderingguard.spi.IdRenamer;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Mutate mode's loop: asks the rule of each blocking finding to repair it in a working copy of the
 * entries (the caller's objects are never touched), re-evaluates every stateless rule, and repeats
 * until nothing blocking remains or nothing more can be repaired. What a repair does is each rule
 * type's own business ({@link OrderingRule#repair}); this class only plans the passes. When the pass
 * limit is reached and another pass would still change something, the rules undo each other: nothing
 * is applied, so that what is returned is always a fixed point and {@code mutate(mutate(x))} equals
 * {@code mutate(x)}. Every repair is returned as data, with the full content of anything removed and
 * replaced. Deterministic: the same input is always repaired the same way. Not public API.
 *
 * <p>Thread-safe: immutable; each call works on its own copy.
 */
public final class RepairEngine {

    private final boolean allowMetadataFallback;
    private final String fillerText;
    private final AlternationRepair alternationRepair;
    private final IdRenamer renamer;
    private final int maxPasses;
    private final Set<String> disabledAdvisories;

    /**
     * Creates an engine.
     *
     * @param allowMetadataFallback the guard option {@code allowMetadataFallbackRepair}
     * @param fillerText the text of alternation fillers
     * @param alternationRepair the default for consecutive same-role messages
     * @param renamer the id renamer for colliding ids
     * @param maxPasses the most repair passes
     * @param disabledAdvisories advisory rule ids to drop while re-evaluating
     */
    public RepairEngine(boolean allowMetadataFallback, String fillerText, AlternationRepair alternationRepair,
            IdRenamer renamer, int maxPasses, Set<String> disabledAdvisories) {
        this.allowMetadataFallback = allowMetadataFallback;
        this.fillerText = fillerText;
        this.alternationRepair = alternationRepair;
        this.renamer = renamer;
        this.maxPasses = maxPasses;
        this.disabledAdvisories = disabledAdvisories;
    }

    /**
     * What a repair run produced.
     *
     * @param dispatch the repaired dispatch (the input when nothing was applied)
     * @param repairs the repairs applied, in order
     * @param unrepaired the blocking findings that remain
     * @param failures the repairs that could not be applied
     */
    public record Result(Dispatch dispatch, List<Repair> repairs, List<Finding> unrepaired, List<RepairFailure> failures) {}

    /**
     * Repairs a dispatch.
     *
     * @param input the dispatch as received
     * @param units the composed profiles
     * @param blocking the blocking findings of the input
     * @return the repaired dispatch, the repairs, what stays unrepaired and the failures
     */
    public Result repair(Dispatch input, List<OrderingProfile> units, List<Finding> blocking) {
        List<Entry> working = new ArrayList<>(input.timeline().entries());
        RepairContext context = new RepairContext(working, allowMetadataFallback, fillerText, alternationRepair,
                renamer::rename);
        List<Finding> permanent = new ArrayList<>();
        List<Finding> current = new ArrayList<>();
        List<RepairFailure> failures = new ArrayList<>();
        for (Finding f : blocking) {
            OrderingRule rule = ruleOf(units, f);
            boolean stash = f.facet() == Facet.STASH_READ || f.facet() == Facet.STASH_WRITE;
            if (stash || rule != null && rule.stateful()) {
                // stash and preservation findings describe history, not this timeline: no repair exists
                permanent.add(f);
                if (rule != null && rule.repair(f.facet(), f.primitiveIds(), context)
                        instanceof RepairResult.Unrepairable u) {
                    failures.add(new RepairFailure(u.strategy(), f.ruleId(), f.primitiveIds(), u.reason()));
                }
            } else {
                current.add(f);
            }
        }
        List<Repair> repairs = new ArrayList<>();
        Set<String> failed = new HashSet<>();
        Dispatch dispatch = input;
        for (int pass = 0; !current.isEmpty(); pass++) {
            if (pass == maxPasses) {
                if (settled(units, current, working)) {
                    break;
                }
                // the repairs keep undoing or re-creating each other's findings: what they reached is no
                // fixed point, so sending it again would repair it again. Change nothing instead.
                return rollBack(input, blocking, permanent, failures);
            }
            boolean changed = false;
            for (Finding f : current) {
                OrderingRule rule = ruleOf(units, f);
                RepairResult outcome = rule == null ? RepairResult.notApplicable()
                        : rule.repair(f.facet(), f.primitiveIds(), context);
                if (outcome instanceof RepairResult.Applied a) {
                    repairs.add(new Repair(a.strategy(), f.ruleId(), f.primitiveIds(), a.targetId(), a.blockerId(),
                            a.detail(), a.removed(), a.inserted()));
                    changed = true;
                } else if (outcome instanceof RepairResult.Unrepairable u && failed.add(u.strategy() + "|" + f.key())) {
                    failures.add(new RepairFailure(u.strategy(), f.ruleId(), f.primitiveIds(), u.reason()));
                }
            }
            if (!changed) {
                break;
            }
            dispatch = input.withTimeline(input.timeline().withEntries(working));
            current = new ArrayList<>(Evaluator.run(units, RuleContext.of(dispatch, null), disabledAdvisories, true, false)
                    .blocking());
        }
        List<Finding> unrepaired = new ArrayList<>(current);
        unrepaired.addAll(permanent);
        return new Result(dispatch, repairs, unrepaired, failures);
    }

    /** Whether another pass would change nothing (repairs are tried on a copy and discarded). */
    private boolean settled(List<OrderingProfile> units, List<Finding> current, List<Entry> working) {
        RepairContext probe = new RepairContext(new ArrayList<>(working), allowMetadataFallback, fillerText,
                alternationRepair, renamer::rename);
        for (Finding f : current) {
            OrderingRule rule = ruleOf(units, f);
            if (rule != null && rule.repair(f.facet(), f.primitiveIds(), probe) instanceof RepairResult.Applied) {
                return false;
            }
        }
        return true;
    }

    private Result rollBack(Dispatch input, List<Finding> blocking, List<Finding> permanent, List<RepairFailure> failures) {
        List<RepairFailure> all = new ArrayList<>(failures);
        for (Finding f : blocking) {
            if (!permanent.contains(f)) {
                all.add(new RepairFailure(RepairStrategy.NONE, f.ruleId(), f.primitiveIds(),
                        "the repairs did not settle within " + maxPasses + " passes (the profile's rules undo or "
                                + "re-create each other's findings), so none was applied"));
            }
        }
        return new Result(input, List.of(), List.copyOf(blocking), all);
    }

    private static OrderingRule ruleOf(List<OrderingProfile> units, Finding f) {
        for (OrderingProfile p : units) {
            if (!p.name().equals(f.profile())) {
                continue;
            }
            for (OrderingRule r : p.rules()) {
                if (r.id().equals(f.ruleId()) && r.type().equals(f.ruleType())) {
                    return r;
                }
            }
        }
        return null;
    }
}
