package io.orderingguard.redis;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.spi.StashUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Stash} decorator that records, per thread, what one guard check read and wrote, and
 * globally every successful compare-and-set with its snapshot, so that a test can tell which
 * baseline each verdict was computed against and whether the committed versions form one chain.
 *
 * <p>Call {@link #begin()} on a thread before a check; the returned {@link Trace} then holds that
 * check's reads and writes in order. Thread-safe: traces are thread-confined, commits go to a
 * concurrent queue.
 */
final class RecordingStash implements Stash {

    /** One read: the snapshot returned (null when none is stored) or the failure. */
    record Read(Snapshot snapshot, StashUnavailableException failure, int epoch) {
        boolean ok() {
            return failure == null;
        }
    }

    /**
     * One compare-and-set: its answer ({@code null} when it threw) or the failure, and how many
     * reads the check had made before it (a lost compare-and-set is followed by a fresh read).
     */
    record Cas(long expectedVersion, Snapshot next, Boolean stored, StashUnavailableException failure,
            int readsBefore) {}

    /** A successful compare-and-set; {@code sequence} orders commits globally. */
    record Commit(String conversationId, Snapshot snapshot, int epoch, long sequence) {}

    /** What one check did with the stash, in order. Confined to the thread that ran the check. */
    static final class Trace {
        final List<Read> reads = new ArrayList<>();
        final List<Cas> writes = new ArrayList<>();

        /** The read the final verdict was computed against, or {@code null} when nothing was read. */
        Read lastRead() {
            return reads.isEmpty() ? null : reads.get(reads.size() - 1);
        }

        /** The last compare-and-set, or {@code null}. */
        Cas lastWrite() {
            return writes.isEmpty() ? null : writes.get(writes.size() - 1);
        }

        /** Whether the check stored a snapshot. */
        boolean committed() {
            Cas last = lastWrite();
            return last != null && Boolean.TRUE.equals(last.stored());
        }

        /** Compare-and-sets that lost to another dispatch of the conversation. */
        long conflicts() {
            return writes.stream().filter(w -> Boolean.FALSE.equals(w.stored())).count();
        }

        /**
         * The compare-and-sets made after the check's first failed read: a check whose read failed
         * has no baseline and must not write, though it may have lost a compare-and-set before.
         */
        List<Cas> writesAfterFailedRead() {
            for (int i = 0; i < reads.size(); i++) {
                if (reads.get(i).failure() != null) {
                    int failedAt = i;
                    return writes.stream().filter(w -> w.readsBefore() > failedAt).toList();
                }
            }
            return List.of();
        }

        /** The first failure of the stash during the check, or {@code null}. */
        StashUnavailableException failure() {
            for (Read r : reads) {
                if (r.failure() != null) {
                    return r.failure();
                }
            }
            for (Cas w : writes) {
                if (w.failure() != null) {
                    return w.failure();
                }
            }
            return null;
        }
    }

    private final Stash delegate;
    private final ThreadLocal<Trace> current = ThreadLocal.withInitial(Trace::new);
    private final ConcurrentLinkedQueue<Commit> commits = new ConcurrentLinkedQueue<>();
    private final AtomicLong sequence = new AtomicLong();
    private volatile int epoch;

    RecordingStash(Stash delegate) {
        this.delegate = delegate;
    }

    /** Starts a new trace on the calling thread and returns it. */
    Trace begin() {
        Trace trace = new Trace();
        current.set(trace);
        return trace;
    }

    /** Tags later reads and commits with an epoch (e.g. 1 once Redis was restarted). */
    void epoch(int value) {
        this.epoch = value;
    }

    /** Every successful compare-and-set so far. */
    List<Commit> commits() {
        return List.copyOf(commits);
    }

    @Override
    public Optional<Snapshot> get(String conversationId) {
        try {
            Optional<Snapshot> found = delegate.get(conversationId);
            current.get().reads.add(new Read(found.orElse(null), null, epoch));
            return found;
        } catch (StashUnavailableException e) {
            current.get().reads.add(new Read(null, e, epoch));
            throw e;
        }
    }

    @Override
    public boolean compareAndSet(String conversationId, long expectedVersion, Snapshot next) {
        boolean stored;
        try {
            stored = delegate.compareAndSet(conversationId, expectedVersion, next);
        } catch (StashUnavailableException e) {
            current.get().writes.add(new Cas(expectedVersion, next, null, e, current.get().reads.size()));
            throw e;
        }
        if (stored) {
            commits.add(new Commit(conversationId, next, epoch, sequence.incrementAndGet()));
        }
        current.get().writes.add(new Cas(expectedVersion, next, stored, null, current.get().reads.size()));
        return stored;
    }

    @Override
    public void remove(String conversationId) {
        delegate.remove(conversationId);
    }
}
