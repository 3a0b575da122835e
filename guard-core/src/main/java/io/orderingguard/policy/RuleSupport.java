package io.orderingguard.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Shared helpers of the rule records. Not public API. */
final class RuleSupport {

    private RuleSupport() {}

    static String id(String id, String defaultId) {
        if (id == null) {
            return defaultId;
        }
        if (id.isBlank()) {
            throw new InvalidRuleException("id", "id must be absent or non-blank, but was '" + id + "'");
        }
        return id;
    }

    static Condition when(Condition when) {
        return when == null ? Condition.always() : when;
    }

    static CallSelector operand(CallSelector selector, String field) {
        return Objects.requireNonNull(selector, field + " must not be null");
    }

    static List<CallSelector> operands(List<CallSelector> selectors, String field) {
        Objects.requireNonNull(selectors, field + " must not be null");
        for (int i = 0; i < selectors.size(); i++) {
            Objects.requireNonNull(selectors.get(i), field + "[" + i + "] must not be null");
        }
        return List.copyOf(selectors);
    }

    static String calls(int n) {
        return n == 1 ? "1 call" : n + " calls";
    }

    static String times(int n) {
        return n == 1 ? "1 time" : n + " times";
    }

    static String join(List<CallSelector> selectors, String separator) {
        List<String> parts = new ArrayList<>(selectors.size());
        for (CallSelector selector : selectors) {
            parts.add(selector.display());
        }
        return String.join(separator, parts);
    }
}
