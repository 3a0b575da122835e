package io.orderingguard.testing.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.support.Require;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One request the {@link ProviderEmulator} received, with what it answered.
 *
 * @param wire the wire the path belongs to, or {@code null} for an unknown path
 * @param method the HTTP method
 * @param path the request path (without the query)
 * @param headers the request headers, names in lower case
 * @param body the request body as text
 * @param json the parsed body, or {@code null} when it is not JSON
 * @param status the HTTP status answered
 * @param responseBody the body answered
 * @param violatedRule the rule the request broke, or {@code null}
 */
public record RecordedRequest(
        Wire wire,
        String method,
        String path,
        Map<String, List<String>> headers,
        String body,
        JsonNode json,
        int status,
        String responseBody,
        EmulatorRule violatedRule) {

    /** Validates and copies the fields. */
    public RecordedRequest {
        Require.nonNull(method, "method");
        Require.nonNull(path, "path");
        Map<String, List<String>> copy = new TreeMap<>();
        Require.nonNull(headers, "headers").forEach((k, v) -> copy.put(k.toLowerCase(java.util.Locale.ROOT), List.copyOf(v)));
        headers = java.util.Collections.unmodifiableMap(copy);
        Require.nonNull(body, "body");
        json = json == null ? null : json.deepCopy();
        Require.nonNull(responseBody, "responseBody");
    }

    /**
     * Returns a copy of the parsed body.
     *
     * @return the JSON, or {@code null} when the body is not JSON
     */
    @Override
    public JsonNode json() {
        return json == null ? null : json.deepCopy();
    }

    /**
     * Returns the first value of a header.
     *
     * @param name the header name, in any case
     * @return the value, or {@code null}
     */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /**
     * Returns whether the emulator answered with an error status.
     *
     * @return {@code true} for a status of 400 or more
     */
    public boolean rejected() {
        return status >= 400;
    }

    /**
     * Returns the provider error text of a rejected request.
     *
     * @return the message, or {@code null} when the request was accepted
     */
    public String errorMessage() {
        if (!rejected()) {
            return null;
        }
        try {
            JsonNode answer = Bodies.MAPPER.readTree(responseBody);
            // OpenAI, Anthropic and Gemini nest the text under "error"; the AWS JSON protocol does not
            JsonNode message = answer.has("error") ? answer.path("error").path("message") : answer.path("message");
            return message.isTextual() ? message.textValue() : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
