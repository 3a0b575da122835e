package io.orderingguard.cli;

import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.ReasoningMode;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolChoice;
import java.util.List;
import java.util.Locale;

/**
 * The request options given with {@code guard check --option key=value}: each key overrides the
 * same option of every document. Keys: {@code reasoning} ({@code disabled}, {@code enabled},
 * {@code adaptive}), {@code reasoning.budgetTokens} (integer ≥ 1), {@code reasoning.effort} (text),
 * {@code toolChoice} ({@code auto}, {@code none}, {@code required}, {@code tool:NAME}),
 * {@code parallelToolCalls}, {@code stream} ({@code true}, {@code false}) and {@code maxTokens}
 * (integer ≥ 1). A {@code reasoning} mode replaces the document's reasoning; a budget or effort
 * alone keeps the document's mode (or means {@code enabled} when the document has none).
 *
 * <p>Immutable once parsed; not shared between threads.
 */
final class OptionOverrides {

    static final String KEYS = "reasoning, reasoning.budgetTokens, reasoning.effort, toolChoice, parallelToolCalls, "
            + "maxTokens, stream";

    private ReasoningMode mode;
    private Integer budget;
    private String effort;
    private ToolChoice toolChoice;
    private Boolean parallel;
    private Integer maxTokens;
    private Boolean stream;

    private OptionOverrides() {}

    /**
     * Parses the {@code --option} values.
     *
     * @param assignments {@code key=value} strings
     * @return the overrides
     * @throws IllegalArgumentException naming the option, the key and what was expected
     */
    static OptionOverrides parse(List<String> assignments) {
        OptionOverrides o = new OptionOverrides();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--option '" + a + "': expected key=value, with key one of " + KEYS);
            }
            o.set(a.substring(0, eq).trim(), a.substring(eq + 1).trim());
        }
        o.reasoningOver(null); // a budget with mode disabled or adaptive is wrong whatever the document says
        return o;
    }

    private void set(String key, String value) {
        switch (key) {
            case "reasoning":
                mode = switch (value) {
                    case "disabled" -> ReasoningMode.DISABLED;
                    case "enabled" -> ReasoningMode.ENABLED;
                    case "adaptive" -> ReasoningMode.ADAPTIVE;
                    default -> throw bad(key, value, "one of disabled, enabled, adaptive");
                };
                break;
            case "reasoning.budgetTokens":
                budget = positive(key, value);
                break;
            case "reasoning.effort":
                if (value.isBlank()) {
                    throw bad(key, value, "a non-blank effort such as low, medium or high");
                }
                effort = value;
                break;
            case "toolChoice":
                toolChoice = switch (value) {
                    case "auto" -> ToolChoice.auto();
                    case "none" -> ToolChoice.none();
                    case "required" -> ToolChoice.required();
                    default -> {
                        if (value.startsWith("tool:") && !value.substring(5).isBlank()) {
                            yield ToolChoice.tool(value.substring(5));
                        }
                        throw bad(key, value, "one of auto, none, required, tool:NAME");
                    }
                };
                break;
            case "parallelToolCalls":
                parallel = bool(key, value);
                break;
            case "maxTokens":
                maxTokens = positive(key, value);
                break;
            case "stream":
                stream = bool(key, value);
                break;
            default:
                throw new IllegalArgumentException("--option " + key + "=" + value + ": unknown key '" + key
                        + "'; expected one of " + KEYS);
        }
    }

    /**
     * Applies the overrides to a document's options.
     *
     * @param options the document's options
     * @return the options to check with
     * @throws IllegalArgumentException when an override cannot combine with the document's reasoning
     */
    RequestOptions applyTo(RequestOptions options) {
        RequestOptions o = options;
        Reasoning reasoning = reasoningOver(options.reasoning());
        if (reasoning != null) {
            o = o.withReasoning(reasoning);
        }
        if (toolChoice != null) {
            o = o.withToolChoice(toolChoice);
        }
        if (parallel != null) {
            o = o.withParallelToolCalls(parallel);
        }
        if (maxTokens != null) {
            o = o.withMaxTokens(maxTokens);
        }
        if (stream != null) {
            o = o.withStream(stream);
        }
        return o;
    }

    private Reasoning reasoningOver(Reasoning document) {
        if (mode == null && budget == null && effort == null) {
            return null;
        }
        ReasoningMode m = mode != null ? mode : document != null ? document.mode() : ReasoningMode.ENABLED;
        Integer b = budget != null ? budget : mode == null && document != null ? document.budgetTokens() : null;
        String e = effort != null ? effort : mode == null && document != null ? document.effort() : null;
        if (b != null && m != ReasoningMode.ENABLED) {
            throw new IllegalArgumentException("--option reasoning.budgetTokens=" + b + ": a budget needs reasoning "
                    + "enabled, but reasoning is " + m.wireName() + (mode == null ? " in the document" : ""));
        }
        if (e != null && m == ReasoningMode.DISABLED) {
            throw new IllegalArgumentException("--option reasoning.effort=" + e + ": an effort needs reasoning on, but "
                    + "reasoning is disabled" + (mode == null ? " in the document" : ""));
        }
        return new Reasoning(m, b, e);
    }

    private static Integer positive(String key, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with the key and the value
        }
        throw bad(key, value, "an integer >= 1");
    }

    private static Boolean bool(String key, String value) {
        String v = value.toLowerCase(Locale.ROOT);
        if (v.equals("true") || v.equals("false")) {
            return Boolean.valueOf(v);
        }
        throw bad(key, value, "true or false");
    }

    private static IllegalArgumentException bad(String key, String value, String expected) {
        return new IllegalArgumentException("--option " + key + "=" + value + ": expected " + expected + ", but was '"
                + value + "'");
    }
}
