package io.orderingguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Records what an agent did — its LLM calls and tool results — so that a test can assert on the
 * flow with {@link FlowAssert}. Closing the session writes the trace to a {@code .trace.json} file.
 *
 * <pre>{@code
 * try (FlowSession s = FlowSession.open("vendor-approval", tempDir)) {
 *     s.logLlmCall(ToolRequest.of("review_security", Map.of("vendor", "ClearVoice AI")));
 *     s.logToolResult("review_security", Map.of("risk", "HIGH"));
 *     s.logLlmCall(LlmResponse.text("Escalated."));
 * }
 * FlowAssert.assertThat(s).called("review_security").maxTurns(5);
 * }</pre>
 *
 * <p>Every {@link #logLlmCall(LlmResponse) LLM call} is one turn, including text-only answers. A
 * tool result belongs to the turn in which it is logged and is linked to a call by its call id;
 * without a call id it is linked to the one pending call of that tool in the current turn.
 *
 * <p>Files: a trace goes to {@code <traceDir>/traces/<name>_<yyyyMMdd_HHmmss>.trace.json}
 * ({@code _1}, {@code _2}, … appended on collision); a session that
 * {@linkplain Builder#recordBaseline(boolean) records a baseline} writes
 * {@code <baselineDir>/<name>.trace.json} instead (by default {@code baselineDir} is
 * {@code <traceDir>/golden}). Names are sanitised: characters other than letters, digits,
 * {@code _}, {@code -} and {@code .} become {@code _}. The default trace directory is
 * {@code .flow-traces}, or the system property {@value #TRACE_DIR_PROPERTY}.
 *
 * <p>Thread-safe: logging from several threads (parallel tool execution) is serialised. While
 * open, a session is also {@linkplain #current() bound to the thread} that opened it, so that
 * adapters can find it.
 */
public final class FlowSession implements AutoCloseable {

    /** System property naming the default trace directory. */
    public static final String TRACE_DIR_PROPERTY = "orderingguard.flow.traceDir";

    /** System property that makes {@code FlowExtension} sessions record golden baselines. */
    public static final String UPDATE_BASELINES_PROPERTY = "orderingguard.flow.updateBaselines";

    private static final ThreadLocal<FlowSession> CURRENT = new ThreadLocal<>();
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss");

    private final Object lock = new Object();
    private final String name;
    private final String traceId;
    private final Path traceDir;
    private final Path baselineDir;
    private final boolean recordBaseline;
    private final boolean inMemory;
    private final ObjectNode metadata;
    private final Set<String> redactFields;
    private final Clock clock;
    private final Supplier<String> callIds;
    private final String parentTraceId;
    private final ObjectNode handoffContext;
    private final Instant startedAt;
    private final Thread owner;
    private final FlowSession previous;
    private final List<TurnState> turns = new ArrayList<>();
    private Instant endedAt;
    private Path traceFile;

    private FlowSession(Builder b) {
        this.name = b.name;
        this.traceId = b.traceId == null ? UUID.randomUUID().toString() : b.traceId;
        this.traceDir = b.traceDir == null ? defaultTraceDir() : b.traceDir;
        this.baselineDir = b.baselineDir == null ? traceDir.resolve("golden") : b.baselineDir;
        this.recordBaseline = b.recordBaseline;
        this.inMemory = b.inMemory;
        this.metadata = b.metadata.deepCopy();
        this.redactFields = Set.copyOf(b.redactFields);
        this.clock = b.clock;
        this.callIds = b.callIds;
        this.parentTraceId = b.parentTraceId;
        this.handoffContext = b.handoffContext == null ? null : b.handoffContext.deepCopy();
        this.startedAt = clock.instant();
        this.owner = Thread.currentThread();
        this.previous = CURRENT.get();
        CURRENT.set(this);
    }

    /**
     * Opens a session that writes to the default trace directory.
     *
     * @param name the session name (also the file name stem)
     * @return the open session
     * @throws IllegalArgumentException when the name sanitises to nothing
     */
    public static FlowSession open(String name) {
        return builder(name).open();
    }

    /**
     * Opens a session that writes to a trace directory.
     *
     * @param name the session name
     * @param traceDir the directory that receives {@code traces/} (and {@code golden/})
     * @return the open session
     */
    public static FlowSession open(String name, Path traceDir) {
        return builder(name).traceDir(traceDir).open();
    }

    /**
     * Starts configuring a session.
     *
     * @param name the session name
     * @return a builder
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * Returns the session opened on this thread and not yet closed.
     *
     * @return the innermost open session of this thread
     */
    public static Optional<FlowSession> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    static Path defaultTraceDir() {
        String configured = System.getProperty(TRACE_DIR_PROPERTY);
        return configured == null || configured.isBlank() ? Path.of(".flow-traces") : Path.of(configured);
    }

    /**
     * Logs an LLM call that answered with tool calls (none for an empty answer). One turn.
     *
     * @param toolCalls the calls, in the order the model gave them
     * @return the call ids, in order (generated where a request had none)
     * @throws SessionClosedException when the session is closed
     */
    public List<String> logLlmCall(ToolRequest... toolCalls) {
        return logLlmCall(LlmResponse.of(Arrays.asList(toolCalls)));
    }

    /**
     * Logs an LLM call. One turn, text-only answers included.
     *
     * @param response what the model answered
     * @return the call ids of its tool calls, in order (generated where a request had none)
     * @throws SessionClosedException when the session is closed
     */
    public List<String> logLlmCall(LlmResponse response) {
        Require.nonNull(response, "response");
        synchronized (lock) {
            requireOpen();
            Instant now = clock.instant();
            List<RecordedCall> calls = new ArrayList<>();
            List<String> ids = new ArrayList<>();
            for (ToolRequest request : response.toolCalls()) {
                String id = request.callId() != null ? request.callId() : callIds.get();
                calls.add(new RecordedCall(request.name(), request.arguments(), id, now));
                ids.add(id);
            }
            LlmCall call = new LlmCall(response.messages(), response.responseText(), calls, response.model(),
                    response.tokenUsage(), now);
            turns.add(new TurnState(call));
            return List.copyOf(ids);
        }
    }

    /**
     * Logs a successful tool result, linked to the one pending call of that tool in the current
     * turn.
     *
     * @param tool the tool name
     * @param result the value the tool returned (maps, lists, strings, numbers, records, …)
     * @throws AmbiguousToolCallException when the current turn has several pending calls of the tool
     * @throws SessionClosedException when the session is closed
     * @throws IllegalStateException when no LLM call was logged yet
     */
    public void logToolResult(String tool, Object result) {
        logToolResult(tool, null, result, null);
    }

    /**
     * Logs a failed tool execution, linked like {@link #logToolResult(String, Object)}.
     *
     * @param tool the tool name
     * @param error the error text
     */
    public void logToolError(String tool, String error) {
        logToolResult(tool, null, null, Require.nonNull(error, "error"));
    }

    /**
     * Logs a tool result in the current turn.
     *
     * @param tool the tool name
     * @param callId the id of the call it answers, or {@code null} to link it to the one pending
     *     call of that tool in the current turn (a fresh id when there is none)
     * @param result the value the tool returned, or {@code null}
     * @param error the error text when the tool failed, else {@code null}
     * @throws AmbiguousToolCallException when {@code callId} is {@code null} and the current turn has
     *     several pending calls of the tool
     * @throws SessionClosedException when the session is closed
     * @throws IllegalStateException when no LLM call was logged yet
     */
    public void logToolResult(String tool, String callId, Object result, String error) {
        Require.nonBlank(tool, "tool");
        Require.blankToError(callId, "callId");
        JsonNode value = Json.toNode(result);
        synchronized (lock) {
            requireOpen();
            if (turns.isEmpty()) {
                // the reference only warns and drops the result; losing data silently helps no test
                throw new IllegalStateException("Cannot log a result of '" + tool
                        + "' before any LLM call: log the LLM call that requested it first.");
            }
            TurnState turn = turns.get(turns.size() - 1);
            String id = callId;
            if (id == null) {
                List<String> pending = turn.pending(tool);
                if (pending.size() > 1) {
                    throw new AmbiguousToolCallException(tool);
                }
                id = pending.isEmpty() ? callIds.get() : pending.get(0);
            }
            turn.results.add(new RecordedResult(id, value, error, 0));
        }
    }

    /**
     * Returns a snapshot of the trace recorded so far ({@code endedAt} is {@code null} while open).
     *
     * @return the trace
     */
    public Trace trace() {
        synchronized (lock) {
            List<Turn> built = new ArrayList<>(turns.size());
            for (int i = 0; i < turns.size(); i++) {
                TurnState t = turns.get(i);
                built.add(new Turn(i, t.call, t.results, 0));
            }
            return new Trace(traceId, name, built, metadata, startedAt, endedAt, Trace.FORMAT_VERSION,
                    parentTraceId, handoffContext);
        }
    }

    /**
     * Closes the session: stamps the end time and writes the trace file (or the golden baseline;
     * nothing for an {@linkplain Builder#inMemory() in-memory} session). Closing again does nothing.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    @Override
    public void close() {
        Trace trace;
        synchronized (lock) {
            if (endedAt != null) {
                return;
            }
            endedAt = clock.instant();
            trace = trace();
        }
        if (owner == Thread.currentThread() && CURRENT.get() == this) {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        }
        if (inMemory && !recordBaseline) {
            return;
        }
        Path file = recordBaseline ? trace.writeRedacted(baselineFile(), redactFields) : writeNew(trace);
        synchronized (lock) {
            traceFile = file;
        }
    }

    private Path writeNew(Trace trace) {
        String stem = TraceNames.sanitize(name) + "_"
                + LocalDateTime.ofInstant(startedAt, clock.getZone()).format(FILE_TIME);
        Path dir = traceDir.resolve("traces");
        String json = TraceCodec.write(trace, redactFields);
        try {
            Files.createDirectories(dir);
            for (int n = 0; ; n++) {
                Path file = dir.resolve(stem + (n == 0 ? "" : "_" + n) + Trace.FILE_SUFFIX);
                try {
                    Files.writeString(file, json, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE);
                    return file;
                } catch (FileAlreadyExistsException e) {
                    // another trace of the same name in the same second: try the next suffix
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write trace of '" + name + "' to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Returns the session name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the trace directory.
     *
     * @return the directory that receives {@code traces/}
     */
    public Path traceDir() {
        return traceDir;
    }

    /**
     * Returns the directory of golden baselines.
     *
     * @return the directory ({@code <traceDir>/golden} unless configured)
     */
    public Path baselineDir() {
        return baselineDir;
    }

    /**
     * Returns whether this session records its golden baseline instead of comparing with it.
     *
     * @return {@code true} in record mode
     */
    public boolean recordsBaseline() {
        return recordBaseline;
    }

    /**
     * Returns the clock the session stamps times with.
     *
     * @return the clock
     */
    public Clock clock() {
        return clock;
    }

    /**
     * Returns whether the session is closed.
     *
     * @return {@code true} once {@link #close()} ran
     */
    public boolean isClosed() {
        synchronized (lock) {
            return endedAt != null;
        }
    }

    /**
     * Returns the file the trace was written to.
     *
     * @return the file, or empty before {@link #close()} and for an in-memory session
     */
    public Optional<Path> traceFile() {
        synchronized (lock) {
            return Optional.ofNullable(traceFile);
        }
    }

    /**
     * Returns the time since the session was opened, up to its end once closed.
     *
     * @return the duration
     */
    public Duration elapsed() {
        synchronized (lock) {
            return Duration.between(startedAt, endedAt != null ? endedAt : clock.instant());
        }
    }

    Path baselineFile() {
        return baselineDir.resolve(TraceNames.sanitize(name) + Trace.FILE_SUFFIX);
    }

    Set<String> redactFields() {
        return redactFields;
    }

    private void requireOpen() {
        if (endedAt != null) {
            throw new SessionClosedException();
        }
    }

    @Override
    public String toString() {
        return "FlowSession[" + name + (isClosed() ? ", closed" : "") + "]";
    }

    private static final class TurnState {
        final LlmCall call;
        final List<RecordedResult> results = new ArrayList<>();

        TurnState(LlmCall call) {
            this.call = call;
        }

        /** Calls of this turn to {@code tool} that have no result yet, in order. */
        List<String> pending(String tool) {
            List<String> ids = new ArrayList<>();
            for (RecordedCall c : call.toolCalls()) {
                if (c.name().equals(tool) && results.stream().noneMatch(r -> r.callId().equals(c.callId()))) {
                    ids.add(c.callId());
                }
            }
            return ids;
        }
    }

    /**
     * Configures a {@link FlowSession}. Not thread-safe.
     */
    public static final class Builder {

        private final String name;
        private Path traceDir;
        private Path baselineDir;
        private boolean recordBaseline;
        private boolean inMemory;
        private ObjectNode metadata = Json.NODES.objectNode();
        private final Set<String> redactFields = new LinkedHashSet<>();
        private Clock clock = Clock.systemDefaultZone();
        private Supplier<String> callIds = () -> UUID.randomUUID().toString();
        private String traceId;
        private String parentTraceId;
        private ObjectNode handoffContext;

        private Builder(String name) {
            this.name = Require.nonBlank(name, "name");
            TraceNames.sanitize(name);
        }

        /**
         * Sets the trace directory.
         *
         * @param dir the directory
         * @return this builder
         */
        public Builder traceDir(Path dir) {
            this.traceDir = Require.nonNull(dir, "traceDir");
            return this;
        }

        /**
         * Sets the directory of golden baselines (default {@code <traceDir>/golden}).
         *
         * @param dir the directory
         * @return this builder
         */
        public Builder baselineDir(Path dir) {
            this.baselineDir = Require.nonNull(dir, "baselineDir");
            return this;
        }

        /**
         * Makes the session record its golden baseline on close (overwriting an older one), and makes
         * {@link FlowAssert#matchesBaseline(String...)} pass while recording.
         *
         * @param record {@code true} to record
         * @return this builder
         */
        public Builder recordBaseline(boolean record) {
            this.recordBaseline = record;
            return this;
        }

        /**
         * Keeps the trace in memory only: closing writes no file (unless the session records its
         * baseline). For tests that only assert.
         *
         * @return this builder
         */
        public Builder inMemory() {
            this.inMemory = true;
            return this;
        }

        /**
         * Sets free metadata stored in the trace.
         *
         * @param values the metadata
         * @return this builder
         */
        public Builder metadata(Map<String, ?> values) {
            this.metadata = Json.toObject(Require.nonNull(values, "metadata"), "metadata");
            return this;
        }

        /**
         * Names keys whose values are written as {@code "[REDACTED]"} in the file, at any depth of the
         * recorded data (arguments, results, prompt content, metadata, handoff context). The
         * in-memory trace, and so every assertion, keeps the real values; the trace's own fields are
         * never redacted.
         *
         * @param keys the keys, such as {@code api_key}
         * @return this builder
         */
        public Builder redactFields(String... keys) {
            for (String key : keys) {
                redactFields.add(Require.nonBlank(key, "redactFields[]"));
            }
            return this;
        }

        /**
         * Sets the clock that stamps times (a fixed clock makes durations and file names repeatable).
         *
         * @param value the clock
         * @return this builder
         */
        public Builder clock(Clock value) {
            this.clock = Require.nonNull(value, "clock");
            return this;
        }

        /**
         * Sets the generator of call ids for tool calls and results logged without one (default:
         * random UUIDs).
         *
         * @param generator the generator
         * @return this builder
         */
        public Builder callIds(Supplier<String> generator) {
            this.callIds = Require.nonNull(generator, "callIds");
            return this;
        }

        /**
         * Sets the trace id (default: a random UUID).
         *
         * @param id the id
         * @return this builder
         */
        public Builder traceId(String id) {
            this.traceId = Require.nonBlank(id, "traceId");
            return this;
        }

        /**
         * Links this session to the agent that handed off to it.
         *
         * @param parent the parent's trace id
         * @param context the data received from the parent, or {@code null}
         * @return this builder
         */
        public Builder handoffFrom(String parent, Map<String, ?> context) {
            this.parentTraceId = Require.nonBlank(parent, "parentTraceId");
            this.handoffContext = context == null ? null : Json.toObject(context, "handoffContext");
            return this;
        }

        /**
         * Opens the session and binds it to the current thread.
         *
         * @return the open session
         */
        public FlowSession open() {
            return new FlowSession(this);
        }
    }
}
