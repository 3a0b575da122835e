package io.orderingguard.bedrock;

import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.ProviderAnswer;
import io.orderingguard.support.Require;
import io.orderingguard.wire.WireAdmission;
import io.orderingguard.wire.WireFormat;
import io.orderingguard.wire.WireGuard;
import io.orderingguard.wire.WireVerdict;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * An AWS SDK v2 {@link ExecutionInterceptor} that checks every Bedrock Converse request with an
 * {@link OrderingGuard} after the SDK marshalled it and before it is signed and sent: the body goes
 * out unchanged, goes out repaired (mutate mode), or the call fails with
 * {@link OrderingViolationException} and nothing is sent (enforce mode).
 *
 * <pre>{@code
 * BedrockRuntimeClient client = BedrockRuntimeClient.builder()
 *         .overrideConfiguration(c -> c.addExecutionInterceptor(BedrockGuardInterceptor.of(guard)))
 *         .build();
 * }</pre>
 *
 * <p><b>Why the marshalled body and not {@code modifyRequest}.</b> The typed hook would hand over a
 * {@code ConverseRequest}, which the guard would have to map to a dispatch and back through the SDK's
 * {@code Document} and {@code SdkBytes} types — a second Converse codec beside guard-wire's, and one
 * that sees the request before the SDK decides how each field is spelled on the wire. The HTTP hooks
 * see the exact JSON Bedrock will receive, read by the same codec as {@code guard check --wire
 * bedrock-converse} and logged bodies: a body that passes is sent as the SDK wrote it (the reasoning
 * {@code signature}s, {@code additionalModelRequestFields} and fields newer than this module untouched),
 * and a repaired body differs only where the repair changed it. SigV4 signing runs after these hooks,
 * so the signature covers the body actually sent; {@link #modifyHttpRequest} sets its
 * {@code Content-Length}.
 *
 * <p>Only Converse paths ({@code /model/<id>/converse}) are read; the model comes from the path.
 * {@code converse-stream} is checked the same way (its request body is a Converse body; only the
 * answer is an event stream). Other operations ({@code InvokeModel},
 * {@code ApplyGuardrail}) pass untouched. A {@value WireGuard#CONVERSATION_HEADER} header (added with
 * {@code overrideConfiguration(o -> o.putHeader(...))} on the request) names the conversation and is
 * removed before signing.
 *
 * <p>Failures: the SDK reports an exception thrown by an interceptor to the other interceptors and
 * then throws it to the caller; an {@link OrderingViolationException} is not an {@code SdkException},
 * so the retry policy never retries it. The asynchronous client ({@code BedrockRuntimeAsyncClient},
 * {@code converse} and {@code converseStream} alike) fails its future with an
 * {@code SdkClientException} whose cause is the {@link OrderingViolationException}: its handler wraps
 * whatever an interceptor throws, before the retry stage; nothing is sent.
 *
 * <p><b>The provider's answer.</b> Every guarded request that went out is joined with its check
 * ({@link WireGuard#answered}): a status other than 400 or 422 when the response head arrives
 * ({@link #afterTransmission}; for {@code converse-stream}, before the first event), each attempt of
 * the SDK's retries on its own. A 400 or 422 is reported when the SDK fails the call with it
 * ({@link #onExecutionFailure}): its {@code SdkServiceException} carries the status and Bedrock's
 * message (the SDK's {@code (Service: …, Status Code: …, Request ID: …)} suffix is cut). A call that
 * fails without a response is no answer (unjudged).
 *
 * <p>Thread-safe: immutable; per-call state travels in the {@link ExecutionAttributes}.
 */
public final class BedrockGuardInterceptor implements ExecutionInterceptor {

    private static final ExecutionAttribute<Decision> DECISION = new ExecutionAttribute<>("OrderingGuardDecision");
    private static final ExecutionAttribute<Boolean> ANSWERED = new ExecutionAttribute<>("OrderingGuardAnswered");

    private final WireGuard wire;

    private BedrockGuardInterceptor(WireGuard wire) {
        this.wire = wire;
    }

    /**
     * Guards with the wire defaults (the model from the URL path).
     *
     * @param guard the guard
     * @return the interceptor
     */
    public static BedrockGuardInterceptor of(OrderingGuard guard) {
        return new BedrockGuardInterceptor(WireGuard.of(Require.nonNull(guard, "guard")));
    }

    /**
     * Guards with a configured wire guard (a provider override, failing on unreadable bodies).
     *
     * @param wire the wire guard
     * @return the interceptor
     */
    public static BedrockGuardInterceptor of(WireGuard wire) {
        return new BedrockGuardInterceptor(Require.nonNull(wire, "wire"));
    }

    /**
     * Checks the marshalled body (unless {@link #modifyHttpContent} already did) and returns the HTTP
     * request to sign: without the conversation header, and with the length of the repaired body.
     *
     * @param context the marshalled request and its body
     * @param executionAttributes where the decision is kept for the content hooks
     * @return the HTTP request
     * @throws OrderingViolationException when the guard rejects the request; nothing is sent
     */
    @Override
    public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes executionAttributes) {
        SdkHttpRequest http = context.httpRequest();
        byte[] repaired = decide(context, executionAttributes).repaired();
        if (repaired == null && http.firstMatchingHeader(WireGuard.CONVERSATION_HEADER).isEmpty()) {
            return http;
        }
        SdkHttpRequest.Builder outgoing = http.toBuilder().removeHeader(WireGuard.CONVERSATION_HEADER);
        if (repaired != null) {
            outgoing.putHeader("Content-Length", Integer.toString(repaired.length));
        }
        return outgoing.build();
    }

    /**
     * Checks the marshalled body (unless {@link #modifyHttpRequest} already did) and supplies the
     * repaired body to a synchronous client.
     *
     * @param context the request and its body
     * @param executionAttributes where the decision is kept
     * @return the repaired body, or the body as marshalled
     * @throws OrderingViolationException when the guard rejects the request; nothing is sent
     */
    @Override
    public Optional<RequestBody> modifyHttpContent(Context.ModifyHttpRequest context,
            ExecutionAttributes executionAttributes) {
        byte[] repaired = decide(context, executionAttributes).repaired();
        return repaired == null ? context.requestBody() : Optional.of(RequestBody.fromBytes(repaired));
    }

    /**
     * Supplies the repaired body to an asynchronous client.
     *
     * @param context the request and its body
     * @param executionAttributes where the decision is kept
     * @return the repaired body, or the body as marshalled
     * @throws OrderingViolationException when the guard rejects the request; nothing is sent
     */
    @Override
    public Optional<AsyncRequestBody> modifyAsyncHttpContent(Context.ModifyHttpRequest context,
            ExecutionAttributes executionAttributes) {
        byte[] repaired = decide(context, executionAttributes).repaired();
        return repaired == null ? context.asyncRequestBody() : Optional.of(AsyncRequestBody.fromBytes(repaired));
    }

    /**
     * Reports the status of the response head to the guard, unless it is a rejection (400, 422), whose
     * message arrives with the SDK's exception.
     *
     * @param context the response head
     * @param executionAttributes where the decision is kept
     */
    @Override
    public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes executionAttributes) {
        Decision decision = executionAttributes.getAttribute(DECISION);
        ProviderAnswer answer = ProviderAnswer.status(context.httpResponse().statusCode());
        if (decision != null && decision.verdict() != null && !answer.rejected()) {
            executionAttributes.putAttribute(ANSWERED, Boolean.TRUE);
            wire.answered(decision.verdict(), answer);
        }
    }

    /**
     * Reports a failed call: a rejection with Bedrock's message, or no answer when nothing was reported
     * for it yet (a network failure).
     *
     * @param context the failure
     * @param executionAttributes where the decision is kept
     */
    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes executionAttributes) {
        Decision decision = executionAttributes.getAttribute(DECISION);
        if (decision == null || decision.verdict() == null) {
            return;
        }
        if (context.exception() instanceof SdkServiceException service
                && ProviderAnswer.status(service.statusCode()).rejected()) {
            wire.answered(decision.verdict(), ProviderAnswer.of(service.statusCode(), message(service)));
        } else if (executionAttributes.getAttribute(ANSWERED) == null) {
            wire.answered(decision.verdict(), ProviderAnswer.none());
        }
    }

    /** Bedrock's message, without the SDK's {@code (Service: …)} suffix. */
    private static String message(SdkServiceException e) {
        String message = e.getMessage();
        if (message == null) {
            return null;
        }
        int suffix = message.lastIndexOf(" (Service: ");
        return suffix > 0 ? message.substring(0, suffix) : message;
    }

    /**
     * Checks the body once per call: the SDK runs the request and content hooks once per execution
     * (before signing and retries) in an order of its own, so whichever comes first decides and the
     * other reads the decision.
     */
    private Decision decide(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
        Decision decided = attributes.getAttribute(DECISION);
        if (decided != null) {
            return decided;
        }
        SdkHttpRequest http = context.httpRequest();
        Optional<RequestBody> body = context.requestBody();
        Decision decision = Decision.UNCHANGED;
        if (WireFormat.forPath(http.encodedPath()).isPresent() && body.isPresent()) {
            // the marshalled body comes from a content stream provider: the SDK can send it again
            WireAdmission admission = WireAdmission.decide(wire, http.encodedPath(),
                    http.firstMatchingHeader(WireGuard.CONVERSATION_HEADER).orElse(null), bytesOf(body.get()), true);
            decision = new Decision(admission.replacesBody() ? admission.body() : null, admission.verdict());
        }
        attributes.putAttribute(DECISION, decision);
        return decision;
    }

    private static byte[] bytesOf(RequestBody body) {
        try (InputStream in = body.contentStreamProvider().newStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the marshalled Converse body", e);
        }
    }

    @Override
    public String toString() {
        return "BedrockGuardInterceptor{" + wire + "}";
    }

    /**
     * What was decided for one call.
     *
     * @param repaired the body to send instead, or {@code null} to send the marshalled one
     * @param verdict what the wire guard decided, to report the answer to; {@code null} when not read
     */
    private record Decision(byte[] repaired, WireVerdict verdict) {
        static final Decision UNCHANGED = new Decision(null, null);
    }
}
