package io.orderingguard.wire;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.support.Require;
import java.util.Optional;

/**
 * What a {@link WireGuard} decided about one HTTP request body: send it as it is, send a repaired
 * body, or do not send it at all.
 *
 * <p>The byte arrays are not copied (request bodies can be large): treat them as read-only. A body
 * that is sent unchanged is the very array that was inspected, so its bytes — signatures, unknown
 * fields, key order and number spelling — reach the provider exactly as the client wrote them.
 *
 * <pre>{@code
 * WireVerdict verdict = wireGuard.inspect(body, "/v1/messages", null);
 * byte[] toSend = verdict.bodyToSend();   // throws OrderingViolationException when rejected
 * }</pre>
 *
 * <p>Thread-safe: immutable (as long as nobody writes into the arrays).
 */
public sealed interface WireVerdict permits WireVerdict.Unguarded, WireVerdict.Passed, WireVerdict.Repaired,
        WireVerdict.Rejected {

    /**
     * Returns the guard's verdict.
     *
     * @return the result, or empty for an {@link Unguarded} body the guard did not read
     */
    Optional<GuardResult> guardResult();

    /**
     * Returns the body to send.
     *
     * @return the original body, or the repaired one
     * @throws OrderingViolationException when the request is {@link Rejected}; nothing may be sent
     */
    byte[] bodyToSend();

    /**
     * Returns whether the body to send differs from the body inspected.
     *
     * @return {@code true} only for {@link Repaired}
     */
    default boolean changed() {
        return false;
    }

    /**
     * The guard did not read the body: the path names no chat surface (embeddings, file uploads, a
     * token count), the surface has no codec, or the body could not be read as that surface (the
     * provider, not the guard, answers such a body). It is sent unchanged.
     *
     * @param body the body, sent unchanged
     * @param reason why it was not guarded, e.g. {@code path /v1/embeddings names no chat surface}
     */
    record Unguarded(byte[] body, String reason) implements WireVerdict {

        /** Validates the fields. */
        public Unguarded {
            Require.nonNull(body, "body");
            Require.nonBlank(reason, "reason");
        }

        @Override
        public Optional<GuardResult> guardResult() {
            return Optional.empty();
        }

        @Override
        public byte[] bodyToSend() {
            return body;
        }
    }

    /**
     * The guard read the body and lets it go out unchanged: nothing blocking was found, or the guard
     * runs in shadow mode (then the result may say repaired or rejected, and the original is sent all
     * the same).
     *
     * @param body the body, sent unchanged
     * @param parsed the body as the guard read it (entries and their wire positions)
     * @param result the guard's verdict
     */
    record Passed(byte[] body, ParsedBody parsed, GuardResult result) implements WireVerdict {

        /** Validates the fields. */
        public Passed {
            Require.nonNull(body, "body");
            Require.nonNull(parsed, "parsed");
            Require.nonNull(result, "result");
            Require.argument(result.sent(), "a Passed verdict needs a result that is sent, but the outcome was "
                    + result.outcome().wireName());
        }

        @Override
        public Optional<GuardResult> guardResult() {
            return Optional.of(result);
        }

        @Override
        public byte[] bodyToSend() {
            return body;
        }
    }

    /**
     * The guard repaired the conversation (mutate mode): the repaired body goes out instead, equal to
     * the original except where a repair changed it.
     *
     * @param original the body inspected
     * @param body the repaired body to send (UTF-8 JSON)
     * @param parsed the original body as the guard read it
     * @param result the guard's verdict, outcome {@code repaired}
     */
    record Repaired(byte[] original, byte[] body, ParsedBody parsed, GuardResult result) implements WireVerdict {

        /** Validates the fields. */
        public Repaired {
            Require.nonNull(original, "original");
            Require.nonNull(body, "body");
            Require.nonNull(parsed, "parsed");
            Require.nonNull(result, "result");
        }

        @Override
        public Optional<GuardResult> guardResult() {
            return Optional.of(result);
        }

        @Override
        public byte[] bodyToSend() {
            return body;
        }

        @Override
        public boolean changed() {
            return true;
        }
    }

    /**
     * The guard rejected the request (enforce mode, or a blocking finding mutate could not repair):
     * nothing may be sent.
     *
     * @param parsed the body as the guard read it, to name the wire position of each finding
     * @param result the guard's verdict, outcome {@code rejected}
     */
    record Rejected(ParsedBody parsed, GuardResult result) implements WireVerdict {

        /** Validates the fields. */
        public Rejected {
            Require.nonNull(parsed, "parsed");
            Require.nonNull(result, "result");
            Require.argument(!result.sent(), "a Rejected verdict needs a result that is not sent, but the outcome was "
                    + result.outcome().wireName() + (result.shadow() ? " (shadow mode)" : ""));
        }

        @Override
        public Optional<GuardResult> guardResult() {
            return Optional.of(result);
        }

        /**
         * Refuses: a rejected request has no body to send.
         *
         * @return never
         * @throws OrderingViolationException always, carrying the result
         */
        @Override
        public byte[] bodyToSend() {
            throw new OrderingViolationException(result);
        }
    }
}
