package io.orderingguard.cli;

import io.orderingguard.profiles.Profiles;
import io.orderingguard.spi.ProfileSelector;

/** Chooses profiles from a document's provider and model when no profile is named on the command line. */
final class ModelSelection {

    private ModelSelection() {}

    /**
     * Returns the shipped selector with the {@code --model-alias} values.
     *
     * @param aliases {@code NAME=MODEL} strings
     * @return the selector
     * @throws io.orderingguard.GuardConfigException for an alias that is not NAME=MODEL or names an
     *     unknown model
     */
    static ProfileSelector selector(java.util.List<String> aliases) {
        io.orderingguard.profiles.ModelSelector selector = Profiles.selector();
        for (String a : aliases) {
            int eq = a.indexOf('=');
            if (eq <= 0 || eq == a.length() - 1) {
                throw new io.orderingguard.GuardConfigException("model alias", java.util.List.of("--model-alias '" + a
                        + "': expected NAME=MODEL, e.g. prod-chat=gpt-4o"));
            }
            selector = selector.alias(a.substring(0, eq).trim(), a.substring(eq + 1).trim());
        }
        return selector;
    }
}
