package io.orderingguard.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.ReasoningMode;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolChoiceMode;
import java.util.Locale;
import java.util.Set;

/**
 * Reads and writes the {@code options} object of a dispatch document (docs/dispatch-format.md) for
 * {@link DispatchCodec}: reasoning, tool choice, parallel tool calls, the token limit, streaming and
 * the API surface.
 * Fields that are unknown are absent on both sides.
 */
final class OptionsCodec {

    private static final Set<String> OPTION_FIELDS =
            Set.of("reasoning", "toolChoice", "parallelToolCalls", "maxTokens", "stream", "api");
    private static final Set<String> REASONING_FIELDS = Set.of("mode", "budgetTokens", "effort");
    private static final Set<String> TOOL_CHOICE_FIELDS = Set.of("tool");

    private OptionsCodec() {}

    /**
     * Reads an options object.
     *
     * @param node the object
     * @return the options, {@link RequestOptions#unknown()} when it names nothing
     * @throws io.orderingguard.GuardInputException naming the JSON path of the first problem
     */
    static RequestOptions read(InputNode node) {
        node.requireObject().allowOnly(OPTION_FIELDS);
        Reasoning reasoning = node.has("reasoning") ? reasoning(node.child("reasoning")) : null;
        ToolChoice toolChoice = node.has("toolChoice") ? toolChoice(node.child("toolChoice")) : null;
        Boolean parallel = optBoolean(node, "parallelToolCalls");
        Integer maxTokens = node.optInt("maxTokens");
        if (maxTokens != null && maxTokens < 1) {
            throw node.child("maxTokens").error("expected an integer >= 1, but was " + maxTokens);
        }
        Boolean stream = optBoolean(node, "stream");
        ProviderSurface api = null;
        if (node.has("api")) {
            String name = node.nonBlankText("api");
            try {
                api = ProviderSurface.fromWire(name);
            } catch (IllegalArgumentException e) {
                throw node.child("api").error(e.getMessage());
            }
        }
        RequestOptions options = new RequestOptions(reasoning, toolChoice, parallel, maxTokens, stream, api);
        return options.isUnknown() ? RequestOptions.unknown() : options;
    }

    private static Reasoning reasoning(InputNode node) {
        node.requireObject().allowOnly(REASONING_FIELDS);
        ReasoningMode mode = ReasoningMode.valueOf(
                node.enumValue("mode", "disabled", "enabled", "adaptive").toUpperCase(Locale.ROOT));
        Integer budget = node.optInt("budgetTokens");
        if (budget != null) {
            if (budget < 1) {
                throw node.child("budgetTokens").error("expected an integer >= 1, but was " + budget);
            }
            if (mode != ReasoningMode.ENABLED) {
                throw node.child("budgetTokens").error("a budget is only allowed with mode enabled, but mode was \""
                        + mode.wireName() + "\"");
            }
        }
        String effort = node.optNonBlankText("effort");
        if (effort != null && mode == ReasoningMode.DISABLED) {
            throw node.child("effort").error("an effort is not allowed with mode disabled");
        }
        return new Reasoning(mode, budget, effort);
    }

    private static ToolChoice toolChoice(InputNode node) {
        JsonNode raw = node.raw();
        if (raw.isTextual()) {
            switch (raw.textValue()) {
                case "auto":
                    return ToolChoice.auto();
                case "none":
                    return ToolChoice.none();
                case "required":
                    return ToolChoice.required();
                default:
                    break;
            }
        } else if (raw.isObject()) {
            node.allowOnly(TOOL_CHOICE_FIELDS);
            return ToolChoice.tool(node.nonBlankText("tool"));
        }
        throw node.error("expected one of \"auto\", \"none\", \"required\" or an object {\"tool\": name}, but was "
                + InputNode.describe(raw));
    }

    private static Boolean optBoolean(InputNode node, String name) {
        return node.has(name) ? node.optBoolean(name, false) : null;
    }

    /**
     * Writes options as a document's {@code options} object.
     *
     * @param options the options
     * @return the object (empty for {@link RequestOptions#unknown()})
     */
    static ObjectNode write(RequestOptions options) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        Reasoning reasoning = options.reasoning();
        if (reasoning != null) {
            ObjectNode r = node.putObject("reasoning");
            r.put("mode", reasoning.mode().wireName());
            if (reasoning.budgetTokens() != null) {
                r.put("budgetTokens", reasoning.budgetTokens());
            }
            DispatchWriter.putIfPresent(r, "effort", reasoning.effort());
        }
        ToolChoice choice = options.toolChoice();
        if (choice != null) {
            if (choice.mode() == ToolChoiceMode.TOOL) {
                node.putObject("toolChoice").put("tool", choice.tool());
            } else {
                node.put("toolChoice", choice.mode().wireName());
            }
        }
        if (options.parallelToolCalls() != null) {
            node.put("parallelToolCalls", options.parallelToolCalls());
        }
        if (options.maxTokens() != null) {
            node.put("maxTokens", options.maxTokens());
        }
        if (options.stream() != null) {
            node.put("stream", options.stream());
        }
        if (options.api() != null) {
            node.put("api", options.api().wireName());
        }
        return node;
    }
}
