package io.orderingguard.server;

import io.orderingguard.GuardConfigException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.Repair;
import io.orderingguard.timeline.Timeline;
import io.orderingguard.wire.ParsedBody;
import io.orderingguard.wire.WireFormat;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The proxy: routes a request to its upstream by path, reads the body (once, up to the limit), guards
 * it with {@link WireGuard}, then answers in the provider's envelope (rejected), or forwards the
 * original or repaired body and streams the upstream's answer back chunk by chunk as it arrives.
 *
 * <p>Nothing blocks a thread while a client or an upstream is slow: the body is read and the answer
 * copied with Jetty's demand-driven content sources. A failure to write to the client (it went away)
 * aborts the upstream call; so does a failure of the client's request before the answer started.
 *
 * <p>The upstream's answer to every guarded request that went out is reported to the guard
 * ({@link WireGuard#answered}) when its head arrives: the status, and for a 400 or 422 the provider's
 * message, read from the error body (up to {@value #MAX_ERROR_BODY} bytes) as it is copied to the
 * client. A successful body, a stream above all, is copied untouched and never held. An upstream that
 * fails before its head is no answer (unjudged).
 */
final class ProxyHandler extends Handler.Abstract {

    /** The response header naming what the guard did: passed, repaired, rejected, shadow-…, unguarded. */
    public static final String VERDICT_HEADER = "x-ordering-guard";

    /** The most of an upstream's error body kept for its message. */
    static final int MAX_ERROR_BODY = 64 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(ProxyHandler.class);
    private static final String CONVERSATION = WireGuard.CONVERSATION_HEADER.toLowerCase(Locale.ROOT);

    /** Hop-by-hop headers (RFC 9110 §7.6.1) and what the proxy sets itself; never forwarded. */
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-connection",
            "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "host",
            "content-length", "expect", "http2-settings", CONVERSATION);

    private final Map<ProviderKind, Upstream> upstreams;
    private final BedrockSigner bedrockSigner;
    private final OrderingGuard guard;
    private final boolean keepRequests;
    private final WireGuard wire;
    private final boolean shadow;
    private final HttpClient client;
    private final int maxBody;
    private final long upstreamIdleMillis;
    private final ProxyMetrics metrics;
    private final AccessLog accessLog;
    private final Handler ops;

    /**
     * Creates the handler.
     *
     * @param upstreams the configured upstreams
     * @param bedrockSigner signs the requests to Bedrock with the proxy's credentials, or {@code null} to
     *     pass the client's signature through
     * @param guard the guard (its mode decides enforce or mutate; shadow when {@code shadow})
     * @param shadow whether the proxy forwards every request unchanged and only records verdicts
     * @param client the started HTTP client for upstream calls
     * @param maxBody the largest request body accepted
     * @param upstreamIdleMillis how long an upstream may stay silent
     * @param metrics the meters
     * @param accessLog the access log
     * @param ops the handler of {@code /health}, {@code /ready} and {@code /metrics}
     * @param keepRequests whether a listener of the guard reads the request when its answer arrives (the
     *     exchange log): otherwise only the check's findings wait for the answer, not the conversation
     */
    ProxyHandler(Map<ProviderKind, Upstream> upstreams, BedrockSigner bedrockSigner, OrderingGuard guard, boolean shadow,
            HttpClient client,
            int maxBody, long upstreamIdleMillis, ProxyMetrics metrics, AccessLog accessLog, Handler ops,
            boolean keepRequests) {
        super(InvocationType.NON_BLOCKING);
        this.upstreams = new EnumMap<>(upstreams);
        this.bedrockSigner = bedrockSigner;
        this.guard = guard;
        this.keepRequests = keepRequests;
        this.wire = WireGuard.of(guard);
        this.shadow = shadow;
        this.client = client;
        this.maxBody = maxBody;
        this.upstreamIdleMillis = upstreamIdleMillis;
        this.metrics = metrics;
        this.accessLog = accessLog;
        this.ops = ops;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String path = request.getHttpURI().getPath();
        if (path == null || path.isEmpty()) {
            path = "/";
        }
        if (path.equals("/health") || path.equals("/ready") || path.equals("/metrics")) {
            return ops.handle(request, response, callback);
        }
        Exchange exchange = new Exchange(request, response, callback, path);
        metrics.started();
        Optional<ProviderKind> kind = ProviderKind.route(path, request.getHeaders().contains("anthropic-version"));
        Upstream upstream = kind.map(upstreams::get).orElse(null);
        if (upstream == null) {
            exchange.kind = kind.orElse(null);
            exchange.fail(404, "unknown_path", notFound(request.getMethod(), path, kind.orElse(null)), "not-found");
            return true;
        }
        exchange.kind = upstream.kind();
        exchange.upstream = upstream;
        long declared = request.getLength();
        BodyReader.read(request, maxBody, declared > maxBody ? -1 : declared, exchange::guard,
                seen -> exchange.tooLarge(), exchange::readFailed);
        return true;
    }

    private String notFound(String method, String path, ProviderKind kind) {
        StringBuilder s = new StringBuilder("The ordering guard proxy serves no upstream for ").append(method).append(' ')
                .append(path).append('.');
        if (kind != null) {
            s.append(" The path belongs to ").append(kind.configName()).append(", which is not configured (add --upstream ")
                    .append(kind.configName()).append("=URL).");
        }
        s.append(" Served paths:");
        for (Upstream u : upstreams.values()) {
            s.append(' ').append(u.kind().configName()).append(": ").append(String.join(", ", u.kind().paths())).append(';');
        }
        s.append(" and GET /health, /ready, /metrics.");
        return s.toString();
    }

    /** Whether the guard reads bodies on this path for this upstream (a chat surface of that provider). */
    private static boolean guarded(ProviderKind kind, String method, String path) {
        if (!"POST".equals(method)) {
            return false;
        }
        Optional<WireFormat> format = WireFormat.forPath(path);
        if (format.isEmpty()) {
            return false;
        }
        return switch (kind) {
            case OPENAI, AZURE_OPENAI -> format.get() == WireFormat.OPENAI_CHAT || format.get() == WireFormat.OPENAI_RESPONSES;
            case ANTHROPIC -> format.get() == WireFormat.ANTHROPIC_MESSAGES;
            case GEMINI, VERTEX -> format.get() == WireFormat.GEMINI;
            case BEDROCK -> format.get() == WireFormat.BEDROCK_CONVERSE;
        };
    }

    /** One request and its answer. */
    private final class Exchange {
        private final Request request;
        private final Response response;
        private final Callback callback;
        private final String path;
        private final long start = System.nanoTime();
        private final AtomicBoolean completed = new AtomicBoolean();
        private final String conversation;
        private ProviderKind kind;
        private Upstream upstream;
        private String verdict = "unguarded";
        private String rules = "";
        private long bytesIn;
        private volatile org.eclipse.jetty.client.Request outbound;
        /** The check of the body forwarded, to report the answer to; {@code null} when unguarded. */
        private GuardResult sent;
        private final AtomicBoolean answered = new AtomicBoolean();

        Exchange(Request request, Response response, Callback callback, String path) {
            this.request = request;
            this.response = response;
            this.callback = callback;
            this.path = path;
            String c = request.getHeaders().get(CONVERSATION);
            this.conversation = c == null || c.isBlank() ? null : c.trim();
        }

        void tooLarge() {
            HttpFields.Mutable headers = response.getHeaders();
            headers.put(HttpHeader.CONNECTION, "close");
            fail(413, "request_too_large", "The request body is larger than the ordering guard proxy's limit of " + maxBody
                    + " bytes (ordering-guard.server.max-body-size).", "too-large");
        }

        void readFailed(Throwable failure) {
            verdict = "client-failed";
            finish(failure, 400);
        }

        void guard(byte[] body) {
            bytesIn = body.length;
            // the body is in: from now on the upstream's idle timeout decides, not the client connection's
            // (a model may think for minutes before its first byte)
            request.addIdleTimeoutListener(timeout -> false);
            String method = request.getMethod();
            if (!guarded(kind, method, path)) {
                forward(body, "unguarded");
                return;
            }
            long t0 = System.nanoTime();
            WireVerdict v;
            try {
                v = wire.inspect(body, path, conversation);
            } catch (GuardConfigException e) {
                // no profile for this model: the provider, not the guard, answers it
                LOG.debug("not guarded: {}", e.getMessage());
                metrics.guarded(kind.configName(), System.nanoTime() - t0, body.length);
                forward(body, "unguarded");
                return;
            } catch (RuntimeException e) {
                LOG.warn("the guard failed on a {} request to {}; forwarding it unguarded", kind.configName(), path, e);
                forward(body, "unguarded");
                return;
            }
            metrics.guarded(kind.configName(), System.nanoTime() - t0, body.length);
            if (v instanceof WireVerdict.Rejected rejected) {
                reject(rejected.parsed(), rejected.result());
            } else if (v instanceof WireVerdict.Repaired repaired) {
                record("repaired", repaired.result());
                if (kind == ProviderKind.BEDROCK && bedrockSigner == null && signed()) {
                    fail(400, "ordering_guard_signed_body", "Ordering Guard repaired this request ("
                            + repairs(repaired.result()) + "), but the body is signed with AWS SigV4 by the client and the "
                            + "proxy holds no AWS credentials to sign it again, so it cannot be sent changed. Give the "
                            + "proxy AWS credentials to sign with (aws-credentials), run it in enforce mode for Bedrock, "
                            + "or fix the history in the client. Nothing was sent to Bedrock.", "repair-unsigned");
                    return;
                }
                sent = pending(repaired.result());
                forward(repaired.body(), "repaired");
            } else if (v instanceof WireVerdict.Passed passed) {
                GuardResult r = passed.result();
                sent = pending(r);
                if (shadow && r.outcome() != io.orderingguard.Outcome.PASSED) {
                    String would = "shadow-" + r.outcome().wireName();
                    record(would, r);
                    forward(body, would);
                } else {
                    forward(body, "passed");
                }
            } else {
                forward(body, "unguarded");
            }
        }

        /**
         * What waits for the upstream's answer: the check without the conversation, unless a listener reads
         * it, so that an in-flight request holds its body and not a second copy of its texts.
         */
        private GuardResult pending(GuardResult result) {
            return keepRequests ? result : result.withDispatch(result.dispatch().withTimeline(Timeline.empty()));
        }

        /** Reports the upstream's answer to a guarded request, once. */
        void answered(ProviderAnswer answer) {
            if (sent != null && answered.compareAndSet(false, true)) {
                try {
                    guard.answered(sent, answer);
                } catch (RuntimeException e) {
                    LOG.warn("reporting the {} answer to the guard failed; ignored", kind.configName(), e);
                }
            }
        }

        private boolean signed() {
            String auth = request.getHeaders().get(HttpHeader.AUTHORIZATION);
            return auth != null && auth.startsWith("AWS4-") || request.getHeaders().contains("x-amz-content-sha256")
                    || request.getHeaders().contains("x-amz-date");
        }

        private void record(String what, GuardResult result) {
            Set<String> ids = new LinkedHashSet<>();
            for (Finding f : result.blocking()) {
                ids.add(f.ruleId());
            }
            for (String id : ids) {
                metrics.verdict(kind.configName(), what, id);
            }
            rules = String.join(",", ids);
        }

        private void reject(ParsedBody parsed, GuardResult result) {
            record("rejected", result);
            boolean stashOnly = !result.blocking().isEmpty() && result.blocking().stream()
                    .allMatch(f -> OrderingGuard.STASH_UNAVAILABLE.equals(f.ruleId()));
            if (stashOnly) {
                fail(503, "ordering_guard_stash_unavailable", "Ordering Guard could not check this request: "
                        + result.blocking().get(0).detail() + ". Retry later; nothing was sent to the provider.",
                        "rejected");
                return;
            }
            fail(400, "ordering_guard_rejected", rejection(parsed, result), "rejected");
        }

        private String rejection(ParsedBody parsed, GuardResult result) {
            StringBuilder s = new StringBuilder("Ordering Guard rejected this request before it reached the provider (profile ")
                    .append(result.profile()).append("): ");
            List<Finding> findings = result.blocking();
            for (int i = 0; i < findings.size(); i++) {
                Finding f = findings.get(i);
                s.append(i == 0 ? "" : "; ").append(f.ruleId());
                List<String> at = new ArrayList<>();
                for (String id : f.primitiveIds()) {
                    String pos = parsed.position(f, id);
                    at.add(pos == null ? id : pos + " (" + id + ")");
                }
                if (!at.isEmpty()) {
                    s.append(" at ").append(String.join(", ", at));
                }
                if (f.detail() != null && !f.detail().isBlank()) {
                    s.append(": ").append(f.detail());
                }
                if (f.providerError() != null && !f.providerError().isBlank()) {
                    s.append(" (the provider would answer: ").append(f.providerError()).append(')');
                }
            }
            return s.append(". Nothing was sent to the provider.").toString();
        }

        private String repairs(GuardResult result) {
            Set<String> ids = new LinkedHashSet<>();
            for (Repair r : result.repairs()) {
                ids.add(r.ruleId());
            }
            return "rules " + String.join(", ", ids);
        }

        void fail(int status, String code, String message, String why) {
            verdict = why;
            Envelopes.Error error = Envelopes.of(kind, status, code, message);
            response.setStatus(status);
            HttpFields.Mutable headers = response.getHeaders();
            headers.put(HttpHeader.CONTENT_TYPE, "application/json");
            headers.put(HttpHeader.CONTENT_LENGTH, error.body().length);
            headers.put(VERDICT_HEADER, why);
            if (status < 500) {
                headers.put("x-should-retry", "false");
            }
            if (error.awsErrorType() != null) {
                headers.put("x-amzn-ErrorType", error.awsErrorType());
            }
            response.write(true, ByteBuffer.wrap(error.body()), Callback.from(() -> finish(null, status),
                    x -> finish(x, status)));
        }

        private void forward(byte[] body, String why) {
            verdict = why;
            String target = upstream.target(path, request.getHttpURI().getQuery());
            org.eclipse.jetty.client.Request out = client.newRequest(target)
                    .method(request.getMethod())
                    .idleTimeout(upstreamIdleMillis, TimeUnit.MILLISECONDS)
                    .headers(h -> {
                        copyRequestHeaders(h);
                        if (kind == ProviderKind.BEDROCK && bedrockSigner != null) {
                            bedrockSigner.sign(h, request.getMethod(), URI.create(target), body);
                        }
                    });
            String contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
            if (body.length > 0 || request.getHeaders().contains(HttpHeader.CONTENT_LENGTH)
                    || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
                out.body(new BytesRequestContent(contentType, body));
            }
            outbound = out;
            request.addFailureListener(x -> out.abort(x));
            out.send(new Relay());
        }

        private void copyRequestHeaders(HttpFields.Mutable h) {
            h.clear();
            Set<String> connectionTokens = connectionTokens(request.getHeaders());
            for (HttpField field : request.getHeaders()) {
                String name = field.getLowerCaseName();
                if (HOP_BY_HOP.contains(name) || connectionTokens.contains(name)) {
                    continue;
                }
                h.add(field);
            }
            String key = upstream.apiKey();
            if (key != null) {
                switch (upstream.kind()) {
                    case OPENAI -> h.put(HttpHeader.AUTHORIZATION, "Bearer " + key);
                    case AZURE_OPENAI -> {
                        h.remove(HttpHeader.AUTHORIZATION);
                        h.put("api-key", key);
                    }
                    case ANTHROPIC -> {
                        h.remove(HttpHeader.AUTHORIZATION);
                        h.put("x-api-key", key);
                    }
                    case GEMINI, VERTEX -> h.put("x-goog-api-key", key);
                    case BEDROCK -> { }
                }
            }
        }

        void finish(Throwable failure, int status) {
            if (!completed.compareAndSet(false, true)) {
                return;
            }
            long nanos = System.nanoTime() - start;
            String upstreamName = kind == null ? "none" : kind.configName();
            metrics.finished(upstreamName, verdict, status, nanos);
            accessLog.log(Request.getRemoteAddr(request), request.getMethod(), path, status, kind == null ? null
                    : kind.configName(), verdict, rules, nanos, bytesIn, Response.getContentBytesWritten(response),
                    conversation);
            if (failure == null) {
                callback.succeeded();
            } else {
                org.eclipse.jetty.client.Request out = outbound;
                if (out != null) {
                    out.abort(failure);
                }
                callback.failed(failure);
            }
        }

        /** Streams the upstream's answer to the client as it arrives. */
        private final class Relay implements org.eclipse.jetty.client.Response.Listener {
            private final AtomicBoolean copying = new AtomicBoolean();
            private volatile int status = 502;
            private volatile boolean head;

            @Override
            public void onHeaders(org.eclipse.jetty.client.Response upstreamResponse) {
                status = upstreamResponse.getStatus();
                head = true;
                response.setStatus(status);
                HttpFields.Mutable headers = response.getHeaders();
                Set<String> connectionTokens = connectionTokens(upstreamResponse.getHeaders());
                for (HttpField field : upstreamResponse.getHeaders()) {
                    String name = field.getLowerCaseName();
                    if (name.equals("content-length") || !HOP_BY_HOP.contains(name) && !connectionTokens.contains(name)) {
                        headers.add(field);
                    }
                }
                headers.put(VERDICT_HEADER, verdict);
                if (!ProviderAnswer.status(status).rejected()) {
                    answered(ProviderAnswer.status(status));
                }
            }

            @Override
            public void onContentSource(org.eclipse.jetty.client.Response upstreamResponse, Content.Source source) {
                copying.set(true);
                Content.Source copied = sent != null && !answered.get() ? new ErrorBody(source, status) : source;
                Content.copy(copied, response, Callback.from(() -> finish(null, status), x -> finish(x, status)));
            }

            @Override
            public void onComplete(Result result) {
                // an error body that ended without its last chunk (or had none) is reported by status
                answered(head ? ProviderAnswer.status(status) : ProviderAnswer.none());
                if (result.isFailed()) {
                    Throwable failure = result.getFailure();
                    if (!response.isCommitted() && !completed.get()) {
                        response.reset();
                        boolean timeout = failure instanceof TimeoutException
                                || failure.getCause() instanceof TimeoutException;
                        String why = timeout ? "upstream-timeout" : "upstream-failed";
                        fail(timeout ? 504 : 502, timeout ? "upstream_timeout" : "upstream_unreachable",
                                "The ordering guard proxy could not get an answer from " + upstream.kind().configName()
                                        + " (" + upstream.url() + "): " + failure.getClass().getSimpleName()
                                        + (failure.getMessage() == null ? "" : ": " + failure.getMessage()), why);
                    } else {
                        finish(failure, status);
                    }
                } else if (!copying.get()) {
                    response.write(true, null, Callback.from(() -> finish(null, status), x -> finish(x, status)));
                }
            }
        }

        /**
         * An upstream's 400 or 422 body on its way to the client: a copy of its first
         * {@value #MAX_ERROR_BODY} bytes is kept, and the answer is reported with it at the last chunk.
         */
        private final class ErrorBody implements Content.Source {
            private final Content.Source source;
            private final int status;
            private final ByteArrayOutputStream kept = new ByteArrayOutputStream();

            ErrorBody(Content.Source source, int status) {
                this.source = source;
                this.status = status;
            }

            @Override
            public Content.Chunk read() {
                Content.Chunk chunk = source.read();
                if (chunk == null || Content.Chunk.isFailure(chunk)) {
                    return chunk;
                }
                ByteBuffer bytes = chunk.getByteBuffer().slice();
                int room = MAX_ERROR_BODY - kept.size();
                if (room > 0 && bytes.hasRemaining()) {
                    byte[] part = new byte[Math.min(room, bytes.remaining())];
                    bytes.get(part);
                    kept.write(part, 0, part.length);
                }
                if (chunk.isLast()) {
                    answered(ProviderAnswer.of(status, kept.toString(StandardCharsets.UTF_8)));
                }
                return chunk;
            }

            @Override
            public long getLength() {
                return source.getLength();
            }

            @Override
            public void demand(Runnable demandCallback) {
                source.demand(demandCallback);
            }

            @Override
            public void fail(Throwable failure) {
                source.fail(failure);
            }

            @Override
            public void fail(Throwable failure, boolean last) {
                source.fail(failure, last);
            }

            @Override
            public boolean rewind() {
                return source.rewind();
            }
        }
    }

    private static Set<String> connectionTokens(HttpFields headers) {
        String connection = headers.get(HttpHeader.CONNECTION);
        if (connection == null) {
            return Set.of();
        }
        Set<String> tokens = new LinkedHashSet<>();
        for (String t : connection.split(",")) {
            tokens.add(t.trim().toLowerCase(Locale.ROOT));
        }
        return tokens;
    }
}
