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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The Gemini {@code generateContent} codec (Gemini API {@code /v1beta/models/{model}:generateContent}
 * and Vertex AI {@code …/publishers/google/models/{model}:generateContent}, and their
 * {@code streamGenerateContent}). Field names are read in the JSON spelling the API documents
 * ({@code functionCall}) and in the proto spelling it also accepts ({@code function_call}); rendering
 * writes back under the name the body used.
 *
 * <p>Parse: {@code systemInstruction} parts become system messages {@code system.c<j>}; content
 * {@code i} is wire message {@code m<i>} (a {@code model} content also step {@code m<i>}; a content
 * without {@code role} is a user content, as Gemini reads it), part {@code j} is entry
 * {@code m<i>.c<j>}: a {@code text} part with {@code thought: true} a thought, another text part a
 * message, an {@code inlineData}, {@code fileData}, {@code executableCode} or
 * {@code codeExecutionResult} part (or one of a kind this codec does not know) a message holding
 * {@code [inlineData]}. A {@code functionCall} part is a call with its {@code id}, or the positional
 * id {@code m<i>.c<j>} when it has none. A {@code thoughtSignature} on any part becomes the entry's
 * payload {@code {"thoughtSignature": …}} tagged {@value #SIGNATURE_TAG} ({@value #SENTINEL_TAG} for
 * the documented dummy values), where {@code gemini-3-function-call-signature} and
 * {@code gemini-foreign-thought-signature} look, as in guard-langchain4j's Gemini layout.
 *
 * <p>Pairing: a {@code functionResponse} with an {@code id} answers the open call with that id; one
 * without an id answers, among the open calls with its {@code name}, the first of the latest model
 * content that has one (Gemini answers a turn's calls in the next user content, in order). A response
 * nothing answers becomes an orphan result (with its id, or its positional id). Its text is the
 * {@code output}, {@code result}, {@code content} or {@code error} string when {@code response} holds
 * exactly that one field, else the compact JSON of {@code response}; a response with an
 * {@code error} field is an error result.
 *
 * <p>Options: {@code generationConfig.thinkingConfig} ({@code thinkingBudget} 0 → disabled, -1 →
 * adaptive, N → enabled(N); {@code thinkingLevel} → effort), {@code generationConfig.maxOutputTokens},
 * {@code toolConfig.functionCallingConfig.mode} ({@code AUTO}, {@code NONE}, {@code ANY} or
 * {@code VALIDATED} → required, or the one tool {@code allowedFunctionNames} names). The model comes
 * from the {@link WireContext} (the URL path) or an optional {@code model} field.
 *
 * <p>Stateless and thread-safe.
 */
public final class GeminiCodec implements WireCodec {

    static final Rendering.Layout LAYOUT = new Rendering.Layout(GeminiCodec::readBody, GeminiCodec::rebuild);

    /** The codec. */
    public static final GeminiCodec INSTANCE = new GeminiCodec();

    /** The replay tag of a thought signature read from this wire. */
    public static final String SIGNATURE_TAG = ReplayTags.GEMINI_THOUGHT_SIGNATURE;

    /** The replay tag of a documented dummy signature ({@code skip_thought_signature_validator}). */
    public static final String SENTINEL_TAG = ReplayTags.GEMINI_SIGNATURE_SENTINEL;

    /** This codec's surface and its vocabulary. */
    static final ProviderSurface SURFACE = ProviderSurface.GEMINI;

    private static final String CONTENTS = "contents";
    private static final String ARGS = "args";

    /** The payload field holding a part's thought signature. */
    public static final String SIGNATURE = "thoughtSignature";

    private static final Pattern POSITIONAL = Pattern.compile("m[0-9]+\\.c[0-9]+");
    static final String[][] DATA = {
        {"text", "text"}, {"functionCall", "function_call"}, {"functionResponse", "function_response"},
        {"inlineData", "inline_data"}, {"fileData", "file_data"}, {"executableCode", "executable_code"},
        {"codeExecutionResult", "code_execution_result"}};
    static final Set<String> PART_METADATA = Set.of("thought", SIGNATURE, "thought_signature",
            "partMetadata", "part_metadata", "videoMetadata", "video_metadata", "mediaResolution", "media_resolution");
    private static final Set<String> TEXT_RESPONSES = Set.of("output", "result", "content", "error");
    private static final String PARTS = "parts";
    private static final String TEXT = "text";

    /** Found by {@link java.util.ServiceLoader} through {@code WireFormat.codec()}; code here uses {@link #INSTANCE}. */
    public GeminiCodec() {}

    @Override
    public WireFormat format() {
        return WireFormat.GEMINI;
    }

    @Override
    public ParsedBody read(JsonNode body, WireContext ctx) {
        return Rendering.read(LAYOUT, body, ctx);
    }

    /** Returns the field name a node uses: the JSON name when present, else the proto name when present, else the JSON name. */
    static String name(InputNode node, String json, String proto) {
        return !node.has(json) && node.has(proto) ? proto : json;
    }

    private static String name(JsonNode node, String json, String proto) {
        return !node.has(json) && node.has(proto) ? proto : json;
    }

    /** Reads the body in one pass over its bytes ({@link OneRead}); empty for the tree read to name what is wrong. */
    @Override
    public Optional<ParsedBody> readBytes(byte[] body, WireContext ctx) {
        return OneRead.parsed(GeminiCodec::readBytes, body, ctx);
    }

    /** The one read: the contents element by element as the pass meets them, the other fields after it. */
    static WireParse readBytes(byte[] body, WireContext ctx, WireParse p) {
        return OneRead.readBody(body, CONTENTS, ARGS, ctx, p, into -> {
            Pairing pairing = new Pairing();
            return (content, i) -> readContent(into, pairing, content, i);
        }, GeminiCodec::readContents, GeminiCodec::readRoot);
    }

    private static void readContents(WireParse p, InputNode root) {
        Pairing pairing = new Pairing();
        List<InputNode> contents = root.array(CONTENTS);
        for (int i = 0; i < contents.size(); i++) {
            readContent(p, pairing, contents.get(i), i);
        }
    }

    private static WireParse readBody(JsonNode body, WireContext ctx, WireParse p) {
        InputNode root = InputNode.root(body, ctx.source(), ctx.line()).requireObject();
        return readRoot(root, ctx, p, () -> readContents(p, root));
    }

    /** Reads the fields around the contents, and the contents (by {@code contents}) where the tree read reads them. */
    private static WireParse readRoot(InputNode root, WireContext ctx, WireParse p, Runnable contents) {
        String model = root.optNonBlankText("model");
        readSystem(p, root);
        contents.run();
        List<DeclaredTool> tools = tools(p, root);
        p.dispatch = new Dispatch(ctx.conversationId(), ctx.provider() != null ? ctx.provider() : SURFACE.provider(),
                ctx.model() != null ? ctx.model() : model, Surface.DISPATCH, Timeline.of(p.entries, tools), null,
                options(p, root).withApi(SURFACE));
        return p;
    }

    /** Reads the system instruction of a body into a parse (the streaming read reads it with this too). */
    static void readSystem(WireParse p, InputNode root) {
        String system = name(root, "systemInstruction", "system_instruction");
        if (root.has(system)) {
            InputNode instruction = root.child(system).requireObject();
            List<InputNode> parts = instruction.optArray(PARTS);
            for (int j = 0; j < parts.size(); j++) {
                InputNode part = parts.get(j).requireObject();
                String text = part.has(TEXT) ? part.text(TEXT) : Blocks.placeholder(dataKind(part));
                p.addEntry(new Message("system.c" + j, Role.SYSTEM, text, null, null, null, "system"), part.raw(),
                        p.keeps() ? system + ".parts[" + j + "]" : null);
            }
        }
    }

    /**
     * Reads the declared tools of a body ({@code tools[].functionDeclarations}); a single tool object
     * where the API documents a list is read as a list of one, and reported.
     */
    static List<DeclaredTool> tools(WireParse p, InputNode root) {
        List<DeclaredTool> tools = new ArrayList<>();
        List<InputNode> declared;
        if (root.has("tools") && root.raw().get("tools").isObject()) {
            p.unknown(SURFACE.wireName(), root.child("tools"), "a single tool object where a list is documented, "
                    + "read as a list of one");
            declared = List.of(root.child("tools"));
        } else {
            declared = root.optArray("tools");
        }
        for (InputNode tool : declared) {
            tool.requireObject();
            for (InputNode declaration : tool.optArray(name(tool, "functionDeclarations", "function_declarations"))) {
                declaration.requireObject();
                ObjectNode schema = declaration.optObject("parameters");
                if (schema == null) {
                    schema = declaration.optObject(name(declaration, "parametersJsonSchema", "parameters_json_schema"));
                }
                tools.add(new DeclaredTool(declaration.nonBlankText("name"), schema));
            }
        }
        return tools;
    }

    /** The replay tag of a thought signature: the sentinel tag for a documented dummy signature. */
    static String tagOf(String signature) {
        return ReplayTags.geminiTagOf(signature);
    }

    /** The open calls by tool name, in wire order, for responses that carry no id. */
    static final class Pairing {
        final Map<String, List<Integer>> byName = new HashMap<>();

        void open(ToolCall call, int index) {
            byName.computeIfAbsent(call.tool(), n -> new ArrayList<>()).add(index);
        }

        void answered(String tool, int index) {
            List<Integer> open = byName.get(tool);
            if (open != null) {
                open.remove(Integer.valueOf(index));
            }
        }

        /** The first open call named {@code tool} of the latest content that has one, or -1. */
        int take(WireParse p, String tool) {
            List<Integer> open = byName.get(tool);
            if (open == null || open.isEmpty()) {
                return -1;
            }
            String latest = p.entries.get(open.get(open.size() - 1)).wireMessage();
            for (int k = 0; k < open.size(); k++) {
                int index = open.get(k);
                if (latest.equals(p.entries.get(index).wireMessage()) && p.takesResults(index)) {
                    open.remove(k);
                    return index;
                }
            }
            return -1;
        }

        /**
         * The id of the earliest call named {@code tool} that no longer takes responses (a content with text
         * came after it), claimed for a response that comes too late to answer it, or {@code otherwise}: the
         * late response is then an orphan with its call's id, which a repair can move back to the call.
         */
        String late(WireParse p, String tool, String otherwise) {
            List<Integer> open = byName.get(tool);
            if (open != null) {
                for (int k = 0; k < open.size(); k++) {
                    int index = open.get(k);
                    if (!p.takesResults(index)) {
                        open.remove(k);
                        return p.entries.get(index).id();
                    }
                }
            }
            return otherwise;
        }
    }

    private static void readContent(WireParse p, Pairing pairing, InputNode content, int i) {
        content.requireObject();
        String roleName = content.optText("role");
        if (roleName != null && !SURFACE.knowsRole(roleName)) {
            p.unknown(SURFACE.wireName(), content.child("role"), "unknown role \"" + roleName
                    + "\", read as a user content (as a content without a role is)");
        }
        Role role = "model".equals(roleName) ? Role.ASSISTANT : Role.USER;
        String wire = Blocks.wire(i);
        String step = role == Role.ASSISTANT ? wire : null;
        p.message(wire, (ObjectNode) content.raw());
        List<InputNode> parts = content.optArray(PARTS);
        for (int j = 0; j < parts.size(); j++) {
            readPart(p, pairing, parts.get(j).requireObject(), role, i, step, j,
                    p.keeps() ? "contents[" + i + "].parts[" + j + "]" : null);
        }
    }

    private static void readPart(WireParse p, Pairing pairing, InputNode part, Role role, int i, String step,
            int j, String at) {
        String wire = Blocks.wire(i);
        String id = Blocks.blockId(i, j);
        String signature = part.optText(name(part, SIGNATURE, "thought_signature"));
        ObjectNode payload = signature == null ? null : Blocks.payload(SIGNATURE, signature);
        String tag = signature == null ? null : tagOf(signature);
        String call = name(part, "functionCall", "function_call");
        String response = name(part, "functionResponse", "function_response");
        boolean thought = part.optBoolean("thought", false);
        if (part.has(call)) {
            InputNode fc = part.child(call).requireObject();
            String callId = fc.optNonBlankText("id");
            String name = fc.nonBlankText("name");
            ObjectNode args = Blocks.object(fc, ARGS);
            ToolCall toolCall = LazyArgs.call(callId != null ? callId : id, name, args, payload, tag, step, wire,
                    false);
            p.addEntry(toolCall, part.raw(), at);
            pairing.open(toolCall, p.entries.size() - 1);
        } else if (part.has(response)) {
            readResponse(p, pairing, part.child(response).requireObject(), part.raw(), id, wire, j, at);
        } else if (part.has(TEXT) || thought || signature != null && dataKind(part) == null) {
            String text = part.has(TEXT) ? part.text(TEXT) : "";
            Entry entry = thought || !part.has(TEXT)
                    ? new Thought(id, text, payload, tag != null ? tag : SIGNATURE_TAG, step, wire)
                    : new Message(id, role, text, payload, tag, step, wire);
            p.addEntry(entry, part.raw(), at);
        } else {
            String kind = dataKind(part);
            if (kind == null || !SURFACE.knowsType(kind)) {
                p.unknown(SURFACE.wireName(), part, (kind == null ? "a part with none of text, inlineData, fileData, "
                        + "functionCall, functionResponse, executableCode, codeExecutionResult"
                        : "a part holding the undocumented field \"" + kind + "\"") + ", kept as a placeholder");
            }
            p.addEntry(new Message(id, role, Blocks.placeholder(kind == null ? "part" : kind), payload, tag, step, wire),
                    part.raw(), at);
        }
    }

    /** The data field of a part other than text and function parts: a known one, else its first unknown field. */
    private static String dataKind(InputNode part) {
        for (String[] names : DATA) {
            if (part.has(names[0])) {
                return names[0];
            }
            if (part.has(names[1])) {
                return names[1];
            }
        }
        var fields = part.raw().fieldNames();
        while (fields.hasNext()) {
            String field = fields.next();
            if (!PART_METADATA.contains(field)) {
                return field;
            }
        }
        return null;
    }

    static void readResponse(WireParse p, Pairing pairing, InputNode fr, JsonNode original, String id,
            String wire, int j, String at) {
        String responseId = fr.optNonBlankText("id");
        String tool = fr.nonBlankText("name");
        answer(p, pairing, responseId, tool, fr.has("response") ? result(fr.child("response").requireObject().raw())
                : ToolResult.of(""), original, id, wire, j, at);
    }

    /**
     * Adds a function response's result: to the call it answers (by id, else the open call of its tool),
     * or as an orphan result (the streaming read adds its responses with this too).
     */
    static void answer(WireParse p, Pairing pairing, String responseId, String tool, ToolResult result,
            JsonNode original, String id, String wire, int j, String at) {
        // a user content with text between the call's content and this one ends the time its calls take responses
        p.at(wire, false);
        if (responseId != null) {
            Integer open = p.openCalls.get(responseId);
            ToolCall holder = new ToolCall(responseId, tool, null, result.withWireMessage(wire), false, null, null,
                    null, wire, false);
            if (p.addResult(holder, original, j, at) && open != null) {
                pairing.answered(((ToolCall) p.entries.get(open)).tool(), open);
            }
            return;
        }
        int index = pairing.take(p, tool);
        String callId = index >= 0 ? p.entries.get(index).id() : pairing.late(p, tool, id);
        if (index >= 0 && !Integer.valueOf(index).equals(p.openCalls.get(callId))) {
            // a later call repeats this call's wire id: answer this very call, not the latest with the id
            p.answerAt(index, result.withWireMessage(wire), original, j, at);
            return;
        }
        p.addResult(new ToolCall(callId, tool, null, result.withWireMessage(wire), false, null, null, null, wire,
                false), original, j, at);
    }

    /**
     * The result a {@code response} object gives: the text of its one text field ({@link #TEXT_RESPONSES}),
     * else its JSON; an error when it has an {@code error} field.
     */
    static ToolResult result(JsonNode response) {
        boolean error = response.has("error");
        if (response.size() == 1) {
            String field = response.fieldNames().next();
            JsonNode value = response.get(field);
            if (value.isTextual() && TEXT_RESPONSES.contains(field)) {
                return new ToolResult(value.textValue(), error, null);
            }
        }
        return new ToolResult(response.toString(), error, null);
    }

    /** The result of a {@code response} object whose one field is a string, as {@link #result(JsonNode)} makes it. */
    static ToolResult result(String field, String text) {
        return TEXT_RESPONSES.contains(field) ? new ToolResult(text, field.equals("error"), null)
                : result(Blocks.NODES.objectNode().put(field, text));
    }

    static RequestOptions options(WireParse p, InputNode root) {
        RequestOptions options = RequestOptions.unknown();
        String generation = name(root, "generationConfig", "generation_config");
        if (root.has(generation)) {
            InputNode config = root.child(generation).requireObject();
            String thinking = name(config, "thinkingConfig", "thinking_config");
            if (config.has(thinking)) {
                options = options.withReasoning(reasoning(p, config.child(thinking).requireObject()));
            }
            options = options.withMaxTokens(AnthropicMessagesCodec.positive(config,
                    name(config, "maxOutputTokens", "max_output_tokens")));
        }
        String toolConfig = name(root, "toolConfig", "tool_config");
        if (root.has(toolConfig)) {
            InputNode tc = root.child(toolConfig).requireObject();
            String calling = name(tc, "functionCallingConfig", "function_calling_config");
            if (tc.has(calling)) {
                options = options.withToolChoice(toolChoice(p, tc.child(calling).requireObject()));
            }
        }
        return options;
    }

    private static Reasoning reasoning(WireParse p, InputNode config) {
        String budgetName = name(config, "thinkingBudget", "thinking_budget");
        Integer budget = config.optInt(budgetName);
        String level = config.optNonBlankText(name(config, "thinkingLevel", "thinking_level"));
        Reasoning reasoning;
        if (budget == null) {
            return level == null ? null : Reasoning.effort(level);
        } else if (budget == 0) {
            reasoning = Reasoning.disabled();
        } else if (budget == -1) {
            reasoning = Reasoning.adaptive();
        } else if (budget > 0) {
            reasoning = Reasoning.enabled(budget);
        } else {
            p.unknown(SURFACE.wireName(), config.child(budgetName), "a thinking budget of " + budget
                    + " (documented: -1 dynamic, 0 off, or a positive budget); reasoning is left unknown");
            return null;
        }
        return level == null || !reasoning.isOn() ? reasoning : reasoning.withEffort(level);
    }

    private static ToolChoice toolChoice(WireParse p, InputNode config) {
        String mode = config.optText("mode");
        if (mode != null && !List.of("AUTO", "ANY", "NONE", "VALIDATED", "MODE_UNSPECIFIED").contains(mode)) {
            p.unknown(SURFACE.wireName(), config.child("mode"), "an undocumented function calling mode \"" + mode
                    + "\"; the tool choice is left unknown");
            return null;
        }
        List<String> allowed = config.optTextList(name(config, "allowedFunctionNames", "allowed_function_names"));
        if (mode == null || "MODE_UNSPECIFIED".equals(mode) || "AUTO".equals(mode)) {
            return ToolChoice.auto();
        }
        if ("NONE".equals(mode)) {
            return ToolChoice.none();
        }
        return allowed != null && allowed.size() == 1 && !allowed.get(0).isBlank() ? ToolChoice.tool(allowed.get(0))
                : ToolChoice.required();
    }

    @Override
    public ObjectNode render(Dispatch repaired, ObjectNode originalBody) {
        return Rendering.render(LAYOUT, repaired, originalBody);
    }

    /** Without a tree, spliced into the original bytes reading again only the messages the repair changed. */
    @Override
    public byte[] renderBytes(Dispatch repaired, ObjectNode originalBody, byte[] originalBytes) {
        byte[] spliced = originalBody != null ? null : Splicer.render(GeminiCodec::readBytes,
                Splicer.replayed(() -> {
                    Pairing pairing = new Pairing();
                    return (into, content, i) -> readContent(into, pairing, content, i);
                }), GeminiCodec::rebuild, CONTENTS, repaired, originalBytes);
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
        ArrayNode contents = Blocks.NODES.arrayNode();
        for (Assembler.Out out : assembled) {
            p.renderedKeys.add(out.key);
            if (p.lazy() && Assembler.unchanged(out, before, after)) {
                // spliced: a content the repair left as it was is copied from the original bytes
                contents.add(Splicer.UNCHANGED);
                continue;
            }
            ObjectNode original = out.key == null ? null : p.messages.get(out.key);
            ObjectNode content = original != null ? original.deepCopy()
                    : Blocks.NODES.objectNode().put("role", out.role == Role.ASSISTANT ? "model" : "user");
            ArrayNode parts = Blocks.NODES.arrayNode();
            for (Assembler.Part part : out.parts) {
                parts.add(renderPart(part, p, originals));
            }
            content.set(PARTS, parts);
            contents.add(content);
        }
        body.set("contents", contents);
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
        String field = name(body, "systemInstruction", "system_instruction");
        if (system.isEmpty()) {
            body.remove(field);
            return;
        }
        JsonNode original = body.get(field);
        ObjectNode instruction = original != null && original.isObject() ? (ObjectNode) original
                : body.putObject(field);
        ArrayNode parts = Blocks.NODES.arrayNode();
        for (Entry entry : system) {
            parts.add(renderText(entry, ((Message) entry).content(), originals));
        }
        instruction.set(PARTS, parts);
    }

    private static JsonNode renderPart(Assembler.Part part, WireParse p, Originals originals) {
        Entry entry = part.entry();
        if (entry instanceof ToolCall call && (part.result() || !call.requested())) {
            return renderResult(call, p, originals);
        }
        if (entry instanceof Message m) {
            return renderText(m, m.content(), originals);
        }
        if (entry instanceof Thought t) {
            ObjectNode rendered = renderText(t, t.content(), originals);
            if (originals.block(t) == null) {
                rendered.put("thought", true);
            }
            return rendered;
        }
        return renderCall((ToolCall) entry, originals);
    }

    private static ObjectNode renderText(Entry entry, String text, Originals originals) {
        JsonNode original = originals.block(entry);
        ObjectNode part;
        if (original == null || !original.isObject()) {
            part = Blocks.NODES.objectNode().put(TEXT, text);
        } else {
            part = original.deepCopy();
            if (part.has(TEXT) && !text.equals(part.path(TEXT).asText())) {
                part.put(TEXT, text);
            }
        }
        return syncSignature(part, entry);
    }

    /** Writes the entry's signature payload into the part (under the name the part used), or removes it. */
    private static ObjectNode syncSignature(ObjectNode part, Entry entry) {
        String field = name(part, SIGNATURE, "thought_signature");
        if (!part.has(field) && protoSpelling(part)) {
            field = "thought_signature";
        }
        JsonNode signature = entry.payloadAt(SIGNATURE);
        if (signature == null) {
            part.remove(field);
        } else if (!signature.equals(part.get(field))) {
            part.set(field, signature);
        }
        return part;
    }

    /** Whether a part names its data in the proto spelling ({@code function_call}), so a new field should too. */
    private static boolean protoSpelling(ObjectNode part) {
        var fields = part.fieldNames();
        while (fields.hasNext()) {
            if (fields.next().indexOf('_') >= 0) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode renderCall(ToolCall call, Originals originals) {
        JsonNode original = originals.block(call);
        if (original == null) {
            ObjectNode part = Blocks.NODES.objectNode();
            ObjectNode fc = part.putObject("functionCall");
            if (!POSITIONAL.matcher(call.id()).matches()) {
                fc.put("id", call.id());
            }
            fc.put("name", call.tool());
            fc.set("args", call.args());
            return syncSignature(part, call);
        }
        ObjectNode part = original.deepCopy();
        ObjectNode fc = (ObjectNode) part.get(name(part, "functionCall", "function_call"));
        Entry before = originals.original(call);
        if (fc.has("id") ? !call.id().equals(fc.path("id").asText()) : !call.id().equals(before.id())) {
            fc.put("id", call.id());
        }
        if (!call.tool().equals(fc.path("name").asText())) {
            fc.put("name", call.tool());
        }
        if (!call.args().equals(fc.path("args")) && (fc.has("args") || !call.args().isEmpty())) {
            fc.set("args", call.args());
        }
        return syncSignature(part, call);
    }

    private static JsonNode renderResult(ToolCall call, WireParse p, Originals originals) {
        ToolResult result = call.result();
        ToolCall source = originals.resultSource(call);
        ToolResult before = source == null ? null : source.result();
        JsonNode original = originals.resultBlock(source);
        ObjectNode part;
        ObjectNode fr;
        if (original != null) {
            part = original.deepCopy();
            fr = (ObjectNode) part.get(name(part, "functionResponse", "function_response"));
            if (fr.has("id") && !call.id().equals(fr.path("id").asText())) {
                fr.put("id", call.id());
            }
            if (before.content().equals(result.content()) && before.isError() == result.isError()) {
                return part;
            }
        } else {
            JsonNode callBlock = originals.block(call);
            JsonNode callPart = callBlock == null ? null : callBlock.get(name(callBlock, "functionCall", "function_call"));
            part = Blocks.NODES.objectNode();
            fr = part.putObject(callBlock != null && callBlock.has("function_call") ? "function_response"
                    : "functionResponse");
            if (callPart != null ? callPart.has("id") : !POSITIONAL.matcher(call.id()).matches()) {
                fr.put("id", call.id());
            }
            fr.put("name", call.tool());
        }
        fr.putObject("response").put(result.isError() ? "error" : "output", result.content());
        return part;
    }
}
