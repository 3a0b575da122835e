package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One element of a {@link Timeline}: a {@link Message}, a {@link Thought} or a {@link ToolCall}.
 *
 * <p>Every entry has a non-blank {@link #id()}, an optional vendor {@link #payload()} (a JSON object
 * such as an Anthropic {@code signature} or a Gemini {@code thoughtSignature}), an optional
 * {@link #replayCompatibility()} tag naming the wire that produced the payload, an optional
 * {@link #step()} shared by the entries one model response produced, and an optional
 * {@link #wireMessage()} shared by the entries one provider wire message carried.
 *
 * <p><b>Wire messages.</b> {@code step} says which entries one model response produced;
 * {@code wireMessage} says which entries travelled together in one message of the provider's wire
 * format, on either side: a Bedrock Converse or Anthropic user message that holds
 * {@code toolResult} blocks and user text names the same id on the text's {@link Message} and on
 * each answered call's {@link ToolResult#wireMessage()}. Rules that group by role follow these
 * boundaries where both sides name their wire message; where they are
 * unknown ({@code null}), a rule must not block on a distinction it cannot see.
 *
 * <p>Entries are immutable: payloads are deep-copied on the way in and on the way out.
 *
 * <pre>{@code
 * Timeline timeline = Timeline.of(
 *         Entry.user("m1", "Find X"),
 *         Entry.toolCall("call_1", "search", args).withResult("3 hits"),
 *         Entry.assistant("m2", "Done"));
 * }</pre>
 */
public sealed interface Entry permits Message, Thought, ToolCall {

    /**
     * Returns the entry id.
     *
     * @return the non-blank id
     */
    String id();

    /**
     * Returns the kind of this entry.
     *
     * @return the kind
     */
    Kind kind();

    /**
     * Returns a copy of the vendor payload.
     *
     * @return a deep copy of the payload object, or {@code null} when there is none
     */
    ObjectNode payload();

    /**
     * Returns whether a payload is present.
     *
     * @return {@code true} when the entry carries a payload object
     */
    boolean hasPayload();

    /**
     * Returns the replay tag naming the wire that produced the payload.
     *
     * @return the tag, or {@code null} when untagged
     */
    String replayCompatibility();

    /**
     * Returns the step: an identifier shared by the entries one model response produced.
     *
     * @return the step, or {@code null} when unknown
     */
    String step();

    /**
     * Returns the id of the wire message that carried this entry (for a tool call: the message that
     * carried the call; its result names its own in {@link ToolResult#wireMessage()}).
     *
     * @return the wire message id, or {@code null} when unknown
     */
    String wireMessage();

    /**
     * Returns whether the payload holds a value (possibly JSON {@code null}) at a dot path.
     *
     * @param dotPath a dot path such as {@code signature} or {@code a.b}
     * @return {@code true} when present
     */
    boolean hasPayloadPath(String dotPath);

    /**
     * Returns a copy of the payload value at a dot path.
     *
     * @param dotPath a dot path
     * @return a copy of the value, or {@code null} when absent
     */
    JsonNode payloadAt(String dotPath);

    /**
     * Returns the canonical fingerprint of the payload value at a dot path, or of the whole payload
     * when {@code dotPath} is {@code null}.
     *
     * @param dotPath a dot path, or {@code null} for the whole payload
     * @return the fingerprint; {@link Payloads#ABSENT} when absent
     */
    long payloadFingerprint(String dotPath);

    /**
     * Returns a copy of this entry with another id.
     *
     * @param newId the new id
     * @return the copy
     */
    Entry withId(String newId);

    /**
     * Returns a copy of this entry with another step.
     *
     * @param newStep the step, or {@code null}
     * @return the copy
     */
    Entry withStep(String newStep);

    /**
     * Returns a copy of this entry with another wire message.
     *
     * @param newWireMessage the wire message id, or {@code null} for unknown
     * @return the copy
     */
    Entry withWireMessage(String newWireMessage);

    /**
     * Returns a copy of this entry with another payload and replay tag.
     *
     * @param newPayload the payload, or {@code null}
     * @param newReplayCompatibility the tag, or {@code null}
     * @return the copy
     */
    Entry withPayload(ObjectNode newPayload, String newReplayCompatibility);

    /**
     * Creates a user message.
     *
     * @param id the id
     * @param content the text
     * @return the message
     */
    static Message user(String id, String content) {
        return new Message(id, Role.USER, content, null, null, null, null);
    }

    /**
     * Creates an assistant message.
     *
     * @param id the id
     * @param content the text
     * @return the message
     */
    static Message assistant(String id, String content) {
        return new Message(id, Role.ASSISTANT, content, null, null, null, null);
    }

    /**
     * Creates a system message.
     *
     * @param id the id
     * @param content the text
     * @return the message
     */
    static Message system(String id, String content) {
        return new Message(id, Role.SYSTEM, content, null, null, null, null);
    }

    /**
     * Creates a thought with readable content and no payload.
     *
     * @param id the id
     * @param content the reasoning text
     * @return the thought
     */
    static Thought thought(String id, String content) {
        return new Thought(id, content, null, null, null, null);
    }

    /**
     * Creates an unanswered tool call.
     *
     * @param id the call id
     * @param tool the tool name
     * @param args the arguments object, or {@code null} for none
     * @return the call
     */
    static ToolCall toolCall(String id, String tool, ObjectNode args) {
        return new ToolCall(id, tool, args, null, true, null, null, null, null, false);
    }

    /**
     * Creates a call the provider executes itself (Anthropic {@code server_tool_use}, OpenAI
     * Responses hosted tools), without a result; add one with {@link ToolCall#withResult(String)}
     * when the response carried it.
     *
     * @param id the call id
     * @param tool the tool name
     * @param args the arguments object, or {@code null} for none
     * @return the call
     */
    static ToolCall providerToolCall(String id, String tool, ObjectNode args) {
        return new ToolCall(id, tool, args, null, true, null, null, null, null, true);
    }

    /**
     * Creates an orphan tool result: the wire carried a result with no matching call.
     *
     * @param id the call id the result names
     * @param tool the tool name when known, else an empty string
     * @param content the result text
     * @return the orphan result
     */
    static ToolCall orphanResult(String id, String tool, String content) {
        return new ToolCall(id, tool, null, ToolResult.of(content), false, null, null, null, null, false);
    }
}
