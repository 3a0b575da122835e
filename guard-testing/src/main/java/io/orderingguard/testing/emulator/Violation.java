package io.orderingguard.testing.emulator;

import java.util.Map;

/**
 * A broken rule found in a request.
 *
 * @param rule the rule
 * @param message the provider's error text for this request
 * @param param the OpenAI {@code param} field, or {@code null}
 * @param code the OpenAI {@code code} field, or {@code null}
 * @param messageIndex the index of the message at fault, for picking the first violation
 */
record Violation(EmulatorRule rule, String message, String param, String code, int messageIndex) {

    static Violation of(EmulatorRule rule, int messageIndex, String param, String code, Map<String, ?> values) {
        return new Violation(rule, rule.format(values), param, code, messageIndex);
    }

    static Violation malformed(EmulatorRule rule, String detail, String param, String code) {
        return new Violation(rule, rule.format(Map.of("detail", detail)), param, code, -1);
    }
}
