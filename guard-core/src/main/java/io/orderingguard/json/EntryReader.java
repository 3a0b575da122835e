package io.orderingguard.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads the declared tools and the entries of a dispatch document (docs/dispatch-format.md) for
 * {@link DispatchCodec}: every unknown field and every wrong type is a
 * {@link io.orderingguard.GuardInputException} naming its JSON path.
 */
final class EntryReader {

    private static final Set<String> TOOL_FIELDS = Set.of("name", "inputSchema");
    private static final Set<String> MESSAGE_FIELDS =
            Set.of("kind", "id", "role", "content", "payload", "replayCompatibility", "step", "wireMessage");
    private static final Set<String> THOUGHT_FIELDS =
            Set.of("kind", "id", "content", "payload", "replayCompatibility", "step", "wireMessage");
    private static final Set<String> TOOL_CALL_FIELDS = Set.of("kind", "id", "tool", "args", "result", "requested",
            "providerExecuted", "payload", "replayCompatibility", "step", "wireMessage");
    private static final Set<String> RESULT_FIELDS = Set.of("content", "isError", "wireMessage");

    private EntryReader() {}

    static List<DeclaredTool> tools(InputNode root) {
        List<InputNode> items = root.optArray("tools");
        List<DeclaredTool> tools = new ArrayList<>(items.size());
        for (InputNode item : items) {
            item.allowOnly(TOOL_FIELDS);
            String name = item.nonBlankText("name");
            tools.add(new DeclaredTool(name, object(item, "inputSchema")));
        }
        return tools;
    }

    static Entry entry(InputNode node) {
        node.requireObject();
        String kind = node.enumValue("kind", "message", "thought", "toolCall");
        try {
            if (kind.equals("message")) {
                node.allowOnly(MESSAGE_FIELDS, "for kind message");
                String id = node.nonBlankText("id");
                Role role = Role.fromWire(node.enumValue("role", "user", "assistant", "system"));
                String content = text(node, "content");
                return new Message(id, role, content, object(node, "payload"),
                        node.optNonBlankText("replayCompatibility"), node.optNonBlankText("step"),
                        node.optNonBlankText("wireMessage"));
            }
            if (kind.equals("thought")) {
                node.allowOnly(THOUGHT_FIELDS, "for kind thought");
                String id = node.nonBlankText("id");
                String content = text(node, "content");
                return new Thought(id, content, object(node, "payload"),
                        node.optNonBlankText("replayCompatibility"), node.optNonBlankText("step"),
                        node.optNonBlankText("wireMessage"));
            }
            return toolCall(node);
        } catch (IllegalArgumentException e) {
            throw node.error(e.getMessage()); // unreachable: every field was checked
        }
    }

    private static ToolCall toolCall(InputNode node) {
        node.allowOnly(TOOL_CALL_FIELDS, "for kind toolCall");
        String id = node.nonBlankText("id");
        boolean requested = node.optBoolean("requested", true);
        boolean providerExecuted = node.optBoolean("providerExecuted", false);
        if (providerExecuted && !requested) {
            throw node.child("providerExecuted").error("an orphan result (requested false) cannot be"
                    + " provider-executed");
        }
        String tool = requested ? node.nonBlankText("tool") : text(node, "tool");
        ObjectNode args = object(node, "args");
        ToolResult result = null;
        if (node.has("result")) {
            InputNode r = node.child("result").allowOnly(RESULT_FIELDS);
            result = new ToolResult(r.text("content"), r.optBoolean("isError", false),
                    r.optNonBlankText("wireMessage"));
        } else if (!requested) {
            throw node.child("result").error("required field is missing (an entry with requested false is an"
                    + " orphan result and must carry its result)");
        }
        return new ToolCall(id, tool, args, result, requested, object(node, "payload"),
                node.optNonBlankText("replayCompatibility"), node.optNonBlankText("step"),
                node.optNonBlankText("wireMessage"), providerExecuted);
    }

    private static String text(InputNode node, String name) {
        String value = node.optText(name);
        return value == null ? "" : value;
    }

    /** An optional object field, not copied: the model records copy what they keep. */
    static ObjectNode object(InputNode node, String name) {
        if (!node.has(name)) {
            return null;
        }
        return (ObjectNode) node.child(name).requireObject().raw();
    }
}
