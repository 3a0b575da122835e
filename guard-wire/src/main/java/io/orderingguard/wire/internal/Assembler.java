package io.orderingguard.wire.internal;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Lays the entries of a repaired timeline out into wire messages again. Entries that share a wire
 * message id stay together; a call's result goes to the message its {@code ToolResult.wireMessage}
 * names, placed before the first entry of a later wire message; a result a repair synthesised (no
 * wire message) goes right after its call's message: into the user message that holds the other
 * results when {@code mergeSynthesised} (Anthropic: all results in one user message), else into a
 * message of its own (OpenAI: one {@code tool} message per result). Not thread-safe; one per render.
 */
final class Assembler {

    /** One part of an output message: an entry, or (when {@code result}) the result of a call. */
    record Part(Entry entry, boolean result) {}

    /**
     * The system messages set apart (Anthropic, Gemini and Bedrock Converse keep them outside the
     * message list) and every other entry assembled into wire messages.
     *
     * @param system receives the system messages, in order
     */
    static List<Out> splitSystem(List<Entry> entries, Map<String, Integer> resultOrder, List<Entry> system) {
        Assembler assembler = new Assembler(true, resultOrder);
        for (Entry entry : entries) {
            if (isTopLevelSystem(entry)) {
                system.add(entry);
            } else {
                assembler.add(entry);
            }
        }
        return assembler.finish();
    }

    /**
     * Returns whether an entry is a system message of the body's top-level system field, not a message
     * of the message list (a {@code system}-role message there, or one of a role the surface does not
     * document, stays in its place).
     */
    static boolean isTopLevelSystem(Entry entry) {
        return entry instanceof Message m && m.role() == Role.SYSTEM && index(m.wireMessage()) < 0;
    }

    /** One output message: the original wire message id ({@code null} for a new one), role, parts. */
    static final class Out {
        final String key;
        final Role role;
        final List<Part> parts = new ArrayList<>();

        Out(String key, Role role) {
            this.key = key;
            this.role = role;
        }

        /** Whether this message holds the same parts, in the same order, as another from the same wire message. */
        boolean sameAs(Out other) {
            return other != null && java.util.Objects.equals(key, other.key) && role == other.role
                    && parts.equals(other.parts);
        }
    }

    /**
     * Returns the messages of a laying-out by the wire message each came from (those with a key): what
     * the original entries lay out to, to find the messages a repair left as they were.
     */
    static Map<String, Out> byKey(List<Out> outs) {
        Map<String, Out> byKey = new java.util.HashMap<>();
        for (Out out : outs) {
            if (out.key != null) {
                // a wire message laid out as two messages is never left as it was
                byKey.merge(out.key, out, (a, b) -> SPLIT);
            }
        }
        return byKey;
    }

    /**
     * Returns whether a message of a new laying-out is the one its wire message was laid out as before,
     * part for part, and both layings-out made one message of that wire message.
     */
    static boolean unchanged(Out out, Map<String, Out> before, Map<String, Out> after) {
        return out.key != null && after.get(out.key) == out && out.sameAs(before.get(out.key));
    }

    /** Stands for a wire message laid out as more than one message. */
    private static final Out SPLIT = new Out(null, null);

    private final boolean mergeSynthesised;
    private final Map<String, Integer> resultOrder;
    private final List<Out> out = new ArrayList<>();
    private final TreeMap<Integer, List<ToolCall>> pending = new TreeMap<>();
    private final Map<Integer, String> pendingKeys = new TreeMap<>();
    private final List<ToolCall> synthesised = new ArrayList<>();
    private Out current;

    Assembler(boolean mergeSynthesised, Map<String, Integer> resultOrder) {
        this.mergeSynthesised = mergeSynthesised;
        this.resultOrder = resultOrder;
    }

    static int index(String wireMessage) {
        if (wireMessage == null || wireMessage.length() < 2 || wireMessage.charAt(0) != 'm') {
            return -1;
        }
        int value = 0;
        for (int i = 1; i < wireMessage.length(); i++) {
            char c = wireMessage.charAt(i);
            if (c < '0' || c > '9' || value > 100_000_000) {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    static Role roleOf(Entry entry) {
        if (entry instanceof Message m) {
            return m.role();
        }
        if (entry instanceof ToolCall call && !call.requested()) {
            return Role.USER;
        }
        return Role.ASSISTANT;
    }

    static String keyOf(Entry entry) {
        if (entry instanceof ToolCall call && !call.requested()) {
            String wire = call.result().wireMessage();
            return wire != null ? wire : call.wireMessage();
        }
        return entry.wireMessage();
    }

    void add(Entry entry) {
        String key = keyOf(entry);
        Role role = roleOf(entry);
        boolean continues = current != null && current.role == role
                && (key == null || Objects.equals(current.key, key));
        if (!continues) {
            close();
            int index = index(key);
            flushPending(key == null ? Integer.MAX_VALUE : index, key);
            if (current != null && key != null && Objects.equals(current.key, key) && current.role == role) {
                // a result group of this very message was flushed: the entry joins it
            } else if (!synthesised.isEmpty() && role == Role.USER) {
                current = open(key, role);
                takeSynthesised(current);
            } else {
                flushSynthesised();
                current = open(key, role);
            }
        }
        current.parts.add(new Part(entry, false));
        if (entry instanceof ToolCall call && call.requested() && call.result() != null) {
            if (call.providerExecuted() && Objects.equals(call.result().wireMessage(), call.wireMessage())) {
                current.parts.add(new Part(entry, true));
            } else if (call.result().wireMessage() == null) {
                synthesised.add(call);
            } else {
                int index = index(call.result().wireMessage());
                pending.computeIfAbsent(index, i -> new ArrayList<>()).add(call);
                pendingKeys.put(index, call.result().wireMessage());
            }
        }
    }

    List<Out> finish() {
        close();
        flushPending(Integer.MAX_VALUE, null);
        flushSynthesised();
        return out;
    }

    private Out open(String key, Role role) {
        Out message = new Out(key, role);
        out.add(message);
        return message;
    }

    /** Leaves the current message: synthesised results join the first pending result group. */
    private void close() {
        if (!synthesised.isEmpty()) {
            if (mergeSynthesised && !pending.isEmpty()) {
                pending.firstEntry().getValue().addAll(synthesised);
                synthesised.clear();
            } else if (!mergeSynthesised) {
                flushSynthesised();
            }
        }
    }

    /** Emits every pending result group whose wire message comes before {@code index}; one equal opens it. */
    private void flushPending(int index, String key) {
        while (!pending.isEmpty() && pending.firstKey() <= index) {
            Map.Entry<Integer, List<ToolCall>> group = pending.pollFirstEntry();
            String groupKey = pendingKeys.remove(group.getKey());
            if (group.getKey() == index && !Objects.equals(groupKey, key)) {
                pending.put(group.getKey(), group.getValue());
                pendingKeys.put(group.getKey(), groupKey);
                break;
            }
            current = open(groupKey, Role.USER);
            takeSynthesised(current);
            List<ToolCall> calls = new ArrayList<>(group.getValue());
            calls.sort(Comparator.comparingInt(c -> resultOrder.getOrDefault(
                    WireParse.resultKey(c.id(), c.result().wireMessage()), Integer.MAX_VALUE)));
            for (ToolCall call : calls) {
                current.parts.add(new Part(call, true));
            }
        }
    }

    private void takeSynthesised(Out message) {
        if (mergeSynthesised) {
            for (ToolCall call : synthesised) {
                message.parts.add(new Part(call, true));
            }
            synthesised.clear();
        }
    }

    private void flushSynthesised() {
        for (ToolCall call : synthesised) {
            if (mergeSynthesised) {
                if (current == null || current.key != null || current.role != Role.USER) {
                    current = open(null, Role.USER);
                }
            } else {
                current = open(null, Role.USER);
            }
            current.parts.add(new Part(call, true));
        }
        synthesised.clear();
    }
}
