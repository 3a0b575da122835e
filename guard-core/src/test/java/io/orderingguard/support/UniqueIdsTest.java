package io.orderingguard.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link UniqueIds}: the first occurrence keeps its id, the n-th is {@code id#n}, as a counting map does. */
class UniqueIdsTest {

    @Test
    void should_number_repeated_ids_from_two() {
        UniqueIds ids = UniqueIds.expecting(2);

        assertThat(ids.unique("a")).isEqualTo("a");
        assertThat(ids.unique("b")).isEqualTo("b");
        assertThat(ids.unique("a")).isEqualTo("a#2");
        assertThat(ids.unique("a")).isEqualTo("a#3");
        // counted by the id as given, like the encoders always did: a given id that looks numbered is its own
        assertThat(ids.unique("a#2")).isEqualTo("a#2");
        assertThat(ids.size()).isEqualTo(3);
        assertThat(ids).hasToString("UniqueIds[3 id(s)]");
    }

    @Test
    void should_fail_when_expecting_a_negative_count_or_given_null() {
        assertThatThrownBy(() -> UniqueIds.expecting(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected must be >= 0, but was -1");
        assertThatThrownBy(() -> UniqueIds.expecting(0).unique(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("id must not be null");
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void should_answer_like_a_counting_map_when_ids_repeat_at_random(long seed) {
        Random random = new Random(seed);
        int count = random.nextInt(3_000);
        // expecting fewer ids than come makes the table grow
        UniqueIds ids = UniqueIds.expecting(random.nextInt(count + 1));
        Map<String, Integer> reference = new HashMap<>();
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = "call_" + random.nextInt(Math.max(1, count / 2));
            int n = reference.merge(id, 1, Integer::sum);
            expected.add(n == 1 ? id : id + "#" + n);
            actual.add(ids.unique(id));
        }

        assertThat(actual).isEqualTo(expected);
        assertThat(ids.size()).isEqualTo(reference.size());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void should_carry_on_from_a_copy_while_the_original_stays_as_it_was(long seed) {
        // GIVEN a set that has seen some ids, repeats among them
        Random random = new Random(seed);
        UniqueIds original = UniqueIds.expecting(4);
        List<String> first = new ArrayList<>();
        for (int i = 0; i < 1 + random.nextInt(200); i++) {
            first.add("t" + random.nextInt(40));
        }
        first.forEach(original::unique);
        List<String> then = new ArrayList<>();
        for (int i = 0; i < 1 + random.nextInt(200); i++) {
            then.add("t" + random.nextInt(60));
        }

        // WHEN a copy and the original each take the same further ids
        UniqueIds copy = original.copy();
        List<String> fromCopy = new ArrayList<>();
        then.forEach(id -> fromCopy.add(copy.unique(id)));
        UniqueIds again = UniqueIds.expecting(0);
        first.forEach(again::unique);
        List<String> expected = new ArrayList<>();
        then.forEach(id -> expected.add(again.unique(id)));

        // THEN the copy numbers them as one set seeing every id would, and the original has not moved
        assertThat(fromCopy).isEqualTo(expected);
        assertThat(copy.size()).isEqualTo(again.size());
        List<String> fromOriginal = new ArrayList<>();
        then.forEach(id -> fromOriginal.add(original.unique(id)));
        assertThat(fromOriginal).isEqualTo(expected);
    }
}
