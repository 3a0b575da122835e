package io.orderingguard.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A recorded agent run: the turns of a {@link FlowSession}, or a trace file read back.
 *
 * <p>The file format is reagent-flow's {@code format_version "1"} (snake_case fields, epoch seconds,
 * one pretty-printed JSON object per file), so traces written here can be read by reagent-flow and
 * {@link #read(Path)} reads reagent-flow's own files. Unknown fields in a file are ignored, so that a
 * newer writer's additions do not break reading; every known field is type-checked and a bad one is
 * reported as a {@link GuardInputException} naming the file and the JSON path.
 *
 * <pre>{@code
 * Trace trace = Trace.read(Path.of(".flow-traces/traces/refund_20260101_120000.trace.json"));
 * FlowAssert.assertThat(trace).calledBefore("lookup_order", "refund");
 * Timeline timeline = trace.toTimeline();      // for the guard and sequence policies
 * }</pre>
 *
 * @param traceId the trace id (a UUID when recorded here)
 * @param name the session name
 * @param turns the turns; {@code turns.get(i).index() == i}
 * @param metadata free metadata (deep-copied; empty when {@code null})
 * @param startedAt when the session was opened
 * @param endedAt when it was closed, or {@code null} while it is active
 * @param formatVersion the file format version, {@code "1"}
 * @param parentTraceId the trace id of the agent that handed off to this one, or {@code null}
 * @param handoffContext the data received from that agent, or {@code null}
 */
public record Trace(
        String traceId,
        String name,
        List<Turn> turns,
        ObjectNode metadata,
        Instant startedAt,
        Instant endedAt,
        String formatVersion,
        String parentTraceId,
        ObjectNode handoffContext) {

    /** The only file format version written and read. */
    public static final String FORMAT_VERSION = "1";

    /** The file name suffix of trace files. */
    public static final String FILE_SUFFIX = ".trace.json";

    /** Validates and copies the fields. */
    public Trace {
        Require.nonBlank(traceId, "traceId");
        Require.nonBlank(name, "name");
        turns = List.copyOf(Require.nonNull(turns, "turns"));
        for (int i = 0; i < turns.size(); i++) {
            int index = turns.get(i).index();
            Require.argument(index == i, "turns[" + i + "].index must be " + i + ", but was " + index);
        }
        metadata = metadata == null ? Json.NODES.objectNode() : metadata.deepCopy();
        Require.nonNull(startedAt, "startedAt");
        Require.argument(FORMAT_VERSION.equals(formatVersion),
                "formatVersion must be \"1\", but was " + (formatVersion == null ? "null" : "\"" + formatVersion + "\""));
        handoffContext = handoffContext == null ? null : handoffContext.deepCopy();
    }

    /**
     * Creates a finished trace with a fresh id, no metadata and no timing (both times are the epoch).
     *
     * @param name the name
     * @param turns the turns
     * @return the trace
     */
    public static Trace of(String name, List<Turn> turns) {
        return new Trace(UUID.randomUUID().toString(), name, turns, null, Instant.EPOCH, Instant.EPOCH,
                FORMAT_VERSION, null, null);
    }

    /**
     * Reads a trace file: ours or reagent-flow's ({@code format_version "1"}).
     *
     * @param file the {@code .trace.json} file
     * @return the trace
     * @throws GuardInputException when the file is missing, not JSON, or not a trace; the message names
     *     the file and the JSON path
     */
    public static Trace read(Path file) {
        Require.nonNull(file, "file");
        return TraceCodec.read(JsonInput.defaults().parseFile(file), file.toString());
    }

    /**
     * Parses trace JSON.
     *
     * @param json the document
     * @param source the name used in error messages, or {@code null}
     * @return the trace
     * @throws GuardInputException when the text is not a trace
     */
    public static Trace parse(String json, String source) {
        return TraceCodec.read(JsonInput.defaults().parseJson(json, source), source);
    }

    /**
     * Converts a timeline into a trace, so that flow assertions can run on what a guard saw.
     *
     * <p>Each assistant step becomes one turn: entries that share a {@link io.orderingguard.timeline.Entry#step()}
     * (or, where steps are unknown, a run of assistant-side entries) are one LLM call. Assistant text
     * becomes the response text, tool calls keep their ids and arguments, and a call's result is
     * logged in the same turn. User and system messages become the prompt messages of the next
     * turn; those after the last turn are kept under {@code metadata.pending_messages}. Orphan
     * results are logged in the turn where they appear. Thoughts, payloads, replay tags and declared
     * tools have no place in the trace format and are not carried over. The trace has no timing.
     *
     * @param name the trace name
     * @param timeline the timeline
     * @return the trace
     */
    public static Trace fromTimeline(String name, Timeline timeline) {
        return TimelineBridge.toTrace(Require.nonBlank(name, "name"), Require.nonNull(timeline, "timeline"));
    }

    /**
     * Converts this trace into a timeline: each turn is one assistant step ({@code step} =
     * {@code turn-<index>}) holding the response text as an assistant message followed by the tool
     * calls, with each call's first result (from any turn) on the call. Results that answer no call
     * become orphan results. User and system prompt messages are added before the turn that first
     * sent them (a prompt that repeats the previous call's prompt adds only its new messages).
     *
     * @return the timeline
     */
    public Timeline toTimeline() {
        return TimelineBridge.toTimeline(this);
    }

    /**
     * Returns the JSON document of this trace, pretty-printed.
     *
     * @return the JSON text
     */
    public String toJson() {
        return TraceCodec.write(this, Set.of());
    }

    /**
     * Writes this trace to a file, creating parent directories.
     *
     * @param file the target file
     * @return the file
     * @throws UncheckedIOException when the file cannot be written
     */
    public Path write(Path file) {
        return writeRedacted(file, Set.of());
    }

    Path writeRedacted(Path file, Set<String> redactFields) {
        Require.nonNull(file, "file");
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, TraceCodec.write(this, redactFields), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write trace file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Returns a copy of the metadata.
     *
     * @return the metadata object
     */
    @Override
    public ObjectNode metadata() {
        return metadata.deepCopy();
    }

    /**
     * Returns a copy of the handoff context.
     *
     * @return the context, or {@code null}
     */
    @Override
    public ObjectNode handoffContext() {
        return handoffContext == null ? null : handoffContext.deepCopy();
    }

    /**
     * Returns every tool call in flow order: turn by turn, and within a turn in the order the model
     * listed them. Text-only turns contribute nothing.
     *
     * @return the calls
     */
    public List<RecordedCall> calls() {
        List<RecordedCall> calls = new ArrayList<>();
        for (Turn turn : turns) {
            calls.addAll(turn.toolCalls());
        }
        return List.copyOf(calls);
    }

    /**
     * Returns the tool names of {@link #calls()}.
     *
     * @return the names in flow order
     */
    public List<String> toolNames() {
        List<String> names = new ArrayList<>();
        for (Turn turn : turns) {
            for (RecordedCall call : turn.toolCalls()) {
                names.add(call.name());
            }
        }
        return List.copyOf(names);
    }

    /**
     * Returns the duration of a finished trace.
     *
     * @return {@code endedAt - startedAt}, or empty while the session is active
     */
    public Optional<Duration> duration() {
        return endedAt == null ? Optional.empty() : Optional.of(Duration.between(startedAt, endedAt));
    }
}
