package io.orderingguard.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Sends requests through the JDK's HTTP client and records each exchange as a HAR 1.2 entry, as a
 * browser or proxy would export it.
 */
final class HarRecorder {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final HttpClient client = HttpClient.newHttpClient();
    private final ObjectNode har = JSON.createObjectNode();
    private final ArrayNode entries;

    HarRecorder() {
        ObjectNode log = har.putObject("log");
        log.put("version", "1.2");
        log.putObject("creator").put("name", "HarRecorder").put("version", "1");
        entries = log.putArray("entries");
    }

    /** POSTs a JSON body and records the exchange; returns the response. */
    HttpResponse<String> post(String url, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("content-type", "application/json")
                .header("x-api-key", "test")
                .header("anthropic-version", "2023-06-01")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        record("POST", url, body, response);
        return response;
    }

    /** GETs a URL and records the exchange. */
    HttpResponse<String> get(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        record("GET", url, null, response);
        return response;
    }

    private void record(String method, String url, String body, HttpResponse<String> response) {
        ObjectNode entry = entries.addObject();
        entry.put("startedDateTime", Instant.now().toString());
        entry.put("time", 1);
        ObjectNode req = entry.putObject("request");
        req.put("method", method);
        req.put("url", url);
        req.put("httpVersion", "HTTP/1.1");
        ArrayNode headers = req.putArray("headers");
        headers.addObject().put("name", "content-type").put("value", "application/json");
        req.putArray("queryString");
        req.putArray("cookies");
        req.put("headersSize", -1);
        if (body != null) {
            req.putObject("postData").put("mimeType", "application/json").put("text", body);
            req.put("bodySize", body.length());
        } else {
            req.put("bodySize", 0);
        }
        ObjectNode res = entry.putObject("response");
        res.put("status", response.statusCode());
        res.put("statusText", "");
        res.put("httpVersion", "HTTP/1.1");
        ArrayNode resHeaders = res.putArray("headers");
        response.headers().map().forEach((name, values) ->
                values.forEach(v -> resHeaders.addObject().put("name", name).put("value", v)));
        res.putArray("cookies");
        res.putObject("content").put("size", response.body().length())
                .put("mimeType", response.headers().firstValue("content-type").orElse("application/json"))
                .put("text", response.body());
        res.put("redirectURL", "");
        res.put("headersSize", -1);
        res.put("bodySize", response.body().length());
        entry.putObject("cache");
        entry.putObject("timings").put("send", 0).put("wait", 1).put("receive", 0);
    }

    /** Writes the HAR file. */
    Path write(Path file) throws IOException {
        JSON.writeValue(file.toFile(), har);
        return file;
    }
}
