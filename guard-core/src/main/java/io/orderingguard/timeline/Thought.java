package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;

/**
 * A reasoning block produced by the model. The content may be empty when the payload is opaque
 * (an encrypted or redacted blob).
 *
 * @param id non-blank id
 * @param content the readable reasoning, possibly empty
 * @param payload optional vendor payload such as {@code {"signature": "…"}} (deep-copied)
 * @param replayCompatibility optional replay tag, e.g. {@code anthropic-messages-thinking-v1}
 * @param step optional step id
 * @param wireMessage optional id of the wire message that carried this thought
 */
public record Thought(
        String id, String content, ObjectNode payload, String replayCompatibility, String step, String wireMessage)
        implements Entry {

    /** Validates and copies the fields. */
    public Thought {
        Require.nonBlank(id, "id");
        Require.nonNull(content, "content");
        Require.blankToError(replayCompatibility, "replayCompatibility");
        Require.blankToError(step, "step");
        Require.blankToError(wireMessage, "wireMessage");
        payload = Payloads.copyPayload(payload);
    }

    @Override
    public Kind kind() {
        return Kind.THOUGHT;
    }

    @Override
    public ObjectNode payload() {
        return payload == null ? null : payload.deepCopy();
    }

    @Override
    public boolean hasPayload() {
        return payload != null;
    }

    @Override
    public boolean hasPayloadPath(String dotPath) {
        return Payloads.read(payload, dotPath) != null;
    }

    @Override
    public JsonNode payloadAt(String dotPath) {
        JsonNode node = Payloads.read(payload, dotPath);
        return node == null ? null : node.deepCopy();
    }

    @Override
    public long payloadFingerprint(String dotPath) {
        return Payloads.payloadFingerprint(payload, dotPath);
    }

    @Override
    public Thought withId(String newId) {
        return new Thought(newId, content, payload, replayCompatibility, step, wireMessage);
    }

    @Override
    public Thought withStep(String newStep) {
        return new Thought(id, content, payload, replayCompatibility, newStep, wireMessage);
    }

    @Override
    public Thought withPayload(ObjectNode newPayload, String newReplayCompatibility) {
        return new Thought(id, content, newPayload, newReplayCompatibility, step, wireMessage);
    }

    @Override
    public Thought withWireMessage(String newWireMessage) {
        return new Thought(id, content, payload, replayCompatibility, step, newWireMessage);
    }
}
