package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.support.Require;
import io.orderingguard.surface.ProviderIds;
import io.orderingguard.surface.ProviderSurface;
import io.orderingguard.surface.ReplayTags;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Reasoning;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolChoice;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireCodec;
import io.orderingguard.wire.WireContext;
import io.orderingguard.wire.WireFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The OpenAI Responses codec ({@code POST /v1/responses}), for the stateless use of the API: the
 * whole history in {@code input}.
 *
 * <p>Parse: {@code instructions} is the system message {@code instructions}; a string {@code input}
 * is the user message {@code m0}. Input item {@code i} is wire message {@code m<i>}: a
 * {@code message} item (or an item with a role and no type) is a message of its role
 * ({@code system} and {@code developer} are system messages; string content: entry {@code m<i>};
 * part {@code j}: entry {@code m<i>.c<j>}, {@code input_text}/{@code output_text} give their text,
 * other parts {@code [type]}); a {@code reasoning} item is the thought {@code m<i>} whose content is
 * its summary texts, with payload {@code {"encrypted_content": …}} tagged {@value #REASONING_TAG}
 * (where {@code payload_field_preservation:encrypted_content} and the foreign-reasoning rule look,
 * as LangChain4j's {@code OPENAI_RESPONSES} layout puts it); a {@code function_call} (or
 * {@code custom_tool_call}) is a call with its {@code call_id} (arguments parsed from their JSON
 * string, kept in payload {@code arguments} when they are not a JSON object; a custom call's
 * {@code input} in payload {@code input}); a {@code function_call_output} (or
 * {@code custom_tool_call_output}) answers the latest unanswered call with its {@code call_id}
 * anywhere earlier in the input (for a provider other than OpenAI, which translates the request to Chat
 * Completions, only while no message came after the call: {@link #lateOutputs}), or becomes an orphan
 * result. The items one model response produced
 * (a reasoning item, then assistant messages and calls) share the step of their first item. Other
 * item types (built-in tool calls, {@code item_reference}, …) are kept as messages holding
 * {@code [type]}: an assistant message with the step for model output, a user message for an
 * {@code …_output} item.
 *
 * <p>{@code previous_response_id}: the body continues a stored response the guard cannot see. The
 * guard checks the items the body carries and never blocks on what lies in the stored turns: a
 * {@code function_call_output} whose call is not in {@code input} answers a call of the stored
 * response and is kept as a user message holding {@code [function_call_output]}, not reported as an
 * orphan; the id is handed on in the dispatch context ({@code {"previous_response_id": …}}) for
 * callers and {@code when:} conditions.
 *
 * <p>Options come from {@code reasoning.effort} ({@code none} → disabled), {@code tool_choice},
 * {@code parallel_tool_calls}, {@code max_output_tokens} and {@code stream}.
 *
 * <p>Rendering puts every item back in its original place; an output a repair synthesised (or moved
 * back to its call) goes right after the calls of its call's model response, before any message.
 *
 * <p>Stateless and thread-safe.
 */
public final class OpenAiResponsesCodec implements WireCodec {

    static final Rendering.Layout LAYOUT =
            new Rendering.Layout(OpenAiResponsesCodec::readBody, OpenAiResponsesCodec::rebuild);

    /** The codec. */
    public static final OpenAiResponsesCodec INSTANCE = new OpenAiResponsesCodec();

    /** The replay tag of reasoning items read from this wire. */
    public static final String REASONING_TAG = ReplayTags.OPENAI_RESPONSES_REASONING;

    /** This codec's surface and its vocabulary. */
    static final ProviderSurface SURFACE = ProviderSurface.OPENAI_RESPONSES;

    /** The payload field that holds a reasoning item's {@code encrypted_content}. */
    public static final String ENCRYPTED_CONTENT = "encrypted_content";

    /** The entry id and wire message of the {@code instructions}. */
    static final String INSTRUCTIONS = "instructions";

    private static final String INPUT = "input";
    private static final String CONTENT = "content";
    private static final String OUTPUT = "output";
    private static final String CALL_ID = "call_id";
    static final String PREVIOUS_RESPONSE = "previous_response_id";

    /** Found by {@link java.util.ServiceLoader} through {@code WireFormat.codec()}; code here uses {@link #INSTANCE}. */
    public OpenAiResponsesCodec() {}

    @Override
    public WireFormat format() {
        return WireFormat.OPENAI_RESPONSES;
    }

    @Override
    public ParsedBody read(JsonNode body, WireContext ctx) {
        return Rendering.read(LAYOUT, body, ctx);
    }

    /** Reads the body in one pass over its bytes ({@link OneRead}); empty for the tree read to name what is wrong. */
    @Override
    public Optional<ParsedBody> readBytes(byte[] body, WireContext ctx) {
        return OneRead.parsed(OpenAiResponsesCodec::readBytes, body, ctx);
    }

    /**
     * The one read: the input items element by element as the pass meets them, the other fields after it.
     * An output answering no call of the body is read by whether the body continues a stored response, so
     * a body that names its {@code previous_response_id} only after its input is read a second time.
     */
    static WireParse readBytes(byte[] body, WireContext ctx, WireParse p) {
        WireParse read = readBytes(body, ctx, p, false);
        if (read != null && read.readAgain) {
            return readBytes(body, ctx, p.sibling(), true);
        }
        return read;
    }

    private static WireParse readBytes(byte[] body, WireContext ctx, WireParse p, boolean continued) {
        WireParse list = p.sibling();
        Items items = new Items(list, continued, lateOutputs(ctx.provider()));
        OneRead.Pass pass = OneRead.read(body, INPUT, list, ctx, items::read);
        if (pass == null) {
            return null;
        }
        InputNode root = InputNode.root(pass.rest, ctx.source(), ctx.line());
        p.pass = pass;
        WireParse read = readRoot(root, ctx, p, previous -> pass.appendTo(p, () -> readInput(p, root, previous, ctx.provider())));
        // read again when the items were read as not continuing a stored response, but the body does
        read.readAgain = !continued && pass.listed() && present(root, PREVIOUS_RESPONSE);
        return read;
    }

    /** Returns whether a field is present and not {@code null}. */
    static boolean present(InputNode parent, String name) {
        return parent.has(name) && !parent.raw().get(name).isNull();
    }

    private static WireParse readBody(JsonNode body, WireContext ctx, WireParse p) {
        InputNode root = InputNode.root(body, ctx.source(), ctx.line()).requireObject();
        return readRoot(root, ctx, p, previous -> readInput(p, root, previous, ctx.provider()));
    }

    /**
     * Returns whether an output answers its call wherever it comes later in the input: OpenAI's own
     * Responses API accepts other items between a call and its output, while a provider that translates
     * the request to Chat Completions (DeepSeek, a gateway, a local server) answers "No tool output found
     * for tool call …" for a message between them, as Chat Completions would.
     *
     * @param provider the provider the body is checked for, or {@code null} for the surface's own
     */
    static boolean lateOutputs(String provider) {
        if (provider == null) {
            return true;
        }
        String canonical = ProviderIds.canonical(provider);
        return ProviderIds.OPENAI_RESPONSES.equals(canonical) || ProviderIds.OPENAI.equals(canonical);
    }

    private static void readInput(WireParse p, InputNode root, String previous, String provider) {
        if (present(root, INPUT)) {
            InputNode input = root.child(INPUT);
            if (input.raw().isTextual()) {
                p.addEntry(new Message("m0", Role.USER, input.raw().textValue(), null, null, null, "m0"), input.raw(), INPUT);
            } else if (input.raw().isArray()) {
                Items items = new Items(p, previous != null, lateOutputs(provider));
                List<InputNode> list = input.asArray();
                for (int i = 0; i < list.size(); i++) {
                    items.read(list.get(i), i);
                }
            } else {
                throw input.error("expected a string or an array of input items, but was " + InputNode.describe(input.raw()));
            }
        }
    }

    /**
     * Reads the fields around the input, and the input (by {@code input}, given the previous response id)
     * where the tree read reads it.
     */
    private static WireParse readRoot(InputNode root, WireContext ctx, WireParse p,
            java.util.function.Consumer<String> input) {
        String model = present(root, "model") ? root.nonBlankText("model") : null;
        if (present(root, INSTRUCTIONS)) {
            InputNode instructions = root.child(INSTRUCTIONS);
            p.addEntry(new Message(INSTRUCTIONS, Role.SYSTEM, instructions.asText(), null, null, null, INSTRUCTIONS),
                    instructions.raw(), INSTRUCTIONS);
        }
        String previous = present(root, PREVIOUS_RESPONSE) ? root.nonBlankText(PREVIOUS_RESPONSE) : null;
        input.accept(previous);
        List<DeclaredTool> tools = tools(root);
        ObjectNode context = previous == null ? null : Blocks.NODES.objectNode().put(PREVIOUS_RESPONSE, previous);
        p.dispatch = new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : SURFACE.provider(),
                ctx.model() != null ? ctx.model() : model, Surface.DISPATCH, Timeline.of(p.entries, tools), context,
                options(p, root).withApi(SURFACE));
        return p;
    }

    /** Reads the declared tools of a body (its function and custom tools). */
    static List<DeclaredTool> tools(InputNode root) {
        List<DeclaredTool> tools = new ArrayList<>();
        for (InputNode tool : root.optArray("tools")) {
            tool.requireObject();
            String type = tool.text("type");
            if (type.equals("function") || type.equals("custom")) {
                tools.add(new DeclaredTool(tool.nonBlankText("name"), present(tool, "parameters")
                        ? tool.optObject("parameters") : null));
            }
        }
        return tools;
    }

    /** An item's type: its {@code type}, or {@code message} for an item with a role and no type. */
    private static String type(InputNode item) {
        return item.has("type") ? item.text("type") : "message";
    }

    /** Reads input items one by one, with what an item's reading needs of the items before it. Not thread-safe. */
    private static final class Items {
        private final WireParse p;
        private final boolean continued;
        private final Set<String> calls = new HashSet<>();
        private String step;
        private boolean stepHasOutput;

        Items(WireParse p, boolean continued, boolean lateOutputs) {
            this.p = p;
            this.continued = continued;
            p.lateResults = lateOutputs;
        }

        void read(InputNode element, int i) {
            InputNode item = element.requireObject();
            String type = type(item);
            String wire = Blocks.wire(i);
            String at = p.keeps() ? "input[" + i + "]" : null;
            p.message(wire, (ObjectNode) item.raw());
            String role = type.equals("message") ? item.text("role") : null;
            boolean modelOutput = role != null ? role.equals("assistant")
                    : !type.endsWith("_output");
            String callField = callIdField(type, item);
            // an assistant message without a server item id right after a reasoning item is one the client
            // wrote, not the output item the reasoning produced: it starts a response of its own
            boolean written = "assistant".equals(role) && !present(item, "id") && step != null && !stepHasOutput;
            if (!modelOutput) {
                step = null;
            } else if (step == null || type.equals("reasoning") && stepHasOutput || written) {
                step = wire;
                stepHasOutput = false;
            }
            if (!SURFACE.knowsType(type) && !"message".equals(type)) {
                p.unknown(SURFACE.wireName(), item.child("type"), "unknown item type \"" + type + "\", " + (callField == null
                        ? "kept as a placeholder" : type.endsWith("_output") ? "read as the output of the call its "
                        + callField + " names" : "read as a call an output may answer"));
            }
            if ("message".equals(type)) {
                readMessage(p, item, role, wire, step, at);
            } else if ("reasoning".equals(type)) {
                readReasoning(p, item, wire, step, at);
            } else if (callField != null && !type.endsWith("_output")) {
                ToolCall call = readCall(item, type, wire, step);
                calls.add(call.id());
                p.addEntry(call, item.raw(), at);
            } else if (callField != null) {
                String callId = item.nonBlankText(callField);
                if (continued && !calls.contains(callId)) {
                    // answers a call of the stored response the body continues: not an orphan the guard can judge
                    p.addEntry(new Message(wire, Role.USER, Blocks.placeholder(type), null, null, null, wire),
                            item.raw(), at);
                } else {
                    ToolResult result = new ToolResult(outputText(p, item, type), false, wire);
                    ToolCall holder = new ToolCall(callId, "", null, result, false, null, null, null, wire, false);
                    // an output answers the open call with its id, else a call that may be answered (tool search)
                    if (!p.answersOpenCall(callId) && p.addProviderResult(callId, holder, item.raw(), 0, at)) {
                        return;
                    }
                    p.addResult(holder, item.raw(), 0, at);
                }
            } else {
                p.addEntry(new Message(wire, modelOutput ? Role.ASSISTANT : Role.USER, Blocks.placeholder(type),
                        null, null, modelOutput ? step : null, wire), item.raw(), at);
            }
            stepHasOutput |= modelOutput && !type.equals("reasoning");
        }
    }

    /**
     * Returns the field holding an item's call id when the item is a call or an output: the documented
     * call and output types, and undocumented {@code *_call} / {@code *_output} items that carry a
     * {@code call_id}; {@code null} for any other item.
     */
    private static String callIdField(String type, InputNode item) {
        String field = SURFACE.callTypes().get(type);
        if (field == null) {
            field = SURFACE.resultTypes().get(type);
        }
        if (field == null && (ProviderSurface.looksLikeCall(type) || ProviderSurface.looksLikeResult(type))
                && present(item, CALL_ID)) {
            field = CALL_ID;
        }
        return field;
    }

    /** Returns whether the client must answer a call of this type (function, custom, computer, shell, patch). */
    private static boolean clientAnswers(String type) {
        return SURFACE.callTypes().containsKey(type) && !"tool_search_call".equals(type);
    }

    private static void readMessage(WireParse p, InputNode item, String wireRole, String wire, String step, String at) {
        Role role = Blocks.role(p, SURFACE, item, "user", "assistant");
        InputNode content = item.required(CONTENT);
        JsonNode raw = content.raw();
        String entryStep = role == Role.ASSISTANT ? step : null;
        if (raw.isTextual()) {
            p.addEntry(new Message(wire, role, raw.textValue(), null, null, entryStep, wire), raw,
                    p.keeps() ? at + "." + CONTENT : null);
            return;
        }
        if (!raw.isArray()) {
            throw content.error("expected a string or an array of content parts, but was " + InputNode.describe(raw));
        }
        List<InputNode> parts = content.asArray();
        if (parts.isEmpty()) {
            p.addEntry(new Message(wire, role, "", null, null, entryStep, wire), raw,
                    p.keeps() ? at + "." + CONTENT : null);
            return;
        }
        for (int j = 0; j < parts.size(); j++) {
            InputNode part = parts.get(j).requireObject();
            p.addEntry(new Message(wire + ".c" + j, role, partText(p, part), null, null, entryStep, wire), part.raw(),
                    p.keeps() ? at + "." + CONTENT + "[" + j + "]" : null);
        }
    }

    /** The text of a content part: its {@code text} (or a refusal's {@code refusal}), else {@code [type]}. */
    private static String partText(WireParse p, InputNode part) {
        String type = part.text("type");
        if (!SURFACE.otherTypes().contains(type)) {
            p.unknown(SURFACE.wireName(), part.child("type"), "unknown content part type \"" + type
                    + "\", kept as a placeholder");
        }
        return switch (type) {
            case "input_text", "output_text", "text", "summary_text", "reasoning_text" -> part.text("text");
            case "refusal" -> part.text("refusal");
            default -> Blocks.placeholder(type);
        };
    }

    /**
     * The text of an output: a function or custom tool's {@code output} (a string or content parts);
     * for the other outputs (a computer call's screenshot, a tool search's tools) the JSON of their
     * {@code output}, or nothing.
     */
    private static String outputText(WireParse p, InputNode item, String type) {
        boolean textual = "function_call_output".equals(type) || "custom_tool_call_output".equals(type);
        InputNode output = textual ? item.required(OUTPUT) : item.child(OUTPUT);
        JsonNode raw = output.raw();
        if (raw.isTextual()) {
            return raw.textValue();
        }
        if (!textual) {
            return raw.isMissingNode() || raw.isNull() ? "" : raw.toString();
        }
        if (!raw.isArray()) {
            throw output.error("expected a string or an array of content parts, but was " + InputNode.describe(raw));
        }
        List<String> pieces = new ArrayList<>();
        for (InputNode part : output.asArray()) {
            pieces.add(partText(p, part.requireObject()));
        }
        return Blocks.join(pieces);
    }

    private static void readReasoning(WireParse p, InputNode item, String wire, String step, String at) {
        List<String> pieces = new ArrayList<>();
        for (InputNode part : item.optArray("summary")) {
            pieces.add(partText(p, part.requireObject()));
        }
        for (InputNode part : item.optArray(CONTENT)) {
            pieces.add(partText(p, part.requireObject()));
        }
        ObjectNode payload = null;
        if (present(item, ENCRYPTED_CONTENT)) {
            payload = Blocks.payload(ENCRYPTED_CONTENT, item.text(ENCRYPTED_CONTENT));
        }
        if (present(item, "id")) {
            item.nonBlankText("id");
        }
        p.addEntry(new Thought(wire, Blocks.join(pieces), payload, REASONING_TAG, step, wire), item.raw(), at);
    }

    private static ToolCall readCall(InputNode item, String type, String wire, String step) {
        String id = item.nonBlankText(CALL_ID);
        if (!type.equals("function_call") && !type.equals("custom_tool_call")) {
            // a built-in client tool (computer, shell, patch) or a newer call: its name is its type
            String name = present(item, "name") ? item.nonBlankText("name") : type;
            // a tool search the client runs ("execution": "client") waits for the client's output like a function call
            boolean client = clientAnswers(type) || "client".equals(item.raw().path("execution").asText(""));
            return new ToolCall(id, name, null, null, true, null, null, step, wire, !client);
        }
        String name = item.nonBlankText("name");
        boolean custom = type.equals("custom_tool_call");
        String arguments = custom ? item.text(INPUT) : item.text("arguments");
        // arguments that are a JSON object are parsed when a rule reads them; other text is kept as payload
        boolean object = !custom && Blocks.isJsonObject(arguments);
        ObjectNode payload = object ? null : Blocks.payload(custom ? INPUT : "arguments", arguments);
        ToolCall call = new ToolCall(id, name, null, null, true, payload, null, step, wire, false);
        return object ? call.withArgumentText(arguments) : call;
    }

    static RequestOptions options(WireParse p, InputNode root) {
        RequestOptions options = RequestOptions.unknown();
        if (present(root, "reasoning") && !root.raw().get("reasoning").isObject()) {
            p.unknown(SURFACE.wireName(), root.child("reasoning"), "expected an object, but was "
                    + InputNode.describe(root.raw().get("reasoning")) + "; the option is left unknown");
        } else if (present(root, "reasoning")) {
            InputNode reasoning = root.child("reasoning");
            if (present(reasoning, "effort")) {
                String effort = reasoning.nonBlankText("effort");
                options = options.withReasoning("none".equals(effort) ? Reasoning.disabled() : Reasoning.effort(effort));
            }
        }
        if (present(root, "tool_choice")) {
            options = options.withToolChoice(toolChoice(p, root.child("tool_choice")));
        }
        if (present(root, "parallel_tool_calls")) {
            options = options.withParallelToolCalls(root.optBoolean("parallel_tool_calls", true));
        }
        if (present(root, "max_output_tokens")) {
            options = options.withMaxTokens(AnthropicMessagesCodec.positive(root, "max_output_tokens"));
        }
        if (present(root, "stream")) {
            options = options.withStream(root.optBoolean("stream", false));
        }
        return options;
    }

    /** The tool choice; a built-in tool (web search, file search, MCP, …) is left unknown. */
    private static ToolChoice toolChoice(WireParse p, InputNode choice) {
        JsonNode raw = choice.raw();
        ToolChoice named = raw.isTextual() ? Blocks.toolChoiceMode(raw.textValue(), null) : null;
        if (named != null) {
            return named;
        } else if (raw.isObject() && raw.path("type").isTextual()) {
            String type = raw.path("type").textValue();
            if ((type.equals("function") || type.equals("custom")) && raw.path("name").isTextual()
                    && !raw.path("name").textValue().isBlank()) {
                return ToolChoice.tool(raw.path("name").textValue());
            }
            String mode = raw.path("mode").asText("");
            if (type.equals("allowed_tools") && (mode.equals("auto") || mode.equals("required"))) {
                return mode.equals("required") ? ToolChoice.required() : ToolChoice.auto();
            }
            if (!type.equals("function") && !type.equals("custom") && !type.equals("allowed_tools")) {
                return null; // a built-in tool: the choice is left unknown, as documented
            }
        }
        p.unknown(SURFACE.wireName(), choice, "a tool_choice of " + InputNode.describe(raw)
                + " that is not documented; the choice is left unknown");
        return null;
    }

    @Override
    public ObjectNode render(Dispatch repaired, ObjectNode originalBody) {
        return Rendering.render(LAYOUT, repaired, originalBody);
    }

    /** Without a tree, spliced into the original bytes reading again only the items the repair changed. */
    @Override
    public byte[] renderBytes(Dispatch repaired, ObjectNode originalBody, byte[] originalBytes) {
        boolean continued = repaired.context() != null && repaired.context().has(PREVIOUS_RESPONSE);
        byte[] spliced = originalBody != null ? null : Splicer.render(OpenAiResponsesCodec::readBytes,
                Splicer.replayed(() -> {
                    Items[] items = new Items[1];
                    return (into, item, i) -> {
                        if (items[0] == null) {
                            items[0] = new Items(into, continued, lateOutputs(repaired.provider()));
                        }
                        items[0].read(item, i);
                    };
                }), OpenAiResponsesCodec::rebuild, INPUT, repaired, originalBytes);
        return spliced != null ? spliced : WireCodec.super.renderBytes(repaired, originalBody, originalBytes);
    }

    /** Renders by laying every entry out again, even when nothing changed (tests the layout). */
    static ObjectNode rebuildAll(ObjectNode originalBody) {
        return Rendering.rebuildAll(LAYOUT, originalBody);
    }

    /** Lays the entries out again into {@code input}, reusing the original JSON of every entry the repair kept. */
    static ObjectNode rebuild(List<Entry> entries, WireParse p, ObjectNode body) {
        new Layout(p, new Originals(p, entries), entries).run(entries, body);
        return body;
    }

    /** One rendering: walks the repaired entries in order and writes the items. Not thread-safe. */
    private static final class Layout {
        private final WireParse p;
        private final Originals originals;
        private final ArrayNode items = Blocks.NODES.arrayNode();
        /** Original item index of an output → the calls whose output it is. */
        private final TreeMap<Integer, List<ToolCall>> pending = new TreeMap<>();
        /** Outputs a repair synthesised, waiting for the end of their call's model response. */
        private final List<ToolCall> synthesised = new ArrayList<>();
        private final List<Message> instructions = new ArrayList<>();
        private final List<Message> parts = new ArrayList<>();
        private String partsKey;
        private String step;

        /** Per wire message, what the original and the repaired entries put into its item (a lazy parse only). */
        private final Map<String, List<Object>> before;
        private final Map<String, List<Object>> after;
        private final List<String> keys = new ArrayList<>();
        private final List<java.util.function.Supplier<JsonNode>> makers = new ArrayList<>();
        private final Map<String, Integer> counts = new HashMap<>();

        Layout(WireParse p, Originals originals, List<Entry> entries) {
            this.p = p;
            this.originals = originals;
            this.before = p.lazy() ? itemParts(p.entries) : Map.of();
            this.after = p.lazy() ? itemParts(entries) : Map.of();
        }

        /**
         * Adds the item of a wire message: spliced, an item the repair left as it was (the same parts, laid
         * out once) is copied from the original bytes and not rendered.
         */
        private void add(String key, java.util.function.Supplier<JsonNode> item) {
            keys.add(key);
            makers.add(item);
            if (key != null) {
                counts.merge(key, 1, Integer::sum);
            }
        }

        /** Lays the items out, once it is known which wire messages are laid out as one item. */
        private void materialize() {
            for (int i = 0; i < keys.size(); i++) {
                String key = keys.get(i);
                boolean once = key != null && counts.get(key) == 1;
                if (once && p.lazy() && before.containsKey(key) && before.get(key).equals(after.get(key))) {
                    items.add(Splicer.UNCHANGED);
                } else {
                    items.add(makers.get(i).get());
                }
                p.renderedKeys.add(key);
            }
        }

        /** What entries put into the item of each wire message: its parts, thought or call, and the outputs. */
        private static Map<String, List<Object>> itemParts(List<Entry> entries) {
            Map<String, List<Object>> parts = new HashMap<>();
            for (Entry entry : entries) {
                if (entry instanceof ToolCall call && call.result() != null && call.result().wireMessage() != null) {
                    parts.computeIfAbsent(call.result().wireMessage(), k -> new ArrayList<>())
                            .add(List.of(call.id(), call.result()));
                }
                if (!(entry instanceof ToolCall call) || call.requested()) {
                    parts.computeIfAbsent(String.valueOf(Assembler.keyOf(entry)), k -> new ArrayList<>()).add(entry);
                }
            }
            return parts;
        }

        void run(List<Entry> entries, ObjectNode body) {
            for (Entry entry : entries) {
                if (entry instanceof Message m && INSTRUCTIONS.equals(m.wireMessage()) && m.role() == Role.SYSTEM) {
                    instructions.add(m);
                    continue;
                }
                String key = Assembler.keyOf(entry);
                boolean sameItem = entry instanceof Message m && key != null && key.equals(partsKey)
                        && m.role() == parts.get(0).role();
                if (!sameItem) {
                    closeMessage();
                    // right after the calls: a provider that translates to Chat Completions wants no message between
                    if (entry.step() == null || !entry.step().equals(step) || !(entry instanceof ToolCall)) {
                        flushSynthesised();
                    }
                    int index = Assembler.index(key);
                    flushPending(index < 0 ? Integer.MAX_VALUE : index);
                }
                step = entry.step();
                if (entry instanceof Message m) {
                    partsKey = key;
                    parts.add(m);
                } else if (entry instanceof Thought t) {
                    add(t.wireMessage(), () -> reasoning(t));
                } else {
                    ToolCall call = (ToolCall) entry;
                    if (!call.requested()) {
                        add(call.result().wireMessage(), () -> output(call));
                    } else {
                        add(call.wireMessage(), () -> call(call));
                        if (call.result() != null && call.result().wireMessage() == null) {
                            synthesised.add(call);
                        } else if (call.result() != null) {
                            int index = Assembler.index(call.result().wireMessage());
                            pending.computeIfAbsent(index < 0 ? Integer.MAX_VALUE : index, i -> new ArrayList<>())
                                    .add(call);
                        }
                    }
                }
            }
            closeMessage();
            flushSynthesised();
            flushPending(Integer.MAX_VALUE);
            materialize();
            renderInstructions(body);
            JsonNode originalInput = body.get(INPUT);
            if (originalInput != null && originalInput.isTextual() && items.size() == 1
                    && items.get(0).size() == 2 && "user".equals(items.get(0).path("role").textValue())
                    && items.get(0).path(CONTENT).isTextual()) {
                body.set(INPUT, items.get(0).get(CONTENT));
            } else if (originalInput != null || !items.isEmpty()) {
                body.set(INPUT, items);
            }
        }

        private void flushPending(int before) {
            while (!pending.isEmpty() && pending.firstKey() < before) {
                for (ToolCall call : pending.pollFirstEntry().getValue()) {
                    add(call.result().wireMessage(), () -> output(call));
                }
            }
        }

        private void flushSynthesised() {
            for (ToolCall call : synthesised) {
                add(null, () -> output(call));
            }
            synthesised.clear();
        }

        private void renderInstructions(ObjectNode body) {
            List<Message> before = new ArrayList<>();
            for (Entry entry : p.entries) {
                if (entry instanceof Message m && INSTRUCTIONS.equals(m.wireMessage()) && m.role() == Role.SYSTEM) {
                    before.add(m);
                }
            }
            if (instructions.equals(before)) {
                return;
            }
            if (instructions.isEmpty()) {
                body.remove(INSTRUCTIONS);
                return;
            }
            StringBuilder text = new StringBuilder();
            for (Message m : instructions) {
                text.append(text.length() == 0 ? "" : "\n\n").append(m.content());
            }
            body.put(INSTRUCTIONS, text.toString());
        }

        /** Writes the message item the collected parts belong to. */
        private void closeMessage() {
            if (parts.isEmpty()) {
                return;
            }
            List<Message> laid = List.copyOf(parts);
            String key = partsKey;
            add(key, () -> message(laid, key));
            parts.clear();
            partsKey = null;
        }

        /** Lays out the message item the collected parts belong to. */
        private JsonNode message(List<Message> laid, String key) {
            Message first = laid.get(0);
            JsonNode firstBlock = originals.block(first);
            boolean whole = !first.id().contains(".c");
            if (whole && laid.size() == 1 && firstBlock != null && firstBlock.isObject()) {
                return firstBlock.deepCopy(); // an item kept as a placeholder message
            } else {
                ObjectNode original = key == null ? null : p.messages.get(key);
                ObjectNode item;
                if (original != null && "message".equals(original.path("type").asText("message"))) {
                    item = original.deepCopy();
                } else {
                    item = Blocks.NODES.objectNode().put("role", first.role().wireName());
                }
                if (whole && laid.size() == 1 && (firstBlock == null || firstBlock.isTextual())) {
                    item.put(CONTENT, first.content());
                } else if (whole && laid.size() == 1 && firstBlock.isArray() && first.content().isEmpty()) {
                    item.set(CONTENT, firstBlock.deepCopy());
                } else {
                    ArrayNode content = item.putArray(CONTENT);
                    for (Message part : laid) {
                        content.add(part(part));
                    }
                }
                return item;
            }
        }

        private JsonNode part(Message part) {
            JsonNode block = originals.block(part);
            if (block == null || !block.isObject()) {
                return Blocks.NODES.objectNode().put("type", part.role() == Role.ASSISTANT ? "output_text" : "input_text")
                        .put("text", part.content());
            }
            ObjectNode copy = block.deepCopy();
            if (copy.path("text").isTextual() && !part.content().equals(copy.path("text").textValue())) {
                copy.put("text", part.content());
            }
            return copy;
        }

        private ObjectNode reasoning(Thought thought) {
            JsonNode block = originals.block(thought);
            ObjectNode item;
            if (block != null && block.isObject()) {
                item = block.deepCopy();
            } else {
                item = Blocks.NODES.objectNode().put("type", "reasoning").put("id", thought.id());
                item.putArray("summary").addObject().put("type", "summary_text").put("text", thought.content());
            }
            JsonNode encrypted = thought.payloadAt(ENCRYPTED_CONTENT);
            if (encrypted != null && !encrypted.equals(item.get(ENCRYPTED_CONTENT))) {
                item.set(ENCRYPTED_CONTENT, encrypted);
            }
            return item;
        }

        private ObjectNode call(ToolCall call) {
            JsonNode original = originals.block(call);
            if (original == null || !original.isObject()) {
                ObjectNode item = Blocks.NODES.objectNode().put("type", "function_call").put(CALL_ID, call.id())
                        .put("name", call.tool());
                return item.put("arguments", arguments(call));
            }
            ObjectNode item = original.deepCopy();
            if (!call.id().equals(item.path(CALL_ID).asText())) {
                item.put(CALL_ID, call.id());
            }
            Entry before = originals.original(call);
            if (before instanceof ToolCall b && !(b.tool().equals(call.tool()) && b.args().equals(call.args()))) {
                item.put("name", call.tool());
                if (item.has("arguments")) {
                    item.put("arguments", arguments(call));
                }
            }
            return item;
        }

        private static String arguments(ToolCall call) {
            JsonNode raw = call.payloadAt("arguments");
            return raw != null && raw.isTextual() && call.args().isEmpty() ? raw.textValue() : call.args().toString();
        }

        private ObjectNode output(ToolCall call) {
            ToolResult result = call.result();
            ToolCall source = originals.resultSource(call);
            ToolResult before = source == null ? null : source.result();
            JsonNode original = originals.resultBlock(source);
            ObjectNode item;
            if (original != null && original.isObject()) {
                item = original.deepCopy();
            } else {
                JsonNode callBlock = originals.block(call);
                String callType = callBlock == null ? "" : callBlock.path("type").asText();
                String outputType = SURFACE.resultTypes().containsKey(callType + "_output") ? callType + "_output"
                        : "function_call_output";
                item = Blocks.NODES.objectNode().put("type", outputType);
            }
            if (!call.id().equals(item.path(CALL_ID).asText())) {
                item.put(CALL_ID, call.id());
            }
            if (original == null || !Objects.equals(result.content(), before.content())) {
                item.put(OUTPUT, result.content());
            }
            return item;
        }
    }
}
