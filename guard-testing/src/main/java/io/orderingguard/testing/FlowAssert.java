package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Timeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on what an agent did: which tools it called, in what order, how often, with
 * what arguments, whether they succeeded, how many turns and how long it took — on a live
 * {@link FlowSession}, a {@link Trace} read from a file, or a guard's {@link Timeline}.
 *
 * <pre>{@code
 * import static io.orderingguard.testing.Flow.ANY;
 * import static io.orderingguard.testing.FlowAssert.assertThat;
 *
 * assertThat(session)
 *         .called("review_security")
 *         .neverCalled("delete_data")
 *         .calledBefore("review_security", "record_decision")
 *         .calledWith("record_decision", Map.of("decision", "ESCALATE"))
 *         .flow("extract_vendor_packet", ANY, "record_decision")
 *         .maxTurns(5);
 * }</pre>
 *
 * <p>Tools are named exactly (case-sensitive). Positions in messages are 0-based indices into the
 * flat list of calls (turn by turn, then in the order the model listed them); turn numbers are
 * 0-based. Every failure is an {@link AssertionError} whose message is the one-line reason followed
 * by the {@link AgentStackTrace agent stack trace}.
 *
 * <p>Not thread-safe, like every AssertJ assertion; the snapshot of a session is taken when
 * {@link #assertThat(FlowSession)} is called.
 */
public final class FlowAssert extends AbstractAssert<FlowAssert, Trace> {

    private final Clock clock;
    private final FlowSession session;

    private FlowAssert(Trace actual, Clock clock, FlowSession session) {
        super(actual, FlowAssert.class);
        this.clock = clock;
        this.session = session;
    }

    /**
     * Starts assertions on what a session recorded so far.
     *
     * @param session the session, open or closed
     * @return the assertion
     */
    public static FlowAssert assertThat(FlowSession session) {
        return session == null
                ? new FlowAssert(null, Clock.systemUTC(), null)
                : new FlowAssert(session.trace(), session.clock(), session);
    }

    /**
     * Starts assertions on a trace.
     *
     * @param trace the trace
     * @return the assertion
     */
    public static FlowAssert assertThat(Trace trace) {
        return new FlowAssert(trace, Clock.systemUTC(), null);
    }

    /**
     * Starts assertions on a timeline, converted with {@link Trace#fromTimeline(String, Timeline)}
     * (each assistant step is a turn; the trace is named {@code timeline} and has no timing).
     *
     * @param timeline the timeline
     * @return the assertion
     */
    public static FlowAssert assertThat(Timeline timeline) {
        return new FlowAssert(timeline == null ? null : Trace.fromTimeline("timeline", timeline), Clock.systemUTC(), null);
    }

    /**
     * Verifies that the tool was called at least once.
     *
     * <p>Fails with {@code "search" was never called (2 turns, 3 tool calls)}.
     *
     * @param tool the tool name
     * @return this assertion
     */
    public FlowAssert called(String tool) {
        requireTool(tool, "tool");
        if (positions(tool).isEmpty()) {
            throw fail(neverCalledWithCounts(tool), true);
        }
        return this;
    }

    /**
     * Verifies that the tool was never called.
     *
     * <p>Fails with {@code "delete_data" was called in turn(s) [2, 2]} (one entry per call).
     *
     * @param tool the tool name
     * @return this assertion
     */
    public FlowAssert neverCalled(String tool) {
        requireTool(tool, "tool");
        List<Integer> turns = new ArrayList<>();
        for (FlatCall c : flat()) {
            if (c.call.name().equals(tool)) {
                turns.add(c.turn);
            }
        }
        if (!turns.isEmpty()) {
            throw fail(quoted(tool) + " was called in turn(s) " + turns, false);
        }
        return this;
    }

    /**
     * Verifies that the first call of {@code first} comes before the first call of {@code second}
     * in the flat call order.
     *
     * <p>Fails with {@code "a" was never called}, {@code "b" was never called}, or
     * {@code "a" (position 3) was not called before "b" (position 1)}.
     *
     * @param first the tool expected first
     * @param second the tool expected later
     * @return this assertion
     */
    public FlowAssert calledBefore(String first, String second) {
        requireTool(first, "first");
        requireTool(second, "second");
        List<Integer> p1 = positions(first);
        if (p1.isEmpty()) {
            throw fail(quoted(first) + " was never called", false);
        }
        List<Integer> p2 = positions(second);
        if (p2.isEmpty()) {
            throw fail(quoted(second) + " was never called", false);
        }
        if (p1.get(0) >= p2.get(0)) {
            throw fail(quoted(first) + " (position " + p1.get(0) + ") was not called before " + quoted(second)
                    + " (position " + p2.get(0) + ")", false);
        }
        return this;
    }

    /**
     * Verifies that the tool was called exactly {@code times} times.
     *
     * @param tool the tool name
     * @param times the expected count, {@code >= 0}
     * @return this assertion
     */
    public FlowAssert calledTimes(String tool, int times) {
        return calledTimes(tool, times, times);
    }

    /**
     * Verifies that the tool was called between {@code min} and {@code max} times (inclusive).
     *
     * <p>Fails with {@code "search" called 4 times, expected at most 3} or {@code … expected at least 1}.
     *
     * @param tool the tool name
     * @param min the least count, {@code >= 0}
     * @param max the greatest count, {@code >= min}
     * @return this assertion
     * @throws IllegalArgumentException when {@code min < 0} or {@code max < min}
     */
    public FlowAssert calledTimes(String tool, int min, int max) {
        requireTool(tool, "tool");
        Require.argument(min >= 0, "min must be >= 0, but was " + min);
        Require.argument(max >= min, "max (" + max + ") is less than min (" + min + ")");
        int n = positions(tool).size();
        if (n < min) {
            throw fail(quoted(tool) + " called " + n + " times, expected at least " + min, true);
        }
        if (n > max) {
            throw fail(quoted(tool) + " called " + n + " times, expected at most " + max, true);
        }
        return this;
    }

    /**
     * Verifies that some call of the tool has the given argument (other arguments are allowed).
     *
     * @param tool the tool name
     * @param key the argument name
     * @param value the expected value
     * @return this assertion
     * @see #calledWith(String, Map)
     */
    public FlowAssert calledWith(String tool, String key, Object value) {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put(Require.nonNull(key, "key"), value);
        return calledWith(tool, expected);
    }

    /**
     * Verifies that some call of the tool has every given argument with an equal value (a partial
     * match: other arguments are allowed). Values compare as JSON values: numbers by value
     * ({@code 1} equals {@code 1.0}), maps and lists deeply.
     *
     * <p>Fails with {@code "search" was never called}, or
     * {@code "search" was called 2 time(s) but none matched expected args. Closest mismatch on key(s):
     * ["query"]. Expected: {"query": "Q3 revenue"}} — the closest call is the one matching the most
     * keys (the earliest on ties), and its mismatched keys are listed in the order given. Keys are
     * given in the map's order for a {@link LinkedHashMap} or {@link SortedMap}, otherwise sorted.
     *
     * @param tool the tool name
     * @param expectedArgs the expected arguments
     * @return this assertion
     */
    public FlowAssert calledWith(String tool, Map<String, ?> expectedArgs) {
        requireTool(tool, "tool");
        Require.nonNull(expectedArgs, "expectedArgs");
        Map<String, ?> ordered = expectedArgs instanceof LinkedHashMap<?, ?> || expectedArgs instanceof SortedMap<?, ?>
                ? expectedArgs : new TreeMap<>(expectedArgs);
        ObjectNode expected = Json.toObject(ordered, "expectedArgs");
        List<RecordedCall> candidates = new ArrayList<>();
        for (FlatCall c : flat()) {
            if (c.call.name().equals(tool)) {
                candidates.add(c.call);
            }
        }
        if (candidates.isEmpty()) {
            throw fail(quoted(tool) + " was never called", true);
        }
        List<String> closestMismatch = null;
        int best = -1;
        for (RecordedCall call : candidates) {
            List<String> mismatched = new ArrayList<>();
            int matched = 0;
            for (Map.Entry<String, JsonNode> e : expected.properties()) {
                if (Json.sameValue(call.argument(e.getKey()), e.getValue())) {
                    matched++;
                } else {
                    mismatched.add(e.getKey());
                }
            }
            if (mismatched.isEmpty()) {
                return this;
            }
            if (matched > best) {
                best = matched;
                closestMismatch = mismatched;
            }
        }
        throw fail(quoted(tool) + " was called " + candidates.size() + " time(s) but none matched expected args. "
                + "Closest mismatch on key(s): " + FlowPattern.names(closestMismatch) + ". Expected: "
                + Json.render(expected), true);
    }

    /**
     * Verifies that the tool was called and that every call has at least one result and no result
     * with an error. A result counts wherever it was logged, linked by call id (the reference only
     * looks in the call's own turn).
     *
     * <p>Fails with {@code "search" was never called (1 turns, 0 tool calls)},
     * {@code "search" in turn 0 has no recorded result} or {@code "search" failed in turn 0: timeout}
     * (the first offending call).
     *
     * @param tool the tool name
     * @return this assertion
     */
    public FlowAssert toolSucceeded(String tool) {
        requireTool(tool, "tool");
        List<FlatCall> calls = new ArrayList<>();
        for (FlatCall c : flat()) {
            if (c.call.name().equals(tool)) {
                calls.add(c);
            }
        }
        if (calls.isEmpty()) {
            throw fail(neverCalledWithCounts(tool), true);
        }
        for (FlatCall c : calls) {
            List<RecordedResult> results = new ArrayList<>();
            for (Turn turn : actual.turns()) {
                for (RecordedResult r : turn.toolResults()) {
                    if (r.callId().equals(c.call.callId())) {
                        results.add(r);
                    }
                }
            }
            if (results.isEmpty()) {
                throw fail(quoted(tool) + " in turn " + c.turn + " has no recorded result", true);
            }
            for (RecordedResult r : results) {
                if (r.failed()) {
                    throw fail(quoted(tool) + " failed in turn " + c.turn + ": " + r.error(), true);
                }
            }
        }
        return this;
    }

    /**
     * Verifies that the trace has at most {@code n} turns (LLM calls, text-only answers included).
     *
     * <p>Fails with {@code Expected at most 5 turns, got 7}.
     *
     * @param n the greatest number of turns, {@code >= 0}
     * @return this assertion
     */
    public FlowAssert maxTurns(int n) {
        isNotNull();
        Require.argument(n >= 0, "n must be >= 0, but was " + n);
        if (actual.turns().size() > n) {
            throw fail("Expected at most " + n + " turns, got " + actual.turns().size(), false);
        }
        return this;
    }

    /**
     * Verifies that the run took at most {@code limit} (inclusive), from opening the session to
     * closing it — or to now, on the session's clock, while it is open.
     *
     * <p>Fails with {@code Total duration 12034ms exceeds limit of 10000ms}.
     *
     * @param limit the limit
     * @return this assertion
     */
    public FlowAssert totalDurationUnder(Duration limit) {
        isNotNull();
        Require.nonNull(limit, "limit");
        Require.argument(!limit.isNegative(), "limit must not be negative, but was " + limit);
        Instant end = actual.endedAt() != null ? actual.endedAt() : clock.instant();
        Duration took = Duration.between(actual.startedAt(), end);
        if (took.compareTo(limit) > 0) {
            throw fail(String.format(Locale.ROOT, "Total duration %.0fms exceeds limit of %.0fms",
                    took.toNanos() / 1e6, limit.toNanos() / 1e6), false);
        }
        return this;
    }

    /**
     * Verifies that the ordered tool calls match a pattern of tool names and {@link Flow#ANY}
     * wildcards. The pattern is anchored at both ends unless it starts or ends with {@code ANY};
     * adjacent names mean consecutive calls. See {@link FlowPattern}.
     *
     * <p>Fails with, e.g., {@code Flow mismatch: unexpected trailing calls ["c"]. Pattern: ["a", "b"],
     * actual: ["a", "b", "c"]}.
     *
     * @param pattern tool names and {@link Flow#ANY}
     * @return this assertion
     * @throws IllegalArgumentException when an element is neither a string nor {@code Flow.ANY}
     */
    public FlowAssert flow(Object... pattern) {
        isNotNull();
        FlowPattern compiled = FlowPattern.of(pattern);
        List<String> names = actual.toolNames();
        if (!compiled.matches(names)) {
            throw fail(compiled.mismatch(names).orElse("Flow mismatch. Pattern: " + compiled + ", actual: "
                    + FlowPattern.names(names)), false);
        }
        return this;
    }

    /**
     * Verifies that the trace matches its golden baseline in the session's baseline directory. A
     * session that records its baseline passes (the baseline is written when it closes).
     *
     * @param ignoreFields fields not to compare (see {@link TraceDiff})
     * @return this assertion
     * @throws IllegalStateException when the actual value is not a session (use
     *     {@link #matchesBaseline(Path, String...)})
     * @throws TraceNotFoundException when there is no baseline
     */
    public FlowAssert matchesBaseline(String... ignoreFields) {
        isNotNull();
        if (session == null) {
            throw new IllegalStateException("a trace or timeline has no baseline directory; "
                    + "use matchesBaseline(Path baselineDir, String... ignoreFields)");
        }
        if (session.recordsBaseline()) {
            return this;
        }
        return compareWithBaseline(session.baselineFile(), ignoreFields);
    }

    /**
     * Verifies that the trace matches the golden baseline {@code <baselineDir>/<name>.trace.json}.
     *
     * <p>Fails with {@code Trace does not match golden baseline:} followed by the
     * {@link TraceDiff#summary() diff summary}.
     *
     * @param baselineDir the directory of baselines
     * @param ignoreFields fields not to compare (see {@link TraceDiff})
     * @return this assertion
     * @throws TraceNotFoundException when there is no baseline
     */
    public FlowAssert matchesBaseline(Path baselineDir, String... ignoreFields) {
        isNotNull();
        Require.nonNull(baselineDir, "baselineDir");
        return compareWithBaseline(baselineDir.resolve(TraceNames.sanitize(actual.name()) + Trace.FILE_SUFFIX),
                ignoreFields);
    }

    private FlowAssert compareWithBaseline(Path file, String... ignoreFields) {
        if (!Files.isRegularFile(file)) {
            throw new TraceNotFoundException(file, actual.name());
        }
        Trace golden = Trace.read(file);
        TraceDiff diff = TraceDiff.between(golden, actual, Arrays.asList(ignoreFields));
        if (!diff.matches()) {
            throw fail("Trace does not match golden baseline:\n" + diff.summary(), false);
        }
        return this;
    }

    private String neverCalledWithCounts(String tool) {
        return quoted(tool) + " was never called (" + actual.turns().size() + " turns, " + flat().size()
                + " tool calls)";
    }

    private void requireTool(String tool, String field) {
        isNotNull();
        Require.nonBlank(tool, field);
    }

    private List<Integer> positions(String tool) {
        List<Integer> positions = new ArrayList<>();
        List<FlatCall> calls = flat();
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).call.name().equals(tool)) {
                positions.add(i);
            }
        }
        return positions;
    }

    private List<FlatCall> flat() {
        List<FlatCall> calls = new ArrayList<>();
        for (Turn turn : actual.turns()) {
            for (RecordedCall call : turn.toolCalls()) {
                calls.add(new FlatCall(turn.index(), call));
            }
        }
        return calls;
    }

    private AssertionError fail(String message, boolean probableCause) {
        return failure("%s", message + "\n" + AgentStackTrace.render(actual, message, probableCause));
    }

    private static String quoted(String tool) {
        return "\"" + tool + "\"";
    }

    private record FlatCall(int turn, RecordedCall call) {}
}
