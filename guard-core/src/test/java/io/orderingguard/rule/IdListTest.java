package io.orderingguard.rule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The ids a rule collects for a finding: kept in order, immutable, equal to any list of the same ids. */
class IdListTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void should_equal_a_plain_list_of_the_same_ids(long seed) {
        Random random = new Random(seed);
        for (int round = 0; round < 100; round++) {
            int count = random.nextInt(40);
            IdList.Builder builder = IdList.builder(random.nextInt(50));
            List<String> plain = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String id = "call_" + random.nextInt(1000);
                builder.add(id);
                plain.add(id);
            }
            assertThat(builder.size()).isEqualTo(count);
            List<String> ids = builder.build();

            assertThat(ids).isEqualTo(plain).hasSize(count);
            assertThat(plain).isEqualTo(ids);
            assertThat(ids.hashCode()).isEqualTo(List.copyOf(plain).hashCode());
            assertThat(ids.toString()).isEqualTo(plain.toString());
        }
    }

    @Test
    void should_keep_the_ids_a_finding_is_given_without_copying_and_refuse_changes() {
        IdList.Builder builder = IdList.builder(2).add("a").add("b").add("c");
        assertThat(builder.get(2)).isEqualTo("c");
        List<String> ids = builder.build();
        Finding finding = new Finding("rule", "order", Severity.BLOCKING, "p", ids, "detail", null, Facet.ORDER);

        assertThat(finding.primitiveIds()).isSameAs(ids).containsExactly("a", "b", "c");
        assertThat(finding).isEqualTo(new Finding("rule", "order", Severity.BLOCKING, "p", List.of("a", "b", "c"),
                "detail", null, Facet.ORDER));
        assertThatThrownBy(() -> ids.add("d")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ids.set(0, "d")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ids.get(3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> IdList.builder(1).add(null)).isInstanceOf(NullPointerException.class).hasMessage("id");
    }
}
