package io.orderingguard.langchain4j;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import io.orderingguard.support.UniqueIds;
import io.orderingguard.timeline.Entry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The last encoding of each of a bounded number of conversations, so that the next request of a
 * conversation encodes only the messages it added: a tool loop resends, round after round, the very
 * message objects its chat memory keeps (LangChain4j messages are immutable) plus an {@code AiMessage}
 * with its calls and their results.
 *
 * <p>What is kept per conversation id is an immutable {@link Snapshot}: the request's message list (the
 * same instances), the entries encoded from it, where each message's entries start, and the state of
 * the thought-id numbering. {@link MessageEncoder} reuses the entries of the longest prefix of a new
 * request whose messages are the same instances ({@code ==}, never {@code equals}) as the snapshot's and
 * whose entries no later message can change (see {@link #reusable}); it encodes the rest. The dispatch
 * is the one a full encode makes.
 *
 * <p>Bounded: at most {@code capacity} conversations, the least recently used forgotten first. A
 * snapshot keeps its conversation's messages reachable until it is replaced or forgotten.
 *
 * <p>Thread-safe: the map is guarded by a private lock held only to look up or store a snapshot;
 * snapshots never change once stored, so concurrent requests of one conversation each encode
 * correctly (the last one stored wins).
 */
final class EncodingCache {

    /** The number of conversations a decorator remembers unless told otherwise. */
    static final int DEFAULT_CONVERSATIONS = 256;

    private final Object lock = new Object();
    private final LinkedHashMap<String, Snapshot> last;

    private EncodingCache(int capacity) {
        last = new LinkedHashMap<>(Math.min(capacity, 64) * 2, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Snapshot> eldest) {
                return size() > capacity;
            }
        };
    }

    /**
     * Returns a cache for a number of conversations.
     *
     * @param conversations how many conversations to remember; 0 for none
     * @return the cache, or {@code null} for none
     */
    static EncodingCache remembering(int conversations) {
        return conversations == 0 ? null : new EncodingCache(conversations);
    }

    /** The snapshot stored for a conversation, or {@code null}. */
    Snapshot get(String conversationId) {
        synchronized (lock) {
            return last.get(conversationId);
        }
    }

    /** Stores the snapshot of a conversation's latest encoding. */
    void put(String conversationId, Snapshot snapshot) {
        synchronized (lock) {
            last.put(conversationId, snapshot);
        }
    }

    /** How many conversations are remembered now. */
    int size() {
        synchronized (lock) {
            return last.size();
        }
    }

    /**
     * Returns how many leading messages of a request can take their entries from a snapshot: the
     * largest {@code p} such that the first {@code p} messages are the snapshot's own instances and
     * neither list has a tool result at position {@code p}. An {@code AiMessage}'s call entries carry
     * the results of the run of result messages after it, so a prefix ending inside such a run (or
     * right before a result that would extend it) could still change; a prefix followed by anything
     * else, in both lists, cannot: every entry made from it depends only on its messages and their
     * positions.
     *
     * @return the number of messages whose entries are reused, 0 for none
     */
    static int reusable(Snapshot previous, List<ChatMessage> messages) {
        List<ChatMessage> before = previous.messages;
        int limit = Math.min(before.size(), messages.size());
        int same = 0;
        while (same < limit && before.get(same) == messages.get(same)) {
            same++;
        }
        for (int p = same; p > 0; p--) {
            if ((p == messages.size() || !(messages.get(p) instanceof ToolExecutionResultMessage))
                    && (p == before.size() || !(before.get(p) instanceof ToolExecutionResultMessage))) {
                return p;
            }
        }
        return 0;
    }

    /**
     * What one encoding of a conversation's request made: immutable once built (the arrays and the id
     * numbering are never written after the snapshot is stored; readers copy the numbering).
     */
    static final class Snapshot {
        final MetadataLayout layout;
        final MessageEncoder.ResultWires resultWires;
        /** The request's messages, the same instances, in an unmodifiable list. */
        final List<ChatMessage> messages;
        /** The entries encoded from them (the timeline's own unmodifiable list). */
        final List<Entry> entries;
        /** {@code starts[i]}: the index of the first entry made while reading message {@code i}; {@code starts[n]}: the count. */
        final int[] starts;
        /** The thought-id numbering after the last message. */
        final UniqueIds ids;
        /** The numbering after the first {@link #checkpointAt} messages, or {@code null}. */
        final UniqueIds checkpoint;
        /** The message count {@link #checkpoint} stands for, or -1. */
        final int checkpointAt;

        Snapshot(MetadataLayout layout, MessageEncoder.ResultWires resultWires, List<ChatMessage> messages,
                List<Entry> entries, int[] starts, UniqueIds ids, UniqueIds checkpoint, int checkpointAt) {
            this.layout = layout;
            this.resultWires = resultWires;
            this.messages = messages;
            this.entries = entries;
            this.starts = starts;
            this.ids = ids;
            this.checkpoint = checkpoint;
            this.checkpointAt = checkpointAt;
        }

        /** Whether an encoding with these settings may reuse this snapshot's entries. */
        boolean encodedLike(MetadataLayout otherLayout, MessageEncoder.ResultWires otherWires) {
            return layout == otherLayout && resultWires == otherWires;
        }
    }
}
