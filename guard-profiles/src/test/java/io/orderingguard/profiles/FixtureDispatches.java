package io.orderingguard.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.InputNode;
import io.orderingguard.json.JsonInput;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the dispatch documents of DESIGN §7 for the conformance fixtures: a small test-only reader
 * over {@link InputNode} until the core's dispatch codec is available here. Strict: unknown fields
 * and wrong types are errors naming the path.
 */
final class FixtureDispatches {

    private static final JsonInput INPUT = JsonInput.defaults();

    private FixtureDispatches() {}

    /**
     * Reads a {@code .json} file (one dispatch) or a {@code .jsonl} file (successive dispatches).
     *
     * @param file the file
     * @return the dispatches, in order
     */
    static List<Dispatch> read(Path file) {
        List<Dispatch> out = new ArrayList<>();
        if (file.toString().endsWith(".jsonl")) {
            String text = INPUT.readText(file);
            String[] lines = text.split("\n");
            for (int i = 0; i < lines.length; i++) {
                if (!lines[i].isBlank()) {
                    JsonNode node = INPUT.parseJsonLine(lines[i], file.toString(), i + 1);
                    out.add(dispatch(InputNode.root(node, file.toString(), i + 1)));
                }
            }
        } else {
            out.add(dispatch(InputNode.root(INPUT.parseFile(file), file.toString(), 0)));
        }
        return out;
    }

    static Dispatch dispatch(InputNode root) {
        root.allowOnly("conversationId", "provider", "model", "tools", "entries", "context");
        List<DeclaredTool> tools = new ArrayList<>();
        for (InputNode t : root.optArray("tools")) {
            t.allowOnly("name", "inputSchema");
            tools.add(new DeclaredTool(t.nonBlankText("name"), t.optObject("inputSchema")));
        }
        List<Entry> entries = new ArrayList<>();
        for (InputNode e : root.array("entries")) {
            entries.add(entry(e));
        }
        return new Dispatch(root.optText("conversationId"), root.optText("provider"), root.optText("model"),
                Surface.DISPATCH, Timeline.of(entries, tools), root.optObject("context"));
    }

    private static Entry entry(InputNode e) {
        String kind = e.text("kind");
        ObjectNode payload = e.optObject("payload");
        String tag = e.optText("replayCompatibility");
        String step = e.optText("step");
        String id = e.nonBlankText("id");
        try {
            switch (kind) {
                case "message":
                    e.allowOnly("kind", "id", "role", "content", "payload", "replayCompatibility", "step");
                    return new Message(id, Role.fromWire(e.text("role")), e.text("content"), payload, tag, step);
                case "thought":
                    e.allowOnly("kind", "id", "content", "payload", "replayCompatibility", "step");
                    return new Thought(id, e.text("content"), payload, tag, step);
                case "toolCall":
                    e.allowOnly("kind", "id", "tool", "args", "result", "requested", "payload", "replayCompatibility",
                            "step");
                    ToolResult result = null;
                    if (e.has("result")) {
                        InputNode r = e.child("result");
                        r.allowOnly("content", "isError");
                        result = new ToolResult(r.text("content"), r.optBoolean("isError", false));
                    }
                    return new ToolCall(id, e.has("tool") ? e.text("tool") : "", e.optObject("args"), result,
                            e.optBoolean("requested", true), payload, tag, step);
                default:
                    throw e.child("kind").error("expected one of message, thought, toolCall, but was \"" + kind + "\"");
            }
        } catch (IllegalArgumentException ex) {
            throw e.error(ex.getMessage());
        }
    }
}
