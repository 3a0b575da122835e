package io.orderingguard.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Timeline.Builder}: the same timeline as {@link Timeline#of(List, List)}, without the copy. */
class TimelineBuilderTest {

    private static final List<DeclaredTool> TOOLS = List.of(new DeclaredTool("search", null));

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void should_build_the_timeline_of_makes_when_given_the_same_entries(long seed) {
        Random random = new Random(seed);
        int count = random.nextInt(40);
        // an expected count below the real one makes the builder grow
        Timeline.Builder builder = Timeline.builder(random.nextInt(count + 1));
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Entry e = switch (random.nextInt(3)) {
                case 0 -> Entry.user("m" + i, "text " + i);
                case 1 -> Entry.thought("t" + i, "thinking " + i);
                default -> Entry.toolCall("call_" + i, "search", null).withResult("r" + i);
            };
            entries.add(e);
            builder.add(e);
            assertThat(builder.size()).isEqualTo(i + 1);
            assertThat(builder.get(i)).isSameAs(e);
        }

        Timeline built = builder.build(TOOLS);
        Timeline copied = Timeline.of(entries, TOOLS);

        assertThat(built).isEqualTo(copied).hasSameHashCodeAs(copied).hasToString(copied.toString());
        assertThat(built.entries()).isEqualTo(entries).hasSameHashCodeAs(entries);
        assertThat(built.withEntries(built.entries())).isEqualTo(copied);
    }

    @Test
    void should_fail_when_the_entries_are_changed_or_the_builder_reused() {
        Timeline.Builder builder = Timeline.builder(1);
        builder.add(Entry.user("m1", "hi"));
        Timeline timeline = builder.build(List.of());

        assertThatThrownBy(() -> timeline.entries().add(Entry.user("m2", "more")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> timeline.entries().set(0, Entry.user("m2", "more")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> builder.add(Entry.user("m2", "more"))).isInstanceOf(IllegalStateException.class)
                .hasMessage("the timeline was already built: a builder builds one timeline");
        assertThatThrownBy(() -> builder.build(List.of())).isInstanceOf(IllegalStateException.class)
                .hasMessage("the timeline was already built: a builder builds one timeline");
        assertThat(timeline.entries()).containsExactly(Entry.user("m1", "hi"));
    }

    @Test
    void should_fail_when_given_bad_arguments() {
        assertThatThrownBy(() -> Timeline.builder(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expectedEntries must be >= 0, but was -1");
        assertThatThrownBy(() -> Timeline.builder(0).add(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("entry must not be null");
        assertThatThrownBy(() -> Timeline.builder(0).get(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(Timeline.builder(0).build(List.of())).isEqualTo(Timeline.empty());
    }
}
