package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.WireContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The streaming read of an OpenAI Responses body for a check: the entries {@link OpenAiResponsesCodec}
 * reads from the tree, read from the parser's tokens (see {@link Tokens}). Only {@code input} is read
 * token by token (each item into a reused holder, then into its entry); the other top-level fields
 * (model, instructions, tools, options) are read into a tree of their own, which the codec's tree read
 * takes as it takes a whole body. An output whose call the body does not carry is an orphan result
 * unless the body continues a stored response ({@code previous_response_id}, which may come after
 * {@code input}): such a body goes to the tree read. Answers {@code null} for what it does not take. Not
 * thread-safe; one per read.
 */
final class OpenAiResponsesStream {

    /** The {@code tools} of recent bodies, with the tools declared in them. */
    private static final FieldCache<StreamParts.Declared> TOOLS = new FieldCache<>(16);

    private static final String[] ITEM = {"type", "role", "content", "call_id", "name", "arguments", "input",
        "output", "summary", "encrypted_content", "id"};
    private static final int TYPE = 0;
    private static final int ROLE = 1;
    private static final int CONTENT = 2;
    private static final int CALL_ID = 3;
    private static final int NAME = 4;
    private static final int ARGUMENTS = 5;
    private static final int INPUT = 6;
    private static final int OUTPUT = 7;
    private static final int SUMMARY = 8;
    private static final int ENCRYPTED = 9;
    private static final int ID = 10;
    private static final String[] PART = {"type", "text", "refusal"};
    /** A part's text: a text part's own, a refusal's, a placeholder for any other part. */
    private static final Tokens.PartText PART_TEXT = (type, part) -> switch (type) {
        case "input_text", "output_text", "text", "summary_text", "reasoning_text" ->
                part[1] instanceof String s ? s : null;
        case "refusal" -> part[2] instanceof String s ? s : null;
        // the tree read reports a part type the vocabulary does not describe
        default -> OpenAiResponsesCodec.SURFACE.otherTypes().contains(type) ? Blocks.placeholder(type) : null;
    };
    private static final Tokens.Field ITEM_FIELD = (tokens, k) -> (k == CONTENT || k == OUTPUT || k == SUMMARY)
            && tokens.isArray() ? parts(tokens) : tokens.value();

    private final WireParse p = WireParse.forCheck();
    private final Object[] item = new Object[ITEM.length];
    private final Set<String> calls = new HashSet<>();
    private String step;
    private boolean stepHasOutput;
    /** Whether an output answered no call of the body (what a continued body reads otherwise). */
    private boolean orphanOutput;
    /** The body's {@code input} when it is a string. */
    private String text;

    private OpenAiResponsesStream() {}

    /** Reads a body; {@code null} when the tree read must take it. */
    static Dispatch read(Tokens t, WireContext ctx) throws IOException {
        return new OpenAiResponsesStream().body(t, ctx);
    }

    private Dispatch body(Tokens t, WireContext ctx) throws IOException {
        StreamParts.Rest rest = t.aroundField("input", false, this::readInput, "tools", TOOLS,
                OpenAiResponsesCodec::tools);
        if (rest == null) {
            return null;
        }
        if (text != null) {
            p.addEntry(new Message("m0", Role.USER, text, null, null, null, "m0"), null, null);
        }
        return StreamParts.fromRest(rest.tree(), root -> {
            String model = OpenAiResponsesCodec.present(root, "model") ? root.nonBlankText("model") : null;
            List<Entry> system = List.of();
            if (OpenAiResponsesCodec.present(root, OpenAiResponsesCodec.INSTRUCTIONS)) {
                system = List.of(new Message(OpenAiResponsesCodec.INSTRUCTIONS, Role.SYSTEM,
                        root.child(OpenAiResponsesCodec.INSTRUCTIONS).asText(), null, null, null,
                        OpenAiResponsesCodec.INSTRUCTIONS));
            }
            String previous = OpenAiResponsesCodec.present(root, OpenAiResponsesCodec.PREVIOUS_RESPONSE)
                    ? root.nonBlankText(OpenAiResponsesCodec.PREVIOUS_RESPONSE) : null;
            if (previous != null && orphanOutput) {
                return null;
            }
            ObjectNode context = previous == null ? null
                    : Blocks.NODES.objectNode().put(OpenAiResponsesCodec.PREVIOUS_RESPONSE, previous);
            return StreamParts.dispatch(ctx, OpenAiResponsesCodec.SURFACE, model, StreamParts.withSystem(system, p.entries),
                    rest.tools(root, OpenAiResponsesCodec::tools), context,
                    StreamParts.withoutUnknown(root, OpenAiResponsesCodec::options));
        });
    }

    /** Reads {@code input}: a string (one user message) or a list of items. */
    private boolean readInput(Tokens t) throws IOException {
        text = t.string();
        return text != null || t.list(this::readItem);
    }

    /** Reads one input item and adds its entry, as {@code readItems} of the tree read does. */
    private boolean readItem(Tokens t, int i) throws IOException {
        if (!t.isObject() || !t.named(ITEM, item, ITEM_FIELD) || !StreamParts.isOptString(item[TYPE])) {
            return false;
        }
        String type = item[TYPE] == null ? "message" : (String) item[TYPE];
        String wire = Blocks.wire(i);
        String role = null;
        if (type.equals("message")) {
            if (!("user".equals(item[ROLE]) || "assistant".equals(item[ROLE]) || "system".equals(item[ROLE])
                    || "developer".equals(item[ROLE]))) {
                return false;
            }
            role = (String) item[ROLE];
        }
        boolean modelOutput = role != null ? role.equals("assistant") : !type.endsWith("_output");
        boolean written = "assistant".equals(role) && (item[ID] == null || item[ID] == Tokens.NULL) && step != null
                && !stepHasOutput;
        if (!modelOutput) {
            step = null;
        } else if (step == null || type.equals("reasoning") && stepHasOutput || written) {
            step = wire;
            stepHasOutput = false;
        }
        boolean read = switch (type) {
            case "message" -> message(role, wire);
            case "reasoning" -> reasoning(wire);
            case "function_call", "custom_tool_call" -> call(type, wire);
            case "function_call_output", "custom_tool_call_output" -> output(type, wire);
            default -> {
                // calls and outputs of other tools, and what the vocabulary does not describe, take the tree read
                if (!OpenAiResponsesCodec.SURFACE.otherTypes().contains(type)) {
                    yield false;
                }
                p.addEntry(new Message(wire, modelOutput ? Role.ASSISTANT : Role.USER, Blocks.placeholder(type), null,
                        null, modelOutput ? step : null, wire), null, null);
                yield true;
            }
        };
        stepHasOutput |= modelOutput && !type.equals("reasoning");
        return read;
    }

    private boolean message(String wireRole, String wire) {
        Role role = switch (wireRole) {
            case "user" -> Role.USER;
            case "assistant" -> Role.ASSISTANT;
            default -> Role.SYSTEM;
        };
        String entryStep = role == Role.ASSISTANT ? step : null;
        Object content = item[CONTENT];
        if (content instanceof String text) {
            p.addEntry(new Message(wire, role, text, null, null, entryStep, wire), null, null);
            return true;
        }
        if (!(content instanceof Parts parts)) {
            return false;
        }
        if (parts.texts().isEmpty()) {
            p.addEntry(new Message(wire, role, "", null, null, entryStep, wire), null, null);
            return true;
        }
        for (int j = 0; j < parts.texts().size(); j++) {
            p.addEntry(new Message(Blocks.blockId(Assembler.index(wire), j), role, parts.texts().get(j), null, null,
                    entryStep, wire), null, null);
        }
        return true;
    }

    private boolean reasoning(String wire) {
        Object summary = item[SUMMARY];
        Object content = item[CONTENT];
        if (summary != null && !(summary instanceof Parts) || content != null && !(content instanceof Parts)) {
            return false;
        }
        List<String> pieces = new ArrayList<>();
        if (summary != null) {
            pieces.addAll(((Parts) summary).texts());
        }
        if (content != null) {
            pieces.addAll(((Parts) content).texts());
        }
        Object encrypted = item[ENCRYPTED];
        ObjectNode payload = null;
        if (encrypted != null && encrypted != Tokens.NULL) {
            if (!(encrypted instanceof String text)) {
                return false;
            }
            payload = Payloads.of(OpenAiResponsesCodec.ENCRYPTED_CONTENT, text);
        }
        if (item[ID] != null && item[ID] != Tokens.NULL && !StreamParts.isNonBlank(item[ID])) {
            return false;
        }
        p.addEntry(new Thought(wire, Blocks.join(pieces), payload, OpenAiResponsesCodec.REASONING_TAG, step, wire), null,
                null);
        return true;
    }

    private boolean call(String type, String wire) {
        boolean custom = type.equals("custom_tool_call");
        Object arguments = item[custom ? INPUT : ARGUMENTS];
        if (!StreamParts.isNonBlank(item[CALL_ID]) || !StreamParts.isNonBlank(item[NAME]) || !(arguments instanceof String)) {
            return false;
        }
        String text = (String) arguments;
        boolean object = !custom && Blocks.isJsonObject(text);
        ObjectNode payload = object ? null : Payloads.of(custom ? "input" : "arguments", text);
        String id = (String) item[CALL_ID];
        calls.add(id);
        p.addEntry(object ? ToolCall.ofArgumentText(id, (String) item[NAME], text, null, null, null, step, wire)
                : new ToolCall(id, (String) item[NAME], null, null, true, payload, null, step, wire, false), null, null);
        return true;
    }

    private boolean output(String type, String wire) {
        Object output = item[OUTPUT];
        if (!StreamParts.isNonBlank(item[CALL_ID]) || output == null) {
            return false;
        }
        String callId = (String) item[CALL_ID];
        if (!calls.contains(callId)) {
            orphanOutput = true;
        }
        String text;
        if (output instanceof String s) {
            text = s;
        } else if (output instanceof Parts parts) {
            text = Blocks.join(parts.texts());
        } else {
            return false;
        }
        ToolResult result = new ToolResult(text, false, wire);
        p.addResult(new ToolCall(callId, "", null, result, false, null, null, null, wire, false), null, 0, null);
        return true;
    }

    /** Reads an array of content parts into their texts; {@link Tokens#OTHER} when one is not readable. */
    private static Object parts(Tokens t) throws IOException {
        List<String> texts = new ArrayList<>(2);
        return t.partTexts(PART, PART_TEXT, texts) ? new Parts(texts) : Tokens.OTHER;
    }

    /** The texts of an array of content parts. */
    private record Parts(List<String> texts) {}
}
