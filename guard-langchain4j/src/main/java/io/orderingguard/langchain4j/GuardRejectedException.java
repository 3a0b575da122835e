package io.orderingguard.langchain4j;

import dev.langchain4j.exception.NonRetriableException;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.support.Require;

/**
 * Thrown by a guarded LangChain4j model (or passed to a streaming handler's {@code onError}) when the
 * guard rejects a request, before anything is sent to the provider. It extends LangChain4j's
 * {@link NonRetriableException}, so LangChain4j's retry loop rethrows it at once instead of sending
 * the same broken conversation again; {@code catch (NonRetriableException e)} blocks that already
 * handle a provider's 400 ({@code InvalidRequestException}) see it too.
 *
 * <p>It is the LangChain4j form of {@link OrderingViolationException}, which guard-core's
 * {@code OrderingGuard.apply} throws: same {@link GuardResult}, same message. It does not extend it
 * because a Java class has one superclass, and LangChain4j's retry and error handling key on
 * {@link NonRetriableException}; {@link #getCause()} is {@code null}, as nothing else failed.
 *
 * <p>The message is {@link OrderingViolationException#message(GuardResult)}: the count of blocking
 * violations, then one line per violation with the provider error it prevents, e.g.
 * <pre>
 * rejected dispatch of conversation c-1 (profile openai): 1 blocking violation(s)
 *   - tool-result-pairing: tool result 'call_1' answers no tool call in the conversation [prevents: …]
 * </pre>
 */
public final class GuardRejectedException extends NonRetriableException {

    private static final long serialVersionUID = 1L;

    private final transient GuardResult result;

    /**
     * Creates the exception.
     *
     * @param result the rejected result
     * @throws IllegalArgumentException when the result was not rejected
     */
    public GuardRejectedException(GuardResult result) {
        super(OrderingViolationException.message(Require.nonNull(result, "result")));
        Require.argument(!result.sent(), "a GuardRejectedException needs a rejected result, but the outcome was "
                + result.outcome().wireName() + (result.shadow() ? " (shadow mode)" : ""));
        this.result = result;
    }

    /**
     * Returns the whole verdict: blocking findings, what stayed unrepaired, repairs tried.
     *
     * @return the rejected result
     */
    public GuardResult result() {
        return result;
    }
}
