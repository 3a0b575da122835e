package io.orderingguard;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs contradicted and missed verdicts: one WARN line per rule, outcome and minute, saying how many
 * were seen since the last line, so a busy service reports a systematic disagreement without a line per
 * request. Never logs message content.
 *
 * <p>Thread-safe.
 */
final class VerdictLog {

    private static final Logger LOG = LoggerFactory.getLogger(OrderingGuard.class);
    static final long WINDOW_NANOS = 60_000_000_000L;

    /** Per (outcome, rule): the window start and the verdicts counted in it. */
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    void record(Verdict verdict, long now) {
        if (verdict.outcome() == VerdictOutcome.CONTRADICTED) {
            for (String rule : verdict.wouldBlock()) {
                count(verdict, rule, now);
            }
        } else if (verdict.outcome() == VerdictOutcome.MISSED) {
            count(verdict, verdict.rejectionRuleId() == null ? "no rule" : verdict.rejectionRuleId(), now);
        }
    }

    private void count(Verdict verdict, String rule, long now) {
        Window window = windows.computeIfAbsent(verdict.outcome().wireName() + ' ' + rule, k -> new Window());
        long seen = window.count.incrementAndGet();
        long start = window.start.get();
        if ((start == Long.MIN_VALUE || now - start >= WINDOW_NANOS) && window.start.compareAndSet(start, now)) {
            window.count.addAndGet(-seen);
            if (verdict.outcome() == VerdictOutcome.CONTRADICTED) {
                LOG.warn("ordering guard: rule {} would have blocked {} request{} the provider accepted (profile {}, model {})",
                        rule, seen, seen == 1 ? "" : "s", verdict.profile(), verdict.model());
            } else {
                LOG.warn("ordering guard: the provider rejected {} request{} the guard let through ({}; profile {}, model {}): {}",
                        seen, seen == 1 ? "" : "s", rule, verdict.profile(), verdict.model(), verdict.rejectionText());
            }
        }
    }

    private static final class Window {
        final AtomicLong start = new AtomicLong(Long.MIN_VALUE);
        final AtomicLong count = new AtomicLong();
    }
}
