package io.orderingguard.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.internal.Catalogs;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.support.Require;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads and writes profile files (YAML or JSON):
 *
 * <pre>{@code
 * name: my-gemini                      # required
 * description: Gemini 3 with stricter adjacency
 * extends: [gemini-3]                  # shipped behaviour or family names (or one string)
 * overrides:                           # change the severity of an inherited rule, by id
 *   message-not-immediately-after-function-call: {severity: blocking}
 * rules:                               # more rules; an empty list is a valid, permissive-free profile
 *   - {type: toolResultPairing, id: pairing, severity: blocking}
 * }</pre>
 *
 * Every problem in a file is reported at once, each with its JSON path.
 *
 * <p>Thread-safe: immutable.
 */
public final class ProfileCodec {

    private static final ProfileCodec DEFAULTS = new ProfileCodec(JsonInput.defaults(), Catalogs::find);

    private final JsonInput input;
    private final Function<String, Optional<OrderingProfile>> resolver;

    private ProfileCodec(JsonInput input, Function<String, Optional<OrderingProfile>> resolver) {
        this.input = input;
        this.resolver = resolver;
    }

    /**
     * Returns a codec with default limits that resolves {@code extends} from the profile catalogues on
     * the class path.
     *
     * @return the codec
     */
    public static ProfileCodec defaults() {
        return DEFAULTS;
    }

    /**
     * Returns a codec with other limits and {@code extends} resolver.
     *
     * @param limits the input limits
     * @param resolver resolves a shipped name to a profile
     * @return the codec
     */
    public static ProfileCodec of(InputLimits limits, Function<String, Optional<OrderingProfile>> resolver) {
        return new ProfileCodec(JsonInput.withLimits(Require.nonNull(limits, "limits")),
                Require.nonNull(resolver, "resolver"));
    }

    /**
     * Returns the input limits.
     *
     * @return the limits
     */
    public InputLimits limits() {
        return input.limits();
    }

    /**
     * Reads a profile file ({@code .yaml}/{@code .yml} as YAML, anything else as JSON).
     *
     * @param file the file
     * @return the profile
     * @throws GuardInputException listing every problem with the file name and JSON path
     */
    public OrderingProfile read(Path file) {
        return read(InputNode.root(input.parseFile(file), file.toString(), 0));
    }

    /**
     * Reads a parsed profile document, the inverse of {@link #write(OrderingProfile)}.
     *
     * @param tree the parsed document
     * @param source the source name for messages, or {@code null}
     * @return the profile
     * @throws GuardInputException listing every problem with its JSON path
     */
    public OrderingProfile fromTree(JsonNode tree, String source) {
        return read(InputNode.root(Require.nonNull(tree, "tree"), source, 0));
    }

    private OrderingProfile read(InputNode root) {
        root.allowOnly("name", "description", "permissive", "extends", "overrides", "rules");
        List<GuardInputException> problems = new ArrayList<>();
        String name = attempt(problems, () -> root.nonBlankText("name"));
        String description = attempt(problems, () -> root.optText("description"));
        Boolean permissive = attempt(problems, () -> root.optBoolean("permissive", false));
        List<OrderingRule> rules = new ArrayList<>();
        for (InputNode ext : attempt(problems, () -> extendsList(root), List.<InputNode>of())) {
            try {
                String parent = ext.asText();
                Optional<OrderingProfile> found = resolver.apply(parent);
                if (found.isEmpty()) {
                    String problem = Catalogs.problem(parent);
                    throw ext.error(problem == null ? "unknown profile '" + parent + "'" : problem);
                }
                rules.addAll(found.get().rules());
            } catch (GuardInputException e) {
                problems.add(e);
            }
        }
        if (root.has("overrides")) {
            applyOverrides(root.child("overrides"), rules, problems);
        }
        if (root.has("rules")) {
            try {
                rules.addAll(RuleCodec.readAll(root.child("rules").asArray(), problems));
            } catch (GuardInputException e) {
                problems.add(e);
            }
        }
        if (!problems.isEmpty()) {
            throw RuleCodec.combine(problems);
        }
        try {
            return new OrderingProfile(name, description, Boolean.TRUE.equals(permissive), rules);
        } catch (IllegalArgumentException e) {
            throw root.error(e.getMessage());
        }
    }

    private static List<InputNode> extendsList(InputNode root) {
        if (!root.has("extends")) {
            return List.of();
        }
        InputNode ext = root.child("extends");
        return ext.raw().isTextual() ? List.of(ext) : ext.asArray();
    }

    private static void applyOverrides(InputNode overrides, List<OrderingRule> rules, List<GuardInputException> problems) {
        try {
            overrides.requireObject();
        } catch (GuardInputException e) {
            problems.add(e);
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = overrides.raw().fields();
        while (fields.hasNext()) {
            String ruleId = fields.next().getKey();
            InputNode o = overrides.child(ruleId);
            try {
                o.allowOnly("severity");
                Severity severity;
                try {
                    severity = Severity.fromWire(o.text("severity"));
                } catch (IllegalArgumentException e) {
                    throw o.child("severity").error("expected one of blocking, advisory, but was \"" + o.text("severity") + "\"");
                }
                boolean found = false;
                for (int i = 0; i < rules.size(); i++) {
                    if (rules.get(i).id().equals(ruleId)) {
                        try {
                            rules.set(i, rules.get(i).withSeverity(severity));
                        } catch (IllegalArgumentException e) {
                            throw o.child("severity").error(e.getMessage());
                        }
                        found = true;
                    }
                }
                if (!found) {
                    List<String> ids = new ArrayList<>();
                    rules.forEach(r -> ids.add(r.id()));
                    throw o.error("no inherited rule has this id" + io.orderingguard.support.Suggestions.didYouMean(ruleId, ids));
                }
            } catch (GuardInputException e) {
                problems.add(e);
            }
        }
    }

    private static <T> T attempt(List<GuardInputException> problems, java.util.function.Supplier<T> read) {
        return attempt(problems, read, null);
    }

    private static <T> T attempt(List<GuardInputException> problems, java.util.function.Supplier<T> read, T fallback) {
        try {
            return read.get();
        } catch (GuardInputException e) {
            problems.add(e);
            return fallback;
        }
    }

    /**
     * Writes a profile: {@code name}, {@code description}, {@code permissive} and {@code rules}.
     *
     * @param profile the profile
     * @return the object
     */
    public static ObjectNode write(OrderingProfile profile) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", profile.name());
        o.put("description", profile.description());
        o.put("permissive", profile.permissive());
        ArrayNode rules = o.putArray("rules");
        for (OrderingRule r : profile.rules()) {
            rules.add(RuleCodec.write(r));
        }
        return o;
    }
}
