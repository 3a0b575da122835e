package io.orderingguard.okhttp;

import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.support.Require;
import io.orderingguard.wire.WireAdmission;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;

/**
 * An {@link Interceptor} that checks every chat request an OkHttp client sends with an
 * {@link OrderingGuard}, before a byte of it leaves the machine: the body passes unchanged, goes out
 * repaired (mutate mode), or the call fails with {@link OrderingViolationException} (enforce mode).
 *
 * <pre>{@code
 * OpenAIClient client = OpenAIOkHttpClient.builder()
 *         .apiKey(key)
 *         .addInterceptor(OkHttpGuardInterceptor.of(guard))
 *         .build();
 * }</pre>
 *
 * <p>Works as an application interceptor ({@code OkHttpClient.Builder.addInterceptor}) and as a
 * network interceptor ({@code addNetworkInterceptor}); a repaired body gets its own
 * {@code Content-Length}. Which requests are read, and what is sent byte for byte, is
 * {@link WireGuard}'s business: a body that passes goes out as the client wrote it; other endpoints
 * (embeddings, files, token counts), compressed bodies and duplex bodies go out untouched. A
 * {@value WireGuard#CONVERSATION_HEADER} header names the conversation for preservation rules and is
 * removed before the request is sent.
 *
 * <p>The provider's answer to every guarded request that went out is reported to the guard
 * ({@link WireGuard#answered}: its listeners count confirmed, contradicted, missed and agreed requests)
 * when the response head arrives — for a stream, before its first event is read. For a 400 or 422 the
 * error body is peeked ({@code Response.peekBody}, up to 64 KiB) for the provider's message; the
 * response the client reads is untouched. A request that fails without a response is reported as no
 * answer (unjudged). As a network interceptor it sees every attempt, redirects and retries included;
 * as an application interceptor, each call once.
 *
 * <p>Synchronous calls ({@code Call.execute()}, which the official SDKs' blocking clients use) get
 * the {@link OrderingViolationException} as thrown. OkHttp 4 reports an exception thrown by an
 * interceptor of an asynchronous call ({@code Call.enqueue}) to the callback as an
 * {@code IOException("canceled due to …")} with the guard's exception attached as suppressed; an SDK
 * may treat that as a network failure and retry (each retry is rejected again, nothing is sent). For
 * asynchronous SDK calls prefer the SDK-level adapters ({@code guard-openai-java},
 * {@code guard-anthropic-java}), which fail the returned future with the guard's exception.
 *
 * <p>Thread-safe: immutable, as OkHttp requires of interceptors.
 */
public final class OkHttpGuardInterceptor implements Interceptor {

    private static final String CONTENT_LENGTH = "Content-Length";

    /** The most of an error body read for the provider's message. */
    private static final long MAX_ERROR_BODY = 64 * 1024;

    private final WireGuard wire;

    private OkHttpGuardInterceptor(WireGuard wire) {
        this.wire = wire;
    }

    /**
     * Guards with the wire defaults (provider and model taken from the body and URL path).
     *
     * @param guard the guard
     * @return the interceptor
     */
    public static OkHttpGuardInterceptor of(OrderingGuard guard) {
        return new OkHttpGuardInterceptor(WireGuard.of(guard));
    }

    /**
     * Guards with a configured wire guard (a provider override for gateways, failing on unreadable
     * bodies).
     *
     * @param wire the wire guard
     * @return the interceptor
     */
    public static OkHttpGuardInterceptor of(WireGuard wire) {
        return new OkHttpGuardInterceptor(Require.nonNull(wire, "wire"));
    }

    /**
     * Returns the wire guard that decides.
     *
     * @return the wire guard
     */
    public WireGuard wireGuard() {
        return wire;
    }

    /**
     * Checks the request's body and proceeds with it, with its repair, or not at all.
     *
     * @param chain the chain
     * @return the response of the rest of the chain
     * @throws IOException when the rest of the chain fails
     * @throws OrderingViolationException when the guard rejects the request; nothing was sent
     */
    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        String conversation = request.header(WireGuard.CONVERSATION_HEADER);
        Request outgoing = conversation == null ? request
                : request.newBuilder().removeHeader(WireGuard.CONVERSATION_HEADER).build();
        RequestBody body = request.body();
        if (body == null || body.isDuplex() || request.header("Content-Encoding") != null) {
            return chain.proceed(outgoing);
        }
        Buffer buffer = new Buffer();
        body.writeTo(buffer);
        byte[] bytes = buffer.readByteArray();
        WireAdmission admission = WireAdmission.decide(wire, request.url().encodedPath(), conversation, bytes,
                !body.isOneShot());
        if (admission.replacesBody()) {
            Request.Builder replaced = outgoing.newBuilder().method(request.method(),
                    RequestBody.create(admission.body(), body.contentType()));
            if (outgoing.header(CONTENT_LENGTH) != null) {
                replaced.header(CONTENT_LENGTH, admission.contentLength());
            }
            outgoing = replaced.build();
        }
        return proceed(chain, outgoing, admission.verdict());
    }

    /** Sends the request and reports the provider's answer to it. */
    private Response proceed(Chain chain, Request outgoing, WireVerdict verdict) throws IOException {
        Response response;
        try {
            response = chain.proceed(outgoing);
        } catch (IOException | RuntimeException e) {
            wire.answered(verdict, ProviderAnswer.none());
            throw e;
        }
        ProviderAnswer answer = ProviderAnswer.status(response.code());
        if (answer.rejected()) {
            answer = ProviderAnswer.of(response.code(), response.peekBody(MAX_ERROR_BODY).string());
        }
        wire.answered(verdict, answer);
        return response;
    }

    @Override
    public String toString() {
        return "OkHttpGuardInterceptor{" + wire + "}";
    }
}
