package io.orderingguard.redis;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardListener;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.Outcome;
import io.orderingguard.StashFailureMode;
import io.orderingguard.rule.ApplyTo;
import io.orderingguard.rule.Finding;
import io.orderingguard.rule.OrderingProfile;
import io.orderingguard.rule.OrderingRule;
import io.orderingguard.rule.PreservationInvariant;
import io.orderingguard.rule.PreservationRule;
import io.orderingguard.rule.Severity;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.spi.Stash;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Thought;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Conversations for guard-level tests over a shared stash: a profile with three blocking
 * preservation rules on thoughts and one stateless rule, deterministic histories, a mix of
 * dispatches that grow a history or break it, and two oracles for the verdicts.
 *
 * <p>History {@code H(c, n)} of conversation {@code c} is turns 1..n; turn {@code k} is
 * {@code u<k>} (user), {@code t<k>a} (signed thought), {@code call<k>} (answered tool call),
 * {@code t<k>b} (signed thought), {@code a<k>} (assistant). Signatures depend on the conversation
 * and the turn, so every history is a prefix of every longer one.
 *
 * <p>Thread-safe: immutable after construction.
 */
final class GuardWorkload {

    static final String PROVIDER = "anthropic";
    static final String MODEL = "claude-a";
    static final String OTHER_MODEL = "claude-b";
    static final String COUNT = "thought-count";
    static final String SIGNATURE = "thought-signature";
    static final String CURRENT_TURN = "current-turn-thoughts";
    static final String SIGNED = "thought-signed";
    static final Set<String> PRESERVATION_RULES = Set.of(COUNT, SIGNATURE, CURRENT_TURN);
    static final String TAG = "anthropic-messages-thinking-v1";
    private static final int ENTRIES_PER_TURN = 5;

    /**
     * Count and signature reset on a model switch (a new model cannot take the old model's signed
     * thoughts); the current turn's thoughts must survive even a switch.
     */
    static final OrderingProfile PROFILE = OrderingProfile.of("fleet",
            new PreservationRule(COUNT, Kind.THOUGHT, PreservationInvariant.COUNT_NON_DECREASING, null, true,
                    Severity.BLOCKING, null),
            new PreservationRule(SIGNATURE, Kind.THOUGHT, PreservationInvariant.PAYLOAD_FIELD_STABLE, "signature", true,
                    Severity.BLOCKING, null),
            new PreservationRule(CURRENT_TURN, Kind.THOUGHT, PreservationInvariant.PRUNED_AFTER_LATEST_TURN, null, false,
                    Severity.BLOCKING, null),
            OrderingRule.requiredMetadata(SIGNED, Kind.THOUGHT, ApplyTo.EVERY, "signature"));

    /** What a dispatch does to its conversation's history. */
    enum Variant {
        /** {@code H(k)} or {@code H(k+1)}: should pass unless another dispatch got further. */
        GROW,
        /** an older history, as a lagging server would send: drops later thoughts. */
        STALE,
        /** {@code H(t)} without one earlier thought. */
        DROP,
        /** {@code H(t)} with one thought's signature forged. */
        ALTER_SIGNATURE,
        /** {@code H(t)} with a non-signature payload field of the last thought changed. */
        ALTER_CURRENT,
        /** {@code H(t)} whose last thought has no signature: the stateless rule rejects it. */
        UNSIGNED,
        /** {@code H(t)} to another model, thoughts of earlier turns stripped as a model switch does. */
        SWITCH
    }

    /** One planned dispatch; {@code touched} names the thought dropped or altered, if any. */
    record Planned(Variant variant, int conversation, int turn, String touched, Dispatch dispatch) {}

    private final String prefix;
    private final int maxTurns;
    /** {@code turns[c][k-1]} = the five entries of turn k of conversation c. */
    private final Entry[][][] turns;

    GuardWorkload(String prefix, int conversations, int maxTurns) {
        this.prefix = prefix;
        this.maxTurns = maxTurns;
        this.turns = new Entry[conversations][maxTurns][];
        for (int c = 0; c < conversations; c++) {
            for (int k = 1; k <= maxTurns; k++) {
                turns[c][k - 1] = new Entry[] {
                    Entry.user("u" + k, "question " + k),
                    thought("t" + k + "a", signature(c, k, "a"), "c0"),
                    Entry.toolCall("call" + k, "search", JsonNodeFactory.instance.objectNode().put("q", k))
                            .withResult("hits " + k),
                    thought("t" + k + "b", signature(c, k, "b"), "c0"),
                    Entry.assistant("a" + k, "answer " + k)
                };
            }
        }
    }

    String conversationId(int c) {
        return prefix + "-" + c;
    }

    int conversations() {
        return turns.length;
    }

    /** A guard over the workload's profile. */
    static OrderingGuard guard(Stash stash, StashFailureMode mode, GuardListener... listeners) {
        OrderingGuard.Builder builder = OrderingGuard.builder().profile(PROFILE).stash(stash).onStashFailure(mode);
        for (GuardListener listener : listeners) {
            builder.listener(listener);
        }
        return builder.build();
    }

    /** The canonical history {@code H(c, n)}. */
    List<Entry> history(int c, int n) {
        List<Entry> entries = new ArrayList<>(n * ENTRIES_PER_TURN);
        for (int k = 1; k <= n; k++) {
            entries.addAll(List.of(turns[c][k - 1]));
        }
        return entries;
    }

    /** The dispatch of the canonical history {@code H(c, n)}. */
    Dispatch dispatch(int c, int n) {
        return Dispatch.of(conversationId(c), PROVIDER, MODEL, Timeline.of(history(c, n), List.of()));
    }

    /**
     * Plans the next dispatch of conversation {@code c}, given the furthest turn known to be sent.
     * Weights: grow 55 %, stale 7 %, drop 10 %, alter signature 10 %, alter current 5 %,
     * unsigned 5 %, switch 8 %.
     */
    Planned plan(Random random, int c, int knownTurn) {
        int roll = random.nextInt(100);
        int k = Math.max(1, knownTurn);
        int next = Math.min(maxTurns, k + random.nextInt(2));
        if (roll < 55) {
            return new Planned(Variant.GROW, c, next, null, dispatch(c, next));
        }
        if (roll < 62) {
            int t = Math.max(1, k - 1 - random.nextInt(3));
            return new Planned(Variant.STALE, c, t, null, dispatch(c, t));
        }
        if (roll < 82) {
            String touched = "t" + (1 + random.nextInt(k)) + (random.nextBoolean() ? "a" : "b");
            List<Entry> entries = history(c, k);
            int at = indexOf(entries, touched);
            Variant variant;
            if (roll < 72) {
                variant = Variant.DROP;
                entries.remove(at);
            } else {
                variant = Variant.ALTER_SIGNATURE;
                Entry was = entries.get(at);
                entries.set(at, thought(touched, was.payloadAt("signature").asText() + "-forged", "c0"));
            }
            return new Planned(variant, c, k, touched, withEntries(c, MODEL, entries));
        }
        if (roll < 92) {
            List<Entry> entries = history(c, next);
            String touched = "t" + next + "b";
            int at = indexOf(entries, touched);
            Variant variant;
            if (roll < 87) {
                variant = Variant.ALTER_CURRENT;
                entries.set(at, thought(touched, signature(c, next, "b"), "c1"));
            } else {
                variant = Variant.UNSIGNED;
                ObjectNode unsigned = JsonNodeFactory.instance.objectNode().put("cache", "c0");
                entries.set(at, new Thought(touched, "", unsigned, TAG, null, null));
            }
            return new Planned(variant, c, next, touched, withEntries(c, MODEL, entries));
        }
        List<Entry> entries = history(c, next);
        Set<String> current = Set.of("t" + next + "a", "t" + next + "b");
        entries.removeIf(e -> e.kind() == Kind.THOUGHT && !current.contains(e.id()));
        return new Planned(Variant.SWITCH, c, next, null, withEntries(c, OTHER_MODEL, entries));
    }

    /**
     * The verdict sequential replay gives: a fresh guard over an in-memory stash holding exactly
     * {@code baseline} (or nothing), and what that guard stored.
     */
    static Replayed replay(Dispatch dispatch, Snapshot baseline) {
        InMemoryStash stash = InMemoryStash.create();
        if (baseline != null) {
            stash.compareAndSet(dispatch.conversationId(), 0, baseline.withVersion(1));
        }
        GuardResult result = guard(stash, StashFailureMode.FAIL_CLOSED).check(dispatch);
        return new Replayed(result, stash.get(dispatch.conversationId()).orElse(null));
    }

    /** A replayed verdict and the snapshot the replay left in its stash. */
    record Replayed(GuardResult result, Snapshot stored) {}

    /** The verdict as compared between a concurrent run and its replay. */
    static String verdict(GuardResult r) {
        return r.outcome().wireName() + " blocking=" + r.blocking() + " advisories=" + r.advisories();
    }

    /**
     * The intent oracle: what the workload alone says about a dispatch judged against
     * {@code baseline}, without the guard's code. Returns {@code null} when the verdict agrees, or
     * when the oracle has no expectation (the baseline is not a canonical history of the main model;
     * see {@link #covers}; then only the replay oracle judges), else what was expected.
     */
    String intentViolation(Planned p, Snapshot baseline, GuardResult r) {
        if (p.variant() == Variant.UNSIGNED) {
            return rejectedBy(r, SIGNED, p.touched()) ? null : "an unsigned thought must be rejected by " + SIGNED;
        }
        int m = canonicalTurn(p.conversation(), baseline);
        if (m < 0) {
            return null;
        }
        int t = p.turn();
        boolean behind = t < m;
        switch (p.variant()) {
            case GROW:
            case STALE:
                if (behind) {
                    return rejectedBy(r, COUNT, null) ? null : "H(" + t + ") after H(" + m + ") must lose thoughts";
                }
                return r.outcome() == Outcome.PASSED ? null : "H(" + t + ") after H(" + m + ") must pass";
            case DROP:
            case ALTER_SIGNATURE: {
                int j = turnOf(p.touched());
                if (behind) {
                    return rejectedBy(r, COUNT, null) ? null : "H(" + t + ") after H(" + m + ") must lose thoughts";
                }
                if (j <= m) {
                    return rejectedBy(r, SIGNATURE, p.touched()) ? null
                            : p.variant() + " of " + p.touched() + " after H(" + m + ") must be rejected by " + SIGNATURE;
                }
                return r.outcome() == Outcome.PASSED ? null : p.touched() + " was never sent, so changing it must pass";
            }
            case ALTER_CURRENT:
                if (behind) {
                    return rejectedBy(r, COUNT, null) ? null : "H(" + t + ") after H(" + m + ") must lose thoughts";
                }
                if (m == t) {
                    return ruleIds(r).equals(List.of(CURRENT_TURN)) ? null
                            : "changing the current turn's thought after it was sent must be rejected by "
                                    + CURRENT_TURN + " alone";
                }
                return r.outcome() == Outcome.PASSED ? null : "a thought not yet sent may change";
            case SWITCH:
                if (m > t) {
                    return ruleIds(r).equals(List.of(CURRENT_TURN)) ? null
                            : "a switch back to turn " + t + " after H(" + m + ") must be rejected by " + CURRENT_TURN + " alone";
                }
                return r.outcome() == Outcome.PASSED ? null : "a model switch resets count and signature";
            default:
                throw new IllegalStateException("unknown variant " + p.variant());
        }
    }

    /** Whether the intent oracle has an expectation for this dispatch and baseline. */
    boolean covers(Planned p, Snapshot baseline) {
        return p.variant() == Variant.UNSIGNED || canonicalTurn(p.conversation(), baseline) >= 0;
    }

    /** {@code m} when the baseline is {@code H(c, m)} sent to the main model, 0 when none, else -1. */
    int canonicalTurn(int c, Snapshot baseline) {
        if (baseline == null) {
            return 0;
        }
        if (!MODEL.equals(baseline.model()) || baseline.size() % ENTRIES_PER_TURN != 0) {
            return -1;
        }
        int m = baseline.size() / ENTRIES_PER_TURN;
        if (m < 1 || m > maxTurns) {
            return -1;
        }
        Snapshot canonical = Snapshot.capture(dispatch(c, m), List.of("signature"), baseline.version());
        return canonical.equals(baseline) ? m : -1;
    }

    private static boolean rejectedBy(GuardResult r, String ruleId, String primitiveId) {
        return r.outcome() == Outcome.REJECTED && r.blocking().stream().anyMatch(f -> f.ruleId().equals(ruleId)
                && (primitiveId == null || f.primitiveIds().contains(primitiveId)));
    }

    private static List<String> ruleIds(GuardResult r) {
        return r.outcome() == Outcome.REJECTED ? r.blocking().stream().map(Finding::ruleId).toList() : List.of();
    }

    private static int turnOf(String thoughtId) {
        return Integer.parseInt(thoughtId.substring(1, thoughtId.length() - 1));
    }

    private Dispatch withEntries(int c, String model, List<Entry> entries) {
        return Dispatch.of(conversationId(c), PROVIDER, model, Timeline.of(entries, List.of()));
    }

    private static int indexOf(List<Entry> entries, String id) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).id().equals(id)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no entry " + id);
    }

    private static String signature(int c, int k, String which) {
        return "sig-" + c + "-" + k + which;
    }

    private static Thought thought(String id, String signature, String cache) {
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("signature", signature).put("cache", cache);
        return new Thought(id, "", payload, TAG, null, null);
    }

    @Override
    public String toString() {
        return "GuardWorkload[" + prefix + ", " + turns.length + " conversations, " + maxTurns + " turns]";
    }
}
