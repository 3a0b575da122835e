package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orderingguard.GuardResult;
import io.orderingguard.OrderingGuard;
import io.orderingguard.spi.Snapshot;
import io.orderingguard.stash.InMemoryStash;
import io.orderingguard.testkit.RandomTimelines;
import io.orderingguard.timeline.Dispatch;
import io.orderingguard.timeline.Entry;
import io.orderingguard.timeline.Kind;
import io.orderingguard.timeline.Message;
import io.orderingguard.timeline.Role;
import io.orderingguard.timeline.Timeline;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the one-pass stash: a tracked dispatch is captured once ({@link CapturedBaseline}), aligned with the
 * previous snapshot and compared array by array. Over generated pairs of dispatches (a previous one, then
 * the next with entries added, dropped, moved, re-signed, fillers inserted, the model switched), the
 * findings must be exactly those of the former algorithm, which aligned and compared by reading the
 * entries themselves (kept below as the oracle), and the snapshot the guard stores must be the capture of
 * the dispatch sent.
 */
class OnePassPreservationTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> PATHS = List.of("signature", "thoughtSignature", "meta.v");

    /** Every invariant on every kind, the field ones on each path (and one the guard does not capture). */
    private static final List<PreservationRule> RULES = rules();

    private static List<PreservationRule> rules() {
        List<PreservationRule> rules = new ArrayList<>();
        int n = 0;
        for (Kind kind : Kind.values()) {
            for (boolean reset : new boolean[] {false, true}) {
                rules.add(new PreservationRule("count-" + n++, kind, PreservationInvariant.COUNT_NON_DECREASING, null,
                        reset, null, null));
                rules.add(new PreservationRule("pruned-" + n++, kind, PreservationInvariant.PRUNED_AFTER_LATEST_TURN,
                        null, reset, null, null));
                rules.add(new PreservationRule("present-" + n++, kind, PreservationInvariant.PAYLOAD_FIELD_STABLE,
                        null, reset, null, null));
                for (String path : PATHS) {
                    rules.add(new PreservationRule("field-" + n++, kind, PreservationInvariant.PAYLOAD_FIELD_STABLE,
                            path, reset, null, null));
                }
            }
        }
        return List.copyOf(rules);
    }

    static Stream<Arguments> seeds() {
        return new Random(0x5_7A5_4L).longs(300).mapToObj(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_find_what_the_entry_by_entry_comparison_found(long seed) {
        Random random = new Random(seed);
        Dispatch previous = withPayloads(random, RandomTimelines.dispatch(random, 40), 0);
        Dispatch next = evolve(random, previous);
        List<String> captured = random.nextBoolean() ? PATHS : PATHS.subList(0, 2);
        Snapshot baseline = Snapshot.capture(previous, captured, 1);

        List<String> expected = oracle(next, baseline);

        assertThat(check(RuleContext.of(next, baseline, CapturedBaseline.of(next, captured))))
                .as("given the capture, previous %s, next %s", previous.timeline(), next.timeline()).isEqualTo(expected);
        assertThat(check(RuleContext.of(next, baseline)))
                .as("capturing on demand, previous %s, next %s", previous.timeline(), next.timeline())
                .isEqualTo(expected);
        // a capture that lacks a field some rule compares: read from the entries instead
        assertThat(check(RuleContext.of(next, baseline, CapturedBaseline.of(next, List.of()))))
                .as("a capture without fields").isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_store_the_capture_of_what_was_sent_and_judge_the_next_dispatch_as_before(long seed) {
        Random random = new Random(seed);
        Dispatch previous = withId(withPayloads(random, RandomTimelines.dispatch(random, 40), 0));
        Dispatch next = withId(evolve(random, previous));
        InMemoryStash stash = InMemoryStash.bounded(4);
        OrderingGuard guard = OrderingGuard.builder().profile(OrderingProfile.of("keep", "every invariant", RULES))
                .stash(stash).build();
        GuardResult first = guard.check(previous);
        Snapshot baseline = stash.get("conv-1").orElseThrow();
        assertThat(baseline).isEqualTo(Snapshot.capture(first.dispatch(), guardPaths(), 1));

        GuardResult second = guard.check(next);

        List<String> found = new ArrayList<>();
        for (Finding f : second.advisories()) {
            found.add(f.ruleId() + " " + f.primitiveIds() + " " + f.detail());
        }
        assertThat(found).isEqualTo(oracle(next, baseline));
        assertThat(stash.get("conv-1").orElseThrow()).isEqualTo(Snapshot.capture(next, guardPaths(), 2));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void should_share_the_previous_arrays_only_when_the_dispatch_appended_and_capture_the_same(long seed) {
        Random random = new Random(seed);
        InMemoryStash stash = InMemoryStash.bounded(4);
        OrderingGuard guard = OrderingGuard.builder().profile(OrderingProfile.of("keep", "every invariant", RULES))
                .stash(stash).build();
        Dispatch current = withId(withPayloads(random, RandomTimelines.dispatch(random, 30), 0));
        guard.check(current);
        for (int turn = 0; turn < 6; turn++) {
            Snapshot baseline = stash.get("conv-1").orElseThrow();
            boolean appendOnly = random.nextInt(3) > 0;
            Dispatch next = withId(appendOnly ? grow(random, current, turn) : evolve(random, current));

            GuardResult result = guard.check(next);

            List<String> found = new ArrayList<>();
            for (Finding f : result.advisories()) {
                found.add(f.ruleId() + " " + f.primitiveIds() + " " + f.detail());
            }
            assertThat(found).as("turn %d", turn).isEqualTo(oracle(next, baseline));
            CapturedBaseline stored = (CapturedBaseline) stash.get("conv-1").orElseThrow().content();
            assertThat(stored).as("turn %d", turn).isEqualTo(CapturedBaseline.of(next, guardPaths()));
            // shared exactly when the dispatch starts with the previous one's entries unchanged; a timeline with
            // fillers keeps its own arrays (its positions differ from the capture's)
            boolean fillers = current.timeline().entries().stream().anyMatch(Baseline::isFiller)
                    || next.timeline().entries().stream().anyMatch(Baseline::isFiller);
            boolean appended = startsWith(CapturedBaseline.of(next, guardPaths()), (CapturedBaseline) baseline.content());
            assertThat(appended || !appendOnly).as("turn %d appends", turn).isTrue();
            assertThat(stored.sharedPrefix((CapturedBaseline) baseline.content())).as("turn %d", turn)
                    .isEqualTo(appended && !fillers ? baseline.size() : 0);
            // the previous capture still reads what it captured
            assertThat(baseline.content()).isEqualTo(CapturedBaseline.of(current, guardPaths()));
            current = next;
        }
    }

    @Test
    void should_share_between_two_captures_of_the_same_growth_and_copy_for_a_different_one() {
        List<String> paths = List.of("signature");
        Dispatch first = conversation("m1", "t1");
        CapturedBaseline base = CapturedBaseline.of(first, paths);
        Dispatch grown = conversation("m1", "t1", "c1", "m2");
        Dispatch other = conversation("m1", "t1", "c9", "m9");

        CapturedBaseline a = CapturedBaseline.of(grown, paths, base);
        CapturedBaseline again = CapturedBaseline.of(grown, paths, base);
        CapturedBaseline b = CapturedBaseline.of(other, paths, base);

        assertThat(a.sharedPrefix(base)).isEqualTo(2);
        assertThat(again.sharedPrefix(a)).as("the same entries appended again: shared").isEqualTo(4);
        assertThat(b.sharedPrefix(a)).as("other entries appended: its own arrays").isZero();
        assertThat(List.of(b.id(2), b.id(3))).containsExactly("c9", "m9");
        assertThat(List.of(a.id(2), a.id(3))).containsExactly("c1", "m2");
        assertThat(a).isEqualTo(CapturedBaseline.of(grown, paths)).isEqualTo(again);
        assertThat(b).isEqualTo(CapturedBaseline.of(other, paths));
        assertThat(base.size()).isEqualTo(2);
        assertThatThrownBy(() -> base.id(2)).isInstanceOf(IndexOutOfBoundsException.class);
        // a changed entry in the prefix: captured afresh from there, equal to a capture without a previous one
        Dispatch resigned = with(grown, List.of(grown.timeline().entries().get(0),
                grown.timeline().entries().get(1).withPayload(NODES.objectNode().put("signature", "changed"), null),
                grown.timeline().entries().get(2), grown.timeline().entries().get(3)), grown.model());
        CapturedBaseline changed = CapturedBaseline.of(resigned, paths, a);
        assertThat(changed.sharedPrefix(a)).isZero();
        assertThat(changed).isEqualTo(CapturedBaseline.of(resigned, paths));
        assertThat(changed.fieldFingerprint(1, 0)).isNotEqualTo(a.fieldFingerprint(1, 0));
        // other field paths than the previous capture's: nothing to share
        assertThat(CapturedBaseline.of(grown, List.of(), base)).isEqualTo(CapturedBaseline.of(grown, List.of()));
    }

    @Test
    void should_grow_past_the_room_left_by_copying_once() {
        List<String> paths = List.of("signature");
        CapturedBaseline previous = CapturedBaseline.of(conversation("m0"), paths);
        List<String> ids = new ArrayList<>(List.of("m0"));
        for (int i = 1; i <= 200; i++) {
            ids.add((i % 3 == 0 ? "t" : "m") + i);
            Dispatch next = conversation(ids.toArray(new String[0]));
            CapturedBaseline captured = CapturedBaseline.of(next, paths, previous);
            assertThat(captured).isEqualTo(CapturedBaseline.of(next, paths));
            assertThat(captured.size()).isEqualTo(i + 1);
            previous = captured;
        }
        assertThat(previous.payloadFingerprints()).hasSize(201);
        assertThat(previous.fieldFingerprints()).hasSize(201);
    }

    private static boolean startsWith(CapturedBaseline whole, CapturedBaseline prefix) {
        if (whole.size() < prefix.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            if (!whole.id(i).equals(prefix.id(i)) || whole.kind(i) != prefix.kind(i)
                    || whole.payloadFingerprint(i) != prefix.payloadFingerprint(i)) {
                return false;
            }
            for (int p = 0; p < prefix.fieldPaths().size(); p++) {
                if (whole.fieldFingerprint(i, p) != prefix.fieldFingerprint(i, p)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A conversation of user messages ({@code m…}, {@code c…}) and signed thoughts ({@code t…}). */
    private static Dispatch conversation(String... ids) {
        List<Entry> entries = new ArrayList<>();
        for (String id : ids) {
            entries.add(id.startsWith("t")
                    ? Entry.thought(id, "thinking " + id).withPayload(NODES.objectNode().put("signature", "s-" + id), null)
                    : Entry.user(id, "text " + id));
        }
        return Dispatch.of("conv-1", "anthropic", "claude", Timeline.of(entries));
    }

    /** The next dispatch of the conversation: the same entries and a few more. */
    private static Dispatch grow(Random random, Dispatch previous, int turn) {
        List<Entry> entries = new ArrayList<>(previous.timeline().entries());
        Dispatch more = withPayloads(random, RandomTimelines.dispatch(random, 5), 3);
        int grow = random.nextInt(4);
        for (Entry e : more.timeline().entries()) {
            if (grow-- <= 0) {
                break;
            }
            entries.add(e.withId("turn-" + turn + "-" + grow + "-" + e.id()));
        }
        return with(previous, entries, previous.model());
    }

    @Test
    void should_capture_ids_kinds_and_fingerprints_but_skip_fillers() {
        ObjectNode filler = NODES.objectNode().put(Baseline.FILLER_MARKER, true);
        Dispatch dispatch = Dispatch.of("c", "anthropic", "claude", Timeline.of(List.of(
                Entry.user("m1", "hi"),
                new Message("f1", Role.ASSISTANT, "Understood.", filler, null, null, null),
                Entry.user("m2", "again"))));

        CapturedBaseline capture = CapturedBaseline.of(dispatch, List.of("signature"));

        assertThat(capture.size()).isEqualTo(2);
        assertThat(List.of(capture.id(0), capture.id(1))).containsExactly("m1", "m2");
        assertThat(capture.kind(1)).isEqualTo(Kind.MESSAGE);
        assertThat(capture.timelinePosition(1)).isEqualTo(2);
        assertThat(capture.provider()).isEqualTo("anthropic");
        assertThat(capture.model()).isEqualTo("claude");
        assertThat(capture.toString()).isEqualTo("CapturedBaseline[model=claude, entries=2, fieldPaths=[signature]]");
        assertThat(Snapshot.of(3, capture)).isEqualTo(Snapshot.capture(dispatch, List.of("signature"), 3));
    }

    @Test
    void should_fail_when_stored_parts_disagree() {
        assertThatThrownBy(() -> CapturedBaseline.of("p", "m", List.of("a", "b"), List.of(Kind.MESSAGE),
                new long[2], List.of(), new long[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("kinds must have 2 elements, but had 1");
        assertThatThrownBy(() -> CapturedBaseline.of("p", "m", List.of("a"), List.of(Kind.MESSAGE),
                new long[1], List.of("sig"), new long[2]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("fieldFingerprints must have 1 elements, but had 2");
        assertThatThrownBy(() -> Snapshot.of(0, CapturedBaseline.of("p", "m", List.of(), List.of(), new long[0],
                List.of(), new long[0])))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("version must be >= 1, but was 0");
    }

    private static List<String> guardPaths() {
        List<String> paths = new ArrayList<>();
        for (PreservationRule rule : RULES) {
            if (rule.payloadField() != null && !paths.contains(rule.payloadField())) {
                paths.add(rule.payloadField());
            }
        }
        return paths;
    }

    private static List<String> check(RuleContext context) {
        List<String> found = new ArrayList<>();
        FindingSink sink = (rule, facet, ids, detail) -> found.add(rule.id() + " " + ids + " " + detail);
        for (PreservationRule rule : RULES) {
            rule.check(context, sink);
        }
        return found;
    }

    private static Dispatch withId(Dispatch dispatch) {
        return new Dispatch("conv-1", dispatch.provider(), dispatch.model(), dispatch.surface(), dispatch.timeline(),
                dispatch.context(), null);
    }

    /** Puts payloads with the captured fields on some entries (the generator's payloads rarely have them). */
    private static Dispatch withPayloads(Random random, Dispatch dispatch, int salt) {
        List<Entry> entries = new ArrayList<>();
        for (Entry e : dispatch.timeline().entries()) {
            entries.add(random.nextInt(3) == 0 ? e.withPayload(payload(random, salt), e.replayCompatibility()) : e);
        }
        return with(dispatch, entries, dispatch.model());
    }

    private static ObjectNode payload(Random random, int salt) {
        ObjectNode payload = NODES.objectNode();
        if (random.nextBoolean()) {
            payload.put("signature", "sig-" + (random.nextInt(3) + salt));
        }
        if (random.nextBoolean()) {
            payload.put("thoughtSignature", "ts-" + random.nextInt(2));
        }
        if (random.nextBoolean()) {
            payload.putObject("meta").put("v", random.nextInt(2) + salt);
        }
        return payload.isEmpty() ? payload.put("other", salt) : payload;
    }

    /** The next dispatch of the conversation: grown, pruned, reordered, re-signed, with fillers, maybe to another model. */
    private static Dispatch evolve(Random random, Dispatch previous) {
        List<Entry> entries = new ArrayList<>(previous.timeline().entries());
        int operations = random.nextInt(4);
        for (int op = 0; op < operations; op++) {
            int choice = random.nextInt(7);
            if (choice == 0 && !entries.isEmpty()) {
                entries.remove(random.nextInt(entries.size()));
            } else if (choice == 1 && entries.size() > 1) {
                Collections.swap(entries, random.nextInt(entries.size()), random.nextInt(entries.size()));
            } else if (choice == 2 && !entries.isEmpty()) {
                int i = random.nextInt(entries.size());
                Entry e = entries.get(i);
                entries.set(i, random.nextBoolean() ? e.withPayload(payload(random, 1), e.replayCompatibility())
                        : e.withPayload(null, null));
            } else if (choice == 3) {
                ObjectNode filler = NODES.objectNode().put(Baseline.FILLER_MARKER, true);
                entries.add(random.nextInt(entries.size() + 1),
                        new Message("filler-" + op, Role.ASSISTANT, "Understood.", filler, null, null, null));
            } else if (choice == 4 && !entries.isEmpty()) {
                // a duplicate id: the index fallback must pick the same occurrence as before
                int i = random.nextInt(entries.size());
                entries.add(random.nextInt(entries.size() + 1), entries.get(i));
            }
        }
        int grow = random.nextInt(4);
        Dispatch more = withPayloads(random, RandomTimelines.dispatch(random, 6), 2);
        for (Entry e : more.timeline().entries()) {
            if (grow-- <= 0) {
                break;
            }
            entries.add(e.withId("new-" + grow + "-" + e.id()));
        }
        String model = random.nextInt(5) == 0 ? "another-model" : previous.model();
        return with(previous, entries, model);
    }

    private static Dispatch with(Dispatch dispatch, List<Entry> entries, String model) {
        return new Dispatch(dispatch.conversationId(), dispatch.provider(), model, dispatch.surface(),
                Timeline.of(entries, dispatch.timeline().tools()), dispatch.context(), null);
    }

    // ---- the former algorithm: align and compare by reading the entries ----

    private static List<String> oracle(Dispatch dispatch, Baseline prior) {
        List<String> found = new ArrayList<>();
        List<Entry> entries = dispatch.timeline().entries();
        int[] map = align(prior, entries);
        TimelineStructure structure = TimelineStructure.of(dispatch.timeline().entries());
        for (PreservationRule rule : RULES) {
            if (rule.resetOnModelSwitch() && prior.model() != null && dispatch.model() != null
                    && !Objects.equals(prior.model(), dispatch.model())) {
                continue;
            }
            Kind kind = rule.kind();
            if (rule.invariant() == PreservationInvariant.COUNT_NON_DECREASING) {
                int before = 0;
                for (int i = 0; i < prior.size(); i++) {
                    before += prior.kind(i) == kind ? 1 : 0;
                }
                int now = 0;
                for (Entry e : entries) {
                    now += e.kind() == kind && !Baseline.isFiller(e) ? 1 : 0;
                }
                if (now < before) {
                    List<String> gone = new ArrayList<>();
                    for (int i = 0; i < prior.size(); i++) {
                        if (prior.kind(i) == kind && map[i] < 0) {
                            gone.add(prior.id(i));
                        }
                    }
                    found.add(rule.id() + " " + gone + " " + "preservation invariant count-non-decreasing violated for "
                            + kind.wireName() + ": " + before + " before, " + now + " now"
                            + (gone.isEmpty() ? "" : "; gone: " + String.join(", ", quoted(gone))));
                }
                continue;
            }
            int from = rule.invariant() == PreservationInvariant.PRUNED_AFTER_LATEST_TURN
                    ? boundary(prior, entries, structure.latestUserIndex()) : 0;
            String field = rule.payloadField();
            int path = field == null ? -1 : prior.fieldPaths().indexOf(field);
            List<String> broken = new ArrayList<>();
            for (int i = from; i < prior.size(); i++) {
                if (prior.kind(i) != kind) {
                    continue;
                }
                boolean ok;
                if (map[i] < 0) {
                    ok = false;
                } else if (rule.invariant() == PreservationInvariant.PRUNED_AFTER_LATEST_TURN) {
                    ok = entries.get(map[i]).payloadFingerprint(null) == prior.payloadFingerprint(i);
                } else if (path < 0) {
                    ok = true;
                } else {
                    ok = entries.get(map[i]).payloadFingerprint(field) == prior.fieldFingerprint(i, path);
                }
                if (!ok) {
                    broken.add(prior.id(i));
                }
            }
            if (!broken.isEmpty()) {
                String what = rule.invariant() == PreservationInvariant.PAYLOAD_FIELD_STABLE && field != null
                        ? " (payload field '" + field + "' removed or changed)"
                        : rule.invariant() == PreservationInvariant.PRUNED_AFTER_LATEST_TURN
                                ? " (entries at or after the latest user turn removed or changed)"
                                : " (entries removed)";
                found.add(rule.id() + " " + broken + " preservation invariant " + rule.invariant().wireName()
                        + " violated for " + kind.wireName() + what + ": " + String.join(", ", quoted(broken)));
            }
        }
        return found;
    }

    private static List<String> quoted(List<String> ids) {
        List<String> out = new ArrayList<>();
        for (String id : ids) {
            out.add(RuleFields.quote(id));
        }
        return out;
    }

    private static int boundary(Baseline prior, List<Entry> entries, int latestUser) {
        if (latestUser < 0) {
            return 0;
        }
        String id = entries.get(latestUser).id();
        for (int i = prior.size() - 1; i >= 0; i--) {
            if (prior.kind(i) == Kind.MESSAGE && prior.id(i).equals(id)) {
                return i;
            }
        }
        return prior.size();
    }

    private static int[] align(Baseline prior, List<Entry> entries) {
        int n = prior.size();
        int[] map = new int[n];
        int j = 0;
        int i = 0;
        for (; i < n; i++) {
            while (j < entries.size() && Baseline.isFiller(entries.get(j))) {
                j++;
            }
            if (j >= entries.size()) {
                break;
            }
            Entry e = entries.get(j);
            if (!e.id().equals(prior.id(i)) || e.kind() != prior.kind(i)) {
                break;
            }
            map[i] = j++;
        }
        for (; i < n; i++) {
            int found = -1;
            for (int k = 0; k < entries.size(); k++) {
                Entry e = entries.get(k);
                if (!Baseline.isFiller(e) && e.id().equals(prior.id(i)) && e.kind() == prior.kind(i)) {
                    found = k;
                    break;
                }
            }
            map[i] = found;
        }
        return map;
    }
}
