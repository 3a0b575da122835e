package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.InputNode;
import io.orderingguard.support.Require;
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
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Objects;
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
 * anywhere earlier in the input, or becomes an orphan result. The items one model response produced
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
 * <p>Rendering puts every item back in its original place; an output a repair synthesised goes
 * right after the items of its call's model response.
 *
 * <p>Stateless and thread-safe.
 */
public final class OpenAiResponsesCodec implements WireCodec {

    static final Rendering.Layout LAYOUT =
            new Rendering.Layout(OpenAiResponsesCodec::readBody, OpenAiResponsesCodec::rebuild);

    /** The codec. */
    public static final OpenAiResponsesCodec INSTANCE = new OpenAiResponsesCodec();

    /** The replay tag of reasoning items read from this wire. */
    public static final String REASONING_TAG = "openai-responses-reasoning-v1";

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

    /** Reads the body from its tokens ({@link OpenAiResponsesStream}); empty for the tree read to take it. */
    @Override
    public Optional<ParsedBody> readBytes(byte[] body, WireContext ctx) {
        return Tokens.read(LAYOUT, OpenAiResponsesStream::read, body, ctx);
    }

    /** Returns whether a field is present and not {@code null}. */
    static boolean present(InputNode parent, String name) {
        return parent.has(name) && !parent.raw().get(name).isNull();
    }

    private static WireParse readBody(JsonNode body, WireContext ctx, WireParse p) {
        InputNode root = InputNode.root(body, ctx.source(), ctx.line()).requireObject();
        String model = present(root, "model") ? root.nonBlankText("model") : null;
        if (present(root, INSTRUCTIONS)) {
            InputNode instructions = root.child(INSTRUCTIONS);
            p.addEntry(new Message(INSTRUCTIONS, Role.SYSTEM, instructions.asText(), null, null, null, INSTRUCTIONS),
                    instructions.raw(), INSTRUCTIONS);
        }
        String previous = present(root, PREVIOUS_RESPONSE) ? root.nonBlankText(PREVIOUS_RESPONSE) : null;
        if (present(root, INPUT)) {
            InputNode input = root.child(INPUT);
            if (input.raw().isTextual()) {
                p.addEntry(new Message("m0", Role.USER, input.raw().textValue(), null, null, null, "m0"), input.raw(), INPUT);
            } else if (input.raw().isArray()) {
                readItems(p, input.asArray(), previous != null);
            } else {
                throw input.error("expected a string or an array of input items, but was " + InputNode.describe(input.raw()));
            }
        }
        List<DeclaredTool> tools = tools(root);
        ObjectNode context = previous == null ? null : Blocks.NODES.objectNode().put(PREVIOUS_RESPONSE, previous);
        p.dispatch = new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : "openai-responses",
                ctx.model() != null ? ctx.model() : model, Surface.DISPATCH, Timeline.of(p.entries, tools), context,
                options(root));
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

    private static void readItems(WireParse p, List<InputNode> items, boolean continued) {
        Set<String> calls = new HashSet<>();
        String step = null;
        boolean stepHasOutput = false;
        for (int i = 0; i < items.size(); i++) {
            InputNode item = items.get(i).requireObject();
            String type = type(item);
            String wire = Blocks.wire(i);
            String at = p.keeps() ? "input[" + i + "]" : null;
            p.message(wire, (ObjectNode) item.raw());
            String role = type.equals("message") ? item.enumValue("role", "user", "assistant", "system", "developer")
                    : null;
            boolean modelOutput = role != null ? role.equals("assistant")
                    : !type.endsWith("_output");
            if (!modelOutput) {
                step = null;
            } else if (step == null || type.equals("reasoning") && stepHasOutput) {
                step = wire;
                stepHasOutput = false;
            }
            switch (type) {
                case "message" -> readMessage(p, item, role, wire, step, at);
                case "reasoning" -> readReasoning(p, item, wire, step, at);
                case "function_call", "custom_tool_call" -> {
                    ToolCall call = readCall(item, type, wire, step);
                    calls.add(call.id());
                    p.addEntry(call, item.raw(), at);
                }
                case "function_call_output", "custom_tool_call_output" -> {
                    String callId = item.nonBlankText(CALL_ID);
                    InputNode output = item.required(OUTPUT);
                    if (continued && !calls.contains(callId)) {
                        // answers a call of the stored response the body continues: not an orphan the guard can judge
                        p.addEntry(new Message(wire, Role.USER, Blocks.placeholder(type), null, null, null, wire),
                                item.raw(), at);
                    } else {
                        ToolResult result = new ToolResult(outputText(output), false, wire);
                        p.addResult(new ToolCall(callId, "", null, result, false, null, null, null, wire, false),
                                item.raw(), 0, at);
                    }
                }
                default -> p.addEntry(new Message(wire, modelOutput ? Role.ASSISTANT : Role.USER, Blocks.placeholder(type),
                        null, null, modelOutput ? step : null, wire), item.raw(), at);
            }
            stepHasOutput |= modelOutput && !type.equals("reasoning");
        }
    }

    private static void readMessage(WireParse p, InputNode item, String wireRole, String wire, String step, String at) {
        Role role = switch (wireRole) {
            case "user" -> Role.USER;
            case "assistant" -> Role.ASSISTANT;
            default -> Role.SYSTEM;
        };
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
            p.addEntry(new Message(wire + ".c" + j, role, partText(part), null, null, entryStep, wire), part.raw(),
                    p.keeps() ? at + "." + CONTENT + "[" + j + "]" : null);
        }
    }

    /** The text of a content part: its {@code text} (or a refusal's {@code refusal}), else {@code [type]}. */
    private static String partText(InputNode part) {
        String type = part.text("type");
        return switch (type) {
            case "input_text", "output_text", "text", "summary_text", "reasoning_text" -> part.text("text");
            case "refusal" -> part.text("refusal");
            default -> Blocks.placeholder(type);
        };
    }

    private static String outputText(InputNode output) {
        JsonNode raw = output.raw();
        if (raw.isTextual()) {
            return raw.textValue();
        }
        if (!raw.isArray()) {
            throw output.error("expected a string or an array of content parts, but was " + InputNode.describe(raw));
        }
        List<String> pieces = new ArrayList<>();
        for (InputNode part : output.asArray()) {
            pieces.add(partText(part.requireObject()));
        }
        return Blocks.join(pieces);
    }

    private static void readReasoning(WireParse p, InputNode item, String wire, String step, String at) {
        List<String> pieces = new ArrayList<>();
        for (InputNode part : item.optArray("summary")) {
            pieces.add(partText(part.requireObject()));
        }
        for (InputNode part : item.optArray(CONTENT)) {
            pieces.add(partText(part.requireObject()));
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
        String name = item.nonBlankText("name");
        boolean custom = type.equals("custom_tool_call");
        String arguments = custom ? item.text(INPUT) : item.text("arguments");
        // arguments that are a JSON object are parsed when a rule reads them; other text is kept as payload
        boolean object = !custom && Blocks.isJsonObject(arguments);
        ObjectNode payload = object ? null : Blocks.payload(custom ? INPUT : "arguments", arguments);
        ToolCall call = new ToolCall(id, name, null, null, true, payload, null, step, wire, false);
        return object ? call.withArgumentText(arguments) : call;
    }

    static RequestOptions options(InputNode root) {
        RequestOptions options = RequestOptions.unknown();
        if (present(root, "reasoning")) {
            InputNode reasoning = root.child("reasoning").requireObject();
            if (present(reasoning, "effort")) {
                String effort = reasoning.nonBlankText("effort");
                options = options.withReasoning("none".equals(effort) ? Reasoning.disabled() : Reasoning.effort(effort));
            }
        }
        if (present(root, "tool_choice")) {
            options = options.withToolChoice(toolChoice(root.child("tool_choice")));
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
    private static ToolChoice toolChoice(InputNode choice) {
        if (choice.raw().isTextual()) {
            String mode = choice.asText();
            return switch (mode) {
                case "auto" -> ToolChoice.auto();
                case "none" -> ToolChoice.none();
                case "required" -> ToolChoice.required();
                default -> throw choice.error("expected one of auto, none, required, but was \"" + mode + "\"");
            };
        }
        choice.requireObject();
        String type = choice.text("type");
        if (type.equals("function") || type.equals("custom")) {
            return ToolChoice.tool(choice.nonBlankText("name"));
        }
        if (type.equals("allowed_tools")) {
            return "required".equals(choice.enumValue("mode", "auto", "required")) ? ToolChoice.required()
                    : ToolChoice.auto();
        }
        return null;
    }

    @Override
    public ObjectNode render(Dispatch repaired, ObjectNode originalBody) {
        return Rendering.render(LAYOUT, repaired, originalBody);
    }

    /** Renders by laying every entry out again, even when nothing changed (tests the layout). */
    static ObjectNode rebuildAll(ObjectNode originalBody) {
        return Rendering.rebuildAll(LAYOUT, originalBody);
    }

    /** Lays the entries out again into {@code input}, reusing the original JSON of every entry the repair kept. */
    static ObjectNode rebuild(List<Entry> entries, WireParse p, ObjectNode body) {
        new Layout(p, new Originals(p, entries)).run(entries, body);
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

        Layout(WireParse p, Originals originals) {
            this.p = p;
            this.originals = originals;
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
                    if (entry.step() == null || !entry.step().equals(step)) {
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
                    items.add(reasoning(t));
                } else {
                    ToolCall call = (ToolCall) entry;
                    if (!call.requested()) {
                        items.add(output(call));
                    } else {
                        items.add(call(call));
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
                    items.add(output(call));
                }
            }
        }

        private void flushSynthesised() {
            for (ToolCall call : synthesised) {
                items.add(output(call));
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
            Message first = parts.get(0);
            JsonNode firstBlock = originals.block(first);
            boolean whole = !first.id().contains(".c");
            if (whole && parts.size() == 1 && firstBlock != null && firstBlock.isObject()) {
                items.add(firstBlock.deepCopy()); // an item kept as a placeholder message
            } else {
                ObjectNode original = partsKey == null ? null : p.messages.get(partsKey);
                ObjectNode item;
                if (original != null && "message".equals(original.path("type").asText("message"))) {
                    item = original.deepCopy();
                } else {
                    item = Blocks.NODES.objectNode().put("role", first.role().wireName());
                }
                if (whole && parts.size() == 1 && (firstBlock == null || firstBlock.isTextual())) {
                    item.put(CONTENT, first.content());
                } else if (whole && parts.size() == 1 && firstBlock.isArray() && first.content().isEmpty()) {
                    item.set(CONTENT, firstBlock.deepCopy());
                } else {
                    ArrayNode content = item.putArray(CONTENT);
                    for (Message part : parts) {
                        content.add(part(part));
                    }
                }
                items.add(item);
            }
            parts.clear();
            partsKey = null;
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
            Entry source = originals.original(call);
            ToolResult before = source instanceof ToolCall c ? c.result() : null;
            JsonNode original = before == null ? null
                    : p.resultBlocks.get(WireParse.resultKey(source.id(), before.wireMessage()));
            ObjectNode item;
            if (original != null && original.isObject()) {
                item = original.deepCopy();
            } else {
                JsonNode callBlock = originals.block(call);
                boolean custom = callBlock != null && "custom_tool_call".equals(callBlock.path("type").asText());
                item = Blocks.NODES.objectNode().put("type", custom ? "custom_tool_call_output" : "function_call_output");
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
