package io.orderingguard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.DispatchCodec;
import io.orderingguard.timeline.Dispatch;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what mutate mode would send ({@code guard check --mode mutate --output DIR}): for each
 * input file, a file of the same name under {@code DIR}, in the input's own format. A provider body
 * ({@code --wire}) is rendered back into a body of its surface, changed only where a repair changed
 * it; a dispatch document is written as a dispatch document. A JSON file gets one indented document;
 * a JSONL file gets one compact line per request that would be sent, in input order. A rejected
 * request (or a bad line) is not sent, so it is not written: a JSON file whose request is rejected
 * leaves no file (an older one of that name is removed), and a JSONL output holds fewer lines than
 * its input (each result names the output line it went to).
 *
 * <p>Not thread-safe; one instance per run.
 */
final class RepairedOutput implements AutoCloseable {

    private static final ObjectMapper COMPACT = new ObjectMapper();

    private final Path dir;
    private final DispatchCodec documents;
    private final Map<Path, Lines> open = new HashMap<>();

    private RepairedOutput(Path dir, DispatchCodec documents) {
        this.dir = dir;
        this.documents = documents;
    }

    /**
     * Checks that the output directory can take the outputs of these inputs: it is not a file, it is
     * not the directory of an input (which would be overwritten), and no two inputs share a file name.
     *
     * @param dir the output directory
     * @param inputs the input files
     * @return the problems, each a full sentence; empty when the outputs can be written
     */
    static List<String> problems(Path dir, List<Path> inputs) {
        List<String> problems = new ArrayList<>();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            problems.add("--output " + dir + ": expected a directory, but it is a file");
            return problems;
        }
        Map<Path, Path> byName = new HashMap<>();
        for (Path input : inputs) {
            Path name = input.getFileName();
            if (name == null) {
                continue;
            }
            Path parent = input.toAbsolutePath().normalize().getParent();
            if (parent != null && parent.equals(dir.toAbsolutePath().normalize())) {
                problems.add("--output " + dir + ": it holds the input " + input + ", which would be overwritten; "
                        + "choose another directory");
            }
            Path earlier = byName.putIfAbsent(name, input);
            if (earlier != null && !earlier.equals(input)) {
                problems.add("--output " + dir + ": the inputs " + earlier + " and " + input + " would both be written to "
                        + dir.resolve(name));
            }
        }
        return problems;
    }

    /**
     * Opens the output directory, creating it when missing.
     *
     * @param dir the directory
     * @param documents the codec for dispatch documents
     * @return the output
     * @throws GuardInputException when the directory cannot be created
     */
    static RepairedOutput open(Path dir, DispatchCodec documents) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw cannotWrite(dir, e);
        }
        return new RepairedOutput(dir, documents);
    }

    /**
     * Starts the output of an input file: a JSONL output is created (empty) even when no line of it
     * is sent; a JSON output left from an earlier run is removed until its request is sent.
     *
     * @param input the input file
     */
    void begin(Path input) {
        Path target = target(input);
        try {
            if (InputReader.isJsonl(input)) {
                open.put(input, new Lines(target, Files.newBufferedWriter(target, StandardCharsets.UTF_8)));
            } else {
                Files.deleteIfExists(target);
            }
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    /**
     * Writes what is sent for one request.
     *
     * @param input the request as read
     * @param sent the dispatch to send (conversation id as in the input)
     * @return where it was written: {@code DIR/name} or {@code DIR/name:line}
     */
    String write(CheckInput input, Dispatch sent) {
        Path target = target(input.file());
        try {
            Lines lines = open.get(input.file());
            if (lines != null) {
                String text = input.wire() == null ? documents.write(sent) : COMPACT.writeValueAsString(render(input, sent));
                lines.writer.write(text);
                lines.writer.write('\n');
                lines.count++;
                return target + ":" + lines.count;
            }
            if (input.wire() != null) {
                // the repaired body spliced into the file's bytes: what the repair left equal stays as written
                Files.write(target, input.wire().codec().renderBytes(sent, input.wire().body(),
                        Files.readAllBytes(input.file())));
                return target.toString();
            }
            String text = documents.writePretty(sent);
            Files.writeString(target, text.endsWith("\n") ? text : text + "\n", StandardCharsets.UTF_8);
            return target.toString();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    /**
     * Ends the output of an input file.
     *
     * @param input the input file
     */
    void end(Path input) {
        Lines lines = open.remove(input);
        if (lines != null) {
            try {
                lines.writer.close();
            } catch (IOException e) {
                throw cannotWrite(lines.target, e);
            }
        }
    }

    @Override
    public void close() {
        for (Path input : List.copyOf(open.keySet())) {
            end(input);
        }
    }

    private static ObjectNode render(CheckInput input, Dispatch sent) {
        return input.wire().codec().render(sent, input.wire().body());
    }

    private Path target(Path input) {
        Path name = input.getFileName();
        return dir.resolve(name == null ? input : name);
    }

    private static GuardInputException cannotWrite(Path target, IOException e) {
        return new GuardInputException(target.toString(), 0, null, "cannot write (" + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
    }

    /** An open JSONL output. */
    private static final class Lines {
        private final Path target;
        private final BufferedWriter writer;
        private int count;

        Lines(Path target, BufferedWriter writer) {
            this.target = target;
            this.writer = writer;
        }
    }
}
