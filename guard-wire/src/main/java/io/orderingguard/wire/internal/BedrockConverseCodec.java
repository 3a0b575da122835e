package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.support.Require;
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
import java.util.TreeMap;

/**
 * The Amazon Bedrock Converse codec ({@code POST /model/{modelId}/converse} and
 * {@code /converse-stream}; the body the AWS SDK's {@code ConverseRequest} sends).
 *
 * <p>Parse: {@code system} blocks become system messages {@code system.c<j>}; message {@code i} is
 * wire message {@code m<i>} (an assistant message also step {@code m<i>}), content block {@code j}
 * is entry {@code m<i>.c<j>}: {@code text} a message; {@code reasoningContent} a thought tagged
 * {@value #REASONING_TAG}, with payload {@code {"signature": …}} for {@code reasoningText} and
 * {@code {"data": …}} for {@code redactedContent} (the names the Anthropic codec and the Claude
 * thinking variants read); {@code image}, {@code document}, {@code video} and the other content kinds
 * a message holding {@code [image]}. {@code toolUse} is a call with its {@code toolUseId}
 * (provider-executed when its {@code type} is {@code server_tool_use}); {@code toolResult} answers the
 * call with its {@code toolUseId} or becomes an orphan result (its text: the {@code text} items,
 * {@code json} items as compact JSON, others as {@code [image]}; {@code status: error} makes it an
 * error). A {@code cachePoint} block is no entry: rendering keeps it after the block it followed.
 *
 * <p>Options: {@code additionalModelRequestFields.thinking} or {@code reasoning_config} (Claude:
 * as Anthropic's {@code thinking}), {@code additionalModelRequestFields.reasoningConfig} (Nova:
 * {@code type} and {@code maxReasoningEffort}), {@code toolConfig.toolChoice} ({@code auto},
 * {@code any} → required, {@code tool}), {@code inferenceConfig.maxTokens}. The model comes from the
 * {@link WireContext} (the URL path) or the {@code modelId} an SDK request log carries; the provider
 * is {@code bedrock}, whose families read the model vendor from the id ({@code anthropic.},
 * {@code amazon.nova-}, {@code meta.}, …).
 *
 * <p>Stateless and thread-safe.
 */
public final class BedrockConverseCodec implements WireCodec {

    static final Rendering.Layout LAYOUT =
            new Rendering.Layout(BedrockConverseCodec::readBody, BedrockConverseCodec::rebuild);

    /** The codec. */
    public static final BedrockConverseCodec INSTANCE = new BedrockConverseCodec();

    /** The replay tag of reasoning read from this wire. */
    public static final String REASONING_TAG = ReplayTags.BEDROCK_REASONING;

    /** This codec's surface and its vocabulary. */
    static final ProviderSurface SURFACE = ProviderSurface.BEDROCK_CONVERSE;

    private static final String SYSTEM = "system";
    private static final String MESSAGES = "messages";
    private static final String INPUT = "input";
    private static final String CONTENT = "content";
    private static final String TEXT = "text";
    private static final String TOOL_USE = "toolUse";
    private static final String TOOL_RESULT = "toolResult";
    private static final String REASONING = "reasoningContent";
    private static final String CACHE_POINT = "cachePoint";
    private static final String RESULT_PREFIX = "result|";

    /** Found by {@link java.util.ServiceLoader} through {@code WireFormat.codec()}; code here uses {@link #INSTANCE}. */
    public BedrockConverseCodec() {}

    @Override
    public WireFormat format() {
        return WireFormat.BEDROCK_CONVERSE;
    }

    @Override
    public ParsedBody read(JsonNode body, WireContext ctx) {
        return Rendering.read(LAYOUT, body, ctx);
    }

    /** Reads the body in one pass over its bytes ({@link OneRead}); empty for the tree read to name what is wrong. */
    @Override
    public Optional<ParsedBody> readBytes(byte[] body, WireContext ctx) {
        return OneRead.parsed(BedrockConverseCodec::readBytes, body, ctx);
    }

    /** The one read: the messages element by element as the pass meets them, the other fields after it. */
    static WireParse readBytes(byte[] body, WireContext ctx, WireParse p) {
        return OneRead.readBody(body, MESSAGES, INPUT, ctx, p, into -> (message, i) -> readMessage(into, message, i),
                BedrockConverseCodec::readMessages, BedrockConverseCodec::readRoot);
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
        String model = root.optNonBlankText("modelId");
        readSystem(p, root);
        messages.run();
        List<DeclaredTool> tools = tools(root);
        p.dispatch = new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : SURFACE.provider(),
                ctx.model() != null ? ctx.model() : model, Surface.DISPATCH, Timeline.of(p.entries, tools), null,
                options(p, root).withApi(SURFACE));
        return p;
    }

    /** Reads the system blocks of a body into a parse (the streaming read reads them with this too). */
    static void readSystem(WireParse p, InputNode root) {
        List<InputNode> system = root.optArray(SYSTEM);
        List<String> systemKeys = new ArrayList<>();
        for (int j = 0; j < system.size(); j++) {
            InputNode block = system.get(j).requireObject();
            String kind = kind(block);
            String at = p.keeps() ? SYSTEM + "[" + j + "]" : null;
            if (CACHE_POINT.equals(kind)) {
                p.passive(SYSTEM, j, block.raw());
                systemKeys.add(null);
                continue;
            }
            if (!SURFACE.knowsType(kind)) {
                p.unknown(SURFACE.wireName(), block.child(kind), "unknown system block \"" + kind
                        + "\", kept as a placeholder");
            }
            String text = TEXT.equals(kind) ? block.text(TEXT) : Blocks.placeholder(kind);
            Message message = new Message(SYSTEM + ".c" + j, Role.SYSTEM, text, null, null, null, SYSTEM);
            p.addEntry(message, block.raw(), at);
            systemKeys.add(p.keeps() ? WireParse.key(message) : null);
        }
        p.blockKeys(SYSTEM, systemKeys);
    }

    /** Reads the declared tools of a body ({@code toolConfig.tools[].toolSpec}). */
    static List<DeclaredTool> tools(InputNode root) {
        List<DeclaredTool> tools = new ArrayList<>();
        if (root.has("toolConfig")) {
            InputNode toolConfig = root.child("toolConfig").requireObject();
            for (InputNode tool : toolConfig.optArray("tools")) {
                tool.requireObject();
                if (tool.has("toolSpec")) {
                    InputNode spec = tool.child("toolSpec").requireObject();
                    ObjectNode schema = spec.has("inputSchema")
                            ? spec.child("inputSchema").requireObject().optObject("json") : null;
                    tools.add(new DeclaredTool(spec.nonBlankText("name"), schema));
                }
            }
        }
        return tools;
    }

    /** Reads the request options of a body: tool choice, maximum tokens, reasoning. */
    static RequestOptions options(WireParse p, InputNode root) {
        RequestOptions options = RequestOptions.unknown();
        if (root.has("toolConfig")) {
            InputNode toolConfig = root.child("toolConfig").requireObject();
            if (toolConfig.has("toolChoice")) {
                options = options.withToolChoice(toolChoice(p, toolConfig.child("toolChoice").requireObject()));
            }
        }
        if (root.has("inferenceConfig")) {
            options = options.withMaxTokens(AnthropicMessagesCodec.positive(
                    root.child("inferenceConfig").requireObject(), "maxTokens"));
        }
        if (root.has("additionalModelRequestFields")) {
            options = options.withReasoning(reasoning(p, root.child("additionalModelRequestFields").requireObject()));
        }
        return options;
    }

    /** The union member a block sets: its first field (a Converse content block sets exactly one). */
    private static String kind(InputNode block) {
        var fields = block.raw().fieldNames();
        if (!fields.hasNext()) {
            throw block.error("expected a content block with one of text, image, document, video, toolUse, "
                    + "toolResult, reasoningContent, cachePoint, but found none of them");
        }
        return fields.next();
    }

    private static void readMessage(WireParse p, InputNode message, int i) {
        message.requireObject();
        Role role = Blocks.role(p, SURFACE, message, "user", "assistant");
        String wire = Blocks.wire(i);
        String step = role == Role.ASSISTANT ? wire : null;
        p.message(wire, (ObjectNode) message.raw());
        List<InputNode> blocks = message.array(CONTENT);
        List<String> keys = p.keeps() ? new ArrayList<>(blocks.size()) : null;
        for (int j = 0; j < blocks.size(); j++) {
            String key = readBlock(p, blocks.get(j).requireObject(), role, i, step, j,
                    p.keeps() ? "messages[" + i + "].content[" + j + "]" : null);
            if (keys != null) {
                keys.add(key);
            }
        }
        p.blockKeys(wire, keys);
    }

    /** Reads one block; returns its key for rendering ({@code null} for a cache point). */
    private static String readBlock(WireParse p, InputNode block, Role role, int i, String step, int j,
            String at) {
        String kind = kind(block);
        String wire = Blocks.wire(i);
        String id = Blocks.blockId(i, j);
        switch (kind) {
            case TEXT: {
                Message message = new Message(id, role, block.text(TEXT), null, null, step, wire);
                p.addEntry(message, block.raw(), at);
                return p.keeps() ? WireParse.key(message) : null;
            }
            case REASONING: {
                Thought thought = thought(block.child(REASONING).requireObject(), id, step, wire);
                p.addEntry(thought, block.raw(), at);
                return p.keeps() ? WireParse.key(thought) : null;
            }
            case TOOL_USE: {
                InputNode use = block.child(TOOL_USE).requireObject();
                boolean server = "server_tool_use".equals(use.optText("type"));
                String callId = use.nonBlankText("toolUseId");
                String name = use.nonBlankText("name");
                ObjectNode input = Blocks.object(use, INPUT);
                ToolCall call = LazyArgs.call(callId, name, input, null, null, step, wire, server);
                p.addEntry(call, block.raw(), at);
                return p.keeps() ? WireParse.key(call) : null;
            }
            case TOOL_RESULT: {
                InputNode result = block.child(TOOL_RESULT).requireObject();
                String callId = result.nonBlankText("toolUseId");
                String status = result.optText("status");
                if (status != null && !status.equals("success") && !status.equals("error")) {
                    p.unknown(SURFACE.wireName(), result.child("status"), "an undocumented result status \"" + status
                            + "\", read as a result that is not an error");
                }
                ToolResult content = new ToolResult(resultText(result), "error".equals(status), wire);
                ToolCall holder = new ToolCall(callId, "", null, content, false, null, null, null, wire, false);
                if (!p.addProviderResult(callId, holder, block.raw(), j, at)) {
                    p.addResult(holder, block.raw(), j, at);
                }
                return p.keeps() ? RESULT_PREFIX + WireParse.resultKey(callId, wire) : null;
            }
            case CACHE_POINT:
                p.passive(wire, j, block.raw());
                return null;
            default: {
                if (!SURFACE.knowsType(kind)) {
                    p.unknown(SURFACE.wireName(), block.child(kind), "unknown content block \"" + kind
                            + "\", kept as a placeholder");
                }
                Message message = new Message(id, role, Blocks.placeholder(kind), null, null, step, wire);
                p.addEntry(message, block.raw(), at);
                return p.keeps() ? WireParse.key(message) : null;
            }
        }
    }

    private static Thought thought(InputNode reasoning, String id, String step, String wire) {
        if (reasoning.has("redactedContent")) {
            return new Thought(id, "", Blocks.payload("data", reasoning.text("redactedContent")),
                    REASONING_TAG, step, wire);
        }
        InputNode text = reasoning.required("reasoningText").requireObject();
        String signature = text.optText("signature");
        return new Thought(id, text.text(TEXT), signature == null ? null
                : Blocks.payload("signature", signature), REASONING_TAG, step, wire);
    }

    private static String resultText(InputNode result) {
        List<String> pieces = new ArrayList<>();
        for (InputNode item : result.optArray(CONTENT)) {
            item.requireObject();
            String kind = kind(item);
            if (TEXT.equals(kind)) {
                pieces.add(item.text(TEXT));
            } else if ("json".equals(kind)) {
                pieces.add(item.raw().get("json").toString());
            } else {
                pieces.add(Blocks.placeholder(kind));
            }
        }
        return Blocks.join(pieces);
    }

    private static ToolChoice toolChoice(WireParse p, InputNode choice) {
        if (choice.has("auto")) {
            choice.child("auto").requireObject();
            return ToolChoice.auto();
        }
        if (choice.has("any")) {
            choice.child("any").requireObject();
            return ToolChoice.required();
        }
        if (choice.has("tool")) {
            return ToolChoice.tool(choice.child("tool").requireObject().nonBlankText("name"));
        }
        p.unknown(SURFACE.wireName(), choice, "a toolChoice with none of auto, any, tool; the choice is left unknown");
        return null;
    }

    /**
     * Reads the reasoning setting from {@code additionalModelRequestFields}: Claude's {@code thinking}
     * (or {@code reasoning_config}) object, a {@code reasoning_config} effort string ({@code "high"}),
     * Nova's {@code reasoningConfig}. An undocumented shape leaves it unknown and is reported.
     */
    private static Reasoning reasoning(WireParse p, InputNode fields) {
        String name = fields.has("thinking") ? "thinking" : fields.has("reasoning_config") ? "reasoning_config" : null;
        if (name != null && fields.raw().get(name).isTextual() && !fields.raw().get(name).textValue().isBlank()) {
            return Reasoning.effort(fields.raw().get(name).textValue());
        }
        if (name != null) {
            String type = Blocks.optionType(p, SURFACE, fields, name, "enabled", "disabled", "adaptive");
            if (type == null) {
                return null;
            }
            InputNode thinking = fields.child(name);
            if ("disabled".equals(type)) {
                return Reasoning.disabled();
            }
            if ("adaptive".equals(type)) {
                return Reasoning.adaptive();
            }
            Integer budget = AnthropicMessagesCodec.positive(thinking, "budget_tokens");
            return budget == null ? Reasoning.enabled() : Reasoning.enabled(budget);
        }
        if (fields.has("reasoningConfig")) {
            String type = Blocks.optionType(p, SURFACE, fields, "reasoningConfig", "enabled", "disabled");
            if (type == null) {
                return null;
            }
            InputNode config = fields.child("reasoningConfig");
            String effort = config.optNonBlankText("maxReasoningEffort");
            if ("disabled".equals(type)) {
                return Reasoning.disabled();
            }
            return effort == null ? Reasoning.enabled() : Reasoning.effort(effort);
        }
        return null;
    }

    @Override
    public ObjectNode render(Dispatch repaired, ObjectNode originalBody) {
        return Rendering.render(LAYOUT, repaired, originalBody);
    }

    /** Without a tree, spliced into the original bytes reading again only the messages the repair changed. */
    @Override
    public byte[] renderBytes(Dispatch repaired, ObjectNode originalBody, byte[] originalBytes) {
        byte[] spliced = originalBody != null ? null : Splicer.render(BedrockConverseCodec::readBytes,
                Splicer.isolated(BedrockConverseCodec::readMessage), BedrockConverseCodec::rebuild, MESSAGES, repaired, originalBytes);
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
            p.renderedKeys.add(out.key);
            if (p.lazy() && Assembler.unchanged(out, before, after)) {
                // spliced: a message the repair left as it was is copied from the original bytes
                messages.add(Splicer.UNCHANGED);
                continue;
            }
            ObjectNode original = out.key == null ? null : p.messages.get(out.key);
            ObjectNode message = original != null ? original.deepCopy()
                    : Blocks.NODES.objectNode().put("role", out.role.wireName());
            List<JsonNode> nodes = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            for (Assembler.Part part : out.parts) {
                render(part.entry(), part.result(), p, originals, nodes, keys);
            }
            message.set(CONTENT, withPassive(out.key, nodes, keys, p));
            messages.add(message);
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
        List<JsonNode> nodes = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (Entry entry : system) {
            render(entry, false, p, originals, nodes, keys);
        }
        ArrayNode blocks = withPassive(SYSTEM, nodes, keys, p);
        if (blocks.isEmpty()) {
            body.remove(SYSTEM);
        } else {
            body.set(SYSTEM, blocks);
        }
    }

    /**
     * Puts the cache points of an original message back: each right after the block it followed in
     * the original, or after the nearest block before that one that is still there, or first.
     */
    private static ArrayNode withPassive(String key, List<JsonNode> nodes, List<String> keys, WireParse p) {
        Map<Integer, JsonNode> passive = key == null ? null : p.passive.get(key);
        if (passive != null) {
            List<String> original = p.blockKeys.get(key);
            int atStart = 0;
            for (Map.Entry<Integer, JsonNode> point : passive.entrySet()) {
                int insert = -1;
                for (int k = point.getKey() - 1; k >= 0 && insert < 0; k--) {
                    String anchor = original.get(k);
                    int found = anchor == null ? -1 : keys.indexOf(anchor);
                    if (found >= 0) {
                        insert = found + 1;
                        while (insert < keys.size() && keys.get(insert) == null) {
                            insert++;
                        }
                    }
                }
                if (insert < 0) {
                    insert = atStart++;
                }
                nodes.add(insert, point.getValue().deepCopy());
                keys.add(insert, null);
            }
        }
        ArrayNode array = Blocks.NODES.arrayNode();
        nodes.forEach(array::add);
        return array;
    }

    private static void render(Entry entry, boolean result, WireParse p, Originals originals, List<JsonNode> nodes,
            List<String> keys) {
        Entry source = originals.original(entry);
        if (entry instanceof ToolCall call && (result || !call.requested())) {
            ToolResult before = source instanceof ToolCall c ? c.result() : null;
            String rkey = before == null ? null : WireParse.resultKey(source.id(), before.wireMessage());
            // a result moved to its call (no result there before) keeps the block it was written as
            ToolCall moved = before == null ? originals.resultSource(call) : null;
            nodes.add(moved != null ? renderResult(call, moved.result(), originals.resultBlock(moved))
                    : renderResult(call, before, rkey == null ? null : p.resultBlocks.get(rkey)));
            keys.add(rkey == null ? "" : RESULT_PREFIX + rkey);
            return;
        }
        JsonNode original = source == null ? null : p.blocks.get(WireParse.key(source));
        if (entry instanceof Message m) {
            nodes.add(renderText(m, original));
        } else if (entry instanceof Thought t) {
            nodes.add(renderThought(t, original));
        } else {
            nodes.add(renderCall((ToolCall) entry, original));
        }
        keys.add(source == null ? "" : WireParse.key(source));
    }

    private static JsonNode renderText(Message m, JsonNode original) {
        if (original == null) {
            return Blocks.NODES.objectNode().put(TEXT, m.content());
        }
        ObjectNode block = original.deepCopy();
        if (block.has(TEXT) && !m.content().equals(block.path(TEXT).asText())) {
            block.put(TEXT, m.content());
        }
        return block;
    }

    private static JsonNode renderThought(Thought t, JsonNode original) {
        JsonNode signature = t.payloadAt("signature");
        JsonNode data = t.payloadAt("data");
        if (original == null) {
            ObjectNode block = Blocks.NODES.objectNode();
            ObjectNode reasoning = block.putObject(REASONING);
            if (data != null && data.isTextual() && signature == null) {
                reasoning.set("redactedContent", data);
            } else {
                ObjectNode text = reasoning.putObject("reasoningText").put(TEXT, t.content());
                if (signature != null) {
                    text.set("signature", signature);
                }
            }
            return block;
        }
        ObjectNode block = original.deepCopy();
        ObjectNode reasoning = (ObjectNode) block.get(REASONING);
        if (reasoning.has("reasoningText")) {
            ObjectNode text = (ObjectNode) reasoning.get("reasoningText");
            if (!t.content().equals(text.path(TEXT).asText())) {
                text.put(TEXT, t.content());
            }
            if (signature == null) {
                text.remove("signature");
            } else if (!signature.equals(text.get("signature"))) {
                text.set("signature", signature);
            }
        } else if (data != null && !data.equals(reasoning.get("redactedContent"))) {
            reasoning.set("redactedContent", data);
        }
        return block;
    }

    private static JsonNode renderCall(ToolCall call, JsonNode original) {
        if (original == null) {
            ObjectNode block = Blocks.NODES.objectNode();
            ObjectNode use = block.putObject(TOOL_USE).put("toolUseId", call.id()).put("name", call.tool());
            use.set("input", call.args());
            if (call.providerExecuted()) {
                use.put("type", "server_tool_use");
            }
            return block;
        }
        ObjectNode block = original.deepCopy();
        ObjectNode use = (ObjectNode) block.get(TOOL_USE);
        if (!call.id().equals(use.path("toolUseId").asText())) {
            use.put("toolUseId", call.id());
        }
        if (!call.tool().equals(use.path("name").asText())) {
            use.put("name", call.tool());
        }
        if (!call.args().equals(use.path("input")) && (use.has("input") || !call.args().isEmpty())) {
            use.set("input", call.args());
        }
        return block;
    }

    private static JsonNode renderResult(ToolCall call, ToolResult before, JsonNode original) {
        ToolResult result = call.result();
        ObjectNode block;
        ObjectNode content;
        if (original != null) {
            block = original.deepCopy();
            content = (ObjectNode) block.get(TOOL_RESULT);
            if (!call.id().equals(content.path("toolUseId").asText())) {
                content.put("toolUseId", call.id());
            }
            if (before.content().equals(result.content()) && before.isError() == result.isError()) {
                return block;
            }
        } else {
            block = Blocks.NODES.objectNode();
            content = block.putObject(TOOL_RESULT).put("toolUseId", call.id());
        }
        content.putArray(CONTENT).addObject().put(TEXT, result.content());
        if (result.isError()) {
            content.put("status", "error");
        } else if (content.has("status")) {
            content.put("status", "success");
        }
        return block;
    }
}
