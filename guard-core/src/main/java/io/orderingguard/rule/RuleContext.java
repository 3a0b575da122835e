package io.orderingguard.rule;

import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Timeline;
import java.util.List;
import java.util.function.Predicate;

/**
 * What a rule sees when it checks a dispatch: the timeline with its derived structure and declared
 * tools, the surface, the dispatch identity, and for preservation rules the {@link Baseline} (the
 * last dispatch sent in the same conversation).
 *
 * <p>Not thread-safe: one context serves one check (it caches the alignment with the baseline).
 */
public final class RuleContext {

    // read-only, grown on demand (see identity(int)); a race only builds the same array twice
    private static volatile int[] identity = new int[0];

    private final Dispatch dispatch;
    private final Timeline timeline;
    private final TimelineStructure structure;
    private final Baseline previous;
    // the field paths a capture made on demand records: the baseline's, unless the guard names its own
    private final List<String> capturePaths;
    private CapturedBaseline current;
    // the capture being compared block by block while the rules check a long timeline, or null
    private CapturedBaseline.Walk walk;
    private int[] priorToCurrent;
    // per kind (by ordinal): the index of the entries' ids, shared by the rules that look ids up
    private IdIndex[] idIndexes;
    private boolean[] indexed;

    private RuleContext(Dispatch dispatch, Baseline previous, CapturedBaseline current, List<String> capturePaths) {
        this.dispatch = dispatch;
        this.timeline = dispatch.timeline();
        this.structure = TimelineStructure.of(timeline.entries());
        this.previous = previous;
        this.current = current;
        this.capturePaths = capturePaths;
    }

    /**
     * Creates a context.
     *
     * @param dispatch the dispatch being checked
     * @param previous the baseline (the last dispatch sent), or {@code null}
     * @return the context
     */
    public static RuleContext of(Dispatch dispatch, Baseline previous) {
        return new RuleContext(Require.nonNull(dispatch, "dispatch"), previous, null, null);
    }

    /**
     * Creates a context whose dispatch has been captured already (the guard captures a tracked dispatch
     * once, and stores the same capture in the stash when the dispatch is sent).
     *
     * @param dispatch the dispatch being checked
     * @param previous the baseline (the last dispatch sent), or {@code null}
     * @param current the capture of {@code dispatch} ({@link Baseline#capture(Dispatch, List)}), or
     *     {@code null} to capture it when a preservation rule first needs it
     * @return the context
     */
    public static RuleContext of(Dispatch dispatch, Baseline previous, Baseline current) {
        return new RuleContext(Require.nonNull(dispatch, "dispatch"), previous,
                current instanceof CapturedBaseline c ? c : null, null);
    }

    /**
     * Creates a context that captures its dispatch with the given field paths when a preservation rule
     * first compares it with the baseline: after the rules before it have walked the entries, so the
     * capture finds them in the CPU caches. The guard stores the same capture when the dispatch is sent
     * ({@link #captured()}).
     *
     * @param dispatch the dispatch being checked
     * @param previous the baseline (the last dispatch sent), or {@code null}
     * @param fieldPaths the payload field paths the capture records
     * @return the context
     */
    public static RuleContext capturing(Dispatch dispatch, Baseline previous, List<String> fieldPaths) {
        return new RuleContext(Require.nonNull(dispatch, "dispatch"), previous, null,
                List.copyOf(Require.nonNull(fieldPaths, "fieldPaths")));
    }

    /**
     * Checks rules against this context: in effect each selected rule's {@link OrderingRule#check} in turn,
     * its findings reaching the sink in the order of the rules, each rule's in its own order. On a timeline
     * longer than about a thousand entries, the rules that read the entries one at a time take turns over
     * blocks of a few hundred entries, so that each block is read from memory once for all of them rather
     * than once per rule; their findings are held until their turn.
     *
     * @param rules the rules, in order
     * @param selected which of them run (e.g. those that apply on the dispatch's surface)
     * @param sink where the findings go
     */
    public void check(List<? extends OrderingRule> rules, Predicate<? super OrderingRule> selected, FindingSink sink) {
        RuleRun.check(this, Require.nonNull(rules, "rules"), Require.nonNull(selected, "selected"),
                Require.nonNull(sink, "sink"), RuleRun.BLOCK);
    }

    /**
     * Returns the capture of this dispatch made during the check, if a rule asked for one.
     *
     * @return the capture, or {@code null} when no rule compared with the baseline
     */
    public Baseline captured() {
        return current;
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
    TimelineStructure structure() {
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
            current = walk().finish();
            walk = null;
        }
        return current;
    }

    /**
     * Compares the entries before {@code to} with the baseline, for the {@link #current() capture} to come:
     * the rules that check a long timeline block by block call it after each block, while its entries are in
     * cache. Does nothing when there is no baseline or the capture is made.
     *
     * @param to the end of the block just checked
     */
    void captureUpTo(int to) {
        if (current == null && previous != null) {
            walk().range(to);
        }
    }

    private CapturedBaseline.Walk walk() {
        if (walk == null) {
            walk = new CapturedBaseline.Walk(dispatch, capturePaths != null ? capturePaths : previous.fieldPaths(),
                    previous instanceof CapturedBaseline c ? c : null);
        }
        return walk;
    }

    /**
     * Whether the {@link #current() capture} of this dispatch shares every position of the baseline by
     * construction ({@link CapturedBaseline#of(Dispatch, List, CapturedBaseline)}): the dispatch starts with
     * exactly the entries last sent, the same ids, kinds and fingerprints in the same places.
     *
     * @return whether the dispatch only appended to the baseline
     */
    boolean extendsPrevious() {
        if (!(previous instanceof CapturedBaseline prior)) {
            return false;
        }
        CapturedBaseline now = current();
        return now.sharedPrefix(prior) == prior.size();
    }

    /**
     * Maps each position of the baseline to the position of the same entry (same id and kind) in the
     * {@link #current() capture} of this dispatch, or -1 when it is gone. Read-only (the array may be shared,
     * and longer than the baseline). Computed once, on the two
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
        // positions the two captures share by construction hold the same entries: nothing to compare
        int shared = prior instanceof CapturedBaseline p ? now.sharedPrefix(p) : 0;
        if (shared == n) {
            return identity(n);
        }
        int[] map = new int[n];
        int i = 0;
        for (; i < shared; i++) {
            map[i] = i;
        }
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
        IdIndex index = IdIndex.build(m, now::id);
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
     * Returns an array whose first {@code n} elements are their own indices (it may be longer). The rules
     * only read the mapping, so every check of a dispatch that extends its baseline shares one array.
     */
    private static int[] identity(int n) {
        int[] known = identity;
        if (known.length >= n) {
            return known;
        }
        int[] grown = new int[Math.max(n, known.length * 2)];
        for (int i = 0; i < grown.length; i++) {
            grown[i] = i;
        }
        identity = grown;
        return grown;
    }

    /**
     * Returns the index of the ids of the entries of one kind (positions in the timeline), built on first
     * use and shared by every rule of the check that asks (a union of profiles often holds the same
     * uniqueness rule twice).
     *
     * @param kind the kind
     * @return the index, or {@code null} when fewer than two entries have the kind (no id can repeat)
     */
    IdIndex idIndex(Kind kind) {
        if (idIndexes == null) {
            idIndexes = new IdIndex[Kind.values().length];
            indexed = new boolean[Kind.values().length];
        }
        int k = kind.ordinal();
        if (!indexed[k]) {
            indexed[k] = true;
            List<Entry> entries = timeline.entries();
            int n = entries.size();
            int count = 0;
            for (int i = 0; i < n; i++) {
                if (structure.kind(i) == kind) {
                    count++;
                }
            }
            idIndexes[k] = count < 2 ? null : IdIndex.build(n, count, i -> entries.get(i).id(), structure, kind);
        }
        return idIndexes[k];
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
