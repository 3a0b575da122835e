package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.TimelineStructure;
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
    private CapturedBaseline current;
    private int[] priorToCurrent;

    private RuleContext(Dispatch dispatch, Baseline previous, CapturedBaseline current) {
        this.dispatch = dispatch;
        this.timeline = dispatch.timeline();
        this.structure = timeline.structure();
        this.previous = previous;
        this.current = current;
    }

    /**
     * Creates a context.
     *
     * @param dispatch the dispatch being checked
     * @param previous the baseline (the last dispatch sent), or {@code null}
     * @return the context
     */
    public static RuleContext of(Dispatch dispatch, Baseline previous) {
        return new RuleContext(Require.nonNull(dispatch, "dispatch"), previous, null);
    }

    /**
     * Creates a context whose dispatch has been captured already (the guard captures a tracked dispatch
     * once, and stores the same capture in the stash when the dispatch is sent).
     *
     * @param dispatch the dispatch being checked
     * @param previous the baseline (the last dispatch sent), or {@code null}
     * @param current the capture of {@code dispatch} ({@link CapturedBaseline#of(Dispatch, List)}), or
     *     {@code null} to capture it when a preservation rule first needs it
     * @return the context
     */
    public static RuleContext of(Dispatch dispatch, Baseline previous, CapturedBaseline current) {
        return new RuleContext(Require.nonNull(dispatch, "dispatch"), previous, current);
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
     * Returns the capture of this dispatch the preservation rules compare with the baseline: the one
     * given when the context was made, or else one captured now with the baseline's field paths.
     *
     * @return the capture, or {@code null} without a baseline
     */
    CapturedBaseline current() {
        if (current == null && previous != null) {
            current = CapturedBaseline.of(dispatch, previous.fieldPaths());
        }
        return current;
    }

    /**
     * Maps each position of the baseline to the position of the same entry (same id and kind) in the
     * {@link #current() capture} of this dispatch, or -1 when it is gone. Computed once, on the two
     * captures' arrays (the entries are not read again); the common case of a timeline that only grew is a
     * single in-order walk.
     *
     * @return the mapping, or {@code null} without a baseline
     */
    int[] priorToCurrent() {
        if (previous == null) {
            return null;
        }
        int[] map = priorToCurrent;
        if (map == null) {
            map = align(previous, current());
            priorToCurrent = map;
        }
        return map;
    }

    private static int[] align(Baseline prior, CapturedBaseline now) {
        int n = prior.size();
        int m = now.size();
        int[] map = new int[n];
        int i = 0;
        for (; i < n && i < m; i++) {
            String id = prior.id(i);
            String nowId = now.id(i);
            // the same string when the baseline was captured from the same entries (an in-memory stash)
            if (prior.kind(i) != now.kind(i) || id != nowId && !id.equals(nowId)) {
                break;
            }
            map[i] = i;
        }
        if (i == n) {
            return map;
        }
        // the order changed or entries were removed: fall back to an id index
        IdIndex index = IdIndex.build(m, now::id, null);
        for (; i < n; i++) {
            int found = -1;
            for (int k = index.first(prior.id(i)); k >= 0; k = index.next(k)) {
                if (now.kind(k) == prior.kind(i)) {
                    found = k;
                    break;
                }
            }
            map[i] = found;
        }
        return map;
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
