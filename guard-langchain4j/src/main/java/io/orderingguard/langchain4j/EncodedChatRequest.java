package io.orderingguard.langchain4j;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.orderingguard.support.EncoderIds;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
    private final MessageEncoder.ResultWires resultWires;
    /** What rendering a changed dispatch looks entries up in; built on the first such render. */
    private volatile Index index;

    EncodedChatRequest(ChatRequest request, Dispatch dispatch, MetadataLayout layout,
            MessageEncoder.ResultWires resultWires) {
        this.request = request;
        this.dispatch = dispatch;
        this.layout = layout;
        this.resultWires = resultWires;
    }

    /**
     * The lookups of {@link #findCall}, {@link #orphans(String)}, {@link #messageIndex} and
     * {@link #stepIndex}. A guard passes most requests unchanged and those are sent without rendering,
     * so encoding records nothing for rendering: the lookups come from a second, recording pass over the
     * request's messages, made only for a dispatch that a repair changed (arguments are then parsed for
     * the calls' content keys).
     */
    private Index index() {
        Index built = index;
        if (built == null) {
            built = new Index(MessageEncoder.sources(request.messages(), layout, resultWires));
            index = built;
        }
        return built;
    }

    /**
     * The lookups rendering needs. The calls by step and position are built with the index: a call a
     * repair did not move is found there. The fallbacks (by id within a step, by id, by content) are built
     * when a call is first not found by position, so rendering a dispatch whose calls all stayed in place
     * neither counts ids nor parses any call's arguments. Thread-safe: what is built is immutable once
     * published (two threads may both build the fallbacks; either copy serves).
     */
    private static final class Index {
        private final MessageEncoder.Sources sources;
        private final List<CallInfo> calls;
        private final Map<String, List<OrphanInfo>> orphansById = new HashMap<>();
        private volatile Fallbacks fallbacks;

        Index(MessageEncoder.Sources sources) {
            this.sources = sources;
            calls = sources.calls;
            for (OrphanInfo o : sources.orphans) {
                orphansById.computeIfAbsent(o.entryId, k -> new ArrayList<>()).add(o);
            }
        }

        /** The call at a position among the calls of the message at {@code message}, or {@code null}. */
        CallInfo call(int message, int position) {
            int first = sources.firstCall[message];
            return position < sources.firstCall[message + 1] - first ? calls.get(first + position) : null;
        }

        Fallbacks fallbacks() {
            Fallbacks built = fallbacks;
            if (built == null) {
                built = new Fallbacks(calls);
                fallbacks = built;
            }
            return built;
        }
    }

    /** The lookups of a call that is not where it was: by id within its step, by id, by content. */
    private static final class Fallbacks {
        private final Map<String, CallInfo> callsByStepAndId = new HashMap<>();
        private final Map<String, CallInfo> callsById = new HashMap<>();
        private final Map<String, CallInfo> callsByContent = new HashMap<>();

        Fallbacks(List<CallInfo> calls) {
            Map<String, Integer> idCounts = new HashMap<>();
            Map<String, Integer> stepIdCounts = new HashMap<>();
            for (CallInfo c : calls) {
                callsByContent.putIfAbsent(contentKey(c.step(), c.tool(), c.args()), c);
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
        List<ChatMessage> out = new MessageRenderer(this, target.timeline().entries()).render();
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
    static String baseStep(String step) {
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
    CallInfo findCall(String step, ToolCall c, Integer position) {
        Index lookups = index();
        Integer message = position == null ? null : stepIndex(baseStep(step));
        if (message != null) {
            CallInfo byPosition = lookups.call(message, position);
            // the arguments compared as the text they came from: no parse for a call that kept them
            if (byPosition != null && byPosition.tool().equals(c.tool())
                    && c.argumentsMatch(byPosition.request().arguments())) {
                return byPosition;
            }
        }
        Fallbacks fallbacks = lookups.fallbacks();
        CallInfo info = fallbacks.callsByStepAndId.get(step + KEY_SEPARATOR + c.id());
        if (info == null) {
            info = fallbacks.callsByStepAndId.get(baseStep(step) + KEY_SEPARATOR + c.id());
        }
        if (info == null) {
            info = fallbacks.callsById.get(c.id());
        }
        if (info == null) {
            info = fallbacks.callsByContent.get(contentKey(step, c.tool(), c.args()));
        }
        return info;
    }

    /** The index of the message a message entry came from, or {@code null}. */
    Integer messageIndex(String entryId) {
        return index().sources.messageOf(entryId);
    }

    /**
     * The index of the {@code AiMessage} a step came from, or {@code null}: the encoder names each
     * {@code AiMessage}'s step after its position ({@link EncoderIds#message}).
     */
    Integer stepIndex(String step) {
        int index = EncoderIds.messageIndex(step);
        List<ChatMessage> messages = request.messages();
        return index >= 0 && index < messages.size() && messages.get(index) instanceof AiMessage
                && step.equals(EncoderIds.message(index)) ? index : null;
    }

    /** What the orphan results with an id came from, in request order. */
    List<OrphanInfo> orphans(String entryId) {
        return index().orphansById.getOrDefault(entryId, List.of());
    }

    /** What a tool call entry came from. Filled in during encoding (the result is found later). */
    static final class CallInfo {
        private final String entryId;
        private final String step;
        final ToolExecutionRequest request;
        private final String tool;
        /** The request's arguments as an object, parsed when rendering first compares them. */
        private volatile ObjectNode args;
        final boolean syntheticId;
        final int position;
        /** Gemini: the per-call attribute the signature came from, or {@code null} (none, or the message's). */
        String signatureAttribute;
        ToolExecutionResultMessage result;
        int resultIndex = Integer.MAX_VALUE;
        String resultContent;
        boolean resultIsError;

        CallInfo(String entryId, String step, int position, ToolExecutionRequest request, String tool,
                boolean syntheticId) {
            this.entryId = entryId;
            this.position = position;
            this.step = step;
            this.request = request;
            this.tool = tool;
            this.syntheticId = syntheticId;
        }

        /** The arguments of the request as the codec reads them (never changed by the caller). */
        ObjectNode args() {
            ObjectNode parsed = args;
            if (parsed == null) {
                parsed = MessageEncoder.parseArguments(request.arguments());
                args = parsed;
            }
            return parsed;
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