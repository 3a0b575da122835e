package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import java.util.List;

/**
 * One repair applied in mutate mode, as data. Nothing is ever lost silently: an entry the repair
 * removed is listed in {@code removed} with its full content, and an entry it created (a filler, a
 * synthesised result) in {@code inserted}. A renamed entry appears in both: the original in
 * {@code removed}, the renamed one in {@code inserted}.
 *
 * @param strategy the strategy, e.g. {@code reorder} or {@code synthesize-missing-tool-result}
 * @param ruleId the rule whose finding it repairs
 * @param primitiveIds the ids involved
 * @param targetId the entry moved or changed, or {@code null}
 * @param blockerId the entry it was moved before, or {@code null}
 * @param detail one human sentence saying what was done
 * @param removed the entries removed, with their content
 * @param inserted the entries created
 */
public record Repair(
        RepairStrategy strategy, String ruleId, List<String> primitiveIds, String targetId, String blockerId, String detail,
        List<Entry> removed, List<Entry> inserted) {

    /** Validates and copies the fields. */
    public Repair {
        Require.nonNull(strategy, "strategy");
        Require.nonBlank(ruleId, "ruleId");
        primitiveIds = List.copyOf(Require.nonNull(primitiveIds, "primitiveIds"));
        Require.nonNull(detail, "detail");
        removed = removed == null ? List.of() : List.copyOf(removed);
        inserted = inserted == null ? List.of() : List.copyOf(inserted);
    }
}
