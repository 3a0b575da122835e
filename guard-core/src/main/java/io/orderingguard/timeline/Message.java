package io.orderingguard.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;

/**
 * A message of the conversation: user, assistant or system text.
 *
 * @param id non-blank id
 * @param role the role
 * @param content the text, possibly empty (rules decide whether empty is acceptable)
 * @param payload optional vendor payload (deep-copied)
 * @param replayCompatibility optional replay tag
 * @param step optional step id
 * @param wireMessage optional id of the wire message that carried this message (entries sharing it
 *     travelled in one provider message)
 */
public record Message(
        String id, Role role, String content, ObjectNode payload, String replayCompatibility, String step,
        String wireMessage)
        implements Entry {

    /** Validates and copies the fields. */
    public Message {
        Require.nonBlank(id, "id");
        Require.nonNull(role, "role");
        Require.nonNull(content, "content");
        Require.blankToError(replayCompatibility, "replayCompatibility");
        Require.blankToError(step, "step");
        Require.blankToError(wireMessage, "wireMessage");
        payload = Payloads.copyPayload(payload);
    }

    @Override
    public Kind kind() {
        return Kind.MESSAGE;
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
    public Message withId(String newId) {
        return new Message(newId, role, content, payload, replayCompatibility, step, wireMessage);
    }

    @Override
    public Message withStep(String newStep) {
        return new Message(id, role, content, payload, replayCompatibility, newStep, wireMessage);
    }

    @Override
    public Message withPayload(ObjectNode newPayload, String newReplayCompatibility) {
        return new Message(id, role, content, newPayload, newReplayCompatibility, step, wireMessage);
    }

    /**
     * Returns a copy with other content.
     *
     * @param newContent the text
     * @return the copy
     */
    public Message withContent(String newContent) {
        return new Message(id, role, newContent, payload, replayCompatibility, step, wireMessage);
    }

    @Override
    public Message withWireMessage(String newWireMessage) {
        return new Message(id, role, content, payload, replayCompatibility, step, newWireMessage);
    }
}
