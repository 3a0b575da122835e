package io.orderingguard.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.FutureCallback;

/**
 * An upstream with timing the provider emulator does not have: {@code POST /v1/chat/completions}
 * streams {@value #EVENTS} server-sent events {@value #GAP_MS} ms apart and notes when the proxy stops
 * reading; {@code POST /slow} answers after a second; any other request is echoed back as JSON (method,
 * path, query and headers) with a {@code Set-Cookie}, as the providers' edges set session cookies. On
 * 127.0.0.1 only.
 */
final class ScriptedUpstream implements AutoCloseable {

    static final int EVENTS = 20;
    static final long GAP_MS = 150;

    final Server server = new Server();
    final List<Map<String, String>> seenHeaders = new CopyOnWriteArrayList<>();
    final CountDownLatch streamCut = new CountDownLatch(1);
    final CountDownLatch streamStarted = new CountDownLatch(1);

    ScriptedUpstream() throws Exception {
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                Map<String, String> headers = new java.util.TreeMap<>();
                for (HttpField f : request.getHeaders()) {
                    headers.put(f.getLowerCaseName(), f.getValue());
                }
                seenHeaders.add(headers);
                String body = Content.Source.asString(request, StandardCharsets.UTF_8);
                String path = request.getHttpURI().getPath();
                if (path.equals("/v1/chat/completions")) {
                    stream(response, callback);
                } else if (path.endsWith("/slow")) {
                    Thread.sleep(1000);
                    write(response, callback, "{\"slow\":true}");
                } else {
                    com.fasterxml.jackson.databind.node.ObjectNode echo = ProxyEnforceTest.JSON.createObjectNode();
                    echo.put("method", request.getMethod()).put("path", path)
                            .put("query", request.getHttpURI().getQuery()).put("body", body);
                    headers.forEach(echo.putObject("headers")::put);
                    response.getHeaders().add(HttpHeader.SET_COOKIE, "__cf_bm=edge-session-" + seenHeaders.size()
                            + "; path=/; HttpOnly");
                    write(response, callback, echo.toString());
                }
                return true;
            }
        });
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    private void stream(Response response, Callback callback) throws InterruptedException {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream");
        streamStarted.countDown();
        for (int i = 0; i < EVENTS; i++) {
            FutureCallback written = new FutureCallback();
            response.write(false, ByteBuffer.wrap(("data: {\"n\":" + i + "}\n\n").getBytes(StandardCharsets.UTF_8)),
                    written);
            try {
                written.get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                streamCut.countDown();
                callback.failed(e);
                return;
            }
            Thread.sleep(GAP_MS);
        }
        response.write(true, ByteBuffer.wrap("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8)), callback);
    }

    private static void write(Response response, Callback callback, String json) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8)), callback);
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
