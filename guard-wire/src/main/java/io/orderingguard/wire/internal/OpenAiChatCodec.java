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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The OpenAI Chat Completions codec ({@code POST /v1/chat/completions}), also for the compatible
 * APIs (DeepSeek, DashScope, gateways; name the provider in the {@link WireContext}).
 *
 * <p>Parse: message {@code i} is wire message {@code m<i>}, an assistant message also step
 * {@code m<i>}. {@code system} and {@code developer} messages are system messages, {@code user}
 * messages user messages (string content: entry {@code m<i>}; part {@code j}: entry
 * {@code m<i>.c<j>}, non-text parts hold {@code [type]}). An assistant message gives, in this order,
 * a thought {@code m<i>.r} from DeepSeek-style {@code reasoning_content} (tagged
 * {@value #REASONING_TAG}), its text and one call per {@code tool_calls} element (the wire id;
 * arguments parsed from their JSON string, kept in payload {@code arguments} when they are not a
 * JSON object). A {@code tool} message answers the call with its {@code tool_call_id} or becomes an
 * orphan result. Options come from {@code reasoning_effort} (and DeepSeek {@code thinking}),
 * {@code tool_choice}, {@code parallel_tool_calls}, {@code max_completion_tokens} /
 * {@code max_tokens} and {@code stream}.
 *
 * <p>Stateless and thread-safe.
 */
public final class OpenAiChatCodec implements WireCodec {

    static final Rendering.Layout LAYOUT =
            new Rendering.Layout(OpenAiChatCodec::readBody, OpenAiChatCodec::rebuild);

    /** The codec. */
    public static final OpenAiChatCodec INSTANCE = new OpenAiChatCodec();

    /** The replay tag of {@code reasoning_content} read from this wire. */
    public static final String REASONING_TAG = ReplayTags.DEEPSEEK_REASONING_CONTENT;

    /** This codec's surface and its vocabulary. */
    static final ProviderSurface SURFACE = ProviderSurface.OPENAI_CHAT;

    private static final String MESSAGES = "messages";

    private static final String CONTENT = "content";
    private static final String REASONING = "reasoning_content";
    private static final String TOOL_CALLS = "tool_calls";

    /** Found by {@link java.util.ServiceLoader} through {@code WireFormat.codec()}; code here uses {@link #INSTANCE}. */
    public OpenAiChatCodec() {}

    @Override
    public WireFormat format() {
        return WireFormat.OPENAI_CHAT;
    }

    @Override
    public ParsedBody read(JsonNode body, WireContext ctx) {
        return Rendering.read(LAYOUT, body, ctx);
    }

    /** Reads the body in one pass over its bytes ({@link OneRead}); empty for the tree read to name what is wrong. */
    @Override
    public Optional<ParsedBody> readBytes(byte[] body, WireContext ctx) {
        return OneRead.parsed(OpenAiChatCodec::readBytes, body, ctx);
    }

    /** The one read: the messages element by element as the pass meets them, the other fields after it. */
    static WireParse readBytes(byte[] body, WireContext ctx, WireParse p) {
        return OneRead.readBody(body, MESSAGES, null, ctx, p, into -> (message, i) -> readMessage(into, message, i),
                OpenAiChatCodec::readMessages, OpenAiChatCodec::readRoot);
    }

    private static void readMessages(WireParse p, InputNode root) {
        List<InputNode> messages = root.array(MESSAGES);
        for (int i = 0; i < messages.size(); i++) {
            readMessage(p, messages.get(i), i);
        }
    }

    private static WireParse readBody(JsonNode body, WireContext ctx, WireParse p) {
        InputNode root = InputNode.root(body, ctx.source(), ctx.line()).requireObject();
        return readRoot(root, ctx, p, () -> readMessages(p, root));
    }

    /** Reads the fields around the messages, and the messages (by {@code messages}) where the tree read reads them. */
    private static WireParse readRoot(InputNode root, WireContext ctx, WireParse p, Runnable messages) {
        String model = root.optNonBlankText("model");
        messages.run();
        List<DeclaredTool> tools = new ArrayList<>();
        for (InputNode tool : root.optArray("tools")) {
            tool.requireObject();
            String type = tool.optText("type");
            String field = "custom".equals(type) ? "custom" : "function";
            if (!tool.has(field) || !tool.raw().get(field).isObject()) {
                // a gateway's server tool ({"type": "openrouter:web_search"}) declares no function
                p.unknown(SURFACE.wireName(), tool, "a tool of type " + Blocks.typeOf(tool) + " without a " + field
                        + " object, not declared to the rules");
                continue;
            }
            InputNode definition = tool.child(field);
            tools.add(new DeclaredTool(definition.nonBlankText("name"), definition.optObject("parameters")));
        }
        p.dispatch = new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : SURFACE.provider(),
                ctx.model() != null ? ctx.model() : model, Surface.DISPATCH, Timeline.of(p.entries, tools), null,
                options(p, root).withApi(SURFACE));
        return p;
    }

    private static void readMessage(WireParse p, InputNode message, int i) {
        message.requireObject();
        String role = message.text("role");
        String wire = Blocks.wire(i);
        String at = p.keeps() ? "messages[" + i + "]" : null;
        p.message(wire, (ObjectNode) message.raw());
        switch (role) {
            case "system", "developer" -> readContent(p, message.required(CONTENT), Role.SYSTEM, wire, null, at);
            case "user", "tool", "assistant" -> readKnown(p, message, role, wire, at);
            default -> {
                // the legacy "function" role and roles the vocabulary does not describe: transparent system text
                Blocks.role(p, SURFACE, message, "user", "assistant");
                JsonNode content = message.child(CONTENT).raw();
                if (content.isMissingNode() || content.isNull()) {
                    p.addEntry(new Message(wire, Role.SYSTEM, "", null, null, null, wire), content,
                            p.keeps() ? at + "." + CONTENT : null);
                } else {
                    readContent(p, message.child(CONTENT), Role.SYSTEM, wire, null, at);
                }
            }
        }
    }

    private static void readKnown(WireParse p, InputNode message, String role, String wire, String at) {
        switch (role) {
            case "user" -> readContent(p, message.required(CONTENT), Role.USER, wire, null, at);
            case "tool" -> {
                String callId = message.nonBlankText("tool_call_id");
                ToolResult result = new ToolResult(Blocks.text(message.required(CONTENT)), false, wire);
                p.addResult(new ToolCall(callId, "", null, result, false, null, null, null, wire, false),
                        message.raw(), 0, at);
            }
            default -> readAssistant(p, message, wire, at);
        }
    }

    private static void readAssistant(WireParse p, InputNode message, String wire, String at) {
        InputNode calls = message.child(TOOL_CALLS);
        boolean hasCalls = calls.raw().isArray() && calls.raw().size() > 0;
        InputNode reasoning = message.child(REASONING);
        if (!reasoning.raw().isMissingNode() && !reasoning.raw().isNull()) {
            p.addEntry(new Thought(wire + ".r", reasoning.asText(), null, REASONING_TAG, wire, wire), reasoning.raw(),
                    p.keeps() ? at + "." + REASONING : null);
        }
        InputNode content = message.child(CONTENT);
        JsonNode raw = content.raw();
        boolean empty = raw.isMissingNode() || raw.isNull() || raw.isTextual() && raw.textValue().isEmpty();
        if (!empty || !hasCalls && p.entries.stream().noneMatch(e -> wire.equals(e.wireMessage()))) {
            if (raw.isMissingNode() || raw.isNull()) {
                p.addEntry(new Message(wire, Role.ASSISTANT, "", null, null, wire, wire), raw,
                        p.keeps() ? at + "." + CONTENT : null);
            } else {
                readContent(p, content, Role.ASSISTANT, wire, wire, at);
            }
        }
        if (!calls.raw().isMissingNode() && !calls.raw().isNull()) {
            List<InputNode> items = calls.asArray();
            for (int k = 0; k < items.size(); k++) {
                p.addEntry(readCall(p, items.get(k).requireObject(), wire), items.get(k).raw(),
                        p.keeps() ? at + "." + TOOL_CALLS + "[" + k + "]" : null);
            }
        }
    }

    private static ToolCall readCall(WireParse p, InputNode call, String wire) {
        String id = call.nonBlankText("id");
        String type = call.optText("type");
        boolean custom = "custom".equals(type);
        JsonNode own = call.raw().get(custom ? "custom" : "function");
        if (type != null && !SURFACE.callTypes().containsKey(type) || own == null || !own.isObject()) {
            p.unknown(SURFACE.wireName(), call, "a tool call of type " + Blocks.typeOf(call)
                    + ", read as a call of that name waiting for its tool message");
            return new ToolCall(id, type != null && !type.isBlank() ? type : "unknown", null, null, true, null, null, wire,
                    wire, false);
        }
        InputNode definition = call.child(custom ? "custom" : "function");
        String name = definition.nonBlankText("name");
        String arguments = definition.optText(custom ? "input" : "arguments");
        // arguments that are a JSON object are parsed when a rule reads them; other text (a custom tool's
        // input, text that is not JSON) is kept as payload "arguments" so rendering writes it back as it was
        boolean object = !custom && arguments != null && Blocks.isJsonObject(arguments);
        ObjectNode payload = arguments == null || object ? null : Blocks.payload("arguments", arguments);
        ToolCall read = new ToolCall(id, name, null, null, true, payload, null, wire, wire, false);
        return object ? read.withArgumentText(arguments) : read;
    }

    private static void readContent(WireParse p, InputNode content, Role role, String wire, String step, String at) {
        JsonNode raw = content.raw();
        if (raw.isTextual()) {
            p.addEntry(new Message(wire, role, raw.textValue(), null, null, step, wire), raw,
                    p.keeps() ? at + "." + CONTENT : null);
            return;
        }
        if (!raw.isArray()) {
            throw content.error("expected a string or an array of content parts, but was " + InputNode.describe(raw));
        }
        List<InputNode> parts = content.asArray();
        for (int j = 0; j < parts.size(); j++) {
            InputNode part = parts.get(j).requireObject();
            String type = part.text("type");
            if (!SURFACE.otherTypes().contains(type)) {
                p.unknown(SURFACE.wireName(), part.child("type"), "unknown content part type \"" + type
                        + "\", kept as a placeholder");
            }
            String text = "text".equals(type) ? part.text("text") : Blocks.placeholder(type);
            p.addEntry(new Message(wire + ".c" + j, role, text, null, null, step, wire), part.raw(),
                    p.keeps() ? at + "." + CONTENT + "[" + j + "]" : null);
        }
    }

    private static RequestOptions options(WireParse p, InputNode root) {
        RequestOptions options = RequestOptions.unknown();
        String effort = root.optNonBlankText("reasoning_effort");
        if (effort != null) {
            options = options.withReasoning("none".equals(effort) ? Reasoning.disabled() : Reasoning.effort(effort));
        } else {
            String type = Blocks.optionType(p, SURFACE, root, "thinking", "enabled", "disabled");
            if (type != null) {
                options = options.withReasoning("enabled".equals(type) ? Reasoning.enabled() : Reasoning.disabled());
            }
        }
        if (root.has("tool_choice")) {
            options = options.withToolChoice(toolChoice(p, root.child("tool_choice")));
        }
        if (root.has("parallel_tool_calls")) {
            options = options.withParallelToolCalls(root.optBoolean("parallel_tool_calls", true));
        }
        Integer max = AnthropicMessagesCodec.positive(root, "max_completion_tokens");
        options = options.withMaxTokens(max != null ? max : AnthropicMessagesCodec.positive(root, "max_tokens"));
        if (root.has("stream")) {
            options = options.withStream(root.optBoolean("stream", false));
        }
        return options;
    }

    /**
     * Reads {@code tool_choice}: the OpenAI strings, Mistral's {@code "any"} (a tool must be called), a
     * function or custom tool (also without its {@code type}, as Mistral and vLLM take it) and
     * {@code allowed_tools}. Anything else leaves the choice unknown and is reported.
     */
    private static ToolChoice toolChoice(WireParse p, InputNode choice) {
        JsonNode raw = choice.raw();
        ToolChoice named = raw.isTextual() ? Blocks.toolChoiceMode(raw.textValue(), "any") : null;
        if (named != null) {
            return named;
        } else if (raw.isObject()) {
            JsonNode type = raw.get("type");
            String kind = type == null ? raw.has("function") ? "function" : null
                    : type.isTextual() ? type.textValue() : null;
            if ("allowed_tools".equals(kind) && raw.path("allowed_tools").isObject()) {
                String mode = raw.path("allowed_tools").path("mode").asText("");
                if (mode.equals("auto") || mode.equals("required")) {
                    return "auto".equals(mode) ? ToolChoice.auto() : ToolChoice.required();
                }
            } else if (("function".equals(kind) || "custom".equals(kind)) && raw.path(kind).path("name").isTextual()
                    && !raw.path(kind).path("name").textValue().isBlank()) {
                return ToolChoice.tool(raw.path(kind).path("name").textValue());
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

    /** Without a tree, spliced into the original bytes reading again only the messages the repair changed. */
    @Override
    public byte[] renderBytes(Dispatch repaired, ObjectNode originalBody, byte[] originalBytes) {
        byte[] spliced = originalBody != null ? null : Splicer.render(OpenAiChatCodec::readBytes,
                Splicer.isolated(OpenAiChatCodec::readMessage), OpenAiChatCodec::rebuild, MESSAGES, repaired,
                originalBytes);
        return spliced != null ? spliced : WireCodec.super.renderBytes(repaired, originalBody, originalBytes);
    }

    /** Renders by laying every entry out again, even when nothing changed (tests the layout). */
    static ObjectNode rebuildAll(ObjectNode originalBody) {
        return Rendering.rebuildAll(LAYOUT, originalBody);
    }

    /** Lays the entries out again, reusing the original JSON of every entry the repair kept. */
    /** The parts each original wire message is laid out with (a tool message: its one result). */
    private static Map<String, List<Assembler.Part>> emitted(List<Entry> entries, WireParse p) {
        Map<String, List<Assembler.Part>> emitted = new HashMap<>();
        Assembler assembler = new Assembler(false, p.resultOrder);
        entries.forEach(assembler::add);
        for (Assembler.Out out : assembler.finish()) {
            List<Assembler.Part> rest = new ArrayList<>();
            for (Assembler.Part part : out.parts) {
                if (part.entry() instanceof ToolCall call && (part.result() || !call.requested())) {
                    if (call.result().wireMessage() != null) {
                        emitted.merge(call.result().wireMessage(), List.of(part), (a, b) -> List.of());
                    }
                } else {
                    rest.add(part);
                }
            }
            if (!rest.isEmpty() && out.key != null) {
                // a wire message laid out as two messages is never left as it was
                emitted.merge(out.key, rest, (a, b) -> List.of());
            }
        }
        return emitted;
    }

    static ObjectNode rebuild(List<Entry> entries, WireParse p, ObjectNode body) {
        Originals originals = new Originals(p, entries);
        Map<String, List<Assembler.Part>> before = p.lazy() ? emitted(p.entries, p) : Map.of();
        Map<String, List<Assembler.Part>> after = p.lazy() ? emitted(entries, p) : Map.of();
        Assembler assembler = new Assembler(false, p.resultOrder);
        entries.forEach(assembler::add);
        ArrayNode messages = Blocks.NODES.arrayNode();
        for (Assembler.Out out : assembler.finish()) {
            List<Assembler.Part> rest = new ArrayList<>();
            for (Assembler.Part part : out.parts) {
                if (part.entry() instanceof ToolCall call && (part.result() || !call.requested())) {
                    String key = call.result().wireMessage();
                    // spliced: a message the repair left as it was is copied from the original bytes
                    messages.add(key != null && List.of(part).equals(before.get(key)) && before.get(key).equals(after.get(key))
                            ? Splicer.UNCHANGED
                            : renderResult(call, p, originals));
                    p.renderedKeys.add(key);
                } else {
                    rest.add(part);
                }
            }
            if (!rest.isEmpty()) {
                messages.add(out.key != null && rest.equals(before.get(out.key)) && rest.equals(after.get(out.key))
                        ? Splicer.UNCHANGED
                        : renderMessage(out, rest, p, originals));
                p.renderedKeys.add(out.key);
            }
        }
        body.set("messages", messages);
        return body;
    }

    private static ObjectNode renderMessage(Assembler.Out out, List<Assembler.Part> parts, WireParse p,
            Originals originals) {
        ObjectNode original = out.key == null ? null : p.messages.get(out.key);
        if (original != null && "tool".equals(original.path("role").asText())) {
            original = null;
        }
        ObjectNode message = original != null ? original.deepCopy()
                : Blocks.NODES.objectNode().put("role", out.role.wireName());
        StringBuilder reasoning = null;
        List<JsonNode> content = new ArrayList<>();
        ArrayNode calls = Blocks.NODES.arrayNode();
        for (Assembler.Part part : parts) {
            Entry entry = part.entry();
            if (entry instanceof Thought t) {
                reasoning = reasoning == null ? new StringBuilder() : reasoning;
                reasoning.append(t.content());
            } else if (entry instanceof Message m) {
                JsonNode block = originals.block(m);
                if (block == null || block.isTextual() || block.isNull() || block.isMissingNode()) {
                    content.add(Blocks.NODES.textNode(m.content()));
                } else {
                    ObjectNode copy = block.deepCopy();
                    if ("text".equals(copy.path("type").asText()) && !m.content().equals(copy.path("text").asText())) {
                        copy.put("text", m.content());
                    }
                    content.add(copy);
                }
            } else {
                calls.add(renderCall((ToolCall) entry, originals));
            }
        }
        if (reasoning != null) {
            message.put(REASONING, reasoning.toString());
        } else {
            message.remove(REASONING);
        }
        if (content.size() == 1 && content.get(0).isTextual()) {
            message.set(CONTENT, content.get(0));
        } else if (!content.isEmpty()) {
            ArrayNode array = message.putArray(CONTENT);
            for (JsonNode node : content) {
                array.add(node.isTextual() ? Blocks.NODES.objectNode().put("type", "text").put("text", node.textValue())
                        : node);
            }
        } else {
            JsonNode before = message.get(CONTENT);
            boolean emptyBefore = before == null || before.isNull() || before.isTextual() && before.textValue().isEmpty();
            if (!emptyBefore || before == null) {
                if (calls.isEmpty()) {
                    message.put(CONTENT, "");
                } else {
                    message.putNull(CONTENT);
                }
            }
        }
        if (!calls.isEmpty()) {
            message.set(TOOL_CALLS, calls);
        } else {
            message.remove(TOOL_CALLS);
        }
        return message;
    }

    private static JsonNode renderCall(ToolCall call, Originals originals) {
        JsonNode original = originals.block(call);
        ObjectNode block;
        if (original == null) {
            block = Blocks.NODES.objectNode().put("id", call.id()).put("type", "function");
            block.putObject("function").put("name", call.tool()).put("arguments", arguments(call));
            return block;
        }
        block = original.deepCopy();
        if (!call.id().equals(block.path("id").asText())) {
            block.put("id", call.id());
        }
        Entry before = originals.original(call);
        if (before instanceof ToolCall b && !(b.tool().equals(call.tool()) && b.args().equals(call.args()))
                && block.path("function").isObject()) {
            ((ObjectNode) block.get("function")).put("name", call.tool()).put("arguments", arguments(call));
        }
        return block;
    }

    private static String arguments(ToolCall call) {
        JsonNode raw = call.payloadAt("arguments");
        return raw != null && raw.isTextual() && call.args().isEmpty() ? raw.textValue() : call.args().toString();
    }

    private static ObjectNode renderResult(ToolCall call, WireParse p, Originals originals) {
        ToolResult result = call.result();
        ToolCall source = originals.resultSource(call);
        ToolResult before = source == null ? null : source.result();
        JsonNode original = originals.resultBlock(source);
        ObjectNode message = original != null ? original.deepCopy()
                : Blocks.NODES.objectNode().put("role", "tool");
        if (!call.id().equals(message.path("tool_call_id").asText())) {
            message.put("tool_call_id", call.id());
        }
        if (original == null || !result.content().equals(before.content())) {
            message.put(CONTENT, result.content());
        }
        return message;
    }
}
