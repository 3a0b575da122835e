package io.orderingguard.rule;

import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.ToolCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Repairs of {@link AlternationRule} findings: a filler before a wrong first message, a filler or a
 * merge between consecutive same-role messages, and a split (never a filler) of a response with too
 * many tool calls.
 */
final class AlternationRepairs {

    private AlternationRepairs() {}

    static RepairResult repair(AlternationRule rule, Facet facet, List<String> ids, RepairContext context) {
        return switch (facet) {
            case MAX_PER_GROUP -> split(ids, context.entries());
            case FIRST_ROLE -> fixFirstRole(rule, ids, context);
            default -> separate(rule, ids, context);
        };
    }

    private static RepairResult fixFirstRole(AlternationRule rule, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        int i = EntrySearch.firstMessage(working);
        Role first = rule.roles().get(0);
        // another repair of this pass (a duplicate rule) may already have fixed the opening
        if (i < 0 || !working.get(i).id().equals(ids.get(0)) || ((Message) working.get(i)).role() == first) {
            return RepairResult.notApplicable();
        }
        Message filler = context.filler(first);
        working.add(i, filler);
        return RepairResult.applied(RepairStrategy.INSERT_ALTERNATION_FILLER, filler.id(), ids.get(0),
                "inserted a " + filler.role().wireName() + " filler before '" + ids.get(0)
                        + "' so that the conversation starts with role " + first.wireName(), List.of(), List.of(filler));
    }

    private static RepairResult separate(AlternationRule rule, List<String> ids, RepairContext context) {
        List<Entry> working = context.entries();
        if (ids.size() < 2) {
            return RepairResult.notApplicable();
        }
        int first = EntrySearch.indexOf(working, ids.get(0), 0);
        int second = first < 0 ? -1 : EntrySearch.indexOf(working, ids.get(1), first + 1);
        if (first >= 0 && second >= 0 && working.get(first) instanceof ToolCall result
                && working.get(second) instanceof Message b && b.role() == Role.USER) {
            // a user message right after a tool result: the model answers the result first
            Message filler = context.filler(Role.ASSISTANT);
            working.add(second, filler);
            return RepairResult.applied(RepairStrategy.INSERT_ALTERNATION_FILLER, filler.id(), b.id(),
                    "inserted an assistant filler between the tool result '" + result.id() + "' and '" + b.id() + "'",
                    List.of(), List.of(filler));
        }
        if (first < 0 || second < 0 || !(working.get(first) instanceof Message a)
                || !(working.get(second) instanceof Message b) || a.role() != b.role()
                || EntrySearch.messageBetween(working, first, second)) {
            return RepairResult.notApplicable();
        }
        if (rule.repairOr(context.alternationRepair()) == AlternationRepair.MERGE && !b.hasPayload()) {
            String merged = a.content().isEmpty() ? b.content() : b.content().isEmpty() ? a.content()
                    : a.content() + "\n\n" + b.content();
            working.set(first, a.withContent(merged));
            working.remove(second);
            return RepairResult.applied(RepairStrategy.MERGE_CONSECUTIVE_MESSAGES, a.id(), null,
                    "merged " + a.role().wireName() + " message '" + b.id() + "' into '" + a.id() + "'", List.of(b),
                    List.of());
        }
        Message filler = context.filler(a.role() == Role.USER ? Role.ASSISTANT : Role.USER);
        // keep one model response together: the filler goes after the entries sharing the first message's step
        int at = first + 1;
        while (a.step() != null && at < second && a.step().equals(working.get(at).step())) {
            at++;
        }
        working.add(at, filler);
        return RepairResult.applied(RepairStrategy.INSERT_ALTERNATION_FILLER, filler.id(), b.id(),
                "inserted a " + filler.role().wireName() + " filler between '" + a.id() + "' and '" + b.id() + "'",
                List.of(), List.of(filler));
    }

    private static RepairResult split(List<String> primitiveIds, List<Entry> working) {
        Set<String> ids = new LinkedHashSet<>(primitiveIds);
        if (alreadySplit(ids, working)) {
            return RepairResult.notApplicable(); // a duplicate finding whose group another repair already split
        }
        int calls = 0;
        for (Entry e : working) {
            if (e instanceof ToolCall && ids.contains(e.id())) {
                calls++;
            }
        }
        if (calls < 2) {
            return RepairResult.notApplicable(); // one call cannot be split; decide before touching anything
        }
        List<String> steps = new ArrayList<>();
        int k = 0;
        Set<String> taken = new HashSet<>();
        for (Entry e : working) {
            if (e.step() != null) {
                taken.add(e.step());
            }
        }
        for (int i = 0; i < working.size(); i++) {
            Entry e = working.get(i);
            if (!(e instanceof ToolCall) || !ids.contains(e.id())) {
                continue;
            }
            k++;
            if (k == 1 && e.step() != null) {
                steps.add(e.step());
                continue; // the first call keeps the response's step (and its text)
            }
            String base = (e.step() == null ? "step-" + e.id() : e.step()) + "#" + k;
            String step = base;
            for (int salt = 2; taken.contains(step); salt++) {
                step = base + "." + salt;
            }
            taken.add(step);
            working.set(i, e.withStep(step));
            steps.add(step);
        }
        return RepairResult.applied(RepairStrategy.SPLIT_TOOL_CALL_GROUP, primitiveIds.get(0), null,
                "gave each of the " + k + " tool calls its own step (" + String.join(", ", steps)
                        + "), so that each is sent as its own model response", List.of(), List.of());
    }

    private static boolean alreadySplit(Set<String> ids, List<Entry> working) {
        Set<String> steps = new HashSet<>();
        for (Entry e : working) {
            if (e instanceof ToolCall && ids.contains(e.id()) && (e.step() == null || !steps.add(e.step()))) {
                return false;
            }
        }
        return true;
    }
}
