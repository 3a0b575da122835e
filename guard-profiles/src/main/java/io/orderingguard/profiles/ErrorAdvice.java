package io.orderingguard.profiles;

import io.orderingguard.support.Require;

/**
 * What a provider error means and what to do about it.
 *
 * @param cause what is wrong with the request, in one or two plain sentences
 * @param fix what to change in the conversation
 * @param repairedByMutate whether mutate mode repairs the shape (where the rule is blocking)
 * @param mutate what mutate mode does, or why it cannot repair the shape
 */
public record ErrorAdvice(String cause, String fix, boolean repairedByMutate, String mutate) {

    /** Validates the fields. */
    public ErrorAdvice {
        Require.nonBlank(cause, "cause");
        Require.nonBlank(fix, "fix");
        Require.nonBlank(mutate, "mutate");
    }
}
