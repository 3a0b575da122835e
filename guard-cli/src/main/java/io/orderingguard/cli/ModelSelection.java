package io.orderingguard.cli;

import io.orderingguard.GuardInputException;
import io.orderingguard.rule.ProfileSelector;

/** Chooses profiles from a document's model when no profile is named on the command line. */
final class ModelSelection {

    private ModelSelection() {}

    static ProfileSelector selector() {
        return dispatch -> {
            throw new GuardInputException(null, 0, null,
                    "no profile given: name one with -p or --profile-file (model-based selection needs guard-profiles)");
        };
    }
}
