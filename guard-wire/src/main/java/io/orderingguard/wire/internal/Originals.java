package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Finds the original of a repaired entry: by kind, id and wire message, or a renamed call by content. */
final class Originals {
    private final WireParse p;
    private final Set<String> repairedKeys = new HashSet<>();
    private Map<String, List<Integer>> orphans;
    private Map<Entry, Integer> indexes;

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
     * result, else the late result a repair moved to the call (an orphan with its id after the call, the
     * one with the same result first), so that a moved result keeps the shape it was written in;
     * {@code null} for a new result.
     */
    ToolCall resultSource(ToolCall call) {
        Entry original = original(call);
        if (original instanceof ToolCall c && c.result() != null) {
            return c;
        }
        ToolResult now = call.result();
        List<Integer> candidates = now == null ? null : orphans().get(call.id());
        if (candidates == null) {
            return null;
        }
        Integer at = original == null ? null : indexes().get(original);
        ToolCall first = null;
        for (int i : candidates) {
            if (at != null && i < at) {
                continue;
            }
            ToolCall orphan = (ToolCall) p.entries.get(i);
            if (orphan.result().content().equals(now.content()) && orphan.result().isError() == now.isError()) {
                return orphan;
            }
            first = first == null ? orphan : first;
        }
        return first;
    }

    /** The places of the orphan results by their ids, found once. */
    private Map<String, List<Integer>> orphans() {
        if (orphans == null) {
            orphans = new HashMap<>();
            for (int i = 0; i < p.entries.size(); i++) {
                if (p.entries.get(i) instanceof ToolCall c && !c.requested()) {
                    orphans.computeIfAbsent(c.id(), id -> new ArrayList<>()).add(i);
                }
            }
        }
        return orphans;
    }

    /** The place of every entry read, by identity, found once. */
    private Map<Entry, Integer> indexes() {
        if (indexes == null) {
            indexes = new IdentityHashMap<>();
            for (int i = 0; i < p.entries.size(); i++) {
                indexes.put(p.entries.get(i), i);
            }
        }
        return indexes;
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
