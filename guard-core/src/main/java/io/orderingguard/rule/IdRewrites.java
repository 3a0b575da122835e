package io.orderingguard.rule;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Payloads;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Renames ids in the working entries of a repair: entries sharing an id get the ids the guard's
 * renamer proposes, and an id outside a rule's format is mapped into it, deterministically. A call
 * and its result are one entry, so they keep matching ids.
 */
final class IdRewrites {

    private IdRewrites() {}

    /** Renames the entries of a kind that share {@code shared}, member {@code k} to the renamer's k-th id. */
    static RepairResult renumberColliding(RepairContext context, Kind kind, String shared) {
        List<Entry> working = context.entries();
        List<Integer> members = new ArrayList<>();
        for (int i = 0; i < working.size(); i++) {
            if (working.get(i).kind() == kind && working.get(i).id().equals(shared)) {
                members.add(i);
            }
        }
        if (members.size() < 2) {
            return RepairResult.notApplicable();
        }
        Set<String> others = new HashSet<>();
        for (Entry e : working) {
            if (!e.id().equals(shared)) {
                others.add(e.id());
            }
        }
        List<String> fresh = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int k = 0; k < members.size(); k++) {
            String id;
            try {
                id = context.rename(shared, k);
            } catch (RuntimeException e) {
                // the renamer is user code: its failure is this repair's failure, not the dispatch's
                return RepairResult.unrepairable(RepairStrategy.RENUMBER_COLLIDING_IDS,
                        "the id renamer failed for '" + shared + "': " + e);
            }
            if (id == null || id.isBlank() || !seen.add(id) || others.contains(id) || id.equals(shared)) {
                return RepairResult.unrepairable(RepairStrategy.RENUMBER_COLLIDING_IDS,
                        "the id renamer produced " + (id == null ? "null" : "'" + id + "'") + " for member " + k
                                + " of '" + shared + "', which is blank, repeated or already taken");
            }
            fresh.add(id);
        }
        List<Entry> originals = new ArrayList<>();
        List<Entry> renamed = new ArrayList<>();
        for (int k = 0; k < members.size(); k++) {
            Entry original = working.get(members.get(k));
            originals.add(original);
            renamed.add(original.withId(fresh.get(k)));
            working.set(members.get(k), renamed.get(k));
        }
        return RepairResult.applied(RepairStrategy.RENUMBER_COLLIDING_IDS, shared, null,
                "renamed the " + members.size() + " entries sharing id '" + shared + "' (calls with their results) to "
                        + String.join(", ", fresh), originals, renamed);
    }

    /** Renames every entry of the rule's kind with id {@code old} to one id within the rule's format. */
    static RepairResult renumberInvalid(IdentifierFormatRule rule, List<Entry> working, String old) {
        Set<String> taken = new HashSet<>();
        for (Entry e : working) {
            taken.add(e.id());
        }
        String fresh = validId(rule, old, taken);
        if (fresh == null) {
            return RepairResult.unrepairable(RepairStrategy.RENUMBER_INVALID_IDS,
                    "no id within the format of rule '" + rule.id() + "' could be derived from '" + old + "'");
        }
        List<Entry> originals = new ArrayList<>();
        List<Entry> renamed = new ArrayList<>();
        for (int i = 0; i < working.size(); i++) {
            if (working.get(i).kind() == rule.kind() && working.get(i).id().equals(old)) {
                originals.add(working.get(i));
                renamed.add(working.get(i).withId(fresh));
                working.set(i, renamed.get(renamed.size() - 1));
            }
        }
        if (originals.isEmpty()) {
            return RepairResult.notApplicable();
        }
        return RepairResult.applied(RepairStrategy.RENUMBER_INVALID_IDS, old, null,
                "renamed " + rule.kind().wireName() + " id '" + old + "' to '" + fresh + "' (call and result together)",
                originals, renamed);
    }

    /** Maps an id into the rule's alphabet and lengths, deterministically; {@code null} when impossible. */
    static String validId(IdentifierFormatRule rule, String old, Set<String> taken) {
        char replacement = 0;
        for (char c : new char[] {'_', '-', 'x', '0', 'a', 'A'}) {
            if (rule.allowsChar(c)) {
                replacement = c;
                break;
            }
        }
        if (replacement == 0) {
            return null;
        }
        StringBuilder sb = new StringBuilder(old.length());
        for (int i = 0; i < old.length(); i++) {
            char c = old.charAt(i);
            sb.append(rule.allowsChar(c) ? c : replacement);
        }
        String mapped = sb.toString();
        char separator = rule.allowsChar('_') ? '_' : rule.allowsChar('-') ? '-' : 0;
        Integer max = rule.maxLength();
        Integer min = rule.minLength();
        for (int salt = 0; salt < 100; salt++) {
            String candidate = mapped;
            boolean needsSuffix = salt > 0 || (max != null && candidate.length() > max)
                    || (min != null && candidate.length() < min) || !candidate.equals(old) && taken.contains(candidate);
            if (needsSuffix) {
                String digits = hashDigits(old, salt, rule);
                if (digits.isEmpty()) {
                    return null;
                }
                if (max == null) {
                    candidate = candidate + (separator == 0 ? "" : String.valueOf(separator)) + digits;
                } else {
                    // the suffix itself must fit a short cap; what room is left keeps the start of the id
                    digits = digits.substring(0, Math.min(digits.length(), max));
                    int room = max - digits.length();
                    boolean withSeparator = separator != 0 && room >= 2;
                    int keep = Math.min(candidate.length(), withSeparator ? room - 1 : room);
                    candidate = candidate.substring(0, keep) + (withSeparator && keep > 0 ? String.valueOf(separator) : "")
                            + digits;
                }
                if (min != null && candidate.length() < min) {
                    candidate = padded(candidate, min, old, salt, rule);
                    if (candidate == null) {
                        return null;
                    }
                }
            }
            if (rule.accepts(candidate) && !taken.contains(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** Lengthens an id to {@code min} with more hash characters; {@code null} when the alphabet gives none. */
    private static String padded(String candidate, int min, String old, int salt, IdentifierFormatRule rule) {
        StringBuilder sb = new StringBuilder(candidate);
        for (int k = 1; sb.length() < min && k <= min; k++) {
            String more = hashDigits(old + "#pad" + k, salt, rule);
            sb.append(more, 0, Math.min(more.length(), min - sb.length()));
        }
        return sb.length() < min ? null : sb.toString();
    }

    /** Up to 8 characters of a hash of the id and a salt, keeping only those the rule allows. */
    private static String hashDigits(String old, int salt, IdentifierFormatRule rule) {
        long h = Payloads.fingerprint(JsonNodeFactory.instance.textNode(old + "#" + salt));
        String hex = Long.toHexString(h);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < hex.length() && sb.length() < 8; i++) {
            char c = hex.charAt(i);
            if (rule.allowsChar(c)) {
                sb.append(c);
            } else if (rule.allowsChar(Character.toUpperCase(c))) {
                sb.append(Character.toUpperCase(c));
            }
        }
        return sb.toString();
    }
}
