package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Anthropic Messages codec ({@code POST /v1/messages}).
 *
 * <p>Parse: {@code system} (a string or text blocks) becomes system messages ({@code system},
 * {@code system.c0}, …); message {@code i} is wire message {@code m<i>}, an assistant message also
 * step {@code m<i>}; string content is one message entry {@code m<i>}, block {@code j} is entry
 * {@code m<i>.c<j>} ({@code text}; {@code thinking} → a thought with payload {@code signature};
 * {@code redacted_thinking} → a thought with payload {@code data}; both tagged
 * {@value #THINKING_TAG}; other blocks such as images → a message holding {@code [type]}), except
 * {@code tool_use} (a call with the wire id), {@code server_tool_use} / {@code mcp_tool_use} (a
 * provider-executed call) and results ({@code tool_result}, {@code *_tool_result}), which answer
 * the call with their {@code tool_use_id} or become orphan results. Options come from
 * {@code thinking}, {@code output_config.effort}, {@code tool_choice}, {@code max_tokens} and
 * {@code stream}.
 *
 * <p>Stateless and thread-safe.
 */
public final class AnthropicMessagesCodec implements WireCodec {

    static final Rendering.Layout LAYOUT =
            new Rendering.Layout(AnthropicMessagesCodec::readBody, AnthropicMessagesCodec::rebuild);

    /** The codec. */
    public static final AnthropicMessagesCodec INSTANCE = new AnthropicMessagesCodec();

    /** The replay tag of thinking read from this wire. */
    public static final String THINKING_TAG = ReplayTags.ANTHROPIC_THINKING;

    /** This codec's surface and its vocabulary. */
    static final ProviderSurface SURFACE = ProviderSurface.ANTHROPIC_MESSAGES;

    private static final String SYSTEM = "system";
    private static final String MESSAGES = "messages";
    private static final String INPUT = "input";

    /** Found by {@link java.util.ServiceLoader} through {@code WireFormat.codec()}; code here uses {@link #INSTANCE}. */
    public AnthropicMessagesCodec() {}

    @Override
    public WireFormat format() {
        return WireFormat.ANTHROPIC_MESSAGES;
    }

    @Override
    public ParsedBody read(JsonNode body, WireContext ctx) {
        return Rendering.read(LAYOUT, body, ctx);
    }

    /** Reads the body in one pass over its bytes ({@link OneRead}); empty for the tree read to name what is wrong. */
    @Override
    public Optional<ParsedBody> readBytes(byte[] body, WireContext ctx) {
        return OneRead.parsed(AnthropicMessagesCodec::readBytes, body, ctx);
    }

    private static WireParse readBody(JsonNode body, WireContext ctx, WireParse p) {
        InputNode root = InputNode.root(body, ctx.source(), ctx.line()).requireObject();
        return readRoot(root, ctx, p, () -> readMessages(p, root));
    }

    /** The one read: the messages element by element as the pass meets them, the other fields after it. */
    static WireParse readBytes(byte[] body, WireContext ctx, WireParse p) {
        return OneRead.readBody(body, MESSAGES, INPUT, ctx, p, into -> (message, i) -> readMessage(into, message, i),
                AnthropicMessagesCodec::readMessages, AnthropicMessagesCodec::readRoot);
    }

    private static void readMessages(WireParse p, InputNode root) {
        List<InputNode> messages = root.array(MESSAGES);
        for (int i = 0; i < messages.size(); i++) {
            readMessage(p, messages.get(i), i);
        }
    }

    /** Reads the fields around the messages, and the messages (by {@code messages}) where the tree read reads them. */
    private static WireParse readRoot(InputNode root, WireContext ctx, WireParse p, Runnable messages) {
        String model = root.optNonBlankText("model");
        if (root.has(SYSTEM)) {
            readSystem(p, root.child(SYSTEM));
        }
        messages.run();
        List<DeclaredTool> tools = new ArrayList<>();
        for (InputNode tool : root.optArray("tools")) {
            tool.requireObject();
            String name = tool.optNonBlankText("name");
            if (name == null) {
                p.unknown(SURFACE.wireName(), tool, "a tool without a name (type " + Blocks.typeOf(tool)
                        + "), not declared to the rules");
                continue;
            }
            tools.add(new DeclaredTool(name, tool.optObject("input_schema")));
        }
        p.dispatch = new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : SURFACE.provider(),
                ctx.model() != null ? ctx.model() : model, Surface.DISPATCH, Timeline.of(p.entries, tools), null,
                options(p, root).withApi(SURFACE));
        return p;
    }

    private static void readSystem(WireParse p, InputNode system) {
        if (system.raw().isTextual()) {
            p.addEntry(new Message(SYSTEM, Role.SYSTEM, system.raw().textValue(), null, null, null, SYSTEM),
                    system.raw(), SYSTEM);
            return;
        }
        if (!system.raw().isArray()) {
            throw system.error("expected a string or an array of text blocks, but was "
                    + InputNode.describe(system.raw()));
        }
        List<InputNode> blocks = system.asArray();
        for (int j = 0; j < blocks.size(); j++) {
            InputNode block = blocks.get(j).requireObject();
            String type = block.text("type");
            if (!SURFACE.knowsType(type)) {
                p.unknown(SURFACE.wireName(), block.child("type"), "unknown block type \"" + type
                        + "\", kept as a placeholder");
            }
            String text = "text".equals(type) ? block.text("text") : Blocks.placeholder(type);
            p.addEntry(new Message(SYSTEM + ".c" + j, Role.SYSTEM, text, null, null, null, SYSTEM), block.raw(),
                    p.keeps() ? SYSTEM + "[" + j + "]" : null);
        }
    }

    private static void readMessage(WireParse p, InputNode message, int i) {
        message.requireObject();
        Role role = Blocks.role(p, SURFACE, message, "user", "assistant");
        String wire = Blocks.wire(i);
        String step = role == Role.ASSISTANT ? wire : null;
        p.message(wire, (ObjectNode) message.raw());
        InputNode content = message.required("content");
        String at = p.keeps() ? "messages[" + i + "].content" : null;
        if (content.raw().isTextual()) {
            p.addEntry(new Message(wire, role, content.raw().textValue(), null, null, step, wire), content.raw(), at);
            return;
        }
        if (!content.raw().isArray()) {
            throw content.error("expected a string or an array of content blocks, but was "
                    + InputNode.describe(content.raw()));
        }
        List<InputNode> blocks = content.asArray();
        for (int j = 0; j < blocks.size(); j++) {
            readBlock(p, blocks.get(j), role, i, step, j, p.keeps() ? at + "[" + j + "]" : null);
        }
    }

    private static void readBlock(WireParse p, InputNode block, Role role, int i, String step, int j,
            String at) {
        block.requireObject();
        String type = block.text("type");
        String wire = Blocks.wire(i);
        String id = Blocks.blockId(i, j);
        switch (type) {
            case "text":
                p.addEntry(new Message(id, role, block.text("text"), null, null, step, wire), block.raw(), at);
                break;
            case "thinking": {
                String signature = block.optText("signature");
                ObjectNode payload = signature == null ? null : Blocks.payload("signature", signature);
                p.addEntry(new Thought(id, block.text("thinking"), payload, THINKING_TAG, step, wire), block.raw(), at);
                break;
            }
            case "redacted_thinking":
                p.addEntry(new Thought(id, "", Blocks.payload("data", block.text("data")), THINKING_TAG,
                        step, wire), block.raw(), at);
                break;
            case "tool_use":
            case "server_tool_use":
            case "mcp_tool_use": {
                String callId = block.nonBlankText("id");
                String name = block.nonBlankText("name");
                ObjectNode input = Blocks.object(block, INPUT);
                p.addEntry(LazyArgs.call(callId, name, input, null, null, step, wire, !"tool_use".equals(type)),
                        block.raw(), at);
                break;
            }
            case "tool_result": {
                String content = block.has("content") ? Blocks.text(block.child("content")) : "";
                ToolResult result = new ToolResult(content, block.optBoolean("is_error", false), wire);
                p.addResult(orphan(block.nonBlankText("tool_use_id"), result, wire), block.raw(), j, at);
                break;
            }
            default:
                if (!SURFACE.knowsType(type)) {
                    p.unknown(SURFACE.wireName(), block.child("type"), "unknown block type \"" + type + "\", "
                            + (type.endsWith("_tool_result") ? "read as the result of the call its tool_use_id names"
                            : ProviderSurface.looksLikeCall(type) && block.has("id")
                            ? "read as a provider-executed call" : "kept as a placeholder"));
                }
                if (ProviderSurface.looksLikeCall(type) && block.has("id") && !SURFACE.knowsType(type)) {
                    String callId = block.nonBlankText("id");
                    String name = block.has("name") ? block.nonBlankText("name") : type;
                    ObjectNode input = Blocks.object(block, INPUT);
                    p.addEntry(LazyArgs.call(callId, name, input, null, null, step, wire, true), block.raw(), at);
                } else if (type.endsWith("_tool_result")) {
                    String callId = block.nonBlankText("tool_use_id");
                    JsonNode content = block.raw().get("content");
                    String text = content == null ? "" : content.isTextual() ? content.textValue() : content.toString();
                    ToolCall holder = orphan(callId, new ToolResult(text, block.optBoolean("is_error", false), wire),
                            wire);
                    if (!p.addProviderResult(callId, holder, block.raw(), j, at)) {
                        p.addOrphan(holder, block.raw(), j, at);
                    }
                } else {
                    p.addEntry(new Message(id, role, Blocks.placeholder(type), null, null, step, wire), block.raw(), at);
                }
        }
    }

    private static ToolCall orphan(String callId, ToolResult result, String wire) {
        return new ToolCall(callId, "", null, result, false, null, null, null, wire, false);
    }

    private static RequestOptions options(WireParse p, InputNode root) {
        RequestOptions options = RequestOptions.unknown();
        String type = Blocks.optionType(p, SURFACE, root, "thinking", "enabled", "disabled", "adaptive");
        if (type != null) {
            InputNode thinking = root.child("thinking");
            Reasoning reasoning;
            if ("enabled".equals(type)) {
                Integer budget = positive(thinking, "budget_tokens");
                reasoning = budget == null ? Reasoning.enabled() : Reasoning.enabled(budget);
            } else if ("disabled".equals(type)) {
                reasoning = Reasoning.disabled();
            } else {
                reasoning = Reasoning.adaptive();
                if (root.has("output_config")) {
                    reasoning = reasoning.withEffort(root.child("output_config").requireObject()
                            .optNonBlankText("effort"));
                }
            }
            options = options.withReasoning(reasoning);
        }
        String choiceType = Blocks.optionType(p, SURFACE, root, "tool_choice", "auto", "any", "tool", "none");
        if (choiceType != null) {
            InputNode choice = root.child("tool_choice");
            options = options.withToolChoice(switch (choiceType) {
                case "auto" -> ToolChoice.auto();
                case "any" -> ToolChoice.required();
                case "none" -> ToolChoice.none();
                default -> ToolChoice.tool(choice.nonBlankText("name"));
            });
            if (choice.has("disable_parallel_tool_use")) {
                options = options.withParallelToolCalls(!choice.optBoolean("disable_parallel_tool_use", false));
            }
        }
        options = options.withMaxTokens(positive(root, "max_tokens"));
        if (root.has("stream")) {
            options = options.withStream(root.optBoolean("stream", false));
        }
        return options;
    }

    static Integer positive(InputNode parent, String name) {
        Integer value = parent.optInt(name);
        if (value != null && value < 1) {
            throw parent.child(name).error("expected an integer >= 1, but was " + value);
        }
        return value;
    }

    @Override
    public ObjectNode render(Dispatch repaired, ObjectNode originalBody) {
        return Rendering.render(LAYOUT, repaired, originalBody);
    }

    /** Without a tree, spliced into the original bytes reading again only the messages the repair changed. */
    @Override
    public byte[] renderBytes(Dispatch repaired, ObjectNode originalBody, byte[] originalBytes) {
        byte[] spliced = originalBody != null ? null : Splicer.render(AnthropicMessagesCodec::readBytes,
                Splicer.isolated(AnthropicMessagesCodec::readMessage), AnthropicMessagesCodec::rebuild, MESSAGES,
                repaired, originalBytes);
        return spliced != null ? spliced : WireCodec.super.renderBytes(repaired, originalBody, originalBytes);
    }

    /** Renders by laying every entry out again, even when nothing changed (tests the layout). */
    static ObjectNode rebuildAll(ObjectNode originalBody) {
        return Rendering.rebuildAll(LAYOUT, originalBody);
    }

    /** Lays the entries out again, reusing the original JSON of every entry the repair kept. */
    static ObjectNode rebuild(List<Entry> entries, WireParse p, ObjectNode body) {
        Originals originals = new Originals(p, entries);
        List<Entry> system = new ArrayList<>();
        List<Assembler.Out> assembled = Assembler.splitSystem(entries, p.resultOrder, system);
        Map<String, Assembler.Out> before = p.lazy()
                ? Assembler.byKey(Assembler.splitSystem(p.entries, p.resultOrder, new ArrayList<>())) : Map.of();
        Map<String, Assembler.Out> after = p.lazy() ? Assembler.byKey(assembled) : Map.of();
        renderSystem(body, p, system, originals);
        ArrayNode messages = Blocks.NODES.arrayNode();
        for (Assembler.Out out : assembled) {
            // spliced: a message the repair left as it was is copied from the original bytes
            messages.add(p.lazy() && Assembler.unchanged(out, before, after) ? Splicer.UNCHANGED
                    : renderMessage(out, p, originals));
            p.renderedKeys.add(out.key);
        }
        body.set("messages", messages);
        return body;
    }

    private static void renderSystem(ObjectNode body, WireParse p, List<Entry> system, Originals originals) {
        List<Entry> before = new ArrayList<>();
        for (Entry entry : p.entries) {
            if (Assembler.isTopLevelSystem(entry)) {
                before.add(entry);
            }
        }
        if (system.equals(before)) {
            return;
        }
        if (system.isEmpty()) {
            body.remove(SYSTEM);
            return;
        }
        JsonNode original = body.get(SYSTEM);
        if (system.size() == 1 && original != null && original.isTextual()) {
            body.put(SYSTEM, ((Message) system.get(0)).content());
            return;
        }
        ArrayNode blocks = Blocks.NODES.arrayNode();
        for (Entry entry : system) {
            blocks.add(asBlock(renderText((Message) entry, originals)));
        }
        body.set(SYSTEM, blocks);
    }

    private static ObjectNode renderMessage(Assembler.Out out, WireParse p, Originals originals) {
        ObjectNode original = out.key == null ? null : p.messages.get(out.key);
        ObjectNode message;
        if (original != null) {
            message = original.deepCopy();
        } else {
            message = Blocks.NODES.objectNode().put("role", out.role.wireName());
        }
        List<JsonNode> nodes = new ArrayList<>();
        for (Assembler.Part part : out.parts) {
            nodes.add(renderPart(part, p, originals));
        }
        if (nodes.size() == 1 && nodes.get(0).isTextual()) {
            message.set("content", nodes.get(0));
        } else {
            ArrayNode content = message.putArray("content");
            for (JsonNode node : nodes) {
                content.add(asBlock(node));
            }
        }
        return message;
    }

    private static JsonNode asBlock(JsonNode node) {
        if (node.isTextual()) {
            return Blocks.NODES.objectNode().put("type", "text").put("text", node.textValue());
        }
        return node;
    }

    private static JsonNode renderPart(Assembler.Part part, WireParse p, Originals originals) {
        Entry entry = part.entry();
        if (entry instanceof ToolCall call && (part.result() || !call.requested())) {
            return renderResult(call, p, originals);
        }
        if (entry instanceof Message m) {
            return renderText(m, originals);
        }
        if (entry instanceof Thought t) {
            return renderThought(t, originals);
        }
        return renderCall((ToolCall) entry, originals);
    }

    private static JsonNode renderText(Message m, Originals originals) {
        JsonNode original = originals.block(m);
        if (original == null || original.isTextual()) {
            return Blocks.NODES.textNode(m.content());
        }
        ObjectNode block = original.deepCopy();
        if ("text".equals(block.path("type").asText()) && !m.content().equals(block.path("text").asText())) {
            block.put("text", m.content());
        }
        return block;
    }

    private static JsonNode renderThought(Thought t, Originals originals) {
        JsonNode original = originals.block(t);
        JsonNode signature = t.payloadAt("signature");
        JsonNode data = t.payloadAt("data");
        if (original == null) {
            if (data != null && data.isTextual() && signature == null) {
                return Blocks.NODES.objectNode().put("type", "redacted_thinking").put("data", data.textValue());
            }
            ObjectNode block = Blocks.NODES.objectNode().put("type", "thinking").put("thinking", t.content());
            if (signature != null) {
                block.set("signature", signature);
            }
            return block;
        }
        ObjectNode block = original.deepCopy();
        if ("thinking".equals(block.path("type").asText())) {
            if (!t.content().equals(block.path("thinking").asText())) {
                block.put("thinking", t.content());
            }
            if (signature == null) {
                block.remove("signature");
            } else if (!signature.equals(block.get("signature"))) {
                block.set("signature", signature);
            }
        } else if (data != null && !data.equals(block.get("data"))) {
            block.set("data", data);
        }
        return block;
    }

    private static JsonNode renderCall(ToolCall call, Originals originals) {
        JsonNode original = originals.block(call);
        if (original == null) {
            ObjectNode block = Blocks.NODES.objectNode()
                    .put("type", call.providerExecuted() ? "server_tool_use" : "tool_use")
                    .put("id", call.id())
                    .put("name", call.tool());
            block.set("input", call.args());
            return block;
        }
        ObjectNode block = original.deepCopy();
        if (!call.id().equals(block.path("id").asText())) {
            block.put("id", call.id());
        }
        if (!call.tool().equals(block.path("name").asText())) {
            block.put("name", call.tool());
        }
        if (!call.args().equals(block.path("input")) && (block.has("input") || !call.args().isEmpty())) {
            block.set("input", call.args());
        }
        return block;
    }

    private static JsonNode renderResult(ToolCall call, WireParse p, Originals originals) {
        ToolResult result = call.result();
        ToolCall source = originals.resultSource(call);
        ToolResult before = source == null ? null : source.result();
        JsonNode original = originals.resultBlock(source);
        if (original != null && before.content().equals(result.content()) && before.isError() == result.isError()) {
            ObjectNode block = original.deepCopy();
            if (!call.id().equals(block.path("tool_use_id").asText())) {
                block.put("tool_use_id", call.id());
            }
            return block;
        }
        ObjectNode block = original != null ? original.deepCopy()
                : Blocks.NODES.objectNode().put("type", "tool_result");
        block.put("tool_use_id", call.id());
        block.put("content", result.content());
        if (result.isError()) {
            block.put("is_error", true);
        } else {
            block.remove("is_error");
        }
        return block;
    }
}
