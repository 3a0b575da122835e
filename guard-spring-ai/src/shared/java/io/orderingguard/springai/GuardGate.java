package io.orderingguard.springai;

import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.OrderingViolationException;
import org.springframework.ai.chat.prompt.Prompt;

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
     * @return the prompt itself when it passed (or the guard is in shadow mode), else the repaired prompt
     * @throws OrderingViolationException when the guard rejects it
     */
    static Prompt admit(OrderingGuard guard, PromptCodec codec, Prompt prompt, String conversationId) {
        EncodedPrompt encoded = codec.encode(prompt, conversationId);
        GuardResult result = guard.check(encoded.dispatch());
        if (!result.sent()) {
            throw new OrderingViolationException(result);
        }
        return encoded.toPrompt(result.dispatch());
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
