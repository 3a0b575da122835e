package io.orderingguard.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How a rule names calls: a tool name (or alias), optionally constrained on arguments.
 *
 * <p>A call matches when its name is the tool (or a member of the alias the tool names) and, for
 * every {@code args_match} entry, the arguments are an object that has the key and the regular
 * expression is found in the value's text (a JSON string as its raw content, any other value as
 * compact JSON; unanchored search, Java {@link Pattern} syntax). A missing key or non-object
 * arguments never match, so a constraint can only narrow a rule.
 *
 * <pre>{@code
 * CallSelector cat = CallSelector.of("bash", Map.of("command", "^cat .*credentials"));
 * }</pre>
 *
 * <p>Thread-safe: immutable.
 */
public final class CallSelector {

    private final String tool;
    private final Map<String, String> argsMatch;
    // the compiled constraints as arrays: a selector is matched against every call of a trace
    private final String[] keys;
    private final Pattern[] patterns;

    private CallSelector(String tool, Map<String, String> argsMatch, Map<String, Pattern> compiled) {
        this.tool = tool;
        this.argsMatch = argsMatch;
        this.keys = compiled.keySet().toArray(new String[0]);
        this.patterns = compiled.values().toArray(new Pattern[0]);
    }

    /**
     * Creates a selector for a tool name or alias.
     *
     * @param tool the tool name or alias (non-blank)
     * @return the selector
     */
    public static CallSelector of(String tool) {
        return of(tool, Map.of());
    }

    /**
     * Creates a selector with argument constraints.
     *
     * @param tool the tool name or alias (non-blank)
     * @param argsMatch argument name to regular expression
     * @return the selector
     * @throws IllegalArgumentException when the tool or a key is blank or a regular expression does
     *     not compile
     */
    public static CallSelector of(String tool, Map<String, String> argsMatch) {
        Objects.requireNonNull(tool, "tool must not be null");
        if (tool.isBlank()) {
            throw new IllegalArgumentException("tool must not be blank, but was '" + tool + "'");
        }
        Objects.requireNonNull(argsMatch, "argsMatch must not be null");
        Map<String, String> sorted = new TreeMap<>();
        Map<String, Pattern> compiled = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : new TreeMap<>(argsMatch).entrySet()) {
            String key = Objects.requireNonNull(entry.getKey(), "argsMatch key must not be null");
            String regex = Objects.requireNonNull(entry.getValue(), "argsMatch." + key + " must not be null");
            if (key.isBlank()) {
                throw new IllegalArgumentException("argsMatch keys must not be blank, but one was '" + key + "'");
            }
            try {
                compiled.put(key, Pattern.compile(regex));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("argsMatch." + key + " is not a valid regular expression ("
                        + e.getDescription() + " near index " + e.getIndex() + "): " + regex, e);
            }
            sorted.put(key, regex);
        }
        return new CallSelector(tool, Collections.unmodifiableMap(sorted), compiled);
    }

    /**
     * Returns the tool name or alias.
     *
     * @return the name as written
     */
    public String tool() {
        return tool;
    }

    /**
     * Returns the argument constraints.
     *
     * @return argument name to regular expression, sorted by name
     */
    public Map<String, String> argsMatch() {
        return argsMatch;
    }

    /**
     * Returns whether this selector constrains arguments.
     *
     * @return {@code true} when there is at least one {@code args_match} entry
     */
    public boolean hasArgsMatch() {
        return !argsMatch.isEmpty();
    }

    /**
     * Returns whether a call matches.
     *
     * @param call the call
     * @param aliases the alias table the tool name is resolved in
     * @return {@code true} on a match
     */
    public boolean matches(ToolInvocation call, Aliases aliases) {
        if (!aliases.matches(tool, call.tool())) {
            return false;
        }
        for (int i = 0; i < keys.length; i++) {
            String text = call.argText(keys[i]);
            if (text == null || !patterns[i].matcher(text).find()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Returns the display form used in rule ids and messages: the tool, followed by the constrained
     * argument names in brackets.
     *
     * @return e.g. {@code bash} or {@code bash[command,cwd]}
     */
    public String display() {
        return argsMatch.isEmpty() ? tool : tool + "[" + String.join(",", argsMatch.keySet()) + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o == this
                || (o instanceof CallSelector other && tool.equals(other.tool) && argsMatch.equals(other.argsMatch));
    }

    @Override
    public int hashCode() {
        return Objects.hash(tool, argsMatch);
    }

    @Override
    public String toString() {
        return argsMatch.isEmpty() ? tool : tool + argsMatch;
    }
}
