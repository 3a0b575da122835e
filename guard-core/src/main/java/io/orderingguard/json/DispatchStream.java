package io.orderingguard.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardInputException;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.json.tree.JsonInput;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.RequestOptions;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The read of a JSON dispatch document (docs/dispatch-format.md) straight from the parser's tokens into entries, for
 * {@link DispatchCodec}: reading a whole tree and then walking it again touches every node twice, and at
 * 10,000 entries the second walk reads a tree far larger than the processor's caches from memory.
 *
 * <p>It takes only documents the tree read accepts, and gives the very dispatch the tree read gives. For
 * anything else — malformed JSON, a limit exceeded, an unknown or repeated field, a JSON {@code null}, a
 * value of the wrong type, a blank identifier, too many entries — it answers {@code null}, and the codec
 * reads the document as a tree, which names the problem with its line and JSON path exactly as before; so
 * this read never decides what is wrong with a document. It parses with the tree read's own parser (the
 * same limits, duplicate fields refused), reads the free JSON objects ({@code payload}, {@code args},
 * {@code context}, a tool's {@code inputSchema}) into trees with the same mapper, and reads
 * {@code options} and {@code tools} with the tree read's own code.
 *
 * <p>Not thread-safe; one per read.
 */
final class DispatchStream {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonParser p;
    private final ObjectMapper mapper;
    private final int maxEntries;
    private final String source;
    private final int line;

    private DispatchStream(JsonParser p, ObjectMapper mapper, int maxEntries, String source, int line) {
        this.p = p;
        this.mapper = mapper;
        this.maxEntries = maxEntries;
        this.source = source;
        this.line = line;
    }

    /**
     * Reads a JSON document from its tokens.
     *
     * @param input the limits and parser of the tree read
     * @param text the document (a leading byte order mark is ignored, as the tree read ignores it)
     * @param source the name in errors of the codes it shares with the tree read (never reported)
     * @param line the JSONL line, or 0
     * @return the dispatch, or {@code null} when the tree read must take the document
     */
    static Dispatch read(JsonInput input, String text, String source, int line) {
        if (text.length() > input.limits().maxDocumentLength()) {
            return null;
        }
        String body = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
        ObjectMapper mapper = input.jsonMapper();
        try (JsonParser parser = mapper.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            Dispatch dispatch = new DispatchStream(parser, mapper, input.limits().maxEntries(), source, line).document();
            // the tree read refuses content after the document
            return dispatch != null && parser.nextToken() == null ? dispatch : null;
        } catch (IOException e) {
            // malformed JSON or a limit exceeded: the tree read names it
            return null;
        } catch (GuardInputException | IllegalArgumentException e) {
            // the tree read's own code refused options or tools, or a model record a value: the tree read names it
            return null;
        }
    }

    private Dispatch document() throws IOException {
        String conversationId = null;
        String provider = null;
        String model = null;
        String surface = null;
        RequestOptions options = RequestOptions.unknown();
        List<DeclaredTool> tools = List.of();
        ObjectNode context = null;
        List<Entry> entries = null;
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            JsonToken token = p.nextToken();
            boolean read;
            switch (name) {
                case "conversationId" -> read = (conversationId = nonBlank(token)) != null;
                case "provider" -> read = (provider = nonBlank(token)) != null;
                case "model" -> read = (model = nonBlank(token)) != null;
                case "surface" -> read = (surface = surface(string(token))) != null;
                case "options" -> {
                    read = token == JsonToken.START_OBJECT;
                    if (read) {
                        options = OptionsCodec.read(InputNode.root(tree(), source, line));
                    }
                }
                case "tools" -> {
                    read = token == JsonToken.START_ARRAY;
                    if (read) {
                        ObjectNode holder = NODES.objectNode();
                        holder.set("tools", tree());
                        tools = EntryReader.tools(InputNode.root(holder, source, line));
                    }
                }
                case "context" -> read = (context = object(token)) != null;
                case "entries" -> read = (entries = token == JsonToken.START_ARRAY ? entries() : null) != null;
                default -> read = false;
            }
            if (!read) {
                return null;
            }
        }
        if (entries == null) {
            return null;
        }
        return new Dispatch(conversationId, provider, model, surface == null ? Surface.DISPATCH
                : Surface.fromWire(surface), Timeline.of(entries, tools), context, options);
    }

    private static String surface(String value) {
        return "dispatch".equals(value) || "turn".equals(value) ? value : null;
    }

    private List<Entry> entries() throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (JsonToken token = p.nextToken(); token != JsonToken.END_ARRAY; token = p.nextToken()) {
            if (token != JsonToken.START_OBJECT || entries.size() == maxEntries) {
                return null;
            }
            Entry entry = entry();
            if (entry == null) {
                return null;
            }
            entries.add(entry);
        }
        return entries;
    }

    /** Reads one entry object; its fields may come in any order, so the kind decides only at its end. */
    private Entry entry() throws IOException {
        String kind = null;
        String id = null;
        String role = null;
        String content = null;
        String tool = null;
        ObjectNode args = null;
        ObjectNode payload = null;
        String replay = null;
        String step = null;
        String wire = null;
        Boolean requested = null;
        Boolean providerExecuted = null;
        ResultFields result = null;
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            JsonToken token = p.nextToken();
            boolean read;
            switch (name) {
                case "kind" -> read = (kind = string(token)) != null;
                case "id" -> read = (id = nonBlank(token)) != null;
                case "role" -> read = (role = string(token)) != null;
                case "content" -> read = (content = string(token)) != null;
                case "tool" -> read = (tool = string(token)) != null;
                case "args" -> read = (args = object(token)) != null;
                case "payload" -> read = (payload = object(token)) != null;
                case "replayCompatibility" -> read = (replay = nonBlank(token)) != null;
                case "step" -> read = (step = nonBlank(token)) != null;
                case "wireMessage" -> read = (wire = nonBlank(token)) != null;
                case "requested" -> read = (requested = bool(token)) != null;
                case "providerExecuted" -> read = (providerExecuted = bool(token)) != null;
                case "result" -> read = (result = token == JsonToken.START_OBJECT ? result() : null) != null;
                default -> read = false;
            }
            if (!read) {
                return null;
            }
        }
        if (kind == null || id == null) {
            return null;
        }
        switch (kind) {
            case "message": {
                if (tool != null || args != null || result != null || requested != null || providerExecuted != null
                        || !("user".equals(role) || "assistant".equals(role) || "system".equals(role))) {
                    return null;
                }
                return new Message(id, Role.fromWire(role), content == null ? "" : content, payload, replay, step,
                        wire);
            }
            case "thought": {
                if (role != null || tool != null || args != null || result != null || requested != null
                        || providerExecuted != null) {
                    return null;
                }
                return new Thought(id, content == null ? "" : content, payload, replay, step, wire);
            }
            case "toolCall": {
                boolean isRequested = requested == null || requested;
                boolean isProviderExecuted = providerExecuted != null && providerExecuted;
                if (role != null || content != null || (isProviderExecuted && !isRequested)
                        || (isRequested && (tool == null || tool.isBlank())) || (!isRequested && result == null)) {
                    return null;
                }
                ToolResult answer = result == null ? null
                        : new ToolResult(result.content, result.isError, result.wireMessage);
                return new ToolCall(id, tool == null ? "" : tool, args, answer, isRequested, payload, replay, step,
                        wire, isProviderExecuted);
            }
            default:
                return null;
        }
    }

    /** The fields of a tool call's {@code result}. */
    private record ResultFields(String content, boolean isError, String wireMessage) {}

    private ResultFields result() throws IOException {
        String content = null;
        Boolean isError = null;
        String wire = null;
        for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
            JsonToken token = p.nextToken();
            boolean read;
            switch (name) {
                case "content" -> read = (content = string(token)) != null;
                case "isError" -> read = (isError = bool(token)) != null;
                case "wireMessage" -> read = (wire = nonBlank(token)) != null;
                default -> read = false;
            }
            if (!read) {
                return null;
            }
        }
        return content == null ? null : new ResultFields(content, isError != null && isError, wire);
    }

    /** A string value, or {@code null} for any other token. */
    private String string(JsonToken token) throws IOException {
        return token == JsonToken.VALUE_STRING ? p.getText() : null;
    }

    /** A non-blank string value, or {@code null} for any other value. */
    private String nonBlank(JsonToken token) throws IOException {
        String value = string(token);
        return value == null || value.isBlank() ? null : value;
    }

    private static Boolean bool(JsonToken token) {
        if (token == JsonToken.VALUE_TRUE) {
            return Boolean.TRUE;
        }
        return token == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
    }

    /** An object value read into a tree as the tree read reads it, or {@code null} for any other value. */
    private ObjectNode object(JsonToken token) throws IOException {
        return token == JsonToken.START_OBJECT ? (ObjectNode) tree() : null;
    }

    /** The value the parser is on (an object or an array), read into a tree by the tree read's mapper. */
    private JsonNode tree() throws IOException {
        return mapper.readTree(p);
    }
}
