package io.orderingguard.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads and writes the trace file format (reagent-flow {@code format_version "1"}). */
final class TraceCodec {

    static final String REDACTED = "[REDACTED]";

    private static final ObjectWriter WRITER;

    static {
        // the layout of Python's json.dumps(indent=2): "key": value, [] and {} when empty
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(separators)
                .withObjectIndenter(new DefaultIndenter("  ", "\n"));
        printer.indentArraysWith(new DefaultIndenter("  ", "\n"));
        WRITER = Json.MAPPER.writer(printer);
    }

    private TraceCodec() {}

    static String write(Trace trace, Set<String> redactFields) {
        ObjectNode root = Json.NODES.objectNode();
        root.put("trace_id", trace.traceId());
        root.put("name", trace.name());
        ArrayNode turns = root.putArray("turns");
        for (Turn turn : trace.turns()) {
            turns.add(turn(turn, redactFields));
        }
        root.set("metadata", redact(trace.metadata(), redactFields));
        root.set("started_at", Json.seconds(trace.startedAt()));
        root.set("ended_at", trace.endedAt() == null ? Json.NODES.nullNode() : Json.seconds(trace.endedAt()));
        root.put("format_version", trace.formatVersion());
        root.put("parent_trace_id", trace.parentTraceId());
        root.set("handoff_context", trace.handoffContext() == null
                ? Json.NODES.nullNode() : redact(trace.handoffContext(), redactFields));
        try {
            return WRITER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise trace '" + trace.name() + "'", e);
        }
    }

    private static ObjectNode turn(Turn turn, Set<String> redactFields) {
        ObjectNode node = Json.NODES.objectNode();
        node.put("index", turn.index());
        LlmCall call = turn.llmCall();
        ObjectNode llm = node.putObject("llm_call");
        if (call.messages().isEmpty()) {
            llm.putNull("messages");
        } else {
            ArrayNode messages = llm.putArray("messages");
            for (PromptMessage m : call.messages()) {
                ObjectNode mn = messages.addObject();
                mn.put("role", m.role());
                mn.set("content", redact(m.content(), redactFields));
            }
        }
        llm.put("response_text", call.responseText());
        ArrayNode calls = llm.putArray("tool_calls");
        for (RecordedCall c : call.toolCalls()) {
            ObjectNode cn = calls.addObject();
            cn.put("name", c.name());
            cn.set("arguments", redact(c.arguments(), redactFields));
            cn.put("call_id", c.callId());
            cn.set("timestamp", Json.seconds(c.timestamp()));
        }
        llm.put("model", call.model());
        llm.set("token_usage", call.tokenUsage() == null ? Json.NODES.nullNode() : call.tokenUsage());
        llm.set("timestamp", Json.seconds(call.timestamp()));
        ArrayNode results = node.putArray("tool_results");
        for (RecordedResult r : turn.toolResults()) {
            ObjectNode rn = results.addObject();
            rn.put("call_id", r.callId());
            rn.set("result", redact(r.result(), redactFields));
            rn.put("error", r.error());
            rn.set("duration_ms", Json.millis(r.durationMs()));
        }
        node.set("duration_ms", Json.millis(turn.durationMs()));
        return node;
    }

    /** Replaces the value of every key named in {@code fields}, at any depth, inside user data only. */
    private static JsonNode redact(JsonNode node, Set<String> fields) {
        if (fields.isEmpty() || node == null) {
            return node;
        }
        JsonNode copy = node.deepCopy();
        redactInPlace(copy, fields);
        return copy;
    }

    private static void redactInPlace(JsonNode node, Set<String> fields) {
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            for (Map.Entry<String, JsonNode> f : object.properties()) {
                if (fields.contains(f.getKey())) {
                    f.setValue(Json.NODES.textNode(REDACTED));
                } else {
                    redactInPlace(f.getValue(), fields);
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                redactInPlace(item, fields);
            }
        }
    }

    static Trace read(JsonNode tree, String source) {
        InputNode root = InputNode.root(tree, source, 0).requireObject();
        String version = nullableText(root, "format_version");
        if (version != null && !Trace.FORMAT_VERSION.equals(version)) {
            throw root.child("format_version").error(
                    "unsupported trace format version \"" + version + "\"; expected \"1\"");
        }
        String traceId = root.nonBlankText("trace_id");
        String name = root.nonBlankText("name");
        List<Turn> turns = new ArrayList<>();
        List<InputNode> turnNodes = nullableArray(root, "turns");
        for (int i = 0; i < turnNodes.size(); i++) {
            turns.add(turn(turnNodes.get(i), i));
        }
        ObjectNode metadata = nullableObject(root, "metadata");
        Instant startedAt = instant(root, "started_at", Instant.EPOCH);
        Instant endedAt = instant(root, "ended_at", null);
        String parent = nullableText(root, "parent_trace_id");
        ObjectNode handoff = nullableObject(root, "handoff_context");
        return new Trace(traceId, name, turns, metadata, startedAt, endedAt, Trace.FORMAT_VERSION, parent, handoff);
    }

    private static Turn turn(InputNode node, int position) {
        node.requireObject();
        InputNode indexNode = node.required("index");
        int index = indexNode.asInt();
        if (index != position) {
            throw indexNode.error("expected the turn index " + position + " (turns are numbered from 0 in order), but was " + index);
        }
        InputNode llmNode = node.required("llm_call").requireObject();
        List<PromptMessage> messages = new ArrayList<>();
        for (InputNode m : nullableArray(llmNode, "messages")) {
            m.requireObject();
            String role = m.nonBlankText("role");
            JsonNode content = m.has("content") ? m.child("content").raw().deepCopy() : Json.NODES.nullNode();
            messages.add(new PromptMessage(role, content));
        }
        String responseText = nullableText(llmNode, "response_text");
        Instant llmTime = instant(llmNode, "timestamp", Instant.EPOCH);
        List<RecordedCall> calls = new ArrayList<>();
        for (InputNode c : nullableArray(llmNode, "tool_calls")) {
            c.requireObject();
            String toolName = c.nonBlankText("name");
            ObjectNode arguments = nullableObject(c, "arguments");
            String callId = c.nonBlankText("call_id");
            calls.add(new RecordedCall(toolName, arguments, callId, instant(c, "timestamp", Instant.EPOCH)));
        }
        String model = nullableText(llmNode, "model");
        ObjectNode usage = nullableObject(llmNode, "token_usage");
        LlmCall call = new LlmCall(messages, responseText, calls, model, usage, llmTime);
        List<RecordedResult> results = new ArrayList<>();
        for (InputNode r : nullableArray(node, "tool_results")) {
            r.requireObject();
            String callId = r.nonBlankText("call_id");
            JsonNode value = r.required("result").raw().deepCopy();
            String error = nullableText(r, "error");
            results.add(new RecordedResult(callId, value, error, millis(r, "duration_ms")));
        }
        return new Turn(position, call, results, millis(node, "duration_ms"));
    }

    private static boolean absent(InputNode node, String field) {
        return !node.has(field) || node.child(field).raw().isNull();
    }

    private static String nullableText(InputNode node, String field) {
        if (absent(node, field)) {
            return null;
        }
        InputNode child = node.child(field);
        if (!child.raw().isTextual()) {
            throw child.error("expected a string or null, but was " + InputNode.describe(child.raw()));
        }
        return child.raw().textValue();
    }

    private static List<InputNode> nullableArray(InputNode node, String field) {
        return absent(node, field) ? List.of() : node.child(field).asArray();
    }

    private static ObjectNode nullableObject(InputNode node, String field) {
        if (absent(node, field)) {
            return null;
        }
        InputNode child = node.child(field);
        if (!child.raw().isObject()) {
            throw child.error("expected an object or null, but was " + InputNode.describe(child.raw()));
        }
        return ((ObjectNode) child.raw()).deepCopy();
    }

    private static Instant instant(InputNode node, String field, Instant defaultValue) {
        if (absent(node, field)) {
            return defaultValue;
        }
        InputNode child = node.child(field);
        if (!child.raw().isNumber()) {
            throw child.error("expected epoch seconds (a number), but was " + InputNode.describe(child.raw()));
        }
        try {
            return Json.instant(exact(child.raw()));
        } catch (DateTimeException | ArithmeticException e) {
            throw child.error("expected epoch seconds within the range of an instant, but was " + child.raw().asText());
        }
    }

    /** The number as written: a double's shortest decimal form, not its binary expansion. */
    private static BigDecimal exact(JsonNode number) {
        return number.isFloatingPointNumber() && !number.isBigDecimal()
                ? new BigDecimal(Double.toString(number.doubleValue()))
                : number.decimalValue();
    }

    private static double millis(InputNode node, String field) {
        if (absent(node, field)) {
            return 0;
        }
        InputNode child = node.child(field);
        if (!child.raw().isNumber()) {
            throw child.error("expected milliseconds (a number), but was " + InputNode.describe(child.raw()));
        }
        BigDecimal value = exact(child.raw());
        double d = value.doubleValue();
        if (value.signum() < 0 || !Double.isFinite(d)) {
            throw child.error("expected milliseconds >= 0, but was " + child.raw().asText());
        }
        return d;
    }
}
