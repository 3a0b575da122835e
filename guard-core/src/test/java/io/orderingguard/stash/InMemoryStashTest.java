package io.orderingguard.stash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orderingguard.spi.Snapshot;
import io.orderingguard.timeline.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InMemoryStashTest {

    /** A snapshot of {@code size} entries; content is irrelevant here, only version and size count. */
    static Snapshot snapshot(long version, int size) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            ids.add("e" + i);
        }
        return Snapshot.of(version, "openai", "gpt-x", ids, Collections.nCopies(size, Kind.MESSAGE), new long[size],
                List.of(), new long[0]);
    }

    @Test
    void should_return_empty_when_nothing_is_stored() {
        assertThat(InMemoryStash.create().get("c1")).isEmpty();
    }

    @Test
    void should_store_the_first_snapshot_when_expected_version_is_zero() {
        InMemoryStash stash = InMemoryStash.create();
        Snapshot first = snapshot(1, 3);

        assertThat(stash.compareAndSet("c1", 0, first)).isTrue();

        assertThat(stash.get("c1")).containsSame(first);
        assertThat(stash.size()).isEqualTo(1);
        assertThat(stash.entries()).isEqualTo(3);
    }

    @Test
    void should_refuse_a_stale_expected_version_and_keep_the_winner() {
        InMemoryStash stash = InMemoryStash.create();
        Snapshot winner = snapshot(1, 2);
        stash.compareAndSet("c1", 0, winner);

        assertThat(stash.compareAndSet("c1", 0, snapshot(1, 5))).isFalse();
        assertThat(stash.compareAndSet("c1", 2, snapshot(3, 5))).isFalse();

        assertThat(stash.get("c1")).containsSame(winner);
        assertThat(stash.entries()).isEqualTo(2);
    }

    @Test
    void should_replace_when_expected_version_matches_and_account_entries() {
        InMemoryStash stash = InMemoryStash.create();
        stash.compareAndSet("c1", 0, snapshot(1, 4));

        assertThat(stash.compareAndSet("c1", 1, snapshot(2, 6))).isTrue();

        assertThat(stash.get("c1")).map(Snapshot::version).contains(2L);
        assertThat(stash.entries()).isEqualTo(6);
    }

    @Test
    void should_fail_when_next_version_is_not_expected_plus_one() {
        InMemoryStash stash = InMemoryStash.create();

        assertThatThrownBy(() -> stash.compareAndSet("c1", 0, snapshot(2, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("next.version must be expectedVersion + 1 = 1, but was 2");
        assertThat(stash.size()).isZero();
    }

    @Test
    void should_fail_when_arguments_are_null() {
        InMemoryStash stash = InMemoryStash.create();

        assertThatThrownBy(() -> stash.get(null)).hasMessage("conversationId must not be null");
        assertThatThrownBy(() -> stash.compareAndSet(null, 0, snapshot(1, 1)))
                .hasMessage("conversationId must not be null");
        assertThatThrownBy(() -> stash.compareAndSet("c1", 0, null)).hasMessage("next must not be null");
        assertThatThrownBy(() -> stash.remove(null)).hasMessage("conversationId must not be null");
    }

    @Test
    void should_fail_when_a_bound_is_below_one() {
        assertThatThrownBy(() -> InMemoryStash.bounded(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxConversations must be >= 1, but was 0");
        assertThatThrownBy(() -> InMemoryStash.bounded(10, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxEntries must be >= 1, but was 0");
    }

    @Test
    void should_forget_a_removed_conversation_and_start_it_again_at_version_one() {
        InMemoryStash stash = InMemoryStash.create();
        stash.compareAndSet("c1", 0, snapshot(1, 3));

        stash.remove("c1");
        stash.remove("never-stored");

        assertThat(stash.get("c1")).isEmpty();
        assertThat(stash.entries()).isZero();
        assertThat(stash.compareAndSet("c1", 0, snapshot(1, 1))).isTrue();
        assertThat(stash.evictions()).isZero();
    }

    @Test
    void should_evict_the_least_recently_read_conversation_first() {
        InMemoryStash stash = InMemoryStash.bounded(3);
        for (String id : List.of("a", "b", "c")) {
            stash.compareAndSet(id, 0, snapshot(1, 1));
        }
        stash.get("a");

        stash.compareAndSet("d", 0, snapshot(1, 1));

        assertThat(stash.get("b")).isEmpty();
        assertThat(stash.get("a")).isPresent();
        assertThat(stash.get("c")).isPresent();
        assertThat(stash.get("d")).isPresent();
        assertThat(stash.evictions()).isEqualTo(1);
        assertThat(stash.size()).isEqualTo(3);
    }

    @Test
    void should_count_a_write_as_a_use() {
        InMemoryStash stash = InMemoryStash.bounded(2);
        stash.compareAndSet("a", 0, snapshot(1, 1));
        stash.compareAndSet("b", 0, snapshot(1, 1));
        stash.compareAndSet("a", 1, snapshot(2, 1));

        stash.compareAndSet("c", 0, snapshot(1, 1));

        assertThat(stash.get("b")).isEmpty();
        assertThat(stash.get("a")).map(Snapshot::version).contains(2L);
    }

    @Test
    void should_evict_until_the_entry_bound_holds() {
        InMemoryStash stash = InMemoryStash.bounded(100, 10);
        stash.compareAndSet("a", 0, snapshot(1, 4));
        stash.compareAndSet("b", 0, snapshot(1, 4));

        stash.compareAndSet("c", 0, snapshot(1, 4));

        assertThat(stash.get("a")).isEmpty();
        assertThat(stash.entries()).isEqualTo(8);
        assertThat(stash.evictions()).isEqualTo(1);
    }

    @Test
    void should_keep_a_snapshot_larger_than_the_entry_bound_alone() {
        InMemoryStash stash = InMemoryStash.bounded(100, 10);
        stash.compareAndSet("a", 0, snapshot(1, 3));
        stash.compareAndSet("b", 0, snapshot(1, 3));

        assertThat(stash.compareAndSet("huge", 0, snapshot(1, 25))).isTrue();

        assertThat(stash.get("huge")).map(Snapshot::size).contains(25);
        assertThat(stash.size()).isEqualTo(1);
        assertThat(stash.entries()).isEqualTo(25);
        assertThat(stash.evictions()).isEqualTo(2);
    }

    @Test
    void should_hold_memory_flat_when_far_more_conversations_pass_than_the_bound() {
        InMemoryStash stash = InMemoryStash.bounded(1_000);

        for (int i = 0; i < 100_000; i++) {
            stash.compareAndSet("c" + i, 0, snapshot(1, 2));
        }

        assertThat(stash.size()).isEqualTo(1_000);
        assertThat(stash.entries()).isEqualTo(2_000);
        assertThat(stash.evictions()).isEqualTo(99_000);
        assertThat(IntStream.range(99_000, 100_000)).allMatch(i -> stash.get("c" + i).isPresent());
        assertThat(stash.get("c98999")).isEmpty();
        assertThat(stash).hasToString(
                "InMemoryStash[conversations=1000/1000, entries=2000/1000000, evictions=99000]");
    }

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 12).mapToObj(i -> 7919L * i + 17)
                .map(seed -> Arguments.argumentSet("seed " + seed, seed));
    }

    /**
     * Random operations against a plain list-based LRU model: results, sizes, entry totals and
     * eviction counts agree after every step.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void should_behave_like_a_simple_lru_model(long seed) {
        Random random = new Random(seed);
        int maxConversations = 1 + random.nextInt(8);
        long maxEntries = 1 + random.nextInt(30);
        InMemoryStash stash = InMemoryStash.bounded(maxConversations, maxEntries);
        LruModel model = new LruModel(maxConversations, maxEntries);

        for (int step = 0; step < 2_000; step++) {
            String id = "c" + random.nextInt(12);
            int op = random.nextInt(10);
            if (op < 4) {
                assertThat(stash.get(id)).as("step %d get %s", step, id).isEqualTo(model.get(id));
            } else if (op < 9) {
                long expected = model.peekVersion(id) + (random.nextInt(4) == 0 ? 1 : 0);
                Snapshot next = snapshot(expected + 1, random.nextInt(9));
                assertThat(stash.compareAndSet(id, expected, next)).as("step %d cas %s", step, id)
                        .isEqualTo(model.compareAndSet(id, expected, next));
            } else {
                stash.remove(id);
                model.remove(id);
            }
            assertThat(stash.size()).as("step %d size", step).isEqualTo(model.order.size());
            assertThat(stash.entries()).as("step %d entries", step).isEqualTo(model.entries());
            assertThat(stash.evictions()).as("step %d evictions", step).isEqualTo(model.evictions);
        }
    }

    /** Eldest first in {@code order}; deliberately naive. */
    private static final class LruModel {
        final int maxConversations;
        final long maxEntries;
        final List<String> order = new ArrayList<>();
        final Map<String, Snapshot> values = new HashMap<>();
        long evictions;

        LruModel(int maxConversations, long maxEntries) {
            this.maxConversations = maxConversations;
            this.maxEntries = maxEntries;
        }

        long peekVersion(String id) {
            Snapshot s = values.get(id);
            return s == null ? 0 : s.version();
        }

        Optional<Snapshot> get(String id) {
            touch(id);
            return Optional.ofNullable(values.get(id));
        }

        boolean compareAndSet(String id, long expected, Snapshot next) {
            touch(id);
            if (peekVersion(id) != expected) {
                return false;
            }
            values.put(id, next);
            order.remove(id);
            order.add(id);
            while (order.size() > 1 && (order.size() > maxConversations || entries() > maxEntries)) {
                values.remove(order.remove(0));
                evictions++;
            }
            return true;
        }

        void remove(String id) {
            order.remove(id);
            values.remove(id);
        }

        long entries() {
            return values.values().stream().mapToLong(Snapshot::size).sum();
        }

        private void touch(String id) {
            if (order.remove(id)) {
                order.add(id);
            }
        }
    }
}
