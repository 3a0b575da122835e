package io.orderingguard.testing.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Raw HTTP calls to the emulator, as a client library would make them. */
final class Http {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {}

    static HttpResponse<String> post(ProviderEmulator emulator, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(emulator.baseUrl() + path))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (path.endsWith("/messages")) {
            request.header("x-api-key", "test-key").header("anthropic-version", "2023-06-01");
        } else {
            request.header("Authorization", "Bearer test-key");
        }
        return send(request.build());
    }

    static HttpResponse<String> send(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String openAiError(String message, String param, String code) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode error = root.putObject("error");
        error.put("message", message);
        error.put("type", "invalid_request_error");
        error.put("param", param);
        error.put("code", code);
        return root.toString();
    }

    static String anthropicError(String message, String requestId) {
        ObjectNode root = JSON.createObjectNode();
        root.put("type", "error");
        root.putObject("error").put("type", "invalid_request_error").put("message", message);
        root.put("request_id", requestId);
        return root.toString();
    }

    static String geminiError(String message) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("error").put("code", 400).put("message", message).put("status", "INVALID_ARGUMENT");
        return root.toString();
    }

    static String bedrockError(String message) {
        ObjectNode root = JSON.createObjectNode();
        root.put("message", message);
        return root.toString();
    }
}
