package io.orderingguard.wire;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.rule.Facet;
import io.orderingguard.rule.Finding;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A request body read into a {@link Dispatch}, with the wire position of every entry, so a finding
 * about an entry can name where it sits in the body ({@code messages[3].content[1]}).
 *
 * <p>Positions are JSON paths relative to the body root, without the leading {@code $.}. When a
 * body repeats an id (a defect a rule reports), the first occurrence's position is kept.
 *
 * <p>The codecs read positions only when they are first asked for ({@link #deferred}): a guard that
 * lets a request pass never needs them, and building a path string for every block of every request
 * would cost more than the check.
 *
 * <p>Thread-safe: immutable (deferred positions are read once, under a lock).
 *
 * @param dispatch the dispatch
 * @param positions entry id → wire position of the entry (for a tool call: of the call block)
 * @param resultPositions tool call id → wire position of its result (for an orphan result: the same
 *     position as in {@code positions})
 * @param unknownShapes the parts of the body the surface's vocabulary does not describe, carried
 *     through unchanged, in body order
 */
public record ParsedBody(Dispatch dispatch, Map<String, String> positions, Map<String, String> resultPositions,
        List<UnknownShape> unknownShapes) {

    /** Validates and copies the fields. */
    public ParsedBody {
        Require.nonNull(dispatch, "dispatch");
        Require.nonNull(positions, "positions");
        Require.nonNull(resultPositions, "resultPositions");
        positions = positions instanceof Deferred ? positions : Map.copyOf(positions);
        resultPositions = resultPositions instanceof Deferred ? resultPositions : Map.copyOf(resultPositions);
        unknownShapes = List.copyOf(Require.nonNull(unknownShapes, "unknownShapes"));
    }

    /**
     * Creates a parsed body in which every part was recognised.
     *
     * @param dispatch the dispatch
     * @param positions entry id → wire position
     * @param resultPositions call id → wire position of its result
     */
    public ParsedBody(Dispatch dispatch, Map<String, String> positions, Map<String, String> resultPositions) {
        this(dispatch, positions, resultPositions, List.of());
    }

    /**
     * Returns a parsed body whose positions are taken, when first asked for, from the parsed body a
     * supplier reads (the same body read again with its positions).
     *
     * <pre>{@code
     * ParsedBody parsed = ParsedBody.deferred(dispatch, () -> readWithPositions(body));
     * }</pre>
     *
     * @param dispatch the dispatch
     * @param withPositions reads the body with its positions; called at most once
     * @return the parsed body
     */
    public static ParsedBody deferred(Dispatch dispatch, Supplier<ParsedBody> withPositions) {
        return deferred(dispatch, List.of(), withPositions);
    }

    /**
     * Returns a parsed body with unknown shapes whose positions are taken, when first asked for, from
     * the parsed body a supplier reads.
     *
     * @param dispatch the dispatch
     * @param unknownShapes the parts of the body the surface's vocabulary does not describe
     * @param withPositions reads the body with its positions; called at most once
     * @return the parsed body
     */
    public static ParsedBody deferred(Dispatch dispatch, List<UnknownShape> unknownShapes,
            Supplier<ParsedBody> withPositions) {
        Once once = new Once(Require.nonNull(withPositions, "withPositions"));
        return new ParsedBody(dispatch, new Deferred(once, false), new Deferred(once, true), unknownShapes);
    }

    /**
     * Returns a result with this body's unknown shapes added to its advisories, one finding each
     * ({@link UnknownShape#toFinding}), unless the guard disables {@value UnknownShape#RULE_ID}.
     *
     * @param result the guard's result on {@link #dispatch()}
     * @param guard the guard that produced it
     * @return the result, with the findings added (the same result when there are none)
     */
    public GuardResult advise(GuardResult result, OrderingGuard guard) {
        if (unknownShapes.isEmpty() || guard.disabledAdvisoryRuleIds().contains(UnknownShape.RULE_ID)) {
            return result;
        }
        List<Finding> advisories = new ArrayList<>(result.advisories());
        for (UnknownShape shape : unknownShapes) {
            advisories.add(shape.toFinding(result.profile()));
        }
        return new GuardResult(result.outcome(), result.mode(), result.shadow(), result.profile(), result.dispatch(),
                result.blocking(), advisories, result.repairs(), result.unrepaired(), result.repairFailures(),
                result.selection());
    }

    /**
     * Returns the wire position of an entry.
     *
     * @param entryId the entry id
     * @return the position such as {@code messages[3].content[1]}, or {@code null} when no entry
     *     has this id
     */
    public String position(String entryId) {
        return positions.get(entryId);
    }

    /**
     * Returns the wire position of a tool call's result.
     *
     * @param callId the call id
     * @return the position such as {@code messages[4].content[0]}, or {@code null} when the body
     *     carries no result for the call
     */
    public String resultPosition(String callId) {
        return resultPositions.get(callId);
    }

    /**
     * Returns where an entry a finding names sits in the body: for a finding about an orphan result, the
     * result's position first (a result that came too late to answer its call shares the call's id),
     * else the entry's, falling back to the other.
     *
     * @param finding the finding
     * @param entryId one of its primitive ids
     * @return the position, or {@code null} when the body has no such entry or result
     */
    public String position(Finding finding, String entryId) {
        String first = finding.facet() == Facet.ORPHAN ? resultPosition(entryId) : position(entryId);
        if (first != null) {
            return first;
        }
        return finding.facet() == Facet.ORPHAN ? position(entryId) : resultPosition(entryId);
    }

    /** The parsed body with positions, read once. */
    private static final class Once {
        private Supplier<ParsedBody> supplier;
        private ParsedBody value;

        Once(Supplier<ParsedBody> supplier) {
            this.supplier = supplier;
        }

        synchronized ParsedBody get() {
            if (value == null) {
                value = Require.nonNull(supplier.get(), "the parsed body with positions");
                supplier = null;
            }
            return value;
        }
    }

    /** An unmodifiable map of positions read when first used. */
    private static final class Deferred extends AbstractMap<String, String> {
        private final Once once;
        private final boolean results;

        Deferred(Once once, boolean results) {
            this.once = once;
            this.results = results;
        }

        private Map<String, String> map() {
            ParsedBody read = once.get();
            return results ? read.resultPositions() : read.positions();
        }

        @Override
        public String get(Object key) {
            return map().get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return map().containsKey(key);
        }

        @Override
        public int size() {
            return map().size();
        }

        @Override
        public Set<Entry<String, String>> entrySet() {
            return map().entrySet();
        }
    }
}
