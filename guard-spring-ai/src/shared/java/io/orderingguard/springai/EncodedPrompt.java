package io.orderingguard.springai;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.EncoderIds;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * A Spring AI {@link Prompt} encoded as a {@link Dispatch}, with what is needed to render a dispatch
 * — the same one, or its repair — back into a prompt. Made by {@link PromptCodec#encode}.
 *
 * <p>Rendering starts from the original message objects and changes only what the dispatch changed:
 * an unchanged entry gives back the very message it came from, so the chat options, message metadata,
 * media, provider metadata (Anthropic thinking blocks, OpenAI {@code reasoningContent} and tool-call
 * extra properties) and anything else the timeline does not model survive. What rendering does with
 * each change a repair can make:
 * <ul>
 *   <li>a removed entry (an orphan result, an empty message, a foreign thought) is not sent: a
 *       dropped thinking block is left out of the message's thinking list, a dropped reasoning
 *       thought removes {@code reasoningContent};</li>
 *   <li>an inserted filler becomes a plain {@code UserMessage} or {@code AssistantMessage};</li>
 *   <li>a synthesised result becomes a {@code ToolResponse} sent after the responses the call
 *       already had;</li>
 *   <li>a renamed tool call renames its call and its response together;</li>
 *   <li>an edited user or system message keeps its metadata and media, with its text replaced;</li>
 *   <li>tool calls whose step was split are sent as one {@code AssistantMessage} per step, each
 *       followed by a {@code ToolResponseMessage} with its responses.</li>
 * </ul>
 * Spring AI's Anthropic module fixes the order of blocks inside one assistant message (text, then
 * thinking, then tool use); a repair that reorders entries inside one step is therefore sent in that
 * order.
 *
 * <p>Immutable and thread-safe (Spring AI's messages are not modified).
 */
public final class EncodedPrompt {

    private static final String SEPARATOR = "\u0000";

    private final Prompt prompt;
    private final Dispatch dispatch;
    private final PromptEncoder.ResultWires resultWires;
    /** The lookups rendering needs, built on the first rendering of a changed dispatch (most pass unchanged). */
    private volatile Lookup lookup;

    EncodedPrompt(Prompt prompt, Dispatch dispatch, PromptEncoder.ResultWires resultWires) {
        this.prompt = prompt;
        this.dispatch = dispatch;
        this.resultWires = resultWires;
    }

    private Lookup lookup() {
        Lookup l = lookup;
        if (l == null) {
            l = new Lookup(dispatch, PromptEncoder.sources(prompt.getInstructions(), resultWires));
            lookup = l;
        }
        return l;
    }

    /**
     * Where each entry of the encoded dispatch came from, by entry id, step and call position. Encoding
     * records none of it: a second, recording pass over the prompt's messages does, for the first
     * rendering of a changed dispatch.
     */
    private static final class Lookup {
        final Map<String, Integer> messageIds = new HashMap<>();
        final Map<String, Integer> stepIndex = new HashMap<>();
        final Map<String, ThinkingContents.Block> thinkingBlocks;
        final Map<String, CallSource> callsById = new HashMap<>();
        final Map<String, CallSource> callsByPosition = new HashMap<>();
        final Map<String, List<OrphanSource>> orphansById = new HashMap<>();

        Lookup(Dispatch dispatch, PromptEncoder.Sources sources) {
            for (io.orderingguard.timeline.Entry e : dispatch.timeline().entries()) {
                if (e instanceof io.orderingguard.timeline.Message m && m.wireMessage() != null
                        && index(m.wireMessage()) != null) {
                    messageIds.put(m.id(), index(m.wireMessage()));
                }
                if (e.step() != null && index(e.step()) != null) {
                    stepIndex.putIfAbsent(e.step(), index(e.step()));
                }
            }
            thinkingBlocks = sources.thinkingBlocks;
            for (CallSource c : sources.calls) {
                callsById.put(c.entryId, c);
                callsByPosition.put(c.step + SEPARATOR + c.position, c);
            }
            for (OrphanSource o : sources.orphans) {
                orphansById.computeIfAbsent(o.entryId, k -> new ArrayList<>(1)).add(o);
            }
        }

        /** The message index of {@code messages[i]}, or {@code null} for another name. */
        private static Integer index(String wire) {
            int index = EncoderIds.messageIndex(wire);
            return index < 0 ? null : index;
        }
    }

    /**
     * Returns the prompt that was encoded.
     *
     * @return the original prompt
     */
    public Prompt prompt() {
        return prompt;
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
     * Renders a dispatch — normally the one a guard returned for {@link #dispatch()} — as a prompt with
     * the original chat options. The original prompt and its messages are never modified.
     *
     * @param target the dispatch to send
     * @return the original prompt when {@code target} is this encoding's dispatch or renders to the
     *     same messages; else a new prompt
     * @throws IllegalArgumentException when the dispatch renders to no message at all (a prompt
     *     needs one)
     */
    public Prompt toPrompt(Dispatch target) {
        Require.nonNull(target, "dispatch");
        if (target == dispatch) {
            return prompt;
        }
        List<Message> out = new PromptRenderer(this, target.timeline().entries()).render();
        Require.argument(!out.isEmpty(), "the dispatch has no entry that renders as a Spring AI message, "
                + "and a Prompt needs at least one");
        List<Message> original = prompt.getInstructions();
        if (out.size() == original.size()) {
            boolean same = true;
            for (int i = 0; i < out.size() && same; i++) {
                same = out.get(i) == original.get(i);
            }
            if (same) {
                return prompt;
            }
        }
        return prompt.mutate().messages(out).build();
    }

    @Override
    public String toString() {
        return "EncodedPrompt{" + prompt.getInstructions().size() + " message(s) -> " + dispatch.timeline().size()
                + " entries, provider=" + dispatch.provider() + ", model=" + dispatch.model() + "}";
    }

    /** The step a split step came from: the repair names split steps {@code <step>#<k>}. */
    static String baseStep(String step) {
        if (step == null) {
            return "";
        }
        int hash = step.indexOf('#');
        return hash < 0 ? step : step.substring(0, hash);
    }

    List<Message> messages() {
        return prompt.getInstructions();
    }

    /** The index of the message a message entry came from, or {@code null}. */
    Integer messageIndex(String entryId) {
        return lookup().messageIds.get(entryId);
    }

    /** The index of the assistant message a step came from, or {@code null}. */
    Integer stepIndex(String step) {
        return lookup().stepIndex.get(step);
    }

    /** The thinking block a thought came from, or {@code null}. */
    ThinkingContents.Block thinkingBlock(String thoughtId) {
        return lookup().thinkingBlocks.get(thoughtId);
    }

    /**
     * Finds what a tool call entry came from: by its position among the calls of its original step
     * when tool and arguments still match (survives renames and splits), else by id.
     */
    CallSource findCall(String step, ToolCall c, Integer position) {
        if (position != null) {
            CallSource byPosition = lookup().callsByPosition.get(baseStep(step) + SEPARATOR + position);
            if (byPosition != null && byPosition.tool.equals(c.tool()) && byPosition.args().equals(c.args())) {
                return byPosition;
            }
        }
        return lookup().callsById.get(c.id());
    }

    /** What the orphan results with an id came from, in prompt order. */
    List<OrphanSource> orphans(String entryId) {
        return lookup().orphansById.getOrDefault(entryId, List.of());
    }

    /** What a tool call entry came from; the response is filled in when encoding finds it. */
    static final class CallSource {
        final String entryId;
        final String step;
        final int position;
        final AssistantMessage.ToolCall call;
        final String tool;
        /** The call's arguments as the codec reads them, parsed when rendering first compares them. */
        private volatile ObjectNode args;
        final boolean syntheticId;
        ToolResponseMessage.ToolResponse response;
        int responseMessage = Integer.MAX_VALUE;
        int responsePosition;
        String responseContent;

        CallSource(String entryId, String step, int position, AssistantMessage.ToolCall call, String tool,
                boolean syntheticId) {
            this.entryId = entryId;
            this.step = step;
            this.position = position;
            this.call = call;
            this.tool = tool;
            this.syntheticId = syntheticId;
        }

        /** The arguments of the call as an object (never changed by the caller). */
        ObjectNode args() {
            ObjectNode parsed = args;
            if (parsed == null) {
                parsed = PromptEncoder.parseArguments(call.arguments());
                args = parsed;
            }
            return parsed;
        }

        AssistantMessage.ToolCall call() {
            return call;
        }

        boolean syntheticId() {
            return syntheticId;
        }

        void answer(ToolResponseMessage.ToolResponse r, int message, int pos, String content) {
            this.response = r;
            this.responseMessage = message;
            this.responsePosition = pos;
            this.responseContent = content;
        }
    }

    /** What an orphan result entry came from. */
    static final class OrphanSource {
        final String entryId;
        final ToolResponseMessage.ToolResponse response;
        final int message;
        final int position;
        final String content;

        OrphanSource(String entryId, ToolResponseMessage.ToolResponse response, int message, int position,
                String content) {
            this.entryId = entryId;
            this.response = response;
            this.message = message;
            this.position = position;
            this.content = content;
        }
    }
}
