package io.orderingguard.internal;

import io.vavr.collection.List;
import io.vavr.collection.Seq;
import io.vavr.control.Validation;
import java.util.ArrayList;
import java.util.function.Supplier;

/**
 * Collects configuration checks as vavr {@link Validation}s so that one failure reports every
 * problem. Not public API; vavr stays inside.
 *
 * <p>Not thread-safe: one instance per validation.
 */
public final class ConfigChecks {

    private final java.util.List<Validation<Seq<String>, Object>> checks = new ArrayList<>();

    /**
     * Adds a check.
     *
     * @param ok the condition
     * @param problem the problem when the condition does not hold
     * @return this
     */
    public ConfigChecks require(boolean ok, Supplier<String> problem) {
        checks.add(ok ? Validation.valid(Boolean.TRUE) : Validation.invalid(List.of(problem.get())));
        return this;
    }

    /**
     * Adds a problem found elsewhere.
     *
     * @param problem the problem, or {@code null} for none
     * @return this
     */
    public ConfigChecks problem(String problem) {
        if (problem != null) {
            checks.add(Validation.invalid(List.of(problem)));
        }
        return this;
    }

    /**
     * Returns every problem found, in the order the checks were added.
     *
     * @return the problems; empty when every check passed
     */
    public java.util.List<String> problems() {
        Validation<Seq<String>, Seq<Object>> all = Validation.sequence(checks);
        return all.isInvalid() ? all.getError().asJava() : java.util.List.of();
    }
}
