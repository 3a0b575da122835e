package io.orderingguard.policy;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * The human explanation of a violation, in the shape of the Sequence Rules error block: what was
 * expected (from {@link SequenceRule#describe()}), what actually happened, which call to mark, and
 * what to do about it. Positions in {@link #actual()} are 1-based, as in the block's trace listing.
 *
 * @param at the 0-based index of the call to mark as the violation, or empty when no single call is
 *     to blame (a required tool that never came)
 * @param actual what happened, e.g. {@code DeleteCustomer called at position 2, but VerifyIdentity never called}
 * @param suggestion what to change, e.g. {@code Add VerifyIdentity call before DeleteCustomer}
 */
public record Diagnosis(OptionalInt at, String actual, String suggestion) {

    /** Validates the fields. */
    public Diagnosis {
        Objects.requireNonNull(at, "at must not be null");
        Objects.requireNonNull(actual, "actual must not be null");
        Objects.requireNonNull(suggestion, "suggestion must not be null");
        if (at.isPresent() && at.getAsInt() < 0) {
            throw new IllegalArgumentException("at must be >= 0, but was " + at.getAsInt());
        }
    }

    /**
     * Creates a diagnosis that marks a call.
     *
     * @param at the 0-based index of the violating call
     * @param actual what happened
     * @param suggestion what to change
     * @return the diagnosis
     */
    public static Diagnosis at(int at, String actual, String suggestion) {
        return new Diagnosis(OptionalInt.of(at), actual, suggestion);
    }

    /**
     * Creates a diagnosis that marks no call.
     *
     * @param actual what happened
     * @param suggestion what to change
     * @return the diagnosis
     */
    public static Diagnosis unplaced(String actual, String suggestion) {
        return new Diagnosis(OptionalInt.empty(), actual, suggestion);
    }
}
