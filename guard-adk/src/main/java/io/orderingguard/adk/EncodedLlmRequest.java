package io.orderingguard.adk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.genai.types.Content;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.wire.ParsedBody;
import java.util.ArrayList;
import java.util.List;

/**
 * An ADK request read by {@link LlmRequestCodec}: the dispatch the guard checks, the Gemini body it
 * was read from, and the way back to google-genai {@link Content}s.
 *
 * <p>Thread-safe: immutable (the body is copied on the way out).
 */
public final class EncodedLlmRequest {

    private final ParsedBody parsed;
    private final ObjectNode body;

    EncodedLlmRequest(ParsedBody parsed, ObjectNode body) {
        this.parsed = parsed;
        this.body = body;
    }

    /**
     * Returns the dispatch.
     *
     * @return the dispatch the guard checks
     */
    public Dispatch dispatch() {
        return parsed.dispatch();
    }

    /**
     * Returns where an entry sits in the Gemini body, for messages that point at it.
     *
     * @param entryId the entry id
     * @return e.g. {@code contents[3].parts[0]}, or {@code null} when no entry has this id
     */
    public String position(String entryId) {
        return parsed.position(entryId);
    }

    /**
     * Returns a copy of the Gemini {@code generateContent} body the dispatch was read from.
     *
     * @return the body
     */
    public ObjectNode body() {
        return body.deepCopy();
    }

    /**
     * Renders a repaired dispatch as the request's new contents.
     *
     * @param repaired the dispatch a repair returned
     * @return new contents: parts the repair kept are read back from their original JSON, so their
     *     signatures and every field the guard does not model are unchanged
     */
    public List<Content> contents(Dispatch repaired) {
        Require.nonNull(repaired, "repaired");
        ObjectNode rendered = LlmRequestCodec.gemini().render(repaired, body);
        List<Content> contents = new ArrayList<>();
        for (JsonNode content : rendered.path("contents")) {
            contents.add(LlmRequestCodec.content(content));
        }
        return List.copyOf(contents);
    }
}
