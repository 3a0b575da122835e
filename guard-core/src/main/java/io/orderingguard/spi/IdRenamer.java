package io.orderingguard.spi;

/**
 * Chooses new ids for tool calls that share an id, in mutate mode. Every member of a colliding group
 * is renamed, call and result together. The default appends {@code _<n>} (1-based) and is
 * deterministic, so the same input is always repaired the same way. The engine checks that the new
 * ids are distinct and collide with no other entry; a renamer that fails that check is a repair
 * failure, not an exception.
 */
@FunctionalInterface
public interface IdRenamer {

    /**
     * Returns a new id.
     *
     * @param previousId the shared id
     * @param memberIndex the member's position in the group, from 0
     * @return the new id
     */
    String rename(String previousId, int memberIndex);

    /**
     * Returns the default renamer.
     *
     * @return a renamer producing {@code <id>_<memberIndex + 1>}
     */
    static IdRenamer suffixing() {
        return (id, index) -> id + "_" + (index + 1);
    }
}
