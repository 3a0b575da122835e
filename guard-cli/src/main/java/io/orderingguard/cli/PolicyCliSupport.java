package io.orderingguard.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.policy.trace.TraceFiles;
import io.orderingguard.policy.trace.TraceRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine;

/** Shared plumbing of the policy verbs (eval, migrate, explain, gate). */
final class PolicyCliSupport {

    private PolicyCliSupport() {}

    /** Checks a {@code --format} value against the verb's choices. */
    static String format(CommandSpec spec, String value, String... choices) {
        String lower = value.toLowerCase(Locale.ROOT);
        for (String choice : choices) {
            if (choice.equals(lower)) {
                return choice;
            }
        }
        throw new CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--format': '" + value
                + "' (expected one of " + String.join(", ", choices) + ")");
    }

    /** Writes a report to a file, or to standard output when no file is given. */
    static void emit(CommandSpec spec, Path output, String text) {
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
            return;
        }
        try {
            Path parent = output.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(output, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GuardInputException(output.toString(), 0, null, "cannot write the report ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    /** Reads a {@code --context} or {@code --args} value: inline JSON, or {@code @file}. */
    static ObjectNode jsonObject(String value, String option) {
        if (value == null) {
            return null;
        }
        JsonNode tree;
        String source;
        if (value.startsWith("@")) {
            Path file = Path.of(value.substring(1));
            source = file.toString();
            tree = JsonInput.defaults().parseFile(file);
        } else {
            source = option;
            tree = JsonInput.defaults().parseJson(value, option);
        }
        return (ObjectNode) InputNode.root(tree, source, 0).requireObject().raw();
    }

    /** Reads the one run of a trace file, or the run with an id or prompt. */
    static TraceRecord run(Path trace, String key) {
        TraceRecord record;
        if (key == null) {
            List<TraceRecord> records = TraceFiles.read(trace);
            if (records.size() != 1) {
                List<String> labels = new ArrayList<>();
                records.forEach(r -> labels.add(r.label()));
                throw new GuardInputException(trace.toString(), 0, null, records.isEmpty()
                        ? "expected a recorded run, but the file holds none"
                        : "the file holds " + records.size() + " recorded runs (" + String.join(", ", labels)
                                + "); pick one with --run ID");
            }
            record = records.get(0);
        } else {
            record = TraceFiles.readOne(trace, key);
        }
        if (!record.readable()) {
            throw new GuardInputException(record.location(), 0, null, record.problem());
        }
        return record;
    }

    /** The version of the guard command, for reports. */
    static String version() {
        String v = PolicyCliSupport.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
