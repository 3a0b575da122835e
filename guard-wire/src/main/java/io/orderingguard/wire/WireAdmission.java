package io.orderingguard.wire;

import io.orderingguard.GuardInputException;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.support.Require;

/**
 * What an HTTP adapter does with the body of one outgoing request: send the client's own body
 * object, or replace it with bytes. The one decision every adapter (OkHttp, the Anthropic and OpenAI
 * SDKs' HTTP clients, the AWS SDK) makes after a {@link WireGuard} has looked at the body, so they
 * make it the same way.
 *
 * <pre>{@code
 * WireAdmission admission = WireAdmission.decide(wire, "/v1/messages", conversationId, bytes, body.repeatable());
 * if (admission.replacesBody()) {
 *     request = request.withBody(admission.body(), admission.contentLength());   // the adapter's own types
 * }
 * }</pre>
 *
 * <p>The body is replaced when the guard repaired it, and also when it passed but the client's body
 * object cannot be written a second time (a one-shot stream the guard has already read): then the
 * bytes read go out instead, unchanged. A rejected request never gets this far:
 * {@link #decide} throws the {@link OrderingViolationException} and nothing may be sent.
 *
 * @param verdict what the wire guard decided (never {@link WireVerdict.Rejected})
 * @param replacesBody whether the adapter must send {@link #body()} instead of the client's body object
 */
public record WireAdmission(WireVerdict verdict, boolean replacesBody) {

    /** Validates the fields. */
    public WireAdmission {
        Require.nonNull(verdict, "verdict");
        Require.argument(!(verdict instanceof WireVerdict.Rejected), "a rejected request is not admitted: the verdict "
                + "throws its OrderingViolationException instead");
        Require.argument(replacesBody || !verdict.changed(), "a repaired body must replace the original, but "
                + "replacesBody was false");
    }

    /**
     * Checks a request body and decides what to send.
     *
     * @param wire the wire guard
     * @param urlPath the request's URL path, e.g. {@code /v1/messages} (a query is ignored)
     * @param conversationId the conversation the request belongs to (the
     *     {@value WireGuard#CONVERSATION_HEADER} header), or {@code null}
     * @param body the body bytes as the client wrote them (not modified)
     * @param bodyReusable whether the client's body object can still be sent after the guard read it
     * @return the admission
     * @throws OrderingViolationException when the guard rejects the request: send nothing
     * @throws GuardInputException when the body cannot be read and the wire guard is configured to fail
     */
    public static WireAdmission decide(WireGuard wire, String urlPath, String conversationId, byte[] body,
            boolean bodyReusable) {
        WireVerdict verdict = Require.nonNull(wire, "wire").inspect(body, Require.nonNull(urlPath, "urlPath"),
                conversationId);
        verdict.bodyToSend(); // a rejection throws here, before any byte is sent
        return new WireAdmission(verdict, verdict.changed() || !bodyReusable);
    }

    /**
     * Returns the bytes to send when {@link #replacesBody()}: the repaired body, or the original bytes
     * read from a one-shot body.
     *
     * @return the bytes (not copied: treat as read-only)
     */
    public byte[] body() {
        return verdict.bodyToSend();
    }

    /**
     * Returns the {@code Content-Length} of {@link #body()}, for adapters that set the header
     * themselves.
     *
     * @return the decimal length
     */
    public String contentLength() {
        return Integer.toString(body().length);
    }
}
