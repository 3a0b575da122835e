package io.orderingguard.springai;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import io.orderingguard.ProviderAnswer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.Flux;

/**
 * Runs one prompt through a guard: encode, check, and either refuse or render what to send. Shared by
 * the advisor and the {@code ChatModel} decorator. Not public API.
 *
 * <p>Thread-safe: stateless.
 */
final class GuardGate {

    private GuardGate() {}

    /**
     * Checks a prompt.
     *
     * @return the prompt itself when it passed (or the guard is in shadow mode), else the repaired
     *     prompt, with the check to report the answer to
     * @throws OrderingViolationException when the guard rejects it
     */
    static Admitted admit(OrderingGuard guard, PromptCodec codec, Prompt prompt, String conversationId) {
        EncodedPrompt encoded = codec.encode(prompt, conversationId);
        GuardResult result = guard.check(encoded.dispatch());
        if (!result.sent()) {
            throw new OrderingViolationException(result);
        }
        return new Admitted(guard, encoded.toPrompt(result.dispatch()), result);
    }

    /**
     * A prompt the guard let through, and its check: the provider's answer to it is reported once,
     * however many callbacks a stream makes.
     */
    static final class Admitted {
        private final OrderingGuard guard;
        private final Prompt prompt;
        private final GuardResult result;
        private final AtomicBoolean answered = new AtomicBoolean();

        Admitted(OrderingGuard guard, Prompt prompt, GuardResult result) {
            this.guard = guard;
            this.prompt = prompt;
            this.result = result;
        }

        /** The prompt to send: the application's own, or the repair. */
        Prompt prompt() {
            return prompt;
        }

        /** Reports an acceptance: a response (or a stream's first one) arrived. */
        void accepted() {
            if (answered.compareAndSet(false, true)) {
                guard.answered(result, ProviderAnswer.status(200));
            }
        }

        /** Reports a failure: its status and error text, as far as the exception tells them. */
        void failed(Throwable error) {
            if (answered.compareAndSet(false, true)) {
                guard.answered(result, ProviderAnswers.of(error));
            }
        }

        /** Passes a stream on, reporting at its first element, its completion, or its error. */
        <T> Flux<T> answering(Flux<T> stream) {
            return stream.doOnNext(ignored -> accepted()).doOnComplete(this::accepted).doOnError(this::failed);
        }
    }

    /** Turns whatever identifies a conversation into the guard's id: {@code null} for none. */
    static String conversationId(Object value) {
        if (value == null) {
            return null;
        }
        String id = String.valueOf(value);
        return id.isBlank() ? null : id;
    }
}
