package io.orderingguard.rule;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.support.Require;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * What a rule's repair works on: the working entries of one repair run (a private copy that repairs
 * change in place; the caller's timeline is never touched) and the guard's repair options. Created by
 * the guard's repair loop, one per run.
 *
 * <p>Not thread-safe: one run at a time.
 */
public final class RepairContext {

    private static final String FILLER_PREFIX = "__ordering-guard-filler-";

    private final List<Entry> entries;
    private final boolean allowMetadataFallback;
    private final String fillerText;
    private final AlternationRepair alternationRepair;
    private final BiFunction<String, Integer, String> renamer;

    /**
     * Creates a context.
     *
     * @param entries the working entries, changed in place by repairs
     * @param allowMetadataFallback the guard option {@code allowMetadataFallbackRepair}
     * @param fillerText the text of inserted filler messages
     * @param alternationRepair the guard's default for consecutive same-role messages
     * @param renamer gives member {@code k} of a shared id its new id
     */
    public RepairContext(List<Entry> entries, boolean allowMetadataFallback, String fillerText,
            AlternationRepair alternationRepair, BiFunction<String, Integer, String> renamer) {
        this.entries = Require.nonNull(entries, "entries");
        this.allowMetadataFallback = allowMetadataFallback;
        this.fillerText = Require.nonNull(fillerText, "fillerText");
        this.alternationRepair = Require.nonNull(alternationRepair, "alternationRepair");
        this.renamer = Require.nonNull(renamer, "renamer");
    }

    /**
     * Returns the working entries; repairs change this list in place.
     *
     * @return the mutable list
     */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * Returns whether the guard authorises writing metadata fallbacks.
     *
     * @return the option
     */
    public boolean allowMetadataFallback() {
        return allowMetadataFallback;
    }

    /**
     * Returns the guard's default repair of consecutive same-role messages.
     *
     * @return the repair
     */
    public AlternationRepair alternationRepair() {
        return alternationRepair;
    }

    /**
     * Returns a new id for member {@code k} of entries sharing an id.
     *
     * @param shared the shared id
     * @param k the member index
     * @return the id the guard's renamer proposes (checked by the caller)
     */
    String rename(String shared, int k) {
        return renamer.apply(shared, k);
    }

    /**
     * Builds a filler message of a role, marked as inserted by the guard, with an id not taken yet.
     *
     * @param role the role
     * @return the filler
     */
    Message filler(Role role) {
        Set<String> ids = new HashSet<>();
        for (Entry e : entries) {
            ids.add(e.id());
        }
        int n = 1;
        while (ids.contains(FILLER_PREFIX + n)) {
            n++;
        }
        ObjectNode marker = JsonNodeFactory.instance.objectNode().put(Baseline.FILLER_MARKER, true);
        return new Message(FILLER_PREFIX + n, role, fillerText, marker, null, null, null);
    }
}
