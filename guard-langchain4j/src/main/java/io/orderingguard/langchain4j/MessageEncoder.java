package io.orderingguard.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import io.orderingguard.support.EncoderIds;
import io.orderingguard.support.UniqueIds;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One pass of {@link ChatRequestCodec#encode} over a request's messages: turns them into timeline
 * entries (the mapping the codec documents) and pairs each tool result with the call it answers.
 * Provider metadata is read through {@link MetadataCodec}.
 *
 * <p>Every round of a tool loop encodes the whole conversation again, so the pass makes each entry
 * once, in its final form: the results of an {@code AiMessage}'s calls are found (in the run of result
 * messages right after it) before its call entries are made; ids are shared ({@code messages[i]} names
 * come from {@link EncoderIds}, a step is the id of its message); arguments stay text. What rendering
 * needs to know of where each entry came from ({@link Sources}) is recorded only by a second pass,
 * which {@link EncodedChatRequest} runs when it first renders a dispatch that a repair changed.
 *
 * <p>A decorator's pass ({@link #remembering}) starts after the messages whose entries the previous
 * encoding of the same conversation already made ({@link EncodingCache}): it takes those entries, the
 * thought-id numbering reached there, and reads only the messages after them; it records where each
 * message's entries start, for the next request.
 *
 * <p>Not thread-safe: one instance per pass.
 */
final class MessageEncoder {

    /** How the target's LangChain4j module sends tool results: what their wire messages are. */
    enum ResultWires {
        /** A run of results is one user message (Anthropic). */
        GROUPED,
        /** Each result is a message of its own (OpenAI {@code tool} messages, Gemini contents). */
        SEPARATE,
        /** Not verified for this provider's module: results name no wire message. */
        UNKNOWN
    }

    /**
     * Where the entries of an encoding came from, for rendering: what the recording pass collects. Most
     * entries are named after their message ({@code messages[i]}, see {@link EncoderIds#message}), so they
     * are recorded by position, in arrays, instead of in maps keyed by made strings.
     */
    static final class Sources {
        /** Bit {@code i}: message {@code i} made an entry named {@code messages[i]} (its text or its marker). */
        final long[] namedEntries;
        /** The index of the message each other message or thought entry came from, by entry id. */
        final Map<String, Integer> otherIds = new HashMap<>();
        /** What each requested tool call came from, in request order. */
        final List<EncodedChatRequest.CallInfo> calls = new ArrayList<>();
        /** Per message {@code i}: where its calls start in {@link #calls} (they end where message {@code i + 1}'s start). */
        final int[] firstCall;
        /** What each orphan result came from, in request order. */
        final List<EncodedChatRequest.OrphanInfo> orphans = new ArrayList<>();

        Sources(int messages) {
            namedEntries = new long[(messages + 63) >>> 6];
            firstCall = new int[messages + 1];
        }

        /** Records that an entry came from message {@code index}. */
        void entry(String id, int index) {
            if (id == EncoderIds.message(index) || id.equals(EncoderIds.message(index))) {
                namedEntries[index >>> 6] |= 1L << index;
            } else {
                otherIds.put(id, index);
            }
        }

        /** The index of the message an entry came from, or {@code null}. */
        Integer messageOf(String id) {
            int index = EncoderIds.messageIndex(id);
            if (index >= 0 && index < firstCall.length - 1 && (namedEntries[index >>> 6] & 1L << index) != 0
                    && id.equals(EncoderIds.message(index))) {
                return index;
            }
            return otherIds.get(id);
        }
    }

    private final List<ChatMessage> messages;
    private final MetadataLayout layout;
    private final ResultWires resultWires;
    /** What the pass records for rendering, or {@code null} when it only makes entries. */
    private final Sources sources;
    private final Timeline.Builder entries;
    private final UniqueIds thoughtIds;
    /** The first message this pass reads: the ones before it took their entries from a snapshot. */
    private final int from;
    /** Where each message's entries start, when the pass makes a snapshot; else {@code null}. */
    private int[] starts;
    /** The thought-id numbering after the first {@link #checkpointAt} messages, or {@code null}. */
    private UniqueIds checkpoint;
    private int checkpointAt = -1;
    /** Bit {@code i}: whether a call took message {@code i} as its result (so it is no orphan); made on first use. */
    private long[] taken;
    /** Per call of the {@code AiMessage} being read: the index of its result message, or -1. */
    private int[] answeredBy = new int[4];

    private MessageEncoder(List<ChatMessage> messages, MetadataLayout layout, ResultWires resultWires,
            Sources sources, EncodingCache.Snapshot previous, boolean remember) {
        this.messages = messages;
        this.layout = layout;
        this.resultWires = resultWires;
        this.sources = sources;
        this.from = previous == null ? 0 : EncodingCache.reusable(previous, messages);
        // one pass ahead of the encoding counts the entries to come (and the AiMessages, for the thought ids);
        // it is the first read of each message and of an AiMessage's collections, which are rarely in cache,
        // and a tight loop of reads overlaps their misses better than the encoding does
        int assistantMessages = 0;
        int expected = 0;
        for (int i = from; i < messages.size(); i++) {
            ChatMessage m = messages.get(i);
            if (m instanceof AiMessage a) {
                assistantMessages++;
                expected += entryCount(a);
            } else if (!(m instanceof ToolExecutionResultMessage)) {
                expected++;
            }
        }
        int reused = from == 0 ? 0 : previous.starts[from];
        this.entries = Timeline.builder(reused + expected);
        for (int k = 0; k < reused; k++) {
            entries.add(previous.entries.get(k));
        }
        if (remember) {
            starts = new int[messages.size() + 1];
            if (from > 0) {
                System.arraycopy(previous.starts, 0, starts, 0, from + 1);
            }
        }
        if (from == 0) {
            // a thought per AiMessage, more only with redacted blocks
            this.thoughtIds = UniqueIds.expecting(assistantMessages);
        } else if (from == previous.messages.size() || from == previous.checkpointAt) {
            // the numbering the previous encoding reached after these very messages; it stays as it was
            checkpoint = from == previous.checkpointAt ? previous.checkpoint : previous.ids;
            checkpointAt = from;
            this.thoughtIds = checkpoint.copy();
        } else {
            this.thoughtIds = replay(previous.entries, reused, assistantMessages);
        }
    }

    /**
     * The thought-id numbering after the first {@code count} entries of an encoding: each thought with a
     * payload (a signed, redacted or reasoning thought) got its id from {@link UniqueIds#unique} of a digest
     * id, which holds no {@code #}, so the id up to its {@code #} is what was numbered.
     */
    private static UniqueIds replay(List<Entry> entries, int count, int expected) {
        UniqueIds ids = UniqueIds.expecting(expected);
        for (int k = 0; k < count; k++) {
            if (entries.get(k) instanceof Thought t && t.payload() != null) {
                String id = t.id();
                int hash = id.indexOf('#');
                ids.unique(hash < 0 ? id : id.substring(0, hash));
            }
        }
        return ids;
    }

    /**
     * Encodes messages into timeline entries.
     *
     * @return the builder holding the entries, in order
     */
    static Timeline.Builder entries(List<ChatMessage> messages, MetadataLayout layout, ResultWires resultWires) {
        MessageEncoder encoder = new MessageEncoder(messages, layout, resultWires, null, null, false);
        encoder.run();
        return encoder.entries;
    }

    /**
     * Encodes messages for a conversation whose previous encoding may be known: the entries of the
     * messages a {@link EncodingCache#reusable} prefix holds are taken from it, the rest are encoded. The
     * entries are the ones {@link #entries} makes.
     *
     * @param previous the snapshot of the conversation's previous encoding with the same settings, or
     *     {@code null}
     * @return the encoder that ran: its {@link #builder()} holds the entries, {@link #snapshot} remembers them
     */
    static MessageEncoder remembering(List<ChatMessage> messages, MetadataLayout layout, ResultWires resultWires,
            EncodingCache.Snapshot previous) {
        MessageEncoder encoder = new MessageEncoder(messages, layout, resultWires, null, previous, true);
        encoder.run();
        return encoder;
    }

    /** The entries this pass made (with the reused ones first). */
    Timeline.Builder builder() {
        return entries;
    }

    /** How many leading messages took their entries from the previous encoding. */
    int reusedMessages() {
        return from;
    }

    /**
     * What a later request of the conversation can reuse of this pass: call once, after the timeline is
     * built, with the list of its entries.
     *
     * @param kept the request's messages, in a list no one changes
     * @param built the entries of the timeline built from {@link #builder()}
     */
    EncodingCache.Snapshot snapshot(List<ChatMessage> kept, List<Entry> built) {
        return new EncodingCache.Snapshot(layout, resultWires, kept, built, starts, thoughtIds, checkpoint,
                checkpointAt);
    }

    /**
     * Encodes messages again, recording where each entry came from.
     *
     * @return what rendering looks entries up in
     */
    static Sources sources(List<ChatMessage> messages, MetadataLayout layout, ResultWires resultWires) {
        MessageEncoder encoder = new MessageEncoder(messages, layout, resultWires, new Sources(messages.size()), null,
                false);
        encoder.run();
        return encoder.sources;
    }

    /**
     * The entries an {@code AiMessage} makes, except redacted thinking (a thought is counted for a message
     * with thinking or attributes): its share of the capacity the entry list starts with. Orphan results
     * are not counted.
     */
    private static int entryCount(AiMessage a) {
        int calls = a.toolExecutionRequests().size();
        boolean thought = a.thinking() != null || !a.attributes().isEmpty();
        return (thought ? 1 : 0) + (a.text() != null || calls == 0 ? 1 : 0) + calls;
    }

    private void run() {
        String resultRun = null;
        for (int i = from; i < messages.size(); i++) {
            ChatMessage m = messages.get(i);
            if (starts != null) {
                starts[i] = entries.size();
            }
            if (sources != null) {
                sources.firstCall[i] = sources.calls.size();
            }
            if (m instanceof ToolExecutionResultMessage r) {
                resultRun = resultRun == null ? EncoderIds.message(i) : resultRun;
                if (taken == null || (taken[i >>> 6] & 1L << i) == 0) {
                    orphan(i, r, resultRun);
                }
                continue;
            }
            resultRun = null;
            String id = EncoderIds.message(i);
            if (m instanceof SystemMessage s) {
                add(i, new Message(id, Role.SYSTEM, s.text() == null ? "" : s.text(), null, null, null, id));
            } else if (m instanceof UserMessage u) {
                add(i, user(id, u));
            } else if (m instanceof AiMessage a) {
                ai(i, id, a);
            } else {
                ObjectNode marker = JsonNodeFactory.instance.objectNode().put("customMessage", true);
                add(i, new Message(id, Role.SYSTEM, "", marker, null, null, id));
            }
        }
        if (starts != null) {
            starts[messages.size()] = entries.size();
        }
        if (sources != null) {
            sources.firstCall[messages.size()] = sources.calls.size();
        }
    }

    /** Returns the text parts of a list of contents, joined by a line break. */
    static String textOf(List<Content> contents) {
        if (contents.size() == 1 && contents.get(0) instanceof TextContent only) {
            return only.text() == null ? "" : only.text(); // the usual user message: no copy of its text
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Content c : contents) {
            if (c instanceof TextContent t) {
                if (!first) {
                    sb.append('\n');
                }
                sb.append(t.text() == null ? "" : t.text());
                first = false;
            }
        }
        return sb.toString();
    }

    /** Returns the content of a result message as the timeline sees it. */
    static String textOf(ToolExecutionResultMessage result) {
        if (result.hasSingleText()) {
            return result.text() == null ? "" : result.text();
        }
        return textOf(result.contents());
    }

    /** Parses tool-call arguments; anything that is not a JSON object becomes an empty object. */
    static ObjectNode parseArguments(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        try {
            JsonNode node = ChatRequestCodec.JSON.readTree(arguments);
            return node instanceof ObjectNode o ? o : JsonNodeFactory.instance.objectNode();
        } catch (JsonProcessingException e) {
            return JsonNodeFactory.instance.objectNode();
        }
    }

    /** Adds an entry of message {@code index} that rendering finds by its id. */
    private void add(int index, Entry e) {
        if (sources != null) {
            sources.entry(e.id(), index);
        }
        entries.add(e);
    }

    private static Message user(String id, UserMessage u) {
        List<Content> contents = u.contents();
        if (contents.size() == 1 && contents.get(0) instanceof TextContent only) {
            // the usual user message: one text, no payload, and no second walk over its contents
            return new Message(id, Role.USER, only.text() == null ? "" : only.text(), null, null, null, id);
        }
        ArrayNode other = null;
        for (int i = 0; i < contents.size(); i++) { // by index: no iterator per user message
            Content c = contents.get(i);
            if (!(c instanceof TextContent)) {
                if (other == null) {
                    other = JsonNodeFactory.instance.arrayNode();
                }
                other.add(c.type() == null ? "unknown" : c.type().name().toLowerCase(Locale.ROOT));
            }
        }
        ObjectNode payload = null;
        if (other != null) {
            payload = JsonNodeFactory.instance.objectNode();
            payload.set("nonTextContents", other);
        }
        return new Message(id, Role.USER, textOf(contents), payload, null, null, id);
    }

    /** An {@code AiMessage} at {@code index}: its step (and wire message) is its id {@code messages[index]}. */
    private void ai(int index, String step, AiMessage a) {
        int before = entries.size();
        boolean thought = MetadataCodec.readThinking(layout, step, a, thoughtIds, entries);
        if (sources != null) {
            for (int t = before; t < entries.size(); t++) {
                sources.entry(entries.get(t).id(), index);
            }
        }
        if (a.text() != null || !(a.hasToolExecutionRequests() || thought)) {
            add(index, new Message(step, Role.ASSISTANT, a.text() == null ? "" : a.text(), null, null, step, step));
        }
        List<ToolExecutionRequest> requests = a.toolExecutionRequests();
        if (requests.isEmpty()) {
            return;
        }
        pair(index, requests);
        for (int k = 0; k < requests.size(); k++) {
            ToolExecutionRequest r = requests.get(k);
            boolean synthetic = r.id() == null || r.id().isBlank();
            String id = synthetic ? step + ".tool_calls[" + k + "]" : r.id();
            String tool = r.name() == null || r.name().isBlank() ? "unnamed" : r.name();
            ObjectNode payload = MetadataCodec.callPayload(layout, a, r, k);
            ToolResult result = null;
            int answer = answeredBy[k];
            ToolExecutionResultMessage resultMessage = null;
            if (answer >= 0) {
                resultMessage = (ToolExecutionResultMessage) messages.get(answer);
                result = new ToolResult(textOf(resultMessage), Boolean.TRUE.equals(resultMessage.isError()),
                        resultWire(answer, index + 1));
            }
            if (sources != null) {
                EncodedChatRequest.CallInfo info = new EncodedChatRequest.CallInfo(id, step, k, r, tool, synthetic);
                if (payload != null && MetadataCodec.callSignature(a, r) != null) {
                    info.signatureAttribute = ChatRequestCodec.CALL_THOUGHT_SIGNATURE_PREFIX + r.id();
                }
                if (result != null) {
                    info.answer(resultMessage, answer, result.content(), result.isError());
                }
                sources.calls.add(info);
            }
            // the arguments stay text until a rule reads them: most profiles never do
            entries.add(ToolCall.ofArgumentText(id, tool, r.arguments(), result, payload,
                    MetadataCodec.callTag(payload), step, step));
        }
    }

    /**
     * Finds the results of the calls of the {@code AiMessage} at {@code index} in the run of result
     * messages right after it (where the provider pairs them): each result, in order, answers the first
     * call not yet answered that it matches (by id; a call without an id takes a result without one whose
     * tool name, when given, is the call's). Fills {@link #answeredBy} and marks the results taken.
     */
    private void pair(int index, List<ToolExecutionRequest> requests) {
        int n = requests.size();
        if (answeredBy.length < n) {
            answeredBy = new int[Math.max(n, answeredBy.length * 2)];
        }
        for (int k = 0; k < n; k++) {
            answeredBy[k] = -1;
        }
        for (int j = index + 1; j < messages.size() && messages.get(j) instanceof ToolExecutionResultMessage r; j++) {
            for (int k = 0; k < n; k++) {
                if (answeredBy[k] >= 0) {
                    continue;
                }
                ToolExecutionRequest call = requests.get(k);
                boolean matches = call.id() == null || call.id().isBlank()
                        ? (r.id() == null || r.id().isBlank()) && (r.toolName() == null || r.toolName().equals(call.name()))
                        : call.id().equals(r.id());
                if (matches) {
                    answeredBy[k] = j;
                    if (taken == null) {
                        taken = new long[(messages.size() + 63) >>> 6];
                    }
                    taken[j >>> 6] |= 1L << j;
                    break;
                }
            }
        }
    }

    /**
     * The wire message of the result at {@code index}, as the provider's module sends it; the run of
     * results it belongs to starts at {@code runStart}.
     */
    private String resultWire(int index, int runStart) {
        return switch (resultWires) {
            case GROUPED -> EncoderIds.message(runStart);
            case SEPARATE -> EncoderIds.message(index);
            case UNKNOWN -> null;
        };
    }

    /**
     * A result that no call took: outside the run after its call, or answering no call at all (it does
     * not end the run: the provider still pairs the results after it with the open calls).
     */
    private void orphan(int index, ToolExecutionResultMessage r, String resultRun) {
        String content = textOf(r);
        boolean isError = Boolean.TRUE.equals(r.isError());
        String wire = switch (resultWires) {
            case GROUPED -> resultRun;
            case SEPARATE -> EncoderIds.message(index);
            case UNKNOWN -> null;
        };
        String id = r.id() == null || r.id().isBlank() ? EncoderIds.message(index) : r.id();
        String tool = r.toolName() == null ? "" : r.toolName();
        if (sources != null) {
            sources.orphans.add(new EncodedChatRequest.OrphanInfo(id, r, index, content, isError));
        }
        entries.add(new ToolCall(id, tool, null, new ToolResult(content, isError, wire), false, null, null, null, wire,
                false));
    }
}
