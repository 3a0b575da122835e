package io.orderingguard.policy.trace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.policy.ToolInvocation;
import java.util.List;
import java.util.Objects;

/**
 * One recorded run read from a trace file: its identity (an id and/or the prompt that started it),
 * its tool calls in order, and an optional context for {@code when:} conditions.
 *
 * <p>A record whose tool-call evidence could not be read (a call without a name, arguments that are
 * not JSON) keeps its identity and carries a {@link #problem()} instead of calls, so that the eval
 * test it belongs to reports an error while the other tests still run.
 *
 * @param source the file the record came from
 * @param line the 1-based line where the record starts, or 0 for a whole-file document
 * @param id the record id (conversation id, episode id or request id), or {@code null}
 * @param prompt the prompt of the run, or {@code null}
 * @param calls the tool calls in order (empty when there is a problem)
 * @param context the context object, or {@code null}
 * @param problem why the tool calls could not be read, or {@code null}
 */
public record TraceRecord(
        String source, int line, String id, String prompt, List<ToolInvocation> calls, ObjectNode context,
        String problem) {

    /** Validates and copies the fields. */
    public TraceRecord {
        Objects.requireNonNull(source, "source must not be null");
        if (line < 0) {
            throw new IllegalArgumentException("line must be >= 0, but was " + line);
        }
        calls = List.copyOf(calls);
        context = context == null ? null : context.deepCopy();
        if (problem != null && !calls.isEmpty()) {
            throw new IllegalArgumentException("a record with a problem carries no calls, but had " + calls.size());
        }
    }

    /**
     * Creates a readable record.
     *
     * @param source the file
     * @param line the line, or 0
     * @param id the id, or {@code null}
     * @param prompt the prompt, or {@code null}
     * @param calls the calls
     * @param context the context, or {@code null}
     * @return the record
     */
    public static TraceRecord of(String source, int line, String id, String prompt, List<ToolInvocation> calls,
            ObjectNode context) {
        return new TraceRecord(source, line, id, prompt, calls, context, null);
    }

    /**
     * Returns whether the tool calls could be read.
     *
     * @return {@code true} when there is no problem
     */
    public boolean readable() {
        return problem == null;
    }

    /**
     * Returns where the record is, for messages.
     *
     * @return e.g. {@code traces.jsonl:3}
     */
    public String location() {
        return line > 0 ? source + ":" + line : source;
    }

    /**
     * Returns a short name for messages: the id, else the prompt, else the location.
     *
     * @return the label
     */
    public String label() {
        if (id != null) {
            return id;
        }
        return prompt != null ? "\"" + prompt + "\"" : location();
    }
}
