package io.orderingguard.langchain4j;

import io.orderingguard.surface.ReplayTags;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import io.orderingguard.support.UniqueIds;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.timeline.ToolCall;
import java.util.List;
import java.util.Map;

/**
 * Reads a provider's opaque metadata off an {@link AiMessage} into entry payloads, and writes entry
 * payloads back into message attributes, in the places a {@link MetadataLayout} names: Anthropic's
 * thinking signature and redacted blobs, Gemini's message and per-call thought signatures, OpenAI
 * Responses' encrypted reasoning. The encoder and the renderer both go through this class, so the
 * two directions stay each other's inverse.
 */
final class MetadataCodec {


    private MetadataCodec() {
    }

    /**
     * Reads the thoughts of an assistant message in a layout and adds them to {@code into}: the thought of
     * its thinking (signed or not), then, in Anthropic's layout, one thought per redacted block. Each is
     * made once, in its final form: its wire message is its step, a signature payload is one
     * {@link Payloads#of} node.
     *
     * @param ids makes a content-derived id unique in the request
     * @return whether the message has the thought of a thinking (not counting redacted blocks)
     */
    static boolean readThinking(MetadataLayout layout, String step, AiMessage a, UniqueIds ids,
            Timeline.Builder into) {
        // one look at the attribute map: most messages carry none, or only their signature
        Map<String, Object> attributes = a.attributes();
        int attributeCount = attributes.size();
        Thought thought;
        Object blob = null;
        switch (layout) {
            case ANTHROPIC:
                blob = attributeCount == 0 ? null : attributes.get(ChatRequestCodec.THINKING_SIGNATURE);
                thought = signedThought(step, a, blob, "signature", "thinking-", ChatRequestCodec.ANTHROPIC_THINKING_TAG,
                        ids);
                break;
            case OPENAI_RESPONSES:
                blob = attributeCount == 0 ? null : attributes.get(ChatRequestCodec.ENCRYPTED_REASONING);
                thought = signedThought(step, a, blob, "encrypted_content", "reasoning-",
                        ChatRequestCodec.OPENAI_REASONING_TAG, ids);
                break;
            default:
                thought = a.thinking() == null ? null
                        : new Thought(step + ".thinking", a.thinking(), null, null, step, step);
                break;
        }
        if (thought != null) {
            into.add(thought);
        }
        // a map holding the signature holds redacted blocks only when it holds more than the signature
        if (layout == MetadataLayout.ANTHROPIC && attributeCount > (blob == null ? 0 : 1)
                && attributes.get(ChatRequestCodec.REDACTED_THINKING) instanceof List<?> blobs && allStrings(blobs)) {
            for (Object element : blobs) {
                String data = (String) element;
                String id = ids.unique(ChatRequestCodec.digestId("redacted-thinking-", data));
                into.add(new Thought(id, "", Payloads.of("data", data), ChatRequestCodec.ANTHROPIC_THINKING_TAG, step,
                        step));
            }
        }
        return thought != null;
    }

    /**
     * The thought of a message whose thinking may carry a vendor blob under {@code field}; its id is
     * {@code prefix} and the blob's digest when the blob is there, {@code null} when there is neither
     * thinking nor blob.
     */
    private static Thought signedThought(String step, AiMessage a, Object blob, String field, String prefix,
            String tag, UniqueIds ids) {
        if (a.thinking() == null && !(blob instanceof String)) {
            return null;
        }
        ObjectNode payload = null;
        String id;
        if (blob instanceof String s) {
            payload = Payloads.of(field, s);
            id = ids.unique(ChatRequestCodec.digestId(prefix, s));
        } else {
            id = step + ".thinking";
        }
        return new Thought(id, a.thinking() == null ? "" : a.thinking(), payload, payload == null ? null : tag, step,
                step);
    }

    private static boolean allStrings(List<?> values) {
        for (Object v : values) {
            if (!(v instanceof String)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Gemini: the payload {@code {"thoughtSignature": …}} of call {@code k} of a message, from the call's
     * own attribute ({@link #callSignature}) or, for the first call, the message's; {@code null} in other
     * layouts or when the call carries no signature on the wire.
     */
    static ObjectNode callPayload(MetadataLayout layout, AiMessage a, ToolExecutionRequest r, int k) {
        if (layout != MetadataLayout.GEMINI) {
            return null;
        }
        String signature = callSignature(a, r);
        if (signature == null && k == 0) {
            signature = messageSignature(a);
        }
        return signature == null ? null : Payloads.of("thoughtSignature", signature);
    }

    /** The replay tag of a call payload made by {@link #callPayload}, or {@code null} for no payload. */
    static String callTag(ObjectNode payload) {
        if (payload == null) {
            return null;
        }
        return ReplayTags.isGeminiSentinel(payload.get("thoughtSignature").textValue())
                ? ChatRequestCodec.GEMINI_SENTINEL_TAG : ChatRequestCodec.GEMINI_SIGNATURE_TAG;
    }

    /**
     * Gemini: the signature {@code langchain4j-google-ai-gemini} sends on the first function call of
     * a message ({@value ChatRequestCodec#THINKING_SIGNATURE}; an empty one is not sent), or {@code null}.
     */
    static String messageSignature(AiMessage a) {
        return a.attributes().get(ChatRequestCodec.THINKING_SIGNATURE) instanceof String s && !s.isEmpty()
                && a.hasToolExecutionRequests() ? s : null;
    }

    /** Gemini: the per-call signature {@code langchain4j-google-genai} keeps for a request, or {@code null}. */
    static String callSignature(AiMessage a, ToolExecutionRequest r) {
        if (r.id() == null) {
            return null;
        }
        return a.attributes().get(ChatRequestCodec.CALL_THOUGHT_SIGNATURE_PREFIX + r.id()) instanceof String s ? s : null;
    }

    /** Whether a thought is an Anthropic redacted block (a {@code data} blob and no signature). */
    static boolean redacted(Thought t) {
        JsonNode data = t.payloadAt("data");
        return data != null && data.isTextual() && !t.hasPayloadPath("signature");
    }

    /**
     * Removes from a copy of a message's attributes the ones the encoder turned into entry payloads:
     * the entries say what to write back.
     */
    static void removeEncoded(MetadataLayout layout, AiMessage base, Map<String, Object> attributes) {
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
                if (messageSignature(base) != null) {
                    attributes.remove(ChatRequestCodec.THINKING_SIGNATURE);
                }
                for (ToolExecutionRequest r : base.toolExecutionRequests()) {
                    if (callSignature(base, r) != null) {
                        attributes.remove(ChatRequestCodec.CALL_THOUGHT_SIGNATURE_PREFIX + r.id());
                    }
                }
                break;
            default:
                break;
        }
    }

    /**
     * Writes the payloads of a message's thoughts into its attributes: Anthropic's signature and
     * redacted blobs, or OpenAI Responses' encrypted reasoning.
     */
    static void writeThinking(MetadataLayout layout, Map<String, Object> attributes, Thought thinking,
            List<String> redactedData) {
        if (layout == MetadataLayout.ANTHROPIC) {
            putText(attributes, ChatRequestCodec.THINKING_SIGNATURE, thinking, "signature");
            if (!redactedData.isEmpty()) {
                attributes.put(ChatRequestCodec.REDACTED_THINKING, List.copyOf(redactedData));
            }
        } else if (layout == MetadataLayout.OPENAI_RESPONSES) {
            putText(attributes, ChatRequestCodec.ENCRYPTED_REASONING, thinking, "encrypted_content");
        }
    }

    /**
     * Gemini: writes a call's signature where the module sends it from — its own per-call key when it
     * came from one, else the message's {@value ChatRequestCodec#THINKING_SIGNATURE}, which the module
     * sends on the first call only (a signature on a later call has no place there and is not written).
     * Does nothing in other layouts.
     */
    static void writeCallSignature(MetadataLayout layout, ToolCall c, EncodedChatRequest.CallInfo info,
            ToolExecutionRequest r, boolean firstCall, Map<String, Object> into) {
        if (layout != MetadataLayout.GEMINI) {
            return;
        }
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

    private static void putText(Map<String, Object> attributes, String key, Thought thought, String path) {
        JsonNode value = thought == null ? null : thought.payloadAt(path);
        if (value != null && value.isTextual()) {
            attributes.put(key, value.textValue());
        }
    }
}
