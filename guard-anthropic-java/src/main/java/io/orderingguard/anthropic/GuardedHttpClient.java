package io.orderingguard.anthropic;

import com.anthropic.core.RequestOptions;
import com.anthropic.core.http.Headers;
import com.anthropic.core.http.HttpClient;
import com.anthropic.core.http.HttpRequest;
import com.anthropic.core.http.HttpRequestBody;
import com.anthropic.core.http.HttpResponse;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.support.Require;
import io.orderingguard.wire.WireAdmission;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link HttpClient} of the Anthropic SDK that checks every request body with an
 * {@link OrderingGuard} before its delegate sends it: the body goes out unchanged, goes out repaired
 * (mutate mode), or the call fails with {@link OrderingViolationException} and the delegate is never
 * called (enforce mode).
 *
 * <pre>{@code
 * HttpClient guarded = GuardedHttpClient.wrap(sdkHttpClient, guard);
 * }</pre>
 *
 * <p>Applications register a {@link AnthropicGuardInterceptor}, which wraps the SDK's own client in one of
 * these: in anthropic-java 3.14 a Java application cannot build {@code ClientOptions} around a client
 * of its own ({@code ClientOptions.Builder.backend}, which carries the base URL and credentials, is
 * hidden from Java, and {@code build()} fails without it). Which requests are read and what is sent byte for byte is {@link WireGuard}'s
 * business: a body that passes is the SDK's own body object, untouched; other endpoints (token
 * counts, batches, files) go out as they are. A {@value WireGuard#CONVERSATION_HEADER} header names
 * the conversation for preservation rules (set it with {@code MessageCreateParams.Builder
 * .putAdditionalHeader}) and is removed before the request is sent.
 *
 * <p>The provider's answer to every guarded request that went out is reported to the guard
 * ({@link WireGuard#answered}: its listeners count confirmed, contradicted, missed and agreed requests)
 * as soon as the response head arrives — for a stream, before its first event is read. For a 400 or
 * 422 the error body is read (it is small) to take the provider's message from it, and handed to the SDK as
 * read; a successful body is never touched. A call that fails without a response (a network error)
 * is reported as no answer (unjudged). Each attempt of the SDK's retry loop is a request of its own.
 *
 * <p>Asynchronous calls are checked on the calling thread; a rejection is returned as a future failed
 * with the {@link OrderingViolationException}, which the SDK does not retry.
 *
 * <p>Thread-safe when the delegate is.
 */
public final class GuardedHttpClient implements HttpClient {

    private final HttpClient delegate;
    private final WireGuard wire;

    private GuardedHttpClient(HttpClient delegate, WireGuard wire) {
        this.delegate = delegate;
        this.wire = wire;
    }

    /**
     * Wraps a client, guarding with the wire defaults.
     *
     * @param delegate the client that sends requests
     * @param guard the guard
     * @return the guarded client
     */
    public static GuardedHttpClient wrap(HttpClient delegate, OrderingGuard guard) {
        return wrap(delegate, WireGuard.of(Require.nonNull(guard, "guard")));
    }

    /**
     * Wraps a client, guarding with a configured wire guard.
     *
     * @param delegate the client that sends requests
     * @param wire the wire guard
     * @return the guarded client
     */
    public static GuardedHttpClient wrap(HttpClient delegate, WireGuard wire) {
        return new GuardedHttpClient(Require.nonNull(delegate, "delegate"), Require.nonNull(wire, "wire"));
    }

    /**
     * Returns the wrapped client.
     *
     * @return the delegate
     */
    public HttpClient delegate() {
        return delegate;
    }

    /**
     * Checks the request and sends it, or its repair, through the delegate.
     *
     * @param request the request
     * @param requestOptions the SDK's per-request options
     * @return the delegate's response
     * @throws OrderingViolationException when the guard rejects the request; the delegate is not called
     */
    @Override
    public HttpResponse execute(HttpRequest request, RequestOptions requestOptions) {
        Admitted admitted = admit(request);
        HttpResponse response;
        try {
            response = delegate.execute(admitted.request(), requestOptions);
        } catch (RuntimeException e) {
            admitted.unanswered();
            throw e;
        }
        return admitted.answered(response);
    }

    /**
     * Checks the request on the calling thread and sends it, or its repair, through the delegate.
     *
     * @param request the request
     * @param requestOptions the SDK's per-request options
     * @return the delegate's future, or a future failed with {@link OrderingViolationException}
     */
    @Override
    public CompletableFuture<HttpResponse> executeAsync(HttpRequest request, RequestOptions requestOptions) {
        Admitted admitted;
        try {
            admitted = admit(request);
        } catch (OrderingViolationException e) {
            return CompletableFuture.failedFuture(e);
        }
        return delegate.executeAsync(admitted.request(), requestOptions).whenComplete((response, error) -> {
            if (error != null) {
                admitted.unanswered();
            }
        }).thenApply(admitted::answered);
    }

    /** Closes the delegate. */
    @Override
    public void close() {
        delegate.close();
    }

    private Admitted admit(HttpRequest request) {
        List<String> conversation = request.headers().values(WireGuard.CONVERSATION_HEADER);
        HttpRequest outgoing = conversation.isEmpty() ? request
                : request.toBuilder().removeHeaders(WireGuard.CONVERSATION_HEADER).build();
        HttpRequestBody body = request.body().orElse(null);
        if (body == null) {
            return new Admitted(outgoing, null);
        }
        HttpRequestBody repeatable = body.buffered();
        WireAdmission admission = WireAdmission.decide(wire, URI.create(request.url()).getRawPath(),
                conversation.isEmpty() ? null : conversation.get(0), bytesOf(repeatable), repeatable == body);
        return new Admitted(admission.replacesBody()
                ? outgoing.toBuilder().body(new BytesBody(admission.body(), body.contentType(), repeatable)).build()
                : outgoing, admission.verdict());
    }

    private static byte[] bytesOf(HttpRequestBody body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        body.writeTo(out);
        return out.toByteArray();
    }

    @Override
    public String toString() {
        return "GuardedHttpClient{" + delegate + ", " + wire + "}";
    }

    /** The request to send and what the guard decided about it, to report the provider's answer to. */
    private final class Admitted {
        private final HttpRequest request;
        private final WireVerdict verdict;

        Admitted(HttpRequest request, WireVerdict verdict) {
            this.request = request;
            this.verdict = verdict;
        }

        HttpRequest request() {
            return request;
        }

        void unanswered() {
            if (verdict != null) {
                wire.answered(verdict, ProviderAnswer.none());
            }
        }

        /** Reports the status (with the error body of a 4xx, read and handed on) and returns the response. */
        HttpResponse answered(HttpResponse response) {
            if (verdict == null) {
                return response;
            }
            int status = response.statusCode();
            ProviderAnswer head = ProviderAnswer.status(status);
            if (!head.rejected()) {
                wire.answered(verdict, head);
                return response;
            }
            byte[] error;
            try (InputStream in = response.body()) {
                error = in.readAllBytes();
            } catch (IOException e) {
                response.close();
                wire.answered(verdict, ProviderAnswer.status(status));
                throw new UncheckedIOException(e);
            }
            response.close();
            wire.answered(verdict, ProviderAnswer.of(status, new String(error, StandardCharsets.UTF_8)));
            return new ReadResponse(response, error);
        }
    }

    /** An error response whose body the guard has read: the SDK reads the same bytes. */
    private static final class ReadResponse implements HttpResponse {
        private final HttpResponse original;
        private final byte[] body;

        ReadResponse(HttpResponse original, byte[] body) {
            this.original = original;
            this.body = body;
        }

        @Override
        public int statusCode() {
            return original.statusCode();
        }

        @Override
        public Headers headers() {
            return original.headers();
        }

        @Override
        public InputStream body() {
            return new ByteArrayInputStream(body);
        }

        @Override
        public void close() {
            // the original was closed when its body was read
        }
    }

    /** A body held in memory: the repaired body, or the original once it had to be read. */
    private static final class BytesBody implements HttpRequestBody {
        private final byte[] bytes;
        private final String contentType;
        private final HttpRequestBody original;

        BytesBody(byte[] bytes, String contentType, HttpRequestBody original) {
            this.bytes = bytes;
            this.contentType = contentType;
            this.original = original;
        }

        @Override
        public void writeTo(OutputStream outputStream) {
            try {
                outputStream.write(bytes);
            } catch (java.io.IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String contentType() {
            return contentType;
        }

        @Override
        public long contentLength() {
            return bytes.length;
        }

        @Override
        public boolean repeatable() {
            return true;
        }

        @Override
        public void close() {
            original.close();
        }
    }
}
