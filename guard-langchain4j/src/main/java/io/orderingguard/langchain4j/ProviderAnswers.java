package io.orderingguard.langchain4j;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import io.orderingguard.ProviderAnswer;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What a LangChain4j model's failure says about the provider's answer. LangChain4j's HTTP clients
 * throw an {@link HttpException} carrying the status and the response body, and its providers map it
 * to an {@link InvalidRequestException} (400, 422), {@link AuthenticationException},
 * {@link ModelNotFoundException}, {@link RateLimitException} or {@link InternalServerException} with
 * the {@code HttpException} as the cause; a provider SDK underneath (Bedrock, Vertex) may throw its
 * own exception with only the message. Not public API.
 *
 * <p>Thread-safe: stateless.
 */
final class ProviderAnswers {

    private ProviderAnswers() {}

    /**
     * Maps a model's failure to the answer it stands for: the status and body of an
     * {@link HttpException} in the cause chain, else the status the exception type implies (an
     * {@link InvalidRequestException} is a 400 with its message as the error text), else no answer.
     *
     * @param error what the model threw or reported
     * @return the answer; {@link ProviderAnswer#none()} for a failure that carries no provider answer
     */
    static ProviderAnswer of(Throwable error) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        ProviderAnswer implied = null;
        for (Throwable t = error; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            if (t instanceof GuardRejectedException) {
                return ProviderAnswer.none();
            }
            if (t instanceof HttpException http && http.statusCode() >= 100 && http.statusCode() <= 599) {
                return ProviderAnswer.of(http.statusCode(), http.getMessage());
            }
            if (implied == null) {
                implied = implied(t);
            }
        }
        return implied == null ? ProviderAnswer.none() : implied;
    }

    /**
     * Returns the provider's error text of a rejection (a 400 or 422) in a failure's cause chain.
     *
     * @param error what the model threw or reported
     * @return the text, or {@code null} when the failure is no rejection of the request
     */
    static String rejectionText(Throwable error) {
        ProviderAnswer answer = of(error);
        return answer.rejected() ? answer.errorText() : null;
    }

    private static ProviderAnswer implied(Throwable t) {
        if (t instanceof InvalidRequestException) {
            return t.getMessage() == null ? ProviderAnswer.status(400) : ProviderAnswer.of(400, t.getMessage());
        }
        if (t instanceof AuthenticationException) {
            return ProviderAnswer.status(401);
        }
        if (t instanceof ModelNotFoundException) {
            return ProviderAnswer.status(404);
        }
        if (t instanceof RateLimitException) {
            return ProviderAnswer.status(429);
        }
        if (t instanceof InternalServerException) {
            return ProviderAnswer.status(500);
        }
        return null;
    }
}
