package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import java.util.List;

/**
 * What a rule's repair of one finding did to the working entries: applied a strategy, found that no
 * repair exists, or found nothing to do (another repair of the same pass already settled the
 * finding). Returned by {@link OrderingRule#repair}; the guard turns it into a repair record or a
 * repair failure of its result.
 *
 * <p>Thread-safe: immutable.
 */
public sealed interface RepairResult permits RepairResult.Applied, RepairResult.Unrepairable, RepairResult.NotApplicable {

    /**
     * A repair that changed the working entries.
     *
     * @param strategy the strategy applied
     * @param targetId the entry moved or changed, or {@code null}
     * @param blockerId the entry it was moved before, or {@code null}
     * @param detail one human sentence saying what was done
     * @param removed the entries removed (or replaced), with their content
     * @param inserted the entries created (or the replacements)
     */
    record Applied(RepairStrategy strategy, String targetId, String blockerId, String detail, List<Entry> removed,
            List<Entry> inserted) implements RepairResult {

        /** Validates and copies the fields. */
        public Applied {
            Require.nonNull(strategy, "strategy");
            Require.argument(strategy != RepairStrategy.NONE, "strategy must name a repair, but was none");
            Require.nonNull(detail, "detail");
            removed = List.copyOf(Require.nonNull(removed, "removed"));
            inserted = List.copyOf(Require.nonNull(inserted, "inserted"));
        }
    }

    /**
     * No repair exists for the finding; it stays unrepaired.
     *
     * @param strategy the strategy that was attempted, or {@link RepairStrategy#NONE}
     * @param reason why it cannot be repaired
     */
    record Unrepairable(RepairStrategy strategy, String reason) implements RepairResult {

        /** Validates the fields. */
        public Unrepairable {
            Require.nonNull(strategy, "strategy");
            Require.nonBlank(reason, "reason");
        }
    }

    /** Nothing to do: the finding no longer holds in the working entries. */
    record NotApplicable() implements RepairResult {}

    /**
     * A repair that changed the working entries.
     *
     * @param strategy the strategy applied
     * @param targetId the entry moved or changed, or {@code null}
     * @param blockerId the entry it was moved before, or {@code null}
     * @param detail one human sentence saying what was done
     * @param removed the entries removed (or replaced)
     * @param inserted the entries created (or the replacements)
     * @return the result
     */
    static RepairResult applied(RepairStrategy strategy, String targetId, String blockerId, String detail,
            List<Entry> removed, List<Entry> inserted) {
        return new Applied(strategy, targetId, blockerId, detail, removed, inserted);
    }

    /**
     * No repair exists.
     *
     * @param strategy the strategy attempted, or {@link RepairStrategy#NONE}
     * @param reason why
     * @return the result
     */
    static RepairResult unrepairable(RepairStrategy strategy, String reason) {
        return new Unrepairable(strategy, reason);
    }

    /**
     * Nothing to do.
     *
     * @return the result
     */
    static RepairResult notApplicable() {
        return new NotApplicable();
    }
}
