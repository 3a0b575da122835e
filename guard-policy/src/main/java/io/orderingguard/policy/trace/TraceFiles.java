package io.orderingguard.policy.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.InputLimits;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.policy.ToolInvocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads recorded runs ({@link TraceRecord}s) from trace files. Accepted inputs:
 *
 * <ul>
 *   <li><b>Assay JSONL, V2 episode events</b>: {@code episode_start} (prompt in {@code input.prompt}),
 *       {@code step} (prompt also from {@code meta["gen_ai.prompt"]} or a JSON {@code content} with
 *       {@code prompt}), {@code tool_call} ({@code episode_id}, {@code tool_name}, optional
 *       {@code args}) and {@code episode_end}; calls keep their order in the file. Other event types
 *       are skipped, but a {@code tool_call} line without {@code episode_id} is an error: silently
 *       dropping a call could hide a forbidden one.</li>
 *   <li><b>Assay JSONL, legacy records</b>: {@code {"prompt", "response"|"text", "request_id"?,
 *       "meta"?: {"tool_calls": [...]}, "tool_calls"?: [...], "tool"?, "args"?}}, also with
 *       {@code "type": "assay.trace"}. Calls are sorted by their {@code index} when every call has one.
 *       A call names its tool with {@code tool_name}, {@code tool}, {@code name} or
 *       {@code function.name}, and its arguments with {@code args}, {@code arguments} or
 *       {@code function.arguments} (a JSON object, or a string holding one).</li>
 *   <li><b>Dispatch documents</b> (docs/dispatch-format.md), as one JSON/YAML document or JSONL lines: the
 *       requested {@code toolCall} entries, the {@code context}, {@code conversationId} as the id and
 *       the first user message as the prompt. Successive lines of one conversation are snapshots of
 *       it; the last one is kept.</li>
 *   <li><b>Flow traces</b> (one run per file), as guard-testing's {@code FlowSession} writes them
 *       ({@code *.trace.json}, reagent-flow's {@code format_version "1"}): the trace's {@code name}
 *       as the id, its first user message as the prompt, and the {@code llm_call.tool_calls} of its
 *       turns in order.</li>
 *   <li><b>Call lists</b> (one run): a JSON/YAML array of tool names or call objects, or an object
 *       with a {@code tool_calls} or {@code tools} array.</li>
 * </ul>
 *
 * <p>{@code .yaml}/{@code .yml} and {@code .json} files are one document (a {@code .json} file whose
 * first line is a complete JSON value followed by more lines is read as JSONL); anything else is
 * JSONL. Every problem is a {@link GuardInputException} naming the file, line and JSON path, except a
 * record's unreadable tool calls, which become that record's {@link TraceRecord#problem()}.
 *
 * <p>Thread-safe: stateless.
 */
public final class TraceFiles {

    private static final Set<String> V2_EVENTS = Set.of("episode_start", "step", "tool_call", "episode_end");
    private static final Set<String> DISPATCH_FIELDS = Set.of(
            "conversationId", "provider", "model", "surface", "tools", "entries", "context");
    private static final Set<String> ENTRY_FIELDS = Set.of(
            "kind", "id", "role", "content", "payload", "replayCompatibility", "step", "tool", "args", "result",
            "requested");

    private TraceFiles() {}

    /**
     * Reads a trace file.
     *
     * @param file the file
     * @return the records in file order
     * @throws GuardInputException when the file cannot be read or parsed
     */
    public static List<TraceRecord> read(Path file) {
        return read(file, InputLimits.defaults());
    }

    /**
     * Reads a trace file under input limits.
     *
     * @param file the file
     * @param limits the input limits
     * @return the records in file order
     * @throws GuardInputException when the file cannot be read or parsed
     */
    public static List<TraceRecord> read(Path file, InputLimits limits) {
        Objects.requireNonNull(file, "file must not be null");
        JsonInput input = JsonInput.withLimits(Objects.requireNonNull(limits, "limits must not be null"));
        String text = input.readText(file);
        String source = file.toString();
        String name = file.getFileName() == null ? source : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return new Reader(source, input).document(input.parseYaml(text, source));
        }
        if (name.endsWith(".json") && !firstLineIsWholeValue(text, input)) {
            return new Reader(source, input).document(input.parseJson(text, source));
        }
        return new Reader(source, input).lines(text);
    }

    /**
     * Parses JSONL text.
     *
     * @param text the lines
     * @param source the source name for messages
     * @param limits the input limits
     * @return the records in order
     * @throws GuardInputException when a line cannot be parsed
     */
    public static List<TraceRecord> parseLines(String text, String source, InputLimits limits) {
        return new Reader(source, JsonInput.withLimits(Objects.requireNonNull(limits, "limits must not be null")))
                .lines(text);
    }

    /**
     * Reads a trace file that must hold exactly one run.
     *
     * @param file the file
     * @return the record
     * @throws GuardInputException when the file holds no run or several
     */
    public static TraceRecord readSingle(Path file) {
        List<TraceRecord> records = read(file);
        if (records.size() != 1) {
            List<String> labels = new ArrayList<>();
            for (TraceRecord r : records) {
                labels.add(r.label());
            }
            throw new GuardInputException(file.toString(), 0, null, records.isEmpty()
                    ? "expected one recorded run, but the file holds none"
                    : "expected one recorded run, but the file holds " + records.size() + " (" + String.join(", ", labels)
                            + "); pick one with its id");
        }
        return records.get(0);
    }

    /**
     * Picks one run of a trace file by id or prompt.
     *
     * @param file the file
     * @param key the id or prompt
     * @return the record
     * @throws GuardInputException when no record or several match
     */
    public static TraceRecord readOne(Path file, String key) {
        List<TraceRecord> matches = new ArrayList<>();
        List<TraceRecord> records = read(file);
        for (TraceRecord r : records) {
            if (key.equals(r.id()) || key.equals(r.prompt())) {
                matches.add(r);
            }
        }
        if (matches.size() != 1) {
            throw new GuardInputException(file.toString(), 0, null, (matches.isEmpty() ? "no" : matches.size())
                    + " recorded run(s) with id or prompt \"" + key + "\" among " + records.size());
        }
        return matches.get(0);
    }

    private static boolean firstLineIsWholeValue(String text, JsonInput input) {
        String trimmed = text.strip();
        int nl = trimmed.indexOf('\n');
        if (nl < 0) {
            return false;
        }
        String first = trimmed.substring(0, nl).strip();
        if (!first.startsWith("{")) {
            return false;
        }
        try {
            input.parseJsonLine(first, null, 1);
            return true;
        } catch (GuardInputException e) {
            return false; // a pretty-printed document: its first line is not a value on its own
        }
    }

    /** One pass over one file. */
    private static final class Reader {

        private final String source;
        private final JsonInput input;
        private final List<Builder> order = new ArrayList<>();
        private final Map<String, Builder> episodes = new LinkedHashMap<>();
        private final Map<String, Integer> conversations = new LinkedHashMap<>();
        private int totalCalls;

        Reader(String source, JsonInput input) {
            this.source = source;
            this.input = input;
        }

        List<TraceRecord> document(JsonNode tree) {
            InputNode root = InputNode.root(tree, source, 0);
            if (tree.isArray()) {
                Builder b = add(0);
                calls(root, b);
                return build();
            }
            root.requireObject();
            if (root.has("entries")) {
                dispatch(root, 0);
            } else if (root.has("turns") && root.has("format_version")) {
                flow(root);
            } else if ((root.has("tool_calls") || root.has("tools")) && !root.has("prompt") && !root.has("type")) {
                Builder b = add(0);
                b.id = root.raw().path("id").isTextual() ? root.raw().path("id").textValue() : null;
                calls(root.has("tool_calls") ? root.child("tool_calls") : root.child("tools"), b);
            } else {
                line(root, 0);
            }
            return build();
        }

        List<TraceRecord> lines(String text) {
            String[] lines = text.split("\r?\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String lineText = lines[i].strip();
                if (lineText.isEmpty()) {
                    continue;
                }
                JsonNode tree = input.parseJsonLine(lineText, source, i + 1);
                InputNode node = InputNode.root(tree, source, i + 1);
                if (!tree.isObject()) {
                    throw node.error("expected a trace record object, but was " + InputNode.describe(tree));
                }
                if (node.has("entries")) {
                    dispatch(node, i + 1);
                } else {
                    line(node, i + 1);
                }
            }
            return build();
        }

        private void line(InputNode node, int line) {
            JsonNode type = node.raw().path("type");
            if (type.isTextual() && V2_EVENTS.contains(type.textValue())) {
                event(node, type.textValue(), line);
            } else if (node.has("prompt") || type.isTextual() && "assay.trace".equals(type.textValue())) {
                legacy(node, line);
            } else if (node.has("episode_id") && type.isTextual()) {
                return; // another event type of an episode: nothing the rules read
            } else {
                throw node.error("unrecognised trace record: expected an Assay episode event (type episode_start, step, "
                        + "tool_call, episode_end), a record with a prompt, or a dispatch document with entries");
            }
        }

        private void event(InputNode node, String type, int line) {
            InputNode episodeNode = node.required("episode_id");
            String episode = episodeNode.asText();
            Builder b = episodes.get(episode);
            if (b == null) {
                b = add(line);
                b.id = episode;
                episodes.put(episode, b);
            }
            switch (type) {
                case "episode_start":
                    JsonNode prompt = node.raw().path("input").path("prompt");
                    if (prompt.isTextual()) {
                        b.prompt = prompt.textValue();
                    }
                    b.line = line;
                    break;
                case "step":
                    if (b.prompt == null) {
                        b.prompt = stepPrompt(node.raw());
                    }
                    break;
                case "tool_call":
                    if (b.problem != null) {
                        break;
                    }
                    try {
                        String tool = node.nonBlankText("tool_name");
                        b.calls.add(invocation(tool, node.child("args")));
                        countCall(node);
                    } catch (GuardInputException e) {
                        failOrThrow(b, e);
                    }
                    break;
                default:
                    break;
            }
        }

        /**
         * A flow trace (guard-testing's {@code FlowSession}, reagent-flow format): one run, named by
         * {@code name} (else {@code trace_id}); the prompt is the first user message with text
         * content; the calls are every turn's {@code llm_call.tool_calls} in turn order. Fields the
         * rules do not read are not checked, as the flow-trace reader ignores unknown fields.
         */
        private void flow(InputNode root) {
            Builder b = add(0);
            JsonNode name = root.raw().path("name");
            JsonNode traceId = root.raw().path("trace_id");
            b.id = name.isTextual() && !name.textValue().isBlank() ? name.textValue()
                    : traceId.isTextual() ? traceId.textValue() : null;
            List<InputNode> turns = root.array("turns");
            for (InputNode turn : turns) {
                for (JsonNode message : turn.raw().path("llm_call").path("messages")) {
                    if (b.prompt == null && "user".equals(message.path("role").asText(null))
                            && message.path("content").isTextual()) {
                        b.prompt = message.path("content").textValue();
                    }
                }
            }
            try {
                for (InputNode turn : turns) {
                    InputNode llmCall = turn.required("llm_call").requireObject();
                    if (llmCall.has("tool_calls")) {
                        calls(llmCall.child("tool_calls"), b);
                    }
                }
            } catch (GuardInputException e) {
                b.calls.clear();
                failOrThrow(b, e);
            }
        }

        private String stepPrompt(JsonNode step) {
            JsonNode meta = step.path("meta").path("gen_ai.prompt");
            if (meta.isTextual()) {
                return meta.textValue();
            }
            JsonNode content = step.path("content");
            if (content.isTextual() && content.textValue().strip().startsWith("{")) {
                try {
                    JsonNode parsed = input.parseJson(content.textValue(), source);
                    if (parsed.path("prompt").isTextual()) {
                        return parsed.path("prompt").textValue();
                    }
                } catch (GuardInputException e) {
                    return null; // free text that merely starts with a brace
                }
            }
            return null;
        }

        private void legacy(InputNode node, int line) {
            Builder b = add(line);
            b.prompt = node.optText("prompt");
            JsonNode requestId = node.raw().path("request_id");
            b.id = requestId.isTextual() ? requestId.textValue() : null;
            try {
                if (node.has("tool_calls")) {
                    calls(node.child("tool_calls"), b);
                } else if (node.child("meta").has("tool_calls")) {
                    calls(node.child("meta").child("tool_calls"), b);
                } else if (node.has("tool")) {
                    b.calls.add(invocation(node.nonBlankText("tool"), node.child("args")));
                    countCall(node);
                }
            } catch (GuardInputException e) {
                b.calls.clear();
                failOrThrow(b, e);
            }
        }

        private void calls(InputNode list, Builder b) {
            List<InputNode> items = list.asArray();
            List<Integer> indices = new ArrayList<>();
            List<ToolInvocation> calls = new ArrayList<>();
            for (InputNode item : items) {
                JsonNode raw = item.raw();
                if (raw.isTextual()) {
                    if (raw.textValue().isBlank()) {
                        throw item.error("expected a non-blank tool name, but was \"" + raw.textValue() + "\"");
                    }
                    calls.add(ToolInvocation.of(raw.textValue()));
                    indices.add(null);
                } else if (raw.isObject()) {
                    calls.add(callObject(item));
                    JsonNode index = raw.path("index");
                    indices.add(index.canConvertToInt() && index.isIntegralNumber() ? index.intValue() : null);
                } else {
                    throw item.error("expected a tool name or a call object, but was " + InputNode.describe(raw));
                }
                countCall(item);
            }
            if (!indices.isEmpty() && !indices.contains(null)) {
                List<Integer> order = new ArrayList<>();
                for (int i = 0; i < calls.size(); i++) {
                    order.add(i);
                }
                order.sort(Comparator.comparing(indices::get));
                List<ToolInvocation> sorted = new ArrayList<>();
                for (int i : order) {
                    sorted.add(calls.get(i));
                }
                calls = sorted;
            }
            b.calls.addAll(calls);
        }

        private ToolInvocation callObject(InputNode item) {
            InputNode function = item.child("function");
            String tool = null;
            for (String field : List.of("tool_name", "tool", "name")) {
                if (item.has(field)) {
                    tool = item.nonBlankText(field);
                    break;
                }
            }
            if (tool == null && function.raw().isObject()) {
                tool = function.nonBlankText("name");
            }
            if (tool == null) {
                throw item.error("a tool call needs its tool name in tool_name, tool, name or function.name, but has none");
            }
            InputNode args = item.has("args") ? item.child("args")
                    : item.has("arguments") ? item.child("arguments") : function.child("arguments");
            return invocation(tool, args);
        }

        private ToolInvocation invocation(String tool, InputNode args) {
            JsonNode raw = args.raw();
            if (raw.isTextual()) {
                try {
                    raw = input.parseJson(raw.textValue(), source);
                } catch (GuardInputException e) {
                    throw args.error("expected arguments as JSON, but the string does not parse: " + e.problem());
                }
            }
            if (raw.isMissingNode() || raw.isNull()) {
                return ToolInvocation.of(tool);
            }
            return new ToolInvocation(tool, raw);
        }

        private void dispatch(InputNode root, int line) {
            root.allowOnly(DISPATCH_FIELDS);
            String conversation = root.optNonBlankText("conversationId");
            ObjectNode context = root.optObject("context");
            Builder b = new Builder(line);
            b.id = conversation;
            b.context = context;
            for (InputNode entry : root.array("entries")) {
                entry.allowOnly(ENTRY_FIELDS);
                String kind = entry.optEnum("kind", "message", "thought", "toolCall");
                if (kind == null) {
                    throw entry.child("kind").error("required field is missing");
                }
                entry.nonBlankText("id");
                if ("message".equals(kind)) {
                    String role = entry.optEnum("role", "user", "assistant", "system");
                    if (role == null) {
                        throw entry.child("role").error("required field is missing");
                    }
                    String content = entry.optText("content");
                    if ("user".equals(role) && b.prompt == null && content != null) {
                        b.prompt = content;
                    }
                } else if ("toolCall".equals(kind)) {
                    boolean requested = entry.optBoolean("requested", true);
                    if (entry.has("args")) {
                        entry.optObject("args");
                    }
                    if (requested) {
                        b.calls.add(invocation(entry.nonBlankText("tool"), entry.child("args")));
                        countCall(entry);
                    }
                }
            }
            Integer previous = conversation == null ? null : conversations.get(conversation);
            if (previous != null) {
                order.set(previous, b);
            } else {
                if (conversation != null) {
                    conversations.put(conversation, order.size());
                }
                order.add(b);
            }
        }

        private void failOrThrow(Builder b, GuardInputException e) {
            if (totalCalls > input.limits().maxEntries()) {
                throw e; // a breached limit ends the read; it is not one record's problem
            }
            b.fail(e.getMessage());
        }

        private void countCall(InputNode where) {
            totalCalls++;
            if (totalCalls > input.limits().maxEntries()) {
                throw where.error("the trace file has more than " + input.limits().maxEntries() + " tool calls");
            }
        }

        private Builder add(int line) {
            Builder b = new Builder(line);
            order.add(b);
            return b;
        }

        private List<TraceRecord> build() {
            List<TraceRecord> records = new ArrayList<>(order.size());
            for (Builder b : order) {
                records.add(new TraceRecord(source, b.line, b.id, b.prompt, b.problem == null ? b.calls : List.of(),
                        b.context, b.problem));
            }
            return records;
        }
    }

    /** A record being assembled. */
    private static final class Builder {
        int line;
        String id;
        String prompt;
        ObjectNode context;
        String problem;
        final List<ToolInvocation> calls = new ArrayList<>();

        Builder(int line) {
            this.line = line;
        }

        void fail(String message) {
            if (problem == null) {
                problem = "could not read the tool calls: " + message;
            }
        }
    }
}
