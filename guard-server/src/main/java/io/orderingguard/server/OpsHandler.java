package io.orderingguard.server;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code GET /health} (the process is up: 200), {@code GET /ready} (200 when the proxy takes traffic:
 * started, not shutting down, and Redis answering when the stash is on Redis; else 503 with the reason)
 * and {@code GET /metrics} (Prometheus text format).
 */
final class OpsHandler extends Handler.Abstract {

    private final PrometheusMeterRegistry registry;
    private final Supplier<String> notReadyReason;

    /**
     * Creates the handler.
     *
     * @param registry the registry scraped by {@code /metrics}
     * @param notReadyReason returns why the proxy is not ready, or {@code null} when it is
     */
    public OpsHandler(PrometheusMeterRegistry registry, Supplier<String> notReadyReason) {
        super(InvocationType.BLOCKING);
        this.registry = registry;
        this.notReadyReason = notReadyReason;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getPath();
        if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
            write(response, callback, 405, "application/json", "{\"error\":\"use GET\"}");
            return true;
        }
        switch (path) {
            case "/health" -> write(response, callback, 200, "application/json", "{\"status\":\"UP\"}");
            case "/ready" -> {
                String reason = notReadyReason.get();
                if (reason == null) {
                    write(response, callback, 200, "application/json", "{\"status\":\"UP\"}");
                } else {
                    write(response, callback, 503, "application/json", "{\"status\":\"DOWN\",\"reason\":"
                            + com.fasterxml.jackson.databind.node.TextNode.valueOf(reason) + "}");
                }
            }
            default -> write(response, callback, 200, "text/plain; version=0.0.4; charset=utf-8", registry.scrape());
        }
        return true;
    }

    private static void write(Response response, Callback callback, int status, String type, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }
}
