package io.orderingguard;

import io.orderingguard.rule.Finding;
import io.orderingguard.rule.RepairFailure;

/**
 * Thrown by {@link OrderingGuard#apply} when a dispatch is rejected, before anything is sent. Carries
 * the whole {@link GuardResult}. The message states the count and lists every blocking finding, with
 * the provider error each prevents.
 *
 * <p>This is the one rejection exception of the guard API. Framework adapters that must throw their
 * framework's own exception type carry the same result and the same message instead: guard-langchain4j
 * throws {@code io.orderingguard.langchain4j.GuardRejectedException}, a LangChain4j
 * {@code NonRetriableException} (so LangChain4j's retry loop does not resend the rejected request),
 * whose message is {@link #message(GuardResult)} and whose {@code result()} is the same
 * {@link GuardResult}. Code that handles both catches each type and reads {@code result()}.
 */
public class OrderingViolationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient GuardResult result;

    /**
     * Creates the exception.
     *
     * @param result the rejected result
     */
    public OrderingViolationException(GuardResult result) {
        super(message(result), null, false, false);
        this.result = result;
    }

    /**
     * Creates the exception with the message of another (for adapters that subclass a client's
     * exception type and need a copy).
     *
     * @param result the rejected result
     * @param writableStackTrace whether to fill in the stack trace
     */
    protected OrderingViolationException(GuardResult result, boolean writableStackTrace) {
        super(message(result), null, false, writableStackTrace);
        this.result = result;
    }

    /**
     * Returns the result.
     *
     * @return the rejected result
     */
    public GuardResult result() {
        return result;
    }

    /**
     * Formats the rejection message of a result.
     *
     * @param result the rejected result
     * @return e.g. {@code rejected dispatch of conversation c-1: 2 blocking violation(s) ...}
     */
    public static String message(GuardResult result) {
        StringBuilder sb = new StringBuilder("rejected dispatch");
        if (result.dispatch().conversationId() != null) {
            sb.append(" of conversation ").append(result.dispatch().conversationId());
        }
        sb.append(" (profile ").append(result.profile()).append("): ")
                .append(result.unrepaired().size()).append(" blocking violation(s)");
        for (Finding f : result.unrepaired()) {
            sb.append("\n  - ").append(f.ruleId()).append(": ").append(f.detail());
            if (f.providerError() != null) {
                sb.append(" [prevents: ").append(f.providerError()).append(']');
            }
        }
        for (RepairFailure failure : result.repairFailures()) {
            sb.append("\n  - repair ").append(failure.strategy()).append(" failed for ").append(failure.ruleId())
                    .append(": ").append(failure.message());
        }
        return sb.toString();
    }
}
