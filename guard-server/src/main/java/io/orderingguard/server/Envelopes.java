package io.orderingguard.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;

/**
 * The providers' own error bodies, so that every SDK raises its usual error for an answer the proxy
 * gives itself: OpenAI's {@code {"error":{"message","type","param","code"}}}, Anthropic's
 * {@code {"type":"error","error":{"type","message"}}}, Google's {@code {"error":{"code","message","status"}}}
 * and Bedrock's {@code {"message"}} with the exception name in {@code x-amzn-ErrorType}.
 */
final class Envelopes {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Envelopes() {}

    /**
     * An error answer.
     *
     * @param status the HTTP status
     * @param body the JSON body
     * @param awsErrorType the {@code x-amzn-ErrorType} header for Bedrock, else {@code null}
     */
    public record Error(int status, byte[] body, String awsErrorType) {}

    /**
     * Builds the error a provider of this kind would answer.
     *
     * @param kind the provider kind, or {@code null} when the path matched none (OpenAI's shape is used)
     * @param status the HTTP status
     * @param code a machine-readable code ({@code ordering_guard_rejected}, {@code unknown_path}, …)
     * @param message the human message
     * @return the error
     */
    public static Error of(ProviderKind kind, int status, String code, String message) {
        ObjectNode root = JSON.createObjectNode();
        String aws = null;
        if (kind == ProviderKind.ANTHROPIC) {
            root.put("type", "error");
            ObjectNode error = root.putObject("error");
            error.put("type", switch (status) {
                case 400 -> "invalid_request_error";
                case 404 -> "not_found_error";
                case 413 -> "request_too_large";
                case 503 -> "overloaded_error";
                default -> "api_error";
            });
            error.put("message", message);
        } else if (kind == ProviderKind.GEMINI || kind == ProviderKind.VERTEX) {
            ObjectNode error = root.putObject("error");
            error.put("code", status);
            error.put("message", message);
            error.put("status", switch (status) {
                case 400, 413 -> "INVALID_ARGUMENT";
                case 404 -> "NOT_FOUND";
                case 503, 502 -> "UNAVAILABLE";
                case 504 -> "DEADLINE_EXCEEDED";
                default -> "INTERNAL";
            });
        } else if (kind == ProviderKind.BEDROCK) {
            root.put("message", message);
            aws = switch (status) {
                case 400, 413 -> "ValidationException";
                case 404 -> "ResourceNotFoundException";
                case 503 -> "ServiceUnavailableException";
                case 504 -> "ModelTimeoutException";
                default -> "InternalServerException";
            };
        } else {
            ObjectNode error = root.putObject("error");
            error.put("message", message);
            error.put("type", status >= 500 ? "server_error" : "invalid_request_error");
            error.putNull("param");
            error.put("code", code);
        }
        return new Error(status, root.toString().getBytes(StandardCharsets.UTF_8), aws);
    }
}
