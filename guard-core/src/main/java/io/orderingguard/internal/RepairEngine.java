package io.orderingguard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.rule.AdjacencyRule;
import io.orderingguard.rule.AlternationRepair;
import io.orderingguard.rule.AlternationRule;
import io.orderingguard.rule.Baseline;
import io.orderingguard.rule.BoundaryEnd;
import io.orderingguard.rule.BoundaryRule;
import io.orderingguard.rule.EntrySelector;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.IdRenamer;
import io.orderingguard.rule.IdentifierFormatRule;
import io.orderingguard.rule.IdentifierUniquenessRule;
import io.orderingguard.rule.NonEmptyTurnRule;
import io.orderingguard.rule.OrderRule;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PresenceRule;
import io.orderingguard.rule.Repair;
import io.orderingguard.rule.RepairFailure;
import io.orderingguard.rule.ReplayCompatibilityRule;
import io.orderingguard.rule.RequiredMetadataRule;
import io.orderingguard.rule.RuleContext;
import io.orderingguard.rule.StepContentRule;
import io.orderingguard.rule.ToolResultPairingRule;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Payloads;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.ToolCall;
import io.orderingguard.timeline.ToolResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Mutate mode: plans a repair for each blocking finding, applies it to a new timeline (the caller's
 * objects are never touched), re-evaluates every stateless rule, and repeats until nothing blocking
 * remains or nothing more can be repaired. Each strategy first checks that its finding still holds
 * (a duplicate rule may have fixed it earlier in the pass) and finds its entry by id and by the state
 * the finding describes (ids may be shared). When the pass limit is reached and another pass would
 * still change something, the rules undo each other: nothing is applied, so that what is returned is
 * always a fixed point and {@code mutate(mutate(x))} equals {@code mutate(x)}. Every repair is
 * returned as data, with the full content of anything removed and replaced. Deterministic: the same
 * input is always repaired the same way. Not public API.
 *
 * <p>Thread-safe: immutable; each call works on its own copy.
 */
public final class RepairEngine {

    /** The text of a result synthesised for an unanswered call. */
    public static final String NOT_EXECUTED = "Tool call was not executed: the conversation has no result for it.";

    /** The text written into an error result that has no content. */
    public static final String EMPTY_ERROR = "The tool failed without an error message.";

    private static final String FILLER_PREFIX = "__ordering-guard-filler-";

    private final boolean allowMetadataFallback;
    private final String fillerText;
    private final AlternationRepair alternationRepair;
    private final IdRenamer renamer;
    private final int maxPasses;
    private final Set<String> disabledAdvisories;

    /**
     * Creates an engine.
     *
     * @param allowMetadataFallback the guard option {@code allowMetadataFallbackRepair}
     * @param fillerText the text of alternation fillers
     * @param alternationRepair the default for consecutive same-role messages
     * @param renamer the id renamer for colliding ids
     * @param maxPasses the most repair passes
     * @param disabledAdvisories advisory rule ids to drop while re-evaluating
     */
    public RepairEngine(boolean allowMetadataFallback, String fillerText, AlternationRepair alternationRepair,
            IdRenamer renamer, int maxPasses, Set<String> disabledAdvisories) {
        this.allowMetadataFallback = allowMetadataFallback;
        this.fillerText = fillerText;
        this.alternationRepair = alternationRepair;
        this.renamer = renamer;
        this.maxPasses = maxPasses;
        this.disabledAdvisories = disabledAdvisories;
    }

    /** What a repair run produced. */
    public record Result(Dispatch dispatch, List<Repair> repairs, List<Finding> unrepaired, List<RepairFailure> failures) {}

    /**
     * Repairs a dispatch.
     *
     * @param input the dispatch as received
     * @param units the composed profiles
     * @param blocking the blocking findings of the input
     * @return the repaired dispatch, the repairs, what stays unrepaired and the failures
     */
    public Result repair(Dispatch input, List<OrderingProfile> units, List<Finding> blocking) {
        List<Finding> permanent = new ArrayList<>();
        List<Finding> current = new ArrayList<>();
        List<RepairFailure> failures = new ArrayList<>();
        for (Finding f : blocking) {
            // preservation and stash findings describe history, not this timeline: no repair exists
            if (f.ruleType().equals("preservation") || f.ruleType().equals("stash")) {
                permanent.add(f);
                if (f.ruleType().equals("preservation")) {
                    failures.add(new RepairFailure("none", f.ruleId(), f.primitiveIds(),
                            "rule type preservation has no repair: entries lost from the history cannot be recreated"));
                }
            } else {
                current.add(f);
            }
        }
        List<Entry> working = new ArrayList<>(input.timeline().entries());
        List<Repair> repairs = new ArrayList<>();
        Set<String> failed = new HashSet<>();
        Dispatch dispatch = input;
        for (int pass = 0; !current.isEmpty(); pass++) {
            if (pass == maxPasses) {
                if (settled(units, current, working)) {
                    break;
                }
                // the repairs keep undoing or re-creating each other's findings: what they reached is no
                // fixed point, so sending it again would repair it again. Change nothing instead.
                return rollBack(input, blocking, permanent, failures);
            }
            boolean changed = false;
            for (Finding f : current) {
                OrderingRule rule = ruleOf(units, f);
                if (rule == null) {
                    continue;
                }
                Object outcome = apply(rule, f, working);
                if (outcome instanceof Repair r) {
                    repairs.add(r);
                    changed = true;
                } else if (outcome instanceof RepairFailure failure && failed.add(failure.strategy() + "|" + f.key())) {
                    failures.add(failure);
                }
            }
            if (!changed) {
                break;
            }
            dispatch = input.withTimeline(input.timeline().withEntries(working));
            current = new ArrayList<>(Evaluator.run(units, RuleContext.of(dispatch, null), disabledAdvisories, true, false)
                    .blocking());
        }
        List<Finding> unrepaired = new ArrayList<>(current);
        unrepaired.addAll(permanent);
        return new Result(dispatch, repairs, unrepaired, failures);
    }

    /** Whether another pass would change nothing (repairs are tried on a copy and discarded). */
    private boolean settled(List<OrderingProfile> units, List<Finding> current, List<Entry> working) {
        List<Entry> probe = new ArrayList<>(working);
        for (Finding f : current) {
            OrderingRule rule = ruleOf(units, f);
            if (rule != null && apply(rule, f, probe) instanceof Repair) {
                return false;
            }
        }
        return true;
    }

    private Result rollBack(Dispatch input, List<Finding> blocking, List<Finding> permanent, List<RepairFailure> failures) {
        List<RepairFailure> all = new ArrayList<>(failures);
        for (Finding f : blocking) {
            if (!permanent.contains(f)) {
                all.add(new RepairFailure("none", f.ruleId(), f.primitiveIds(), "the repairs did not settle within "
                        + maxPasses + " passes (the profile's rules undo or re-create each other's findings), so"
                        + " none was applied"));
            }
        }
        return new Result(input, List.of(), List.copyOf(blocking), all);
    }

    private static OrderingRule ruleOf(List<OrderingProfile> units, Finding f) {
        for (OrderingProfile p : units) {
            if (!p.name().equals(f.profile())) {
                continue;
            }
            for (OrderingRule r : p.rules()) {
                if (r.id().equals(f.ruleId()) && r.type().equals(f.ruleType())) {
                    return r;
                }
            }
        }
        return null;
    }

    /** Returns a {@link Repair}, a {@link RepairFailure}, or {@code null} when there is nothing to do. */
    private Object apply(OrderingRule rule, Finding f, List<Entry> working) {
        if (rule instanceof OrderRule r) {
            return reorder(r, f, working);
        }
        if (rule instanceof AdjacencyRule r) {
            return r.successorRoles() == null ? reorderAdjacent(r, f, working) : bridge(r, f, working);
        }
        if (rule instanceof RequiredMetadataRule r) {
            return fillMetadata(r, f, working);
        }
        if (rule instanceof IdentifierUniquenessRule r) {
            return renumberColliding(r, f, working);
        }
        if (rule instanceof IdentifierFormatRule r) {
            return renumberInvalid(r, f, working);
        }
        if (rule instanceof AlternationRule r) {
            return alternation(r, f, working);
        }
        if (rule instanceof ToolResultPairingRule) {
            return f.facet().equals("empty-error-result") ? fillEmptyError(f, working) : pairing(f, working);
        }
        if (rule instanceof BoundaryRule r) {
            return boundary(r, f, working);
        }
        if (rule instanceof StepContentRule) {
            return new RepairFailure("none", f.ruleId(), f.primitiveIds(),
                    "rule type stepContent has no repair: the guard never invents reasoning");
        }
        if (rule instanceof PresenceRule r) {
            return new RepairFailure("none", f.ruleId(), f.primitiveIds(), f.facet().equals("too-few")
                    ? "rule type presence has no repair for a missing " + r.selector().noun() + ": the guard does not "
                            + "invent conversation content"
                    : "rule type presence has no repair for an extra " + r.selector().noun() + ": dropping it would lose "
                            + "what it carries (a system message's instructions), and only the producer of the "
                            + "conversation can decide that");
        }
        if (rule instanceof ReplayCompatibilityRule r) {
            return dropForeign(r, f, working);
        }
        if (rule instanceof NonEmptyTurnRule) {
            return dropEmpty(f, working);
        }
        // preservation, roleRemap, toolIdentity, schemaIntegrity, staleContentAdvisory, toolPolicy:
        // the guard cannot know what the producer meant, so it does not guess
        return new RepairFailure("none", f.ruleId(), f.primitiveIds(),
                "rule type " + rule.type() + " has no repair: only the producer of the conversation can fix it");
    }

    private Object reorder(OrderRule rule, Finding f, List<Entry> working) {
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        for (String id : f.primitiveIds()) {
            int i = indexOf(working, id, 0);
            if (i >= 0) {
                lo = Math.min(lo, i);
                hi = Math.max(hi, i);
            }
        }
        if (hi < 0) {
            return null;
        }
        int firstAfter = -1;
        for (int i = lo; i <= hi; i++) {
            if (working.get(i).kind() == rule.after() && f.primitiveIds().contains(working.get(i).id())) {
                firstAfter = i;
                break;
            }
        }
        if (firstAfter < 0 || rule.before() == rule.after()) {
            return null;
        }
        List<Entry> moved = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = firstAfter + 1; i <= hi; i++) {
            Entry e = working.get(i);
            if (e.kind() == rule.before() && f.primitiveIds().contains(e.id())) {
                moved.add(e);
                positions.add(i);
            }
        }
        if (moved.isEmpty()) {
            return null;
        }
        Entry blocker = working.get(firstAfter);
        for (int k = positions.size() - 1; k >= 0; k--) {
            working.remove((int) positions.get(k)); // by position: an equal twin elsewhere must stay put
        }
        working.addAll(firstAfter, moved);
        return new Repair("reorder", f.ruleId(), f.primitiveIds(), moved.get(0).id(), blocker.id(),
                "moved " + rule.before().wireName() + " " + quoteIds(moved) + " before " + rule.after().wireName()
                        + " '" + blocker.id() + "', keeping their relative order", List.of(), List.of());
    }

    private Object reorderAdjacent(AdjacencyRule rule, Finding f, List<Entry> working) {
        if (f.primitiveIds().size() < 2) {
            return null;
        }
        int first = -1;
        for (int i = 0; i + 1 < working.size(); i++) {
            if (working.get(i).id().equals(f.primitiveIds().get(0)) && working.get(i + 1).id().equals(f.primitiveIds().get(1))) {
                first = i;
                break;
            }
        }
        if (first < 0) {
            return null;
        }
        Entry successor = working.get(first + 1);
        if (successor.kind() == rule.first()) {
            // swapping two entries of one kind leaves the same pair: moving cannot separate them
            return new RepairFailure("reorder-adjacent", f.ruleId(), f.primitiveIds(), "moving cannot separate two "
                    + "adjacent " + successor.kind().wireName() + " entries ('" + working.get(first).id() + "', '"
                    + successor.id() + "'); rule '" + rule.id() + "' forbids a " + successor.kind().wireName()
                    + " right after a " + rule.first().wireName());
        }
        // before the whole run of starters (call, call, message → message, call, call): landing right
        // after another starter would only move the finding one step back and need one pass per call
        int to = first;
        while (to > 0 && working.get(to - 1).kind() == rule.first()) {
            to--;
        }
        working.remove(first + 1);
        working.add(to, successor);
        Entry blocker = working.get(to + 1);
        return new Repair("reorder-adjacent", f.ruleId(), f.primitiveIds(), successor.id(), blocker.id(),
                "moved " + successor.kind().wireName() + " '" + successor.id() + "' before " + blocker.kind().wireName()
                        + " '" + blocker.id() + "'", List.of(), List.of());
    }

    private Object fillMetadata(RequiredMetadataRule rule, Finding f, List<Entry> working) {
        boolean authorised = rule.fallbackPayloadValue() != null && (allowMetadataFallback || rule.fallbackRepairAuthorized());
        if (!authorised && rule.kind() == Kind.THOUGHT) {
            return dropUnsigned(rule, f, working);
        }
        if (rule.fallbackPayloadValue() == null) {
            return new RepairFailure("fill-required-metadata", f.ruleId(), f.primitiveIds(),
                    "rule '" + rule.id() + "' has no fallbackPayloadValue; the guard never invents provider metadata");
        }
        if (!allowMetadataFallback && !rule.fallbackRepairAuthorized()) {
            return new RepairFailure("fill-required-metadata", f.ruleId(), f.primitiveIds(),
                    "writing the fallback of rule '" + rule.id() + "' needs allowMetadataFallbackRepair or the rule's "
                            + "fallbackRepairAuthorized");
        }
        int i = locateUnsatisfied(rule, f, working);
        if (i < 0) {
            return null;
        }
        Entry e = working.get(i);
        String blocked = valueOnPath(e, rule.requiredPayloadKey());
        if (blocked != null) {
            return new RepairFailure("fill-required-metadata", f.ruleId(), f.primitiveIds(), "payload field '" + blocked
                    + "' of " + e.kind().wireName() + " '" + e.id() + "' holds " + e.payloadAt(blocked) + ", not an object;"
                    + " writing the fallback at '" + rule.requiredPayloadKey() + "' would overwrite it");
        }
        ObjectNode payload = Payloads.write(e.payload(), rule.requiredPayloadKey(), rule.fallbackPayloadValue());
        String tag = e.replayCompatibility() != null ? e.replayCompatibility() : rule.fallbackReplayCompatibility();
        working.set(i, e.withPayload(payload, tag));
        return new Repair("fill-required-metadata", f.ruleId(), f.primitiveIds(), e.id(), null,
                "wrote the fallback " + rule.fallbackPayloadValue() + " at payload field '" + rule.requiredPayloadKey()
                        + "' of " + e.kind().wireName() + " '" + e.id() + "'"
                        + (e.replayCompatibility() == null && tag != null ? " and tagged it " + tag : ""),
                List.of(), List.of());
    }

    /** A thought without its signature: the provider rejects it, and dropping reasoning invents nothing. */
    private static Object dropUnsigned(RequiredMetadataRule rule, Finding f, List<Entry> working) {
        int i = locateUnsatisfied(rule, f, working);
        if (i < 0) {
            return null;
        }
        Entry e = working.remove(i);
        return new Repair("drop-unsigned-reasoning", f.ruleId(), f.primitiveIds(), e.id(), null,
                "dropped thought '" + e.id() + "', which lacks payload field '" + rule.requiredPayloadKey()
                        + "' (no authorised fallback: the guard never invents provider metadata)", List.of(e), List.of());
    }

    private static int locateUnsatisfied(RequiredMetadataRule rule, Finding f, List<Entry> working) {
        return locate(working, f.primitiveIds().get(0), e -> e.kind() == rule.kind()
                && !(e instanceof ToolCall c && c.isOrphan()) && !rule.isSatisfiedBy(e));
    }

    /** The first proper prefix of the path that holds a value other than an object or null, or {@code null}. */
    private static String valueOnPath(Entry e, String dotPath) {
        if (!e.hasPayload()) {
            return null;
        }
        for (int dot = dotPath.indexOf('.'); dot >= 0; dot = dotPath.indexOf('.', dot + 1)) {
            String prefix = dotPath.substring(0, dot);
            JsonNode value = e.payloadAt(prefix);
            if (value == null || value.isNull()) {
                return null; // missing or null from here on: the path is simply created
            }
            if (!value.isObject()) {
                return prefix;
            }
        }
        return null;
    }

    private Object renumberColliding(IdentifierUniquenessRule rule, Finding f, List<Entry> working) {
        String shared = f.primitiveIds().get(0);
        List<Integer> members = new ArrayList<>();
        for (int i = 0; i < working.size(); i++) {
            if (working.get(i).kind() == rule.kind() && working.get(i).id().equals(shared)) {
                members.add(i);
            }
        }
        if (members.size() < 2) {
            return null;
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
                id = renamer.rename(shared, k);
            } catch (RuntimeException e) {
                return new RepairFailure("renumber-colliding-ids", f.ruleId(), f.primitiveIds(),
                        "the id renamer failed for '" + shared + "': " + e);
            }
            if (id == null || id.isBlank() || !seen.add(id) || others.contains(id) || id.equals(shared)) {
                return new RepairFailure("renumber-colliding-ids", f.ruleId(), f.primitiveIds(),
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
        return new Repair("renumber-colliding-ids", f.ruleId(), f.primitiveIds(), shared, null,
                "renamed the " + members.size() + " entries sharing id '" + shared + "' (calls with their results) to "
                        + String.join(", ", fresh), originals, renamed);
    }

    private Object renumberInvalid(IdentifierFormatRule rule, Finding f, List<Entry> working) {
        String old = f.primitiveIds().get(0);
        Set<String> taken = new HashSet<>();
        for (Entry e : working) {
            taken.add(e.id());
        }
        String fresh = validId(rule, old, taken);
        if (fresh == null) {
            return new RepairFailure("renumber-invalid-ids", f.ruleId(), f.primitiveIds(),
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
            return null;
        }
        return new Repair("renumber-invalid-ids", f.ruleId(), f.primitiveIds(), old, null,
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

    private Object alternation(AlternationRule rule, Finding f, List<Entry> working) {
        if (f.facet().equals("max-per-group")) {
            return split(f, working);
        }
        if (f.facet().equals("first-role")) {
            int i = firstMessage(working);
            // another repair of this pass (a duplicate rule) may already have fixed the opening
            if (i < 0 || !working.get(i).id().equals(f.primitiveIds().get(0))
                    || ((Message) working.get(i)).role() == rule.roles().get(0)) {
                return null;
            }
            Message filler = filler(rule.roles().get(0), working);
            working.add(i, filler);
            return new Repair("insert-alternation-filler", f.ruleId(), f.primitiveIds(), filler.id(), f.primitiveIds().get(0),
                    "inserted a " + filler.role().wireName() + " filler before '" + f.primitiveIds().get(0)
                            + "' so that the conversation starts with role " + rule.roles().get(0).wireName(),
                    List.of(), List.of(filler));
        }
        if (f.primitiveIds().size() < 2) {
            return null;
        }
        int first = indexOf(working, f.primitiveIds().get(0), 0);
        int second = first < 0 ? -1 : indexOf(working, f.primitiveIds().get(1), first + 1);
        if (first >= 0 && second >= 0 && working.get(first) instanceof ToolCall result
                && working.get(second) instanceof Message b && b.role() == Role.USER) {
            // a user message right after a tool result: the model answers the result first
            Message filler = filler(Role.ASSISTANT, working);
            working.add(second, filler);
            return new Repair("insert-alternation-filler", f.ruleId(), f.primitiveIds(), filler.id(), b.id(),
                    "inserted an assistant filler between the tool result '" + result.id() + "' and '" + b.id() + "'",
                    List.of(), List.of(filler));
        }
        if (first < 0 || second < 0 || !(working.get(first) instanceof Message a) || !(working.get(second) instanceof Message b)
                || a.role() != b.role() || messageBetween(working, first, second)) {
            return null;
        }
        if (rule.repairOr(alternationRepair) == AlternationRepair.MERGE && !b.hasPayload()) {
            String merged = a.content().isEmpty() ? b.content() : b.content().isEmpty() ? a.content()
                    : a.content() + "\n\n" + b.content();
            working.set(first, a.withContent(merged));
            working.remove(second);
            return new Repair("merge-consecutive-messages", f.ruleId(), f.primitiveIds(), a.id(), null,
                    "merged " + a.role().wireName() + " message '" + b.id() + "' into '" + a.id() + "'", List.of(b), List.of());
        }
        Message filler = filler(a.role() == Role.USER ? Role.ASSISTANT : Role.USER, working);
        // keep one model response together: the filler goes after the entries sharing the first message's step
        int at = first + 1;
        while (a.step() != null && at < second && a.step().equals(working.get(at).step())) {
            at++;
        }
        working.add(at, filler);
        return new Repair("insert-alternation-filler", f.ruleId(), f.primitiveIds(), filler.id(), b.id(),
                "inserted a " + filler.role().wireName() + " filler between '" + a.id() + "' and '" + b.id() + "'",
                List.of(), List.of(filler));
    }

    private static int firstMessage(List<Entry> working) {
        for (int i = 0; i < working.size(); i++) {
            if (working.get(i) instanceof Message m && m.role() != Role.SYSTEM) {
                return i;
            }
        }
        return -1;
    }

    /** Whether a non-system message already separates the pair (a filler of a duplicate finding). */
    private static boolean messageBetween(List<Entry> working, int first, int second) {
        for (int i = first + 1; i < second; i++) {
            if (working.get(i) instanceof Message m && m.role() != Role.SYSTEM) {
                return true;
            }
        }
        return false;
    }

    private Message filler(Role role, List<Entry> working) {
        Set<String> ids = new HashSet<>();
        for (Entry e : working) {
            ids.add(e.id());
        }
        int n = 1;
        while (ids.contains(FILLER_PREFIX + n)) {
            n++;
        }
        ObjectNode marker = JsonNodeFactory.instance.objectNode().put(Baseline.FILLER_MARKER, true);
        return new Message(FILLER_PREFIX + n, role, fillerText, marker, null, null);
    }

    private Object split(Finding f, List<Entry> working) {
        Set<String> ids = new LinkedHashSet<>(f.primitiveIds());
        if (alreadySplit(ids, working)) {
            return null; // a duplicate finding whose group another repair of this pass already split
        }
        int calls = 0;
        for (Entry e : working) {
            if (e instanceof ToolCall && ids.contains(e.id())) {
                calls++;
            }
        }
        if (calls < 2) {
            return null; // one call cannot be split; decide before touching anything
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
        return new Repair("split-tool-call-group", f.ruleId(), f.primitiveIds(), f.primitiveIds().get(0), null,
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

    private Object pairing(Finding f, List<Entry> working) {
        boolean unanswered = f.facet().equals("unanswered");
        int i = locate(working, f.primitiveIds().get(0),
                e -> e instanceof ToolCall c && (unanswered ? c.isUnanswered() : c.isOrphan()));
        if (i < 0 || !(working.get(i) instanceof ToolCall call)) {
            return null;
        }
        if (f.facet().equals("unanswered") && call.isUnanswered()) {
            ToolCall answered = call.withResult(ToolResult.error(NOT_EXECUTED));
            working.set(i, answered);
            return new Repair("synthesize-missing-tool-result", f.ruleId(), f.primitiveIds(), call.id(), null,
                    "answered tool call '" + call.id() + "' (" + call.tool() + ") with an error result saying it was not executed",
                    List.of(), List.of(answered));
        }
        if (f.facet().equals("orphan") && call.isOrphan()) {
            working.remove(i);
            return new Repair("drop-orphan-result", f.ruleId(), f.primitiveIds(), call.id(), null,
                    "dropped tool result '" + call.id() + "', whose call is not in the conversation", List.of(call), List.of());
        }
        return null;
    }

    /**
     * A forbidden message right after an entry, for a rule restricted to successor roles: a thought
     * whose produced item is gone is dropped; anything else gets a filler of an allowed role between.
     */
    private Object bridge(AdjacencyRule rule, Finding f, List<Entry> working) {
        if (f.primitiveIds().size() < 2) {
            return null;
        }
        int first = -1;
        for (int i = 0; i + 1 < working.size(); i++) {
            if (working.get(i).id().equals(f.primitiveIds().get(0)) && working.get(i + 1).id().equals(f.primitiveIds().get(1))
                    && working.get(i + 1) instanceof Message) {
                first = i;
                break;
            }
        }
        if (first < 0) {
            return null;
        }
        Entry e = working.get(first);
        Message next = (Message) working.get(first + 1);
        if (e instanceof Thought) {
            working.remove(first);
            return new Repair("drop-unfollowed-reasoning", f.ruleId(), f.primitiveIds(), e.id(), null,
                    "dropped thought '" + e.id() + "', which was followed by " + next.role().wireName() + " message '"
                            + next.id() + "' instead of what it produced", List.of(e), List.of());
        }
        if (e instanceof Message) {
            return new RepairFailure("insert-bridge-filler", f.ruleId(), f.primitiveIds(),
                    "a filler between message '" + e.id() + "' and " + next.role().wireName() + " message '" + next.id()
                            + "' would itself be a message followed by it, so rule '" + rule.id() + "' has no repair");
        }
        Role role = !rule.successorRoles().contains(Role.ASSISTANT) ? Role.ASSISTANT
                : !rule.successorRoles().contains(Role.USER) ? Role.USER : null;
        if (role == null) {
            return new RepairFailure("insert-bridge-filler", f.ruleId(), f.primitiveIds(),
                    "rule '" + rule.id() + "' forbids every role after " + e.kind().wireName() + " '" + e.id()
                            + "', so no filler can stand between");
        }
        Message filler = filler(role, working);
        working.add(first + 1, filler);
        return new Repair("insert-bridge-filler", f.ruleId(), f.primitiveIds(), filler.id(), next.id(),
                "inserted " + (role == Role.ASSISTANT ? "an " : "a ") + role.wireName() + " filler between "
                        + e.kind().wireName() + " '" + e.id() + "' and "
                        + next.role().wireName() + " message '" + next.id() + "'", List.of(), List.of(filler));
    }

    /** Repairs the first or last entry where that is obviously safe; says why not otherwise. */
    private Object boundary(BoundaryRule rule, Finding f, List<Entry> working) {
        int i = rule.boundaryIndex(working);
        if (i < 0 || !working.get(i).id().equals(f.primitiveIds().get(0))) {
            return null;
        }
        Entry e = working.get(i);
        boolean first = rule.end() == BoundaryEnd.FIRST;
        if (rule.allowed().contains(first ? EntrySelector.atStart(e) : EntrySelector.atEnd(e))) {
            return null; // a duplicate finding another repair of this pass already settled
        }
        if (first) {
            if (e instanceof ToolCall c && c.isOrphan()) {
                working.remove(i);
                return new Repair("drop-orphan-result", f.ruleId(), f.primitiveIds(), c.id(), null,
                        "dropped tool result '" + c.id() + "', whose call is not in the conversation", List.of(c), List.of());
            }
            boolean modelSide = !(e instanceof Message m) || m.role() == Role.ASSISTANT;
            if (modelSide && rule.allowed().contains(EntrySelector.USER)) {
                Message filler = filler(Role.USER, working);
                working.add(i, filler);
                return new Repair("insert-leading-user-filler", f.ruleId(), f.primitiveIds(), filler.id(), e.id(),
                        "inserted a user filler before " + e.kind().wireName() + " '" + e.id()
                                + "' so that the conversation starts with a user message", List.of(), List.of(filler));
            }
            return new RepairFailure("none", f.ruleId(), f.primitiveIds(), "the conversation cannot be made to start "
                    + "with what rule '" + rule.id() + "' allows without inventing or dropping content");
        }
        if (e instanceof ToolCall c && c.isUnanswered() && rule.allowed().contains(EntrySelector.TOOL_RESULT)) {
            ToolCall answered = c.withResult(ToolResult.error(NOT_EXECUTED));
            working.set(i, answered);
            return new Repair("synthesize-missing-tool-result", f.ruleId(), f.primitiveIds(), c.id(), null,
                    "answered tool call '" + c.id() + "' (" + c.tool() + ") with an error result saying it was not executed",
                    List.of(), List.of(answered));
        }
        return new RepairFailure("none", f.ruleId(), f.primitiveIds(), "the guard does not repair how a conversation "
                + "ends: it cannot tell a finished answer from a prefill, appending a user turn would put words in the "
                + "user's mouth, and dropping the last entry would lose it");
    }

    private Object fillEmptyError(Finding f, List<Entry> working) {
        int i = locate(working, f.primitiveIds().get(0), e -> e instanceof ToolCall c && c.result() != null
                && c.result().isError() && c.result().content().isBlank());
        if (i < 0) {
            return null;
        }
        ToolCall call = (ToolCall) working.get(i);
        ToolCall filled = call.withResult(ToolResult.error(EMPTY_ERROR));
        working.set(i, filled);
        return new Repair("fill-empty-error-result", f.ruleId(), f.primitiveIds(), call.id(), null,
                "wrote a neutral text into the empty error result of tool call '" + call.id() + "' (" + call.tool()
                        + "): the tool failed without a message", List.of(call), List.of(filled));
    }

    private Object dropForeign(ReplayCompatibilityRule rule, Finding f, List<Entry> working) {
        int i = locate(working, f.primitiveIds().get(0), rule::isForeign);
        if (i < 0) {
            return null;
        }
        Entry e = working.get(i);
        if (e instanceof Thought) {
            working.remove(i);
            return new Repair("drop-foreign-reasoning", f.ruleId(), f.primitiveIds(), e.id(), null,
                    "dropped thought '" + e.id() + "' produced by wire '" + e.replayCompatibility() + "'", List.of(e), List.of());
        }
        Entry stripped = e.withPayload(null, null);
        working.set(i, stripped);
        return new Repair("drop-foreign-reasoning", f.ruleId(), f.primitiveIds(), e.id(), null,
                "removed the payload of " + e.kind().wireName() + " '" + e.id() + "' produced by wire '"
                        + e.replayCompatibility() + "' (the entry itself stays)", List.of(e), List.of(stripped));
    }

    private Object dropEmpty(Finding f, List<Entry> working) {
        int i;
        if (f.facet().equals("terminal-thought")) {
            int last = working.size() - 1;
            i = last >= 0 && working.get(last) instanceof Thought && working.get(last).id().equals(f.primitiveIds().get(0))
                    ? last : -1;
        } else {
            i = locate(working, f.primitiveIds().get(0),
                    e -> e instanceof Message m && m.content().isBlank() && !m.hasPayload());
        }
        if (i < 0) {
            return null;
        }
        Entry e = working.get(i);
        working.remove(i);
        return new Repair("drop-empty-turn", f.ruleId(), f.primitiveIds(), e.id(), null,
                "dropped " + (e instanceof Thought ? "the trailing thought-only turn '" : "empty message '") + e.id() + "'",
                List.of(e), List.of());
    }

    /**
     * Finds the first entry with an id that is in the state the finding describes. Ids may be shared
     * (the very defect identifierUniqueness reports), so the id alone could pick a sibling that is
     * fine and overwrite it.
     */
    private static int locate(List<Entry> working, String id, Predicate<Entry> fits) {
        for (int i = 0; i < working.size(); i++) {
            Entry e = working.get(i);
            if (e.id().equals(id) && fits.test(e)) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(List<Entry> working, String id, int from) {
        for (int i = from; i < working.size(); i++) {
            if (working.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    private static String quoteIds(List<Entry> entries) {
        List<String> ids = new ArrayList<>();
        for (Entry e : entries) {
            ids.add("'" + e.id() + "'");
        }
        return String.join(", ", ids);
    }
}
