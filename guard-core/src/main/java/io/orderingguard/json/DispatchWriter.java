package io.orderingguard.json;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.DeclaredTool;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Surface;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.List;

/**
 * Writes dispatches and entries as document trees for {@link DispatchCodec}: only what is present
 * and differs from a default is written, so reading the tree back gives an equal dispatch.
 */
final class DispatchWriter {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DispatchWriter() {}

    /**
     * Renders a dispatch. The tree is new: changing it changes nothing else.
     *
     * @param dispatch the dispatch
     * @return the document
     */
    static ObjectNode dispatch(Dispatch dispatch) {
        ObjectNode root = NODES.objectNode();
        putIfPresent(root, "conversationId", dispatch.conversationId());
        putIfPresent(root, "provider", dispatch.provider());
        putIfPresent(root, "model", dispatch.model());
        if (dispatch.surface() != Surface.DISPATCH) {
            root.put("surface", dispatch.surface().wireName());
        }
        if (!dispatch.options().isUnknown()) {
            root.set("options", OptionsCodec.write(dispatch.options()));
        }
        List<DeclaredTool> tools = dispatch.tools();
        if (!tools.isEmpty()) {
            ArrayNode array = root.putArray("tools");
            for (DeclaredTool tool : tools) {
                ObjectNode t = array.addObject();
                t.put("name", tool.name());
                ObjectNode schema = tool.inputSchema();
                if (schema != null) {
                    t.set("inputSchema", schema);
                }
            }
        }
        ObjectNode context = dispatch.context();
        if (context != null) {
            root.set("context", context);
        }
        ArrayNode entries = root.putArray("entries");
        for (Entry entry : dispatch.timeline().entries()) {
            entries.add(entry(entry));
        }
        return root;
    }

    /**
     * Renders one entry as it appears in a document's {@code entries} array.
     *
     * @param entry the entry
     * @return the entry object
     */
    static ObjectNode entry(Entry entry) {
        ObjectNode node = NODES.objectNode();
        node.put("kind", entry.kind().wireName());
        node.put("id", entry.id());
        if (entry instanceof Message message) {
            node.put("role", message.role().wireName());
            node.put("content", message.content());
        } else if (entry instanceof Thought thought) {
            node.put("content", thought.content());
        } else if (entry instanceof ToolCall call) {
            if (call.requested() || !call.tool().isEmpty()) {
                node.put("tool", call.tool());
            }
            ObjectNode args = call.args();
            if (call.requested() || !args.isEmpty()) {
                node.set("args", args);
            }
            ToolResult result = call.result();
            if (result != null) {
                ObjectNode r = node.putObject("result");
                r.put("content", result.content());
                if (result.isError()) {
                    r.put("isError", true);
                }
                putIfPresent(r, "wireMessage", result.wireMessage());
            }
            if (!call.requested()) {
                node.put("requested", false);
            }
            if (call.providerExecuted()) {
                node.put("providerExecuted", true);
            }
        }
        ObjectNode payload = entry.payload();
        if (payload != null) {
            node.set("payload", payload);
        }
        putIfPresent(node, "replayCompatibility", entry.replayCompatibility());
        putIfPresent(node, "step", entry.step());
        putIfPresent(node, "wireMessage", entry.wireMessage());
        return node;
    }

    static void putIfPresent(ObjectNode node, String name, String value) {
        if (value != null) {
            node.put(name, value);
        }
    }
}
