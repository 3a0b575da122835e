package io.orderingguard.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link ChatRequest} encoded as a {@link Dispatch}, with what is needed to render a dispatch —
 * the same one, or its repair — back into a request. Made by {@link ChatRequestCodec#encode}.
 *
 * <p>Rendering starts from the original message objects and changes only what the dispatch changed:
 * an entry that is unchanged gives back the very message it came from, so the request parameters,
 * message names and attributes, images and other non-text contents, and anything else the timeline
 * does not model survive. What rendering does with each change a repair can make:
 * <ul>
 *   <li>a removed entry (an orphan result, an empty message, a foreign thought) is not sent;</li>
 *   <li>an inserted filler becomes a plain {@code UserMessage} or {@code AiMessage};</li>
 *   <li>a synthesised result becomes a {@code ToolExecutionResultMessage} with {@code isError} set,
 *       sent after the results the call's {@code AiMessage} already had;</li>
 *   <li>a renamed tool call renames its request and its result together;</li>
 *   <li>a merged user message keeps its name, attributes and non-text contents, with its text parts
 *       replaced by the merged text;</li>
 *   <li>tool calls whose step was split are sent as one {@code AiMessage} per step, each followed by
 *       its results.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe (the original messages are LangChain4j's immutable objects).
 */
public final class EncodedChatRequest {

    private static final String KEY_SEPARATOR = "\u0000";

    private final ChatRequest request;
    private final Dispatch dispatch;
    private final MetadataLayout layout;
    private final Map<String, Integer> messageIds;
    private final Map<String, Integer> stepIndex;
    private final Map<String, CallInfo> callsByPosition = new HashMap<>();
    private final Map<String, CallInfo> callsByStepAndId = new HashMap<>();
    private final Map<String, CallInfo> callsById = new HashMap<>();
    private final Map<String, CallInfo> callsByContent = new HashMap<>();
    private final Map<String, List<OrphanInfo>> orphansById = new HashMap<>();

    EncodedChatRequest(ChatRequest request, Dispatch dispatch, MetadataLayout layout, Map<String, Integer> messageIds,
            Map<String, Integer> stepIndex, List<CallInfo> calls, List<OrphanInfo> orphans) {
        this.request = request;
        this.dispatch = dispatch;
        this.layout = layout;
        this.messageIds = Map.copyOf(messageIds);
        this.stepIndex = Map.copyOf(stepIndex);
        Map<String, Integer> idCounts = new HashMap<>();
        Map<String, Integer> stepIdCounts = new HashMap<>();
        for (CallInfo c : calls) {
            callsByPosition.put(c.step() + KEY_SEPARATOR + c.position, c);
            callsByContent.putIfAbsent(contentKey(c.step(), c.tool(), c.args), c);
            idCounts.merge(c.entryId(), 1, Integer::sum);
            stepIdCounts.merge(c.step() + KEY_SEPARATOR + c.entryId(), 1, Integer::sum);
        }
        for (CallInfo c : calls) {
            if (idCounts.get(c.entryId()) == 1) {
                callsById.put(c.entryId(), c);
            }
            if (stepIdCounts.get(c.step() + KEY_SEPARATOR + c.entryId()) == 1) {
                callsByStepAndId.put(c.step() + KEY_SEPARATOR + c.entryId(), c);
            }
        }
        for (OrphanInfo o : orphans) {
            orphansById.computeIfAbsent(o.entryId, k -> new ArrayList<>()).add(o);
        }
    }

    /**
     * Returns the request that was encoded.
     *
     * @return the original request
     */
    public ChatRequest request() {
        return request;
    }

    /**
     * Returns where the request's messages keep provider metadata (what the codec read it from and
     * writes it back to).
     *
     * @return the layout
     */
    public MetadataLayout layout() {
        return layout;
    }

    /**
     * Returns the dispatch the guard checks.
     *
     * @return the dispatch
     */
    public Dispatch dispatch() {
        return dispatch;
    }

    /**
     * Returns the original request: what {@link #toChatRequest(Dispatch)} gives for the unchanged
     * dispatch.
     *
     * @return the original request
     */
    public ChatRequest toChatRequest() {
        return request;
    }

    /**
     * Renders a dispatch — normally the one a guard returned for {@link #dispatch()} — as a request.
     * The parameters (model, tools, temperature, …) are the original request's; only the messages
     * change. The original request and its messages are never modified.
     *
     * @param target the dispatch to send
     * @return the original request when {@code target} is this encoding's dispatch or renders to the
     *     same messages; else a new request
     * @throws IllegalArgumentException when the dispatch renders to no message at all (LangChain4j
     *     cannot send an empty request)
     */
    public ChatRequest toChatRequest(Dispatch target) {
        Require.nonNull(target, "dispatch");
        if (target == dispatch) {
            return request;
        }
        List<ChatMessage> out = new Renderer(target.timeline().entries()).render();
        Require.argument(!out.isEmpty(), "the dispatch has no entry that renders as a LangChain4j message, "
                + "and a ChatRequest needs at least one");
        List<ChatMessage> original = request.messages();
        if (out.size() == original.size()) {
            boolean same = true;
            for (int i = 0; i < out.size() && same; i++) {
                same = out.get(i) == original.get(i);
            }
            if (same) {
                return request;
            }
        }
        return request.toBuilder().messages(out).build();
    }

    @Override
    public String toString() {
        return "EncodedChatRequest{" + request.messages().size() + " message(s) -> " + dispatch.timeline().size()
                + " entries, provider=" + dispatch.provider() + ", model=" + dispatch.model() + "}";
    }

    private static String contentKey(String step, String tool, ObjectNode args) {
        return baseStep(step) + KEY_SEPARATOR + tool + KEY_SEPARATOR + args;
    }

    /** The step a split step came from: the repair names split steps {@code <step>#<k>}. */
    private static String baseStep(String step) {
        if (step == null) {
            return "";
        }
        int hash = step.indexOf('#');
        return hash < 0 ? step : step.substring(0, hash);
    }

    /**
     * Finds what a tool call entry came from: first by its position among the calls of its original
     * step (which survives renames and step splits) when tool and arguments still match, then by id.
     */
    private CallInfo findCall(String step, ToolCall c, Integer position) {
        if (position != null) {
            CallInfo byPosition = callsByPosition.get(baseStep(step) + KEY_SEPARATOR + position);
            if (byPosition != null && byPosition.tool().equals(c.tool()) && byPosition.args.equals(c.args())) {
                return byPosition;
            }
        }
        CallInfo info = callsByStepAndId.get(step + KEY_SEPARATOR + c.id());
        if (info == null) {
            info = callsByStepAndId.get(baseStep(step) + KEY_SEPARATOR + c.id());
        }
        if (info == null) {
            info = callsById.get(c.id());
        }
        if (info == null) {
            info = callsByContent.get(contentKey(step, c.tool(), c.args()));
        }
        return info;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static boolean assistantSide(Entry e) {
        if (e instanceof Message m) {
            return m.role() == Role.ASSISTANT;
        }
        return e instanceof Thought || e instanceof ToolCall c && c.requested();
    }

    private static boolean redacted(Thought t) {
        JsonNode data = t.payloadAt("data");
        return data != null && data.isTextual() && !t.hasPayloadPath("signature");
    }

    /** One rendering pass over a dispatch's entries. */
    private final class Renderer {
        private final List<Entry> entries;
        private final List<ChatMessage> out = new ArrayList<>();
        /** Each requested call's position among the calls of its original step, in timeline order. */
        private final Map<Entry, Integer> positions = new IdentityHashMap<>();

        Renderer(List<Entry> entries) {
            this.entries = entries;
            Map<String, Integer> counts = new HashMap<>();
            for (Entry e : entries) {
                if (e instanceof ToolCall c && c.requested()) {
                    positions.put(e, counts.merge(baseStep(c.step()), 1, Integer::sum) - 1);
                }
            }
        }

        private CallInfo find(String step, ToolCall c) {
            return findCall(step, c, positions.get(c));
        }

        List<ChatMessage> render() {
            int n = entries.size();
            int i = 0;
            while (i < n) {
                Entry e = entries.get(i);
                if (assistantSide(e)) {
                    String step = e.step();
                    int j = i;
                    while (j < n && assistantSide(entries.get(j)) && Objects.equals(entries.get(j).step(), step)) {
                        j++;
                    }
                    int k = j;
                    while (k < n && entries.get(k) instanceof ToolCall c && c.isOrphan()) {
                        k++;
                    }
                    group(step, entries.subList(i, j), entries.subList(j, k));
                    i = k;
                } else if (e instanceof ToolCall c) {
                    out.add(orphan(c).message);
                    i++;
                } else {
                    ChatMessage m = message((Message) e);
                    if (m != null) {
                        out.add(m);
                    }
                    i++;
                }
            }
            return out;
        }

        /** Renders one step (or a run of step-less assistant entries) and the results that follow it. */
        private void group(String step, List<Entry> members, List<Entry> followingOrphans) {
            List<List<Entry>> parts = new ArrayList<>();
            List<Entry> part = new ArrayList<>();
            boolean text = false;
            boolean thinking = false;
            for (Entry e : members) {
                boolean isText = e instanceof Message;
                boolean isThinking = e instanceof Thought t && !redacted(t);
                if (isText && text || isThinking && thinking) {
                    parts.add(part);
                    part = new ArrayList<>();
                    text = false;
                    thinking = false;
                }
                part.add(e);
                text |= isText;
                thinking |= isThinking;
            }
            parts.add(part);
            for (int p = 0; p < parts.size(); p++) {
                boolean last = p == parts.size() - 1;
                out.add(ai(step, parts.get(p), p == 0));
                List<Sent> results = new ArrayList<>();
                for (Entry e : parts.get(p)) {
                    if (e instanceof ToolCall c && c.result() != null) {
                        results.add(result(step, c));
                    }
                }
                if (last) {
                    for (Entry e : followingOrphans) {
                        results.add(orphan((ToolCall) e));
                    }
                }
                // stable: results keep the original wire order, new ones come after in call order
                results.sort(Comparator.comparingInt(s -> s.position));
                for (Sent s : results) {
                    out.add(s.message);
                }
            }
        }

        private AiMessage ai(String step, List<Entry> part, boolean first) {
            Integer index = step == null || !first ? null : stepIndex.get(step);
            AiMessage base = index != null && request.messages().get(index) instanceof AiMessage a ? a : null;
            Message textEntry = null;
            Thought thinkingEntry = null;
            List<String> redactedData = new ArrayList<>();
            List<ToolExecutionRequest> requests = new ArrayList<>();
            Map<String, Object> callAttributes = new LinkedHashMap<>();
            for (Entry e : part) {
                if (e instanceof Message m) {
                    textEntry = m;
                } else if (e instanceof Thought t) {
                    if (redacted(t)) {
                        redactedData.add(t.payloadAt("data").textValue());
                    } else {
                        thinkingEntry = t;
                    }
                } else {
                    ToolCall c = (ToolCall) e;
                    CallInfo info = find(step, c);
                    ToolExecutionRequest r = request(c, info);
                    if (layout == MetadataLayout.GEMINI) {
                        geminiSignature(c, info, r, requests.isEmpty(), callAttributes);
                    }
                    requests.add(r);
                }
            }
            String text = null;
            if (textEntry != null) {
                text = base != null && textEntry.content().equals(orEmpty(base.text())) ? base.text() : textEntry.content();
            }
            String thinking = null;
            if (thinkingEntry != null) {
                thinking = base != null && thinkingEntry.content().equals(orEmpty(base.thinking())) ? base.thinking()
                        : thinkingEntry.content();
            }
            Map<String, Object> attributes = new LinkedHashMap<>(base == null ? Map.of() : base.attributes());
            if (base != null) {
                removeEncoded(base, attributes);
            }
            if (layout == MetadataLayout.ANTHROPIC) {
                putText(attributes, ChatRequestCodec.THINKING_SIGNATURE, thinkingEntry, "signature");
                if (!redactedData.isEmpty()) {
                    attributes.put(ChatRequestCodec.REDACTED_THINKING, List.copyOf(redactedData));
                }
            } else if (layout == MetadataLayout.OPENAI_RESPONSES) {
                putText(attributes, ChatRequestCodec.ENCRYPTED_REASONING, thinkingEntry, "encrypted_content");
            }
            attributes.putAll(callAttributes);
            if (base != null && Objects.equals(text, base.text()) && Objects.equals(thinking, base.thinking())
                    && requests.equals(base.toolExecutionRequests()) && attributes.equals(base.attributes())) {
                return base;
            }
            AiMessage.Builder b = base == null ? AiMessage.builder() : base.toBuilder();
            return b.text(text).thinking(thinking).toolExecutionRequests(requests).attributes(attributes).build();
        }

        /** Removes the attributes the codec turned into entry payloads: the entries say what to write back. */
        private void removeEncoded(AiMessage base, Map<String, Object> attributes) {
            Map<String, Object> original = base.attributes();
            switch (layout) {
                case ANTHROPIC:
                    if (original.get(ChatRequestCodec.THINKING_SIGNATURE) instanceof String) {
                        attributes.remove(ChatRequestCodec.THINKING_SIGNATURE);
                    }
                    if (original.get(ChatRequestCodec.REDACTED_THINKING) instanceof List<?> l
                            && l.stream().allMatch(String.class::isInstance)) {
                        attributes.remove(ChatRequestCodec.REDACTED_THINKING);
                    }
                    break;
                case OPENAI_RESPONSES:
                    if (original.get(ChatRequestCodec.ENCRYPTED_REASONING) instanceof String) {
                        attributes.remove(ChatRequestCodec.ENCRYPTED_REASONING);
                    }
                    break;
                case GEMINI:
                    if (ChatRequestCodec.messageSignature(base) != null) {
                        attributes.remove(ChatRequestCodec.THINKING_SIGNATURE);
                    }
                    for (ToolExecutionRequest r : base.toolExecutionRequests()) {
                        if (ChatRequestCodec.callSignature(base, r) != null) {
                            attributes.remove(ChatRequestCodec.CALL_THOUGHT_SIGNATURE_PREFIX + r.id());
                        }
                    }
                    break;
                default:
                    break;
            }
        }

        /**
         * Gemini: writes a call's signature where the module sends it from — its own per-call key when it
         * came from one, else the message's {@value ChatRequestCodec#THINKING_SIGNATURE}, which the module
         * sends on the first call only (a signature on a later call has no place there and is not written).
         */
        private void geminiSignature(ToolCall c, CallInfo info, ToolExecutionRequest r, boolean firstCall,
                Map<String, Object> into) {
            JsonNode signature = c.payloadAt("thoughtSignature");
            if (signature == null || !signature.isTextual()) {
                return;
            }
            if (info != null && info.signatureAttribute != null && r.id() != null) {
                into.put(ChatRequestCodec.CALL_THOUGHT_SIGNATURE_PREFIX + r.id(), signature.textValue());
            } else if (firstCall) {
                into.put(ChatRequestCodec.THINKING_SIGNATURE, signature.textValue());
            }
        }

        private void putText(Map<String, Object> attributes, String key, Thought thought, String path) {
            JsonNode value = thought == null ? null : thought.payloadAt(path);
            if (value != null && value.isTextual()) {
                attributes.put(key, value.textValue());
            }
        }

        private ToolExecutionRequest request(ToolCall c, CallInfo info) {
            if (info == null) {
                return ToolExecutionRequest.builder().id(c.id()).name(c.tool()).arguments(c.args().toString()).build();
            }
            ToolExecutionRequest original = info.request;
            String id = c.id().equals(info.entryId) ? original.id() : c.id();
            String name = c.tool().equals(info.tool) ? original.name() : c.tool();
            ObjectNode args = c.args();
            String arguments = args.equals(info.args) ? original.arguments() : args.toString();
            if (Objects.equals(id, original.id()) && Objects.equals(name, original.name())
                    && Objects.equals(arguments, original.arguments())) {
                return original;
            }
            return original.toBuilder().id(id).name(name).arguments(arguments).build();
        }

        private Sent result(String step, ToolCall c) {
            ToolResult r = c.result();
            CallInfo info = find(step, c);
            if (info == null || info.result == null) {
                String id = info != null && info.syntheticId && c.id().equals(info.entryId) ? null : c.id();
                return new Sent(ToolExecutionResultMessage.builder().id(id).toolName(c.tool()).text(r.content())
                        .isError(r.isError() ? Boolean.TRUE : null).build(), Integer.MAX_VALUE);
            }
            ToolExecutionResultMessage original = info.result;
            String id = c.id().equals(info.entryId) ? original.id() : c.id();
            boolean sameResult = r.content().equals(info.resultContent) && r.isError() == info.resultIsError;
            if (sameResult && Objects.equals(id, original.id())) {
                return new Sent(original, info.resultIndex);
            }
            if (sameResult) {
                return new Sent(original.toBuilder().id(id).build(), info.resultIndex);
            }
            return new Sent(ToolExecutionResultMessage.builder().id(id).toolName(original.toolName()).text(r.content())
                    .isError(r.isError() ? Boolean.TRUE : original.isError()).attributes(original.attributes()).build(),
                    info.resultIndex);
        }

        private Sent orphan(ToolCall c) {
            ToolResult r = c.result();
            for (OrphanInfo o : orphansById.getOrDefault(c.id(), List.of())) {
                if (o.content.equals(r.content()) && o.isError == r.isError()
                        && c.tool().equals(orEmpty(o.message.toolName()))) {
                    return new Sent(o.message, o.index);
                }
            }
            return new Sent(ToolExecutionResultMessage.builder().id(c.id()).toolName(c.tool().isEmpty() ? null : c.tool())
                    .text(r.content()).isError(r.isError() ? Boolean.TRUE : null).build(), Integer.MAX_VALUE);
        }

        private ChatMessage message(Message m) {
            Integer index = messageIds.get(m.id());
            ChatMessage original = index == null ? null : request.messages().get(index);
            if (m.role() == Role.SYSTEM) {
                if (original instanceof SystemMessage s && m.content().equals(orEmpty(s.text()))) {
                    return s;
                }
                if (original != null && !(original instanceof SystemMessage) && !(original instanceof UserMessage)
                        && !(original instanceof AiMessage) && m.hasPayloadPath("customMessage")) {
                    return original;
                }
                // LangChain4j refuses a blank system message, and one carries nothing to send
                return m.content().isBlank() ? null : SystemMessage.from(m.content());
            }
            if (original instanceof UserMessage u) {
                if (m.content().equals(ChatRequestCodec.textOf(u.contents()))) {
                    return u;
                }
                return u.toBuilder().contents(withText(u.contents(), m.content())).build();
            }
            return UserMessage.from(m.content());
        }

        private List<Content> withText(List<Content> contents, String text) {
            List<Content> result = new ArrayList<>(contents.size());
            boolean placed = text.isEmpty();
            for (Content c : contents) {
                if (c instanceof TextContent) {
                    if (!placed) {
                        result.add(TextContent.from(text));
                        placed = true;
                    }
                } else {
                    result.add(c);
                }
            }
            if (!placed) {
                result.add(0, TextContent.from(text));
            }
            return result;
        }
    }

    /** A message to send, with its position in the original request ({@code MAX_VALUE} for a new one). */
    private static final class Sent {
        final ChatMessage message;
        final int position;

        Sent(ChatMessage message, int position) {
            this.message = message;
            this.position = position;
        }
    }

    /** What a tool call entry came from. Filled in during encoding (the result is found later). */
    static final class CallInfo {
        private final String entryId;
        private final String step;
        final ToolExecutionRequest request;
        private final String tool;
        final ObjectNode args;
        final boolean syntheticId;
        final int position;
        /** Gemini: the per-call attribute the signature came from, or {@code null} (none, or the message's). */
        String signatureAttribute;
        ToolExecutionResultMessage result;
        int resultIndex = Integer.MAX_VALUE;
        String resultContent;
        boolean resultIsError;

        CallInfo(String entryId, String step, int position, ToolExecutionRequest request, String tool, ObjectNode args,
                boolean syntheticId) {
            this.entryId = entryId;
            this.position = position;
            this.step = step;
            this.request = request;
            this.tool = tool;
            this.args = args;
            this.syntheticId = syntheticId;
        }

        String entryId() {
            return entryId;
        }

        String step() {
            return step;
        }

        String tool() {
            return tool;
        }

        ToolExecutionRequest request() {
            return request;
        }

        boolean syntheticId() {
            return syntheticId;
        }

        void answer(ToolExecutionResultMessage message, int index, String content, boolean isError) {
            this.result = message;
            this.resultIndex = index;
            this.resultContent = content;
            this.resultIsError = isError;
        }
    }

    /** What an orphan result entry came from. */
    static final class OrphanInfo {
        final String entryId;
        final ToolExecutionResultMessage message;
        final int index;
        final String content;
        final boolean isError;

        OrphanInfo(String entryId, ToolExecutionResultMessage message, int index, String content, boolean isError) {
            this.entryId = entryId;
            this.message = message;
            this.index = index;
            this.content = content;
            this.isError = isError;
        }
    }
}
