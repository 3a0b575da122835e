package io.orderingguard.spring.boot;

/**
 * The {@code ordering-guard.mode} property: what the guard does with a prompt that breaks the target
 * provider's ordering rules. Each value is the guard's {@link io.orderingguard.Mode} of the same name
 * (the command line's {@code --mode} takes the same three).
 *
 * <p>Thread-safe (an enum).
 */
public enum GuardMode {
    /** Refuse the prompt with a diagnosis ({@code OrderingViolationException}); the model is not called. */
    ENFORCE,
    /** Repair the prompt and send the repaired one; refuse what cannot be repaired. */
    MUTATE,
    /** Evaluate and report (listeners, logs) but send every prompt unchanged: for rolling a guard out. */
    SHADOW
}
