package io.orderingguard.springai;

import io.orderingguard.ProviderAnswer;
import java.lang.reflect.Method;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Spring AI model's failure says about the provider's answer. Spring AI 2.0's models run on
 * the providers' official SDKs, whose exceptions carry the status ({@code statusCode()}) and a message
 * {@code "400: <body>"}; Spring AI 1.1's REST clients throw {@code NonTransientAiException} (4xx) and
 * {@code TransientAiException} (5xx) with the message {@code "400 - <body>"}, and Spring's
 * {@code RestClientResponseException} where no error handler intervenes. Neither line's types are
 * compiled against (this source serves both), so they are read by their methods and messages. Not
 * public API.
 *
 * <p>Thread-safe: stateless.
 */
final class ProviderAnswers {

    /** {@code "400 - body"} (Spring AI 1.1's error handler), {@code "400: body"} (the SDKs). */
    private static final Pattern STATUS_FIRST = Pattern.compile("^(?:HTTP )?([1-5]\\d\\d)(?: -|:) (.*)$", Pattern.DOTALL);

    private ProviderAnswers() {}

    /**
     * Maps a failure to the answer it stands for: the status and body found in the cause chain, or no
     * answer (a timeout, a network error, a failure that names no status).
     *
     * @param error what the model threw
     * @return the answer
     */
    static ProviderAnswer of(Throwable error) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = error; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            ProviderAnswer answer = read(t);
            if (answer != null) {
                return answer;
            }
        }
        return ProviderAnswer.none();
    }

    private static ProviderAnswer read(Throwable t) {
        String message = t.getMessage();
        Matcher m = message == null ? null : STATUS_FIRST.matcher(message);
        boolean spelled = m != null && m.matches();
        Integer status = intMethod(t, "statusCode");
        if (status == null) {
            Object code = call(t, "getStatusCode");
            status = code == null ? null : intMethod(code, "value");
            if (status != null) {
                Object body = call(t, "getResponseBodyAsString");
                return answer(status, body instanceof String s ? s : null);
            }
        }
        if (status != null) {
            return answer(status, spelled ? m.group(2) : message);
        }
        return spelled ? answer(Integer.parseInt(m.group(1)), m.group(2)) : null;
    }

    private static ProviderAnswer answer(int status, String body) {
        return status < 100 || status > 599 ? null : ProviderAnswer.of(status, body);
    }

    private static Integer intMethod(Object target, String name) {
        Object value = call(target, name);
        return value instanceof Integer i ? i : null;
    }

    private static Object call(Object target, String name) {
        try {
            Method method = target.getClass().getMethod(name);
            return method.getParameterCount() == 0 ? method.invoke(target) : null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
