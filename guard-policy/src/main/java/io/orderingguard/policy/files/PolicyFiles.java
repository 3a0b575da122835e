package io.orderingguard.policy.files;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.InputNode;
import io.orderingguard.json.JsonInput;
import io.orderingguard.json.PolicyCodec;
import io.orderingguard.policy.SequencePolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads sequence policy files: YAML for {@code .yaml}/{@code .yml}, JSON otherwise. The document
 * shapes (an object with {@code sequences} or {@code rules}, {@code aliases} and {@code tools}, or
 * a bare list of rules) are those of guard-core's {@link PolicyCodec}; a policy without a
 * {@code name} is named after its file.
 *
 * <pre>{@code
 * SequencePolicy policy = PolicyFiles.read(Path.of("policies/customer-support.yaml"));
 * ToolCallGate gate = ToolCallGate.of(policy);
 * }</pre>
 *
 * <p>An eval test's {@code policy:} may also name a file holding a bare list of tool names (an exact
 * sequence); {@link #reference} reads both kinds. Every error is a {@link GuardInputException}
 * naming the file and the JSON path.
 *
 * <p>Thread-safe: stateless.
 */
public final class PolicyFiles {

    private PolicyFiles() {}

    /**
     * What a policy reference holds: a policy, or (a bare list of tool names) an exact sequence.
     *
     * @param policy the policy, or {@code null} for an exact sequence
     * @param exactSequence the tool names, or {@code null} for a policy
     * @param document whether the policy came from a policy document (an object), whose aliases
     *     apply to the rules it is combined with
     */
    public record Reference(SequencePolicy policy, List<String> exactSequence, boolean document) {

        /** Validates and copies the fields. */
        public Reference {
            if ((policy == null) == (exactSequence == null)) {
                throw new IllegalArgumentException("give exactly one of policy and exactSequence, but "
                        + (policy == null ? "both were null" : "both were given"));
            }
            exactSequence = exactSequence == null ? null : List.copyOf(exactSequence);
        }
    }

    /**
     * Reads a policy file.
     *
     * @param file the file
     * @return the policy
     * @throws GuardInputException when the file cannot be read or is not a valid policy
     */
    public static SequencePolicy read(Path file) {
        return read(file, JsonInput.defaults());
    }

    /**
     * Reads a policy file under input limits.
     *
     * @param file the file
     * @param input the parser
     * @return the policy
     * @throws GuardInputException when the file cannot be read or is not a valid policy
     */
    public static SequencePolicy read(Path file, JsonInput input) {
        Objects.requireNonNull(file, "file must not be null");
        Objects.requireNonNull(input, "input must not be null");
        return PolicyCodec.read(input.parseFile(file), file.toString(), defaultName(file));
    }

    /**
     * Reads a parsed policy reference: a policy document, a bare list of rules, or a bare list of
     * tool names (an exact sequence).
     *
     * @param tree the parsed file
     * @param source the file name for messages
     * @param defaultName the policy's name when the document gives none
     * @return the reference
     * @throws GuardInputException when the document is neither
     */
    public static Reference reference(JsonNode tree, String source, String defaultName) {
        Objects.requireNonNull(tree, "tree must not be null");
        if (tree.isArray() && (tree.isEmpty() || tree.get(0).isTextual())) {
            List<String> sequence = new ArrayList<>();
            for (InputNode item : InputNode.root(tree, source, 0).asArray()) {
                if (!item.raw().isTextual()) {
                    throw item.error("expected a tool name, but was " + InputNode.describe(item.raw())
                            + " (a list of tool names is an exact sequence and cannot be mixed with rules)");
                }
                sequence.add(item.raw().textValue());
            }
            return new Reference(null, sequence, false);
        }
        return new Reference(PolicyCodec.read(tree, source, defaultName), null, tree.isObject());
    }

    /**
     * Returns the name a file gives the policy or suite it holds when the document names none: the
     * file name without its extension.
     *
     * @param file the file
     * @return e.g. {@code customer-support} for {@code policies/customer-support.yaml}; {@code policy}
     *     when the name is blank
     */
    public static String defaultName(Path file) {
        Path fileName = file.getFileName();
        String name = fileName == null ? file.toString() : fileName.toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return stem.isBlank() ? "policy" : stem;
    }
}
