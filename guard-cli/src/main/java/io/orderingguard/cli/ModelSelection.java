package io.orderingguard.cli;

import io.orderingguard.profiles.Profiles;
import io.orderingguard.rule.ProfileSelector;

/** Chooses profiles from a document's provider and model when no profile is named on the command line. */
final class ModelSelection {

    private ModelSelection() {}

    static ProfileSelector selector() {
        return Profiles.selector();
    }
}
