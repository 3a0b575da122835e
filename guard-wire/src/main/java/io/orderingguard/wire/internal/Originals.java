package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** Finds the original of a repaired entry: by kind, id and wire message, or a renamed call by content. */
final class Originals {
    private final WireParse p;
    private final Set<String> repairedKeys = new HashSet<>();

    Originals(WireParse p, List<Entry> repaired) {
        this.p = p;
        for (Entry entry : repaired) {
            repairedKeys.add(WireParse.key(entry));
        }
    }

    Entry original(Entry entry) {
        Entry found = p.originals.get(WireParse.key(entry));
        if (found != null || !(entry instanceof ToolCall call) || !call.requested()) {
            return found;
        }
        for (Entry candidate : p.entries) {
            if (candidate instanceof ToolCall c && c.requested() && !repairedKeys.contains(WireParse.key(c))
                    && Objects.equals(c.wireMessage(), call.wireMessage())
                    && c.tool().equals(call.tool()) && c.args().equals(call.args())) {
                return c;
            }
        }
        return null;
    }

    /**
     * The entry whose result block a repaired call's result comes from: the original call when it had a
     * result, else the late result a repair moved to the call (an orphan with its id and the same
     * result), so that a moved result keeps the shape it was written in; {@code null} for a new result.
     */
    ToolCall resultSource(ToolCall call) {
        if (original(call) instanceof ToolCall c && c.result() != null) {
            return c;
        }
        ToolResult now = call.result();
        if (now == null) {
            return null;
        }
        for (Entry candidate : p.entries) {
            if (candidate instanceof ToolCall orphan && !orphan.requested() && orphan.id().equals(call.id())
                    && orphan.result().content().equals(now.content()) && orphan.result().isError() == now.isError()) {
                return orphan;
            }
        }
        return null;
    }

    /** The original JSON of the result {@link #resultSource} finds, or {@code null}. */
    JsonNode resultBlock(ToolCall source) {
        return source == null ? null
                : p.resultBlocks.get(WireParse.resultKey(source.id(), source.result().wireMessage()));
    }

    JsonNode block(Entry entry) {
        Entry original = original(entry);
        return original == null ? null : p.blocks.get(WireParse.key(original));
    }
}
