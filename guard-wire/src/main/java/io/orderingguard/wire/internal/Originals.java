package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
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

    JsonNode block(Entry entry) {
        Entry original = original(entry);
        return original == null ? null : p.blocks.get(WireParse.key(original));
    }
}
