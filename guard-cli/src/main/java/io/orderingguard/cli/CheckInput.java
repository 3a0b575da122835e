package io.orderingguard.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.rule.Finding;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireCodec;
import java.nio.file.Path;

/**
 * One request {@code guard check} checks: where it came from, and the dispatch read from it. A
 * request read from a provider body ({@code --wire}) also keeps the body, its codec and the wire
 * position of every entry, so findings can name {@code messages[3].content[1]} and mutate can render
 * the repaired body.
 *
 * @param file the input file
 * @param line the 1-based line in a JSONL file, or 0 for a whole-file document
 * @param dispatch the dispatch to check
 * @param wire the provider body it was read from, or {@code null} for a dispatch document
 */
record CheckInput(Path file, int line, Dispatch dispatch, Wire wire) {

    /** Validates the fields. */
    CheckInput {
        Require.nonNull(file, "file");
        Require.argument(line >= 0, "line must be >= 0, but was " + line);
        Require.nonNull(dispatch, "dispatch");
    }

    /**
     * A provider request body and what its codec read from it.
     *
     * @param codec the codec of the body's surface
     * @param body the body as read (never modified)
     * @param parsed the dispatch and the wire positions
     */
    record Wire(WireCodec codec, ObjectNode body, ParsedBody parsed) {

        /** Validates the fields. */
        Wire {
            Require.nonNull(codec, "codec");
            Require.nonNull(body, "body");
            Require.nonNull(parsed, "parsed");
        }

        /**
         * Returns where an entry (or, for a tool call id without entry position, its result) sits in
         * the body.
         *
         * @param id an entry or tool call id
         * @return the position such as {@code messages[3].content[1]}, or {@code null}
         */
        String position(String id) {
            String at = parsed.position(id);
            return at != null ? at : parsed.resultPosition(id);
        }

        /**
         * Returns where an entry a finding names sits in the body (for an orphan result: the result's
         * position, though it shares the id of a call it came too late to answer).
         *
         * @param finding the finding
         * @param id one of its primitive ids
         * @return the position such as {@code messages[3].content[1]}, or {@code null}
         */
        String position(Finding finding, String id) {
            return parsed.position(finding, id);
        }
    }

    /**
     * Returns the label used in messages and text output.
     *
     * @return {@code file} or {@code file:line}
     */
    String label() {
        return line > 0 ? file + ":" + line : file.toString();
    }
}
