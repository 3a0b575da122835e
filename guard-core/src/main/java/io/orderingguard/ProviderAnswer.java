package io.orderingguard;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * What the provider answered to a guarded request: the HTTP status and, for an error, the provider's
 * error message. Joined with the request's {@link GuardResult} by {@link OrderingGuard#answered} to
 * learn whether the guard was right.
 *
 * <p>Only 400 and 422 count as a rejection of the request's content; authentication, quota, rate
 * limits, unknown models and server errors say nothing about the conversation's shape.
 *
 * @param status the HTTP status; {@code 0} when no answer arrived (a network failure, a cancelled call)
 * @param errorText the provider's error message for a status of 400 or more (extracted from its error
 *     envelope when it has one), or {@code null}
 */
public record ProviderAnswer(int status, String errorText) {

    /** Longest error text kept: provider messages are short, a long body is an HTML error page. */
    static final int MAX_ERROR_TEXT = 2_000;

    private static final JsonFactory JSON = new JsonFactory();

    /** Validates the status and bounds the text. */
    public ProviderAnswer {
        if (status < 0 || status > 599) {
            throw new IllegalArgumentException("status must be 0 (no answer) or an HTTP status up to 599, was " + status);
        }
        if (errorText != null && errorText.length() > MAX_ERROR_TEXT) {
            errorText = errorText.substring(0, MAX_ERROR_TEXT);
        }
    }

    /**
     * An answer from its status and response body. For an error status the provider's message is taken
     * from its envelope — OpenAI, Anthropic and Gemini {@code {"error":{"message":…}}}, Bedrock
     * {@code {"message":…}} or {@code {"Message":…}} — or the body itself when it has none.
     *
     * @param status the HTTP status
     * @param body the response body, or {@code null} when it was not read (a success, a stream)
     * @return the answer
     */
    public static ProviderAnswer of(int status, String body) {
        if (status < 400 || body == null) {
            return new ProviderAnswer(status, null);
        }
        return new ProviderAnswer(status, errorMessage(body));
    }

    /**
     * An answer carrying only a status (a success, or an error whose body was not read).
     *
     * @param status the HTTP status
     * @return the answer
     */
    public static ProviderAnswer status(int status) {
        return new ProviderAnswer(status, null);
    }

    /**
     * No answer: the call failed before a status arrived.
     *
     * @return the answer with status {@code 0}
     */
    public static ProviderAnswer none() {
        return new ProviderAnswer(0, null);
    }

    /**
     * Returns whether the provider accepted the request (a 2xx status).
     *
     * @return {@code true} for 200 to 299
     */
    public boolean accepted() {
        return status >= 200 && status < 300;
    }

    /**
     * Returns whether the provider rejected the request's content (400 or 422).
     *
     * @return {@code true} for a request rejection
     */
    public boolean rejected() {
        return status == 400 || status == 422;
    }

    /**
     * Returns the status class, a low-cardinality tag: {@code 2xx}, {@code 4xx}, {@code 5xx}, or
     * {@code none} without an answer.
     *
     * @return the class
     */
    public String statusClass() {
        return status == 0 ? "none" : (status / 100) + "xx";
    }

    /**
     * The message of a provider error envelope, or the trimmed body when it is not one. Streams the
     * body: an error page can be large and only the message matters.
     */
    static String errorMessage(String body) {
        try (JsonParser p = JSON.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return body.strip();
            }
            String found = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (value == JsonToken.VALUE_STRING && ("message".equals(name) || "Message".equals(name))) {
                    found = found == null ? p.getText() : found;
                } else if (value == JsonToken.START_OBJECT && "error".equals(name)) {
                    String inner = innerMessage(p);
                    found = inner != null ? inner : found;
                } else if (value == JsonToken.VALUE_STRING && "error".equals(name) && found == null) {
                    found = p.getText();
                } else {
                    p.skipChildren();
                }
            }
            return found == null ? body.strip() : found;
        } catch (IOException | RuntimeException e) {
            return body.strip();
        }
    }

    private static String innerMessage(JsonParser p) throws IOException {
        String message = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            if (value == JsonToken.VALUE_STRING && "message".equals(name)) {
                message = p.getText();
            } else {
                p.skipChildren();
            }
        }
        return message;
    }
}
