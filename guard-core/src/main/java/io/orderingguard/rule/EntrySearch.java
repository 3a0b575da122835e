package io.orderingguard.rule;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Finds the entries a finding names in the working entries of a repair. Ids may be shared (the very
 * defect identifierUniqueness reports), so a repair finds its entry by id and by the state the finding
 * describes: the id alone could pick a sibling that is fine and overwrite it.
 */
final class EntrySearch {

    private EntrySearch() {}

    /** The first entry with an id that is in the state the finding describes, or -1. */
    static int locate(List<Entry> entries, String id, Predicate<Entry> fits) {
        int hash = id.hashCode();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (same(e.id(), id, hash) && fits.test(e)) {
                return i;
            }
        }
        return -1;
    }

    /** The first entry with an id at or after {@code from}, or -1. */
    static int indexOf(List<Entry> entries, String id, int from) {
        int hash = id.hashCode();
        for (int i = from; i < entries.size(); i++) {
            if (same(entries.get(i).id(), id, hash)) {
                return i;
            }
        }
        return -1;
    }

    /** The position of the first pair {@code (first, second)} of adjacent entries with these ids, or -1. */
    static int adjacentPair(List<Entry> entries, String first, String second, Predicate<Entry> secondFits) {
        int firstHash = first.hashCode();
        int secondHash = second.hashCode();
        for (int i = 0; i + 1 < entries.size(); i++) {
            if (same(entries.get(i).id(), first, firstHash) && same(entries.get(i + 1).id(), second, secondHash)
                    && secondFits.test(entries.get(i + 1))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether an entry's id is the one searched for. A search walks a whole long timeline: comparing the
     * hash codes first (kept in each id once computed, and the check's id index computed them) spares
     * reading the characters of every other id.
     */
    private static boolean same(String held, String id, int hash) {
        return held == id || held.hashCode() == hash && held.equals(id);
    }

    /** The first non-system message, or -1. */
    static int firstMessage(List<Entry> entries) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) instanceof Message m && m.role() != Role.SYSTEM) {
                return i;
            }
        }
        return -1;
    }

    /** Whether a non-system message stands strictly between two positions. */
    static boolean messageBetween(List<Entry> entries, int first, int second) {
        for (int i = first + 1; i < second; i++) {
            if (entries.get(i) instanceof Message m && m.role() != Role.SYSTEM) {
                return true;
            }
        }
        return false;
    }

    /** The ids of entries, quoted and comma-separated: {@code 'a', 'b'}. */
    static String quoteIds(List<Entry> entries) {
        List<String> ids = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            ids.add(RuleFields.quote(e.id()));
        }
        return String.join(", ", ids);
    }
}
