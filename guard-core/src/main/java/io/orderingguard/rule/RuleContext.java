package io.orderingguard.rule;

import io.orderingguard.rule.IdIndex;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.TimelineStructure;
import io.orderingguard.timeline.ToolCall;
import java.util.List;

/**
 * What a rule sees when it checks a dispatch: the timeline with its derived structure and declared
 * tools, the surface, the dispatch identity, and for preservation rules the {@link Baseline} (the
 * last dispatch sent in the same conversation).
 *
 * <p>Not thread-safe: one context serves one check (it caches the alignment with the baseline).
 */
public final class RuleContext {

    private final Dispatch dispatch;
    private final Timeline timeline;
    private final TimelineStructure structure;
    private final Baseline previous;
    private int[] priorToCurrent;

    private RuleContext(Dispatch dispatch, Baseline previous) {
        this.dispatch = dispatch;
        this.timeline = dispatch.timeline();
        this.structure = timeline.structure();
        this.previous = previous;
    }

    /**
     * Creates a context.
     *
     * @param dispatch the dispatch being checked
     * @param previous the baseline (the last dispatch sent), or {@code null}
     * @return the context
     */
    public static RuleContext of(Dispatch dispatch, Baseline previous) {
        return new RuleContext(Require.nonNull(dispatch, "dispatch"), previous);
    }

    /**
     * Returns the dispatch.
     *
     * @return the dispatch
     */
    public Dispatch dispatch() {
        return dispatch;
    }

    /**
     * Returns the timeline.
     *
     * @return the timeline
     */
    public Timeline timeline() {
        return timeline;
    }

    /**
     * Returns the entries.
     *
     * @return the entries in wire order
     */
    public List<Entry> entries() {
        return timeline.entries();
    }

    /**
     * Returns the derived structure.
     *
     * @return the structure
     */
    public TimelineStructure structure() {
        return structure;
    }

    /**
     * Maps each position of the baseline to the position of the same entry (same id and
     * kind, fillers skipped) in this timeline, or -1 when it is gone. Computed once; the common case
     * of a timeline that only grew is a single in-order walk.
     *
     * @return the mapping, or {@code null} without a baseline
     */
    int[] priorToCurrent() {
        if (previous == null) {
            return null;
        }
        int[] map = priorToCurrent;
        if (map == null) {
            map = align(previous, timeline.entries());
            priorToCurrent = map;
        }
        return map;
    }

    private static int[] align(Baseline prior, List<Entry> entries) {
        int n = prior.size();
        int[] map = new int[n];
        int j = 0;
        int i = 0;
        for (; i < n; i++) {
            while (j < entries.size() && Baseline.isFiller(entries.get(j))) {
                j++;
            }
            if (j >= entries.size()) {
                break;
            }
            Entry e = entries.get(j);
            if (!sameEntry(e, prior.id(i), prior.kind(i))) {
                break;
            }
            map[i] = j++;
        }
        if (i == n) {
            return map;
        }
        // the order changed or entries were removed: fall back to an id index
        boolean[] include = new boolean[entries.size()];
        for (int k = 0; k < entries.size(); k++) {
            include[k] = !Baseline.isFiller(entries.get(k));
        }
        IdIndex index = IdIndex.build(entries.size(), k -> entries.get(k).id(), include);
        for (; i < n; i++) {
            int found = -1;
            for (int k = index.first(prior.id(i)); k >= 0; k = index.next(k)) {
                if (entries.get(k).kind() == prior.kind(i)) {
                    found = k;
                    break;
                }
            }
            map[i] = found;
        }
        return map;
    }

    /** Same id and kind; resolved per record type, as interface calls on a mixed list cost more than this. */
    private static boolean sameEntry(Entry e, String id, Kind kind) {
        if (e instanceof Message m) {
            return kind == Kind.MESSAGE && m.id().equals(id);
        }
        if (e instanceof ToolCall c) {
            return kind == Kind.TOOL_CALL && c.id().equals(id);
        }
        return kind == Kind.THOUGHT && ((Thought) e).id().equals(id);
    }

    /**
     * Returns the baseline: what the last dispatch actually sent looked like.
     *
     * @return the baseline, or {@code null} on the first dispatch of a conversation
     */
    public Baseline previous() {
        return previous;
    }
}
