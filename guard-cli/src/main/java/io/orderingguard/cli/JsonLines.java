package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.JsonInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Streams the JSON values of a JSONL file (a request log: one request body per line) in constant
 * memory. Each line is decoded and parsed on its own, so a line that is not UTF-8 or not JSON is
 * reported with its number and reading goes on with the next, as does a line longer than
 * {@code maxDocumentLength} (skipped without being kept in memory); blank lines are skipped and a
 * byte order mark before the first line is ignored. A missing or unreadable file is one error.
 *
 * <p>Not thread-safe; one instance reads one file.
 */
final class JsonLines {

    /** Receives one parsed line. */
    @FunctionalInterface
    interface LineSink {
        /**
         * Receives the value of one line.
         *
         * @param line the 1-based line number
         * @param value the parsed JSON value
         */
        void accept(int line, JsonNode value);
    }

    /** Receives the problem of one line, or of the file when it cannot be read on. */
    @FunctionalInterface
    interface ProblemSink {
        /**
         * Receives one problem.
         *
         * @param problem names the file, the line and what was wrong
         */
        void accept(GuardInputException problem);
    }

    private final JsonInput input;
    private final Path file;
    private final String source;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final long maxBytes;
    private byte[] line = new byte[8192];
    private int length;
    private boolean overLimit;

    private JsonLines(JsonInput input, Path file) {
        this.input = input;
        this.file = file;
        this.source = file.toString();
        // a UTF-8 character is at most 4 bytes; the character limit is checked again after decoding
        this.maxBytes = Math.min(Integer.MAX_VALUE - 16, input.limits().maxDocumentLength() * 4L);
    }

    /**
     * Reads a JSONL file.
     *
     * @param input the parser and its limits
     * @param file the file
     * @param sink receives the value of every line that parses
     * @param problems receives the problem of every line that does not, and of the file when it
     *     cannot be read on
     */
    static void forEach(JsonInput input, Path file, LineSink sink, ProblemSink problems) {
        new JsonLines(input, file).run(sink, problems);
    }

    private void run(LineSink sink, ProblemSink problems) {
        int lineNumber = 1;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[65536];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        append(buffer, start, i - start);
                        emit(lineNumber++, sink, problems);
                        start = i + 1;
                    }
                }
                append(buffer, start, n - start);
            }
            emit(lineNumber, sink, problems);
        } catch (NoSuchFileException e) {
            problems.accept(new GuardInputException(source, 0, null, "file not found"));
        } catch (IOException e) {
            problems.accept(new GuardInputException(source, lineNumber, null, "cannot read (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")"));
        }
    }

    private void append(byte[] bytes, int offset, int count) {
        if (overLimit || length + (long) count > maxBytes) {
            overLimit = true;
            return;
        }
        if (length + count > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(maxBytes, Math.max(line.length * 2L, length + count)));
        }
        System.arraycopy(bytes, offset, line, length, count);
        length += count;
    }

    private void emit(int lineNumber, LineSink sink, ProblemSink problems) {
        int max = input.limits().maxDocumentLength();
        boolean tooLong = overLimit;
        String text = null;
        if (!tooLong) {
            try {
                text = decoder.reset().decode(ByteBuffer.wrap(line, 0, length)).toString();
                tooLong = text.length() > max;
            } catch (CharacterCodingException e) {
                problems.accept(new GuardInputException(source, lineNumber, null, "line is not valid UTF-8 text"));
            }
        }
        length = 0;
        overLimit = false;
        if (tooLong) {
            problems.accept(new GuardInputException(source, lineNumber, null,
                    "line is longer than the limit of " + max + " characters (maxDocumentLength)"));
            return;
        }
        if (text == null) {
            return;
        }
        if (lineNumber == 1 && !text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        if (text.isBlank()) {
            return;
        }
        JsonNode value;
        try {
            value = input.parseJsonLine(text, source, lineNumber);
        } catch (GuardInputException e) {
            problems.accept(e);
            return;
        }
        sink.accept(lineNumber, value);
    }
}
