package io.orderingguard.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.json.tree.InputNode;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.UnknownShape;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * What a codec learned from one body: the entries in wire order, the original JSON of each entry and
 * of each result, the original message objects and the wire positions. Rendering re-reads the
 * original body into one of these and compares it with the repaired dispatch. Not thread-safe;
 * used by one call only.
 *
 * <p>A parse {@link #forCheck() for a check} keeps the entries only: the bookkeeping of rendering
 * (original JSON by entry, message objects, positions) is what a guard that lets a request pass never
 * reads, so the codecs skip it, and {@link #keeps()} tells them not to build the position strings they
 * would hand over. A parse {@link #forRender() for rendering} keeps everything; the positions of a
 * checked body are taken from one when first asked for ({@link Rendering#read}).
 */
final class WireParse {

    /** The entries in wire order. */
    final List<Entry> entries = new ArrayList<>();
    /** Entry key → original JSON (block, part, tool call object or string content). */
    final Map<String, JsonNode> blocks = new Lazy<>();
    /** Entry key → the entry as parsed. */
    final Map<String, Entry> originals = new HashMap<>();
    /** Result key → original result JSON. */
    final Map<String, JsonNode> resultBlocks = new Lazy<>();
    /** Result key → index of the result inside its wire message. */
    final Map<String, Integer> resultOrder = new HashMap<>();
    /** Wire message id → original message object. */
    final Map<String, ObjectNode> messages = new Lazy<>();
    /** Entry id → wire position. */
    final Map<String, String> positions = new LinkedHashMap<>();
    /** Call id → wire position of its result. */
    final Map<String, String> resultPositions = new LinkedHashMap<>();
    /** Wire message id → its blocks that are no entry (Bedrock {@code cachePoint}), by block index. */
    final Map<String, TreeMap<Integer, JsonNode>> passive = new Lazy<>();
    /** Wire message id → the rendering key of each of its blocks ({@code null} for a passive one), in wire order. */
    final Map<String, List<String>> blockKeys = new HashMap<>();
    /** The parts the surface's vocabulary does not describe, in body order. */
    final List<UnknownShape> unknown = new ArrayList<>();
    /** Requested calls still waiting for a result, by id (the latest call with an id wins). */
    final Map<String, Integer> openCalls = new HashMap<>();

    /**
     * Whether a result answers its call wherever it comes later in the body (OpenAI Responses accepts
     * other items between a call and its output). Otherwise a call takes results only until a message
     * with other content follows the call's message: Anthropic, Bedrock and Gemini want the results in
     * the next message, Chat Completions in the tool messages right after the call's message. A result
     * that comes later is an orphan where it stands, and its call unanswered, as the provider sees them.
     */
    boolean lateResults;
    /** Calls at entry indices below this take no more results (a message with other content came after them). */
    private int closedBefore;
    /** The wire message read last, where its first entry went, and whether it held more than results. */
    private String currentWire;
    private int currentStart;
    private boolean currentHasContent;

    /**
     * Indices of the provider-executed calls, in wire order: the only entries a provider result can
     * answer, so looking one up does not walk every entry (a body of tool results would be quadratic).
     */
    private final List<Integer> providerCalls = new ArrayList<>();

    Dispatch dispatch;

    /** The pass a one-pass read of the body made (its byte ranges), or {@code null}. */
    OneRead.Pass pass;

    /** The key of the wire message each rendered message came from, in order (a lazy parse's rebuild). */
    final List<String> renderedKeys = new ArrayList<>();

    /** Reads the original JSON of wire message {@code m<k>} into a parse of its own (a lazy parse), or {@code null}. */
    private IntFunction<WireParse> loader;
    /**
     * Entries of the repaired dispatch by key (a parse for splicing): an entry read equal to one of them
     * is kept as that instance, so rendering does not hold a second copy of every text of the body.
     */
    private Map<String, Entry> canonical;
    private final BitSet loaded = new BitSet();

    /** Set by a one-pass read that must read the body again (see {@code OpenAiResponsesCodec.readBytes}). */
    boolean readAgain;

    private final boolean keep;
    /** Whether the wire positions are kept (a parse for splicing renders, and never reports them). */
    private boolean positionsKept;
    /** Whether the original JSON of entries and messages is kept (a lazy parse's list keeps none). */
    private boolean json;
    private boolean lazy;

    private WireParse(boolean keep, boolean json) {
        this.keep = keep;
        this.json = json;
        this.positionsKept = keep;
    }

    private WireParse(boolean keep) {
        this(keep, true);
    }

    /**
     * A parse for rendering that keeps the original JSON of the fields around a body's list, and reads
     * that of a message of the list only when rendering first asks for it ({@link #loadWith}): the
     * messages a repair left alone are never read into a tree again. It keeps no positions: rendering
     * reads none.
     */
    static WireParse forSplice() {
        WireParse p = new WireParse(true, true);
        p.lazy = true;
        p.positionsKept = false;
        return p;
    }

    /** Sets whether the original JSON of what is read next is kept (a replay keeps only its last message's). */
    void keepJson(boolean value) {
        this.json = value;
    }

    /**
     * Whether this parse keeps the original JSON of what it reads: when not (the list of a parse for
     * splicing), a call's arguments may stay text as in a check.
     */
    boolean keepsJson() {
        return keep && json;
    }

    /** Whether this parse reads the JSON of its list's messages when first asked for. */
    boolean lazy() {
        return lazy;
    }

    /** Keeps an entry read equal to one of these (by key) as that instance. */
    void shareWith(List<Entry> entries) {
        canonical = new HashMap<>();
        for (Entry entry : entries) {
            canonical.putIfAbsent(key(entry), entry);
        }
    }

    /** Drops the entries {@link #shareWith} gave once the read is done: rendering no longer needs them by key. */
    void stopSharing() {
        canonical = null;
    }

    private Entry canonical(Entry entry) {
        if (canonical == null) {
            return entry;
        }
        Entry same = canonical.get(key(entry));
        return same != null && same.equals(entry) ? same : entry;
    }

    /** Sets how the original JSON of wire message {@code m<k>} is read, when first asked for. */
    void loadWith(IntFunction<WireParse> read) {
        this.loader = read;
    }

    /** A parse that keeps what rendering and positions need. */
    static WireParse forRender() {
        return new WireParse(true);
    }

    /** A parse that keeps the entries only. */
    static WireParse forCheck() {
        return new WireParse(false);
    }

    /**
     * Returns whether this parse keeps original JSON and positions; when not, codecs pass {@code null}
     * for both instead of building them.
     */
    boolean keeps() {
        return keep;
    }

    /** Remembers the original object of a wire message. */
    void message(String wire, ObjectNode original) {
        if (keep && json) {
            messages.put(wire, original);
        }
    }

    /** Remembers a block of a wire message that is no entry (Bedrock {@code cachePoint}). */
    void passive(String wire, int index, JsonNode original) {
        if (keep && json) {
            passive.computeIfAbsent(wire, k -> new TreeMap<>()).put(index, original);
        }
    }

    /** Remembers the rendering keys of a wire message's blocks. */
    void blockKeys(String wire, List<String> keys) {
        if (keep) {
            blockKeys.put(wire, keys);
        }
    }

    /** Records a part of the body the surface's vocabulary does not describe, carried through unchanged. */
    void unknown(String surface, InputNode node, String detail) {
        unknown.add(new UnknownShape(surface, node.path(), detail));
    }

    static String key(Entry entry) {
        return entry.kind().name() + '|' + entry.id() + '|' + entry.wireMessage();
    }

    static String resultKey(String callId, String resultWireMessage) {
        return callId + '|' + resultWireMessage;
    }

    /**
     * Notes that the body reached a part of wire message {@code wire}: when it is a new message, a
     * message before it that held more than results ends the time the calls before that message take
     * results. Codecs call it before pairing a result by other means than its id (Gemini's names).
     *
     * @param content whether the part is content other than a result
     */
    void at(String wire, boolean content) {
        if (!Objects.equals(wire, currentWire)) {
            if (currentHasContent && !lateResults) {
                closedBefore = Math.max(closedBefore, currentStart);
            }
            currentWire = wire;
            currentStart = entries.size();
            currentHasContent = false;
        }
        currentHasContent |= content;
    }

    /** Returns whether the requested call at an index still takes a result. */
    boolean takesResults(int index) {
        return index >= closedBefore;
    }

    void addEntry(Entry read, JsonNode original, String position) {
        at(read.wireMessage(), !(read instanceof ToolCall c && !c.requested()));
        Entry entry = canonical(read);
        entries.add(entry);
        if (keep) {
            String key = key(entry);
            if (json) {
                blocks.putIfAbsent(key, original);
            }
            originals.putIfAbsent(key, entry);
            if (positionsKept) {
                positions.putIfAbsent(entry.id(), position);
            }
        }
        if (entry instanceof ToolCall call && call.requested()) {
            if (call.providerExecuted()) {
                providerCalls.add(entries.size() - 1);
            } else {
                openCalls.put(call.id(), entries.size() - 1);
            }
        }
    }

    /**
     * Attaches a result to the open call with its id, or adds an orphan result entry.
     *
     * @return {@code true} when a call took the result
     */
    boolean addResult(ToolCall resultHolder, JsonNode original, int order, String position) {
        at(resultHolder.result().wireMessage(), false);
        keepResult(resultHolder.id(), resultHolder.result().wireMessage(), original, order, position);
        Integer open = openCalls.get(resultHolder.id());
        if (open != null && takesResults(open)) {
            openCalls.remove(resultHolder.id());
            answer(open, resultHolder.result());
            return true;
        }
        addEntry(resultHolder, original, position);
        return false;
    }

    /** Returns whether a requested, client-answered call with this id still waits for its result. */
    boolean answersOpenCall(String callId) {
        Integer open = openCalls.get(callId);
        return open != null && takesResults(open);
    }

    /** Attaches a result to a provider-executed call of the same message, by id. */
    boolean addProviderResult(String callId, ToolCall resultHolder, JsonNode original, int order, String position) {
        at(resultHolder.result().wireMessage(), false);
        for (int k = providerCalls.size() - 1; k >= 0; k--) {
            int i = providerCalls.get(k);
            if (entries.get(i) instanceof ToolCall call && call.providerExecuted() && call.id().equals(callId)
                    && call.result() == null) {
                keepResult(callId, resultHolder.result().wireMessage(), original, order, position);
                answer(i, resultHolder.result());
                return true;
            }
        }
        return false;
    }

    /** Adds an orphan result entry: a result no call of the body takes. */
    void addOrphan(ToolCall orphan, JsonNode original, int order, String position) {
        keepResult(orphan.id(), orphan.result().wireMessage(), original, order, position);
        addEntry(orphan, original, position);
    }

    /** Answers the call at an index (one a later call with the same id does not hide) with a result. */
    void answerAt(int index, ToolResult result, JsonNode original, int order, String position) {
        at(result.wireMessage(), false);
        ToolCall call = (ToolCall) entries.get(index);
        keepResult(call.id(), result.wireMessage(), original, order, position);
        answer(index, result);
    }

    private void answer(int index, ToolResult result) {
        ToolCall answered = (ToolCall) canonical(((ToolCall) entries.get(index)).withResult(result));
        entries.set(index, answered);
        if (keep) {
            originals.put(key(answered), answered);
        }
    }

    private void keepResult(String callId, String wire, JsonNode original, int order, String position) {
        if (keep) {
            String rkey = resultKey(callId, wire);
            if (json) {
                resultBlocks.putIfAbsent(rkey, original);
            }
            resultOrder.putIfAbsent(rkey, order);
            if (positionsKept) {
                resultPositions.putIfAbsent(callId, position);
            }
        }
    }

    /**
     * Appends what another parse read after this one's entries: the list of a body read in one pass
     * ({@link OneRead}), after the fields the codec reads before the list.
     */
    void append(WireParse later) {
        int shift = entries.size();
        entries.addAll(later.entries);
        later.blocks.forEach(blocks::putIfAbsent);
        later.originals.forEach(originals::putIfAbsent);
        later.resultBlocks.forEach(resultBlocks::putIfAbsent);
        later.resultOrder.forEach(resultOrder::putIfAbsent);
        later.messages.forEach(messages::putIfAbsent);
        later.positions.forEach(positions::putIfAbsent);
        later.resultPositions.forEach(resultPositions::putIfAbsent);
        later.passive.forEach(passive::putIfAbsent);
        later.blockKeys.forEach(blockKeys::putIfAbsent);
        unknown.addAll(later.unknown);
        later.openCalls.forEach((id, index) -> openCalls.put(id, index + shift));
        for (int index : later.providerCalls) {
            providerCalls.add(index + shift);
        }
    }

    /** A parse of the same kind (for a check or for rendering), for the list of a body read in one pass. */
    WireParse sibling() {
        WireParse sibling = new WireParse(keep, json && !lazy);
        sibling.positionsKept = positionsKept;
        sibling.canonical = canonical;
        return sibling;
    }

    /**
     * A map of original JSON by a key that ends with its wire message ({@code …|m3}, {@code m3}): a lazy
     * parse reads the message's JSON when a key of it is first missed.
     */
    private final class Lazy<V> extends HashMap<String, V> {
        private static final long serialVersionUID = 1L;

        @Override
        public V get(Object key) {
            V value = super.get(key);
            if (value == null && loader != null && load((String) key)) {
                value = super.get(key);
            }
            return value;
        }
    }

    /** Reads the JSON of the wire message a key ends with, once; whether it was read now. */
    private boolean load(String key) {
        int k = Assembler.index(key.substring(key.lastIndexOf('|') + 1));
        if (k < 0 || loaded.get(k)) {
            return false;
        }
        loaded.set(k);
        WireParse read = loader.apply(k);
        if (read == null) {
            return false;
        }
        read.blocks.forEach(blocks::putIfAbsent);
        read.resultBlocks.forEach(resultBlocks::putIfAbsent);
        read.messages.forEach(messages::putIfAbsent);
        read.passive.forEach(passive::putIfAbsent);
        return true;
    }

    ParsedBody toParsedBody() {
        return new ParsedBody(dispatch, positions, resultPositions, unknown);
    }
}
