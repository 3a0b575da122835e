package io.orderingguard.properties;

import com.fasterxml.jackson.databind.JsonNode;
import io.orderingguard.GuardResult;
import io.orderingguard.rule.Repair;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks that mutate mode lost nothing: every input entry is in the output — unchanged, or changed
 * only in the additive ways a repair naming it allows — or some repair recorded it (or a version of
 * it that holds all its content) in {@code removed}; and every output entry comes from the input or
 * from some repair's {@code inserted} list.
 *
 * <p>Additive changes and the repair that must name the entry: a result added to an unanswered call
 * ({@code synthesize-missing-tool-result}), payload fields added and a replay tag set where there was
 * none ({@code fill-required-metadata}), a new step ({@code split-tool-call-group}), text appended to
 * a message ({@code merge-consecutive-messages}). Overwriting an existing payload value is never
 * additive.
 *
 * <p>Not thread-safe: one instance per check.
 */
final class Lineage {

    private final List<Repair> repairs;
    private final List<String> problems = new ArrayList<>();

    private Lineage(List<Repair> repairs) {
        this.repairs = repairs;
    }

    /**
     * Checks a mutate result against its input.
     *
     * @param input the entries as received
     * @param result the result
     * @return the problems, empty when nothing was lost
     */
    static List<String> problems(List<Entry> input, GuardResult result) {
        Lineage lineage = new Lineage(result.repairs());
        lineage.check(input, result.dispatch().timeline().entries());
        return lineage.problems;
    }

    private void check(List<Entry> input, List<Entry> output) {
        List<Entry> removed = new ArrayList<>();
        List<Entry> inserted = new ArrayList<>();
        for (Repair r : repairs) {
            removed.addAll(r.removed());
            inserted.addAll(r.inserted());
        }
        List<Entry> unmatchedOutput = new ArrayList<>(output);
        List<Entry> unmatchedInput = new ArrayList<>();
        // exact matches first, so that a duplicate id is paired with its own unchanged twin
        for (Entry e : input) {
            if (!unmatchedOutput.remove(e)) {
                unmatchedInput.add(e);
            }
        }
        for (Entry e : unmatchedInput) {
            Entry kept = take(unmatchedOutput, e);
            if (kept != null) {
                continue;
            }
            if (!anyDescends(removed, e)) {
                problems.add("input " + e.kind().wireName() + " '" + e.id() + "' is neither in the output nor recorded"
                        + " as removed by a repair: " + e);
            }
        }
        for (Entry o : unmatchedOutput) {
            if (!anyAncestor(inserted, o)) {
                problems.add("output " + o.kind().wireName() + " '" + o.id() + "' comes neither from the input nor from"
                        + " a repair's inserted entries: " + o);
            }
        }
    }

    private Entry take(List<Entry> candidates, Entry original) {
        for (Iterator<Entry> it = candidates.iterator(); it.hasNext(); ) {
            Entry c = it.next();
            if (descends(c, original)) {
                it.remove();
                return c;
            }
        }
        return null;
    }

    private boolean anyDescends(List<Entry> candidates, Entry original) {
        for (Entry c : candidates) {
            if (descends(c, original)) {
                return true;
            }
        }
        return false;
    }

    private boolean anyAncestor(List<Entry> candidates, Entry later) {
        for (Entry c : candidates) {
            if (descends(later, c)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code later} holds everything {@code original} held, changed only as a repair allows. */
    private boolean descends(Entry later, Entry original) {
        if (later.equals(original)) {
            return true;
        }
        if (later.kind() != original.kind() || !later.id().equals(original.id())) {
            return false;
        }
        String id = original.id();
        if (!Objects.equals(later.step(), original.step()) && !named("split-tool-call-group", id)) {
            return false;
        }
        if (!Objects.equals(later.payload(), original.payload()) || !Objects.equals(later.replayCompatibility(),
                original.replayCompatibility())) {
            boolean filled = named("fill-required-metadata", id) && contains(later.payload(), original.payload())
                    && (original.replayCompatibility() == null
                            || original.replayCompatibility().equals(later.replayCompatibility()));
            if (!filled) {
                return false;
            }
        }
        if (original instanceof Message m && later instanceof Message l) {
            return m.role() == l.role() && (m.content().equals(l.content())
                    || named("merge-consecutive-messages", id) && l.content().startsWith(m.content()));
        }
        if (original instanceof Thought t && later instanceof Thought l) {
            return t.content().equals(l.content());
        }
        if (original instanceof ToolCall c && later instanceof ToolCall l) {
            return c.tool().equals(l.tool()) && c.args().equals(l.args()) && c.requested() == l.requested()
                    && (Objects.equals(c.result(), l.result())
                            || c.result() == null && named("synthesize-missing-tool-result", id));
        }
        return false;
    }

    /** Whether a repair of this strategy names the id (as its target or among its ids). */
    private boolean named(String strategy, String id) {
        for (Repair r : repairs) {
            if (r.strategy().wireName().equals(strategy) && (id.equals(r.targetId()) || r.primitiveIds().contains(id))) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code big} holds every value of {@code small} (objects recursively; a JSON null holds nothing). */
    static boolean contains(JsonNode big, JsonNode small) {
        if (small == null || small.isNull()) {
            return true;
        }
        if (big == null) {
            return false;
        }
        if (small.isObject()) {
            if (!big.isObject()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = small.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (!big.has(field.getKey()) || !contains(big.get(field.getKey()), field.getValue())) {
                    return false;
                }
            }
            return true;
        }
        return small.equals(big);
    }
}
