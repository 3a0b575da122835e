package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.wire.ParsedBody;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a codec learned from one body: the entries in wire order, the original JSON of each entry and
 * of each result, the original message objects and the wire positions. Rendering re-reads the
 * original body into one of these and compares it with the repaired dispatch. Not thread-safe;
 * used by one call only.
 */
final class WireParse {

    /** The entries in wire order. */
    final List<Entry> entries = new ArrayList<>();
    /** Entry key → original JSON (block, part, tool call object or string content). */
    final Map<String, JsonNode> blocks = new HashMap<>();
    /** Entry key → the entry as parsed. */
    final Map<String, Entry> originals = new HashMap<>();
    /** Result key → original result JSON. */
    final Map<String, JsonNode> resultBlocks = new HashMap<>();
    /** Result key → index of the result inside its wire message. */
    final Map<String, Integer> resultOrder = new HashMap<>();
    /** Wire message id → original message object. */
    final Map<String, ObjectNode> messages = new HashMap<>();
    /** Entry id → wire position. */
    final Map<String, String> positions = new LinkedHashMap<>();
    /** Call id → wire position of its result. */
    final Map<String, String> resultPositions = new LinkedHashMap<>();
    /** Wire message id → its blocks that are no entry (Bedrock {@code cachePoint}), by block index. */
    final Map<String, TreeMap<Integer, JsonNode>> passive = new HashMap<>();
    /** Wire message id → the rendering key of each of its blocks ({@code null} for a passive one), in wire order. */
    final Map<String, List<String>> blockKeys = new HashMap<>();
        /** Requested calls still waiting for a result, by id (the latest call with an id wins). */
    final Map<String, Integer> openCalls = new HashMap<>();

    Dispatch dispatch;

    static String key(Entry entry) {
        return entry.kind().name() + '|' + entry.id() + '|' + entry.wireMessage();
    }

    static String resultKey(String callId, String resultWireMessage) {
        return callId + '|' + resultWireMessage;
    }

    void addEntry(Entry entry, JsonNode original, String position) {
        entries.add(entry);
        String key = key(entry);
        blocks.putIfAbsent(key, original);
        originals.putIfAbsent(key, entry);
        positions.putIfAbsent(entry.id(), position);
        if (entry instanceof ToolCall call && call.requested() && !call.providerExecuted()) {
            openCalls.put(call.id(), entries.size() - 1);
        }
    }

    /**
     * Attaches a result to the open call with its id, or adds an orphan result entry.
     *
     * @return {@code true} when a call took the result
     */
    boolean addResult(ToolCall resultHolder, JsonNode original, int order, String position) {
        String wire = resultHolder.result().wireMessage();
        String rkey = resultKey(resultHolder.id(), wire);
        resultBlocks.putIfAbsent(rkey, original);
        resultOrder.putIfAbsent(rkey, order);
        resultPositions.putIfAbsent(resultHolder.id(), position);
        Integer open = openCalls.remove(resultHolder.id());
        if (open != null) {
            ToolCall call = (ToolCall) entries.get(open);
            ToolCall answered = call.withResult(resultHolder.result());
            entries.set(open, answered);
            originals.put(key(answered), answered);
            return true;
        }
        addEntry(resultHolder, original, position);
        return false;
    }

    /** Attaches a result to a provider-executed call of the same message, by id. */
    boolean addProviderResult(String callId, ToolCall resultHolder, JsonNode original, int order, String position) {
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (entries.get(i) instanceof ToolCall call && call.providerExecuted() && call.id().equals(callId)
                    && call.result() == null) {
                String rkey = resultKey(callId, resultHolder.result().wireMessage());
                resultBlocks.putIfAbsent(rkey, original);
                resultOrder.putIfAbsent(rkey, order);
                resultPositions.putIfAbsent(callId, position);
                ToolCall answered = call.withResult(resultHolder.result());
                entries.set(i, answered);
                originals.put(key(answered), answered);
                return true;
            }
        }
        return false;
    }

    /** Adds an orphan result entry: a result no call of the body takes. */
    void addOrphan(ToolCall orphan, JsonNode original, int order, String position) {
        String rkey = resultKey(orphan.id(), orphan.result().wireMessage());
        resultBlocks.putIfAbsent(rkey, original);
        resultOrder.putIfAbsent(rkey, order);
        resultPositions.putIfAbsent(orphan.id(), position);
        addEntry(orphan, original, position);
    }

    ParsedBody toParsedBody() {
        return new ParsedBody(dispatch, positions, resultPositions);
    }
}
